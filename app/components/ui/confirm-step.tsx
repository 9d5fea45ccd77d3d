import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { CONFIRMED_FIELD } from "~/lib/forms/confirm";

/**
 * The second step of an action that cannot be undone, asked on the page (not only window.confirm), so it
 * works without JavaScript: the first tap returns this, the second carries the confirmation.
 */
export function ConfirmStep({
  intent,
  question,
  consequence,
  confirmLabel,
  fields,
  children,
}: {
  intent: string;
  question: string;
  consequence: string;
  confirmLabel: string;
  /** Hidden fields the action needs again: the same object the first step (AskFirst) sent. */
  fields?: HiddenFields;
  children?: ReactNode;
}) {
  const button = "rounded-md px-4 py-2.5 font-semibold text-sm";
  return (
    <Form method="post" className="mt-4 space-y-3 rounded-xl border border-red-300 p-5 dark:border-red-800">
      <p className="font-semibold text-lg" role="alert" data-confirm-step={intent}>
        {question}
      </p>
      <p className="text-slate-600 text-sm dark:text-slate-300">{consequence}</p>
      <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
      <Hidden fields={fields} />
      {children}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value={intent}
          className={`${button} bg-red-700 text-white hover:bg-red-800`}
        >
          {confirmLabel}
        </button>
        <Link to="." replace className={`${button} border border-slate-300 dark:border-slate-600`}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

type HiddenFields = Record<string, string | number>;

function Hidden({ fields = {} }: { fields?: HiddenFields }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * The first tap of such an action: it asks for the ConfirmStep. Give both the same `intent` and `fields`,
 * so what the second tap confirms is what the first one named.
 */
export function AskFirst({
  intent,
  fields,
  label,
  ariaLabel,
  className,
}: {
  intent: string;
  fields: HiddenFields;
  label: string;
  ariaLabel?: string;
  className: string;
}) {
  return (
    <Form method="post">
      <Hidden fields={fields} />
      <button type="submit" name="intent" value={intent} className={className} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}
