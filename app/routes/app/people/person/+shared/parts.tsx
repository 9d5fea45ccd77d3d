import { getFormProps } from "@conform-to/react";
import type { CountryCode } from "libphonenumber-js/min";
import { Form } from "react-router";
import type { FollowErrorView } from "~/components/follow/timeline";
import { ConnectionFields, useConnectionForm } from "~/components/people/connection-fields";
import { ConfirmStep } from "~/components/ui/confirm-step";
import { Field, inputClass } from "~/components/ui/field";
import { safeHref } from "~/lib/card/card";
import { formatPhone, telHref } from "~/lib/forms/phone";
import { CONSENT_PURPOSE_LABEL, CONSENT_STATE_LABEL, emailStandingText } from "~/lib/people/consent";
import { formatAddress, formatRole } from "~/lib/people/normalise";
import { FOLLOW_UP_PRESETS, formatInZone } from "~/lib/time/time";
import type { Reply } from "~/routes/app/integrations/+shared/parts";
import type { loadFollowUp } from "../follow-up.server";
import type { loadHistory } from "../history.server";
import type { Person } from "./intent.server";

export const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

type FollowUp = Awaited<ReturnType<typeof loadFollowUp>>;
type History = Awaited<ReturnType<typeof loadHistory>>;

/** What an action answered, by the form it answers: each section shows its own. */
export function answers(actionData: unknown) {
  const a = (actionData ?? {}) as Record<string, unknown>;
  return {
    pointError: typeof a.pointError === "string" ? a.pointError : undefined,
    reply: a.reply as Reply,
    reminderError: typeof a.reminderError === "string" ? a.reminderError : undefined,
    mergeError: typeof a.mergeError === "string" ? a.mergeError : undefined,
    followError: (a.followError ?? null) as FollowErrorView,
    confirmDelete: a.confirm === "delete",
  };
}

const KIND_LABEL = {
  email: "Email",
  phone: "Phone",
  website: "Website",
  social: "Profile",
  address: "Address",
  sip: "SIP",
  role: "Also",
};

export function ContactPoints({
  c,
  country,
  pointError,
}: {
  c: Pick<Person, "points">;
  country: CountryCode;
  pointError: string | undefined;
}) {
  const pointHref = (p: Person["points"][number]) =>
    p.kind === "email"
      ? safeHref(`mailto:${p.value}`)
      : p.kind === "phone"
        ? safeHref(telHref(p.value))
        : p.kind === "address"
          ? null
          : safeHref(p.value);
  const pointText = (p: Person["points"][number]) =>
    p.kind === "phone"
      ? formatPhone(p.value, country)
      : p.kind === "address"
        ? formatAddress(p.value)
        : p.kind === "role"
          ? formatRole(p.value)
          : p.value;
  return (
    <section aria-labelledby="points-title" className="mt-4">
      <h2 id="points-title" className="sr-only">
        Contact details
      </h2>
      <ul className="space-y-1.5 text-sm">
        {c.points.map((p) => {
          const link = pointHref(p);
          return (
            <li key={p.id} className="flex flex-wrap items-center gap-2">
              <span className="w-36 shrink-0 text-slate-600 dark:text-slate-300">
                {p.service && p.service !== "other" ? p.service : KIND_LABEL[p.kind]}
                {p.kind === "role" ? "" : ` · ${p.label}`}
              </span>
              <span className="break-all">
                {link ? (
                  <a href={link} className="underline">
                    {pointText(p)}
                  </a>
                ) : (
                  pointText(p)
                )}
              </span>
              <Form method="post">
                <input type="hidden" name="pointId" value={p.id} />
                <button
                  type="submit"
                  name="intent"
                  value="remove-point"
                  className="text-slate-600 text-xs underline dark:text-slate-300"
                  aria-label={`Remove ${pointText(p)}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-2 text-sm">
        <input type="hidden" name="intent" value="add-point" />
        <label>
          <span className="mb-1 block font-medium">Add</span>
          <select name="kind" className={inputClass} defaultValue="email">
            <option value="email">Email</option>
            <option value="phone">Phone</option>
            <option value="website">Website</option>
            <option value="linkedin">LinkedIn</option>
          </select>
        </label>
        <label>
          <span className="mb-1 block font-medium">Label</span>
          <select name="label" className={inputClass} defaultValue="work">
            {["work", "mobile", "home", "other"].map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <label className="min-w-48 flex-1">
          <span className="mb-1 block font-medium">Value</span>
          <input
            name="value"
            maxLength={300}
            required
            className={inputClass}
            aria-invalid={pointError ? true : undefined}
          />
        </label>
        <button type="submit" className={small}>
          Add
        </button>
        {pointError ? (
          <p role="alert" className="w-full text-red-700 dark:text-red-300">
            {pointError}
          </p>
        ) : null}
      </Form>
    </section>
  );
}

export function DetailsForm({ c, reply }: { c: Person; reply: Reply }) {
  const [form, fields] = useConnectionForm(`connection-${c.id}`, reply, {
    ...Object.fromEntries(Object.entries(c).map(([k, v]) => [k, typeof v === "string" ? v : ""])),
    tags: c.tags.join(", "),
    strength: c.strength ? String(c.strength) : "",
    priority: c.priority,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 className="font-semibold text-lg">Details</h2>
      <input type="hidden" name="intent" value="save" />
      <ConnectionFields fields={fields} />
      <button type="submit" className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">
        Save
      </button>
    </Form>
  );
}

export function Reminders({
  reminders,
  timeZone,
  reminderError,
}: {
  reminders: FollowUp["reminders"];
  timeZone: string;
  reminderError: string | undefined;
}) {
  return (
    <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" aria-labelledby="follow-title">
      <h2 id="follow-title" className="font-semibold text-lg">
        Follow up
      </h2>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="remind" />
        <div className="grid grid-cols-2 gap-2">
          {FOLLOW_UP_PRESETS.map((p) => (
            <button key={p.id} type="submit" name="preset" value={p.id} className={small}>
              {p.label}
            </button>
          ))}
        </div>
        <Field id="reminder-type" label="Type">
          <select id="reminder-type" name="type" className={inputClass} defaultValue="Email">
            {["Call", "Email", "Meeting", "General"].map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        <Field id="reminder-due" label="Or pick a time" errors={reminderError ? [reminderError] : undefined}>
          <input id="reminder-due" name="due" type="datetime-local" className={inputClass} />
        </Field>
        <Field id="reminder-notes" label="Note">
          <input id="reminder-notes" name="notes" maxLength={500} className={inputClass} />
        </Field>
        <button
          type="submit"
          name="preset"
          value="custom"
          className="w-full rounded-md bg-slate-900 px-3 py-2 font-medium text-sm text-white dark:bg-white dark:text-slate-900"
        >
          Set follow-up
        </button>
      </Form>
      <ul className="mt-4 space-y-3">
        {reminders.map((r) => (
          <li
            key={r.id}
            className={`rounded-lg border p-3 text-sm ${r.done ? "border-slate-200 opacity-70 dark:border-slate-800" : "border-amber-300 dark:border-amber-800"}`}
          >
            <p className="font-medium">
              {r.type} · {formatInZone(new Date(r.dueAt), timeZone)} {r.done ? "· done" : ""}
            </p>
            {r.notes ? <p className="text-slate-600 dark:text-slate-300">{r.notes}</p> : null}
            <Form method="post" className="mt-2 flex flex-wrap gap-2">
              <input type="hidden" name="reminderId" value={r.id} />
              {r.done ? null : (
                <>
                  <button type="submit" name="intent" value="reminder-done" className={small}>
                    Done
                  </button>
                  <button type="submit" name="intent" value="reminder-snooze" className={small}>
                    Snooze a day
                  </button>
                </>
              )}
              <a href={`/api/reminders/${r.id}.ics`} className={small} download>
                Add to calendar
              </a>
              <button
                type="submit"
                name="intent"
                value="reminder-delete"
                className={small}
                aria-label={`Remove follow-up ${r.type}`}
              >
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Consent({ consents, timeZone }: Pick<History, "consents"> & { timeZone: string }) {
  const latestEmail = consents.find((c) => c.purpose === "email");
  return (
    <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" aria-labelledby="consent-title">
      <h2 id="consent-title" className="font-semibold text-lg">
        Consent
      </h2>
      <p className="mt-2 text-sm font-medium" data-testid="email-standing">
        {emailStandingText(latestEmail)}
      </p>
      <ul className="mt-2 space-y-1.5 text-sm">
        {consents.map((c) => (
          <li key={c.id}>
            {`${CONSENT_PURPOSE_LABEL[c.purpose]}: ${CONSENT_STATE_LABEL[c.state]} · “${c.shown}”${c.eventName ? ` · ${c.eventName}` : ""} · ${c.source} · ${formatInZone(new Date(c.createdAt), timeZone)}`}
          </li>
        ))}
        {consents.length === 0 ? <li className="text-slate-600 dark:text-slate-300">No consent recorded.</li> : null}
      </ul>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="consent-withdrawn" className={small}>
          Record a withdrawal
        </button>
        <button type="submit" name="intent" value="consent-given" className={small}>
          Record consent to email
        </button>
      </Form>
    </section>
  );
}

export function HistoryList({ history, timeZone }: Pick<History, "history"> & { timeZone: string }) {
  return (
    <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" aria-labelledby="history-title">
      <h2 id="history-title" className="font-semibold text-lg">
        History
      </h2>
      <ol className="mt-2 space-y-1.5 text-sm">
        {history.map((h) => (
          <li key={h.id}>
            <span className="text-slate-600 dark:text-slate-300">{formatInZone(new Date(h.createdAt), timeZone)}</span>{" "}
            {h.detail}
            {h.eventName ? ` (${h.eventName})` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function DeletePerson({ name, confirm }: { name: string; confirm: boolean }) {
  if (confirm)
    return (
      <ConfirmStep
        intent="delete"
        question={`Delete ${name} from your connections?`}
        consequence="Their details, notes and history go with them. This cannot be undone."
        confirmLabel="Delete the connection"
      />
    );
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value="delete"
        className="font-medium text-red-700 text-sm underline dark:text-red-300"
      >
        Delete this connection
      </button>
    </Form>
  );
}
