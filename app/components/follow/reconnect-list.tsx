import { href, Link } from "react-router";
import { DUE_CLASS, DUE_LABEL, QuickLog, Snooze } from "./quick-actions";

export type ReconnectPerson = {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  via: string;
  due: { dueDay: string; state: "overdue" | "due" | "upcoming"; daysOverdue: number };
  reasons: string[];
};

/** "Who to reconnect with": due and overdue people with why, logging and snoozing in place. */
export function ReconnectList({
  people,
  returnTo,
  empty,
}: {
  people: ReconnectPerson[];
  returnTo: string;
  empty: string;
}) {
  if (!people.length) return <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">{empty}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
      {people.map((p) => (
        <li key={p.id} className="space-y-2 py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <Link to={href("/connections/:id", { id: String(p.id) })} className="font-medium underline">
                {p.name}
              </Link>
              <span className="text-slate-600 text-sm dark:text-slate-300">
                {[p.title, p.company].filter(Boolean).length
                  ? ` · ${[p.title, p.company].filter(Boolean).join(" at ")}`
                  : ""}
              </span>
              <p className="text-slate-600 text-sm dark:text-slate-300">{p.reasons.join(" · ")}</p>
            </div>
            <span className={`rounded-full px-2.5 py-1 font-medium text-xs ${DUE_CLASS[p.due.state]}`}>
              {p.due.state === "upcoming" ? `Due ${p.due.dueDay}` : DUE_LABEL[p.due.state]}
            </span>
          </div>
          <div className="flex flex-wrap items-start gap-3">
            <QuickLog personId={p.id} name={p.name} returnTo={returnTo} />
            <Snooze personId={p.id} returnTo={returnTo} name={p.name} />
          </div>
        </li>
      ))}
    </ul>
  );
}
