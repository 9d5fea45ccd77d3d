import { Form } from "react-router";
import { KIND_LABEL, MANUAL_KINDS, SNOOZE_CHOICES } from "~/lib/follow/kinds";

/*
 * The lists' one-tap forms and due badges (the dashboard, the reconnect list, a person's rhythm): plain forms
 * the server checks, apart from the forms with schemas, so the dashboard's first script carries no zod (0262).
 */

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

export const DUE_LABEL = { overdue: "Overdue", due: "Due today", upcoming: "Next" } as const;
export const DUE_CLASS = {
  overdue: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  due: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  upcoming: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
} as const;

/** Two taps from a list: "Log", then what it was; the time is now. */
export function QuickLog({ personId, name, returnTo }: { personId: number; name: string; returnTo: string }) {
  return (
    <details className="relative">
      <summary className={`${small} cursor-pointer list-none`} aria-label={`Log an interaction with ${name}`}>
        Log
      </summary>
      <Form method="post" className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="log" />
        <input type="hidden" name="personId" value={personId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        {MANUAL_KINDS.map((k) => (
          <button key={k} type="submit" name="kind" value={k} className={small}>
            {KIND_LABEL[k]}
          </button>
        ))}
      </Form>
    </details>
  );
}

export function Snooze({ personId, returnTo, name }: { personId: number; returnTo: string; name?: string }) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="intent" value="snooze" />
      <input type="hidden" name="personId" value={personId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <span className="text-slate-600 dark:text-slate-300">Snooze:</span>
      {SNOOZE_CHOICES.map((c) => (
        <button
          key={c.days}
          type="submit"
          name="days"
          value={c.days}
          className={small}
          aria-label={name ? `Snooze ${name}: ${c.label}` : undefined}
        >
          {c.label}
        </button>
      ))}
    </Form>
  );
}
