import { type DefaultValue, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { ConfirmStep } from "~/components/ui/confirm-step";
import { Field, inputClass } from "~/components/ui/field";
import { SCHEDULE_LABEL, SCHEDULES } from "~/lib/integrations/rules";
import { pageMeta } from "~/lib/site";
import type { listSyncRuns } from "~/server/integrations/hubspot.server";
import type { listDeliveries } from "~/server/integrations/webhooks.server";
import type { ConfirmAsked } from "./intent.server";

/** What an action shows once on the page it answers (secrets are never stored in a readable form). */
export type Shown =
  | { kind: "webhook-secret" | "krystal-secret" | "token" | "app-password"; value: string }
  | { kind: "test"; endpointId: number; ok: boolean; message: string };

export type Fmt = (d: Date | string | null) => string;
export type Reply = SubmissionResult<string[]> | undefined;

export const box = "mt-8 rounded-xl border border-slate-200 p-5 dark:border-slate-800";
export const primary = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";
export const secondary = "rounded-md border border-slate-300 px-3 py-2 font-medium text-sm dark:border-slate-700";
export const muted = "text-slate-700 text-sm dark:text-slate-300";
const statusBadge = (status: string) =>
  status === "succeeded" || status === "active"
    ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100"
    : status === "pending"
      ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
      : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100";

export function Badge({ status, label }: { status: string; label?: string }) {
  return <span className={`rounded px-2 py-0.5 font-medium text-xs ${statusBadge(status)}`}>{label ?? status}</span>;
}

export function ShownOnce({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
      role="status"
    >
      <label htmlFor="shown-once" className="block font-medium text-sm">
        {label}
      </label>
      <input id="shown-once" readOnly value={value} className={`${inputClass} mt-1 font-mono text-xs`} />
      <p className="mt-1 text-xs">{hint}</p>
    </div>
  );
}

/** What an action answered, when it is about to be shown: the form it replies to, or something shown once. */
export function answer(actionData: unknown, idle: boolean) {
  const a = idle && actionData && typeof actionData === "object" ? (actionData as Record<string, unknown>) : {};
  return {
    shown: "shown" in a ? (a.shown as Shown) : undefined,
    replyFor: (form: string): Reply => (a.form === form ? (a.reply as Reply) : undefined),
  };
}

/** `answer` for the page being drawn: nothing while a form of it is still on its way. */
export function useAnswer(actionData: unknown) {
  return answer(actionData, useNavigation().state === "idle");
}

/** A section page's title and robots tag: private pages are never indexed. */
export const sectionMeta = (title: string) => () => [
  ...pageMeta(`${title} · Integrations`),
  { name: "robots", content: "noindex" },
];

/** What each section is drawn with, on its own page and on the overview. */
export type SectionProps<Data> = { data: Data; reply: Reply; shown: Shown | undefined };

/** A section's form in the one form style: its schema checked on blur, then again as the owner types. */
export function useSectionForm<Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  options: { id: string; reply: Reply; defaultValue?: DefaultValue<Input> },
) {
  return useForm<Input, Output>({
    id: options.id,
    lastResult: options.reply,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/** Why a delivery target stopped, said where the owner looks for it. */
export function PausedNotice({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <p
      className="mt-2 rounded-md bg-amber-50 p-2 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100"
      role="status"
    >
      {reason}
    </p>
  );
}

/** The answer of a test delivery, beside the endpoint it was sent to. */
export function TestResult({ shown, endpointId }: { shown: Shown | undefined; endpointId: number }) {
  if (shown?.kind !== "test" || shown.endpointId !== endpointId) return null;
  return (
    <p
      role="status"
      className={`mt-2 text-sm ${shown.ok ? "text-green-800 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}
    >
      {shown.message}
    </p>
  );
}

/** A short stable tag for a value (FNV-1a), used in form ids. */
export function version(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

export function IdForm({
  intent,
  id,
  label,
  className = secondary,
  confirm,
}: {
  intent: string;
  id?: number;
  label: string;
  className?: string;
  /** Asked once before an intent that cannot be undone (its section lists it in `confirm`). */
  confirm?: { question: string; consequence: string; confirmLabel: string };
}) {
  const asked = useActionData() as Partial<ConfirmAsked> | undefined;
  if (confirm && asked?.confirm?.intent === intent && asked.confirm.id === String(id ?? ""))
    return (
      <ConfirmStep intent={intent} {...confirm}>
        {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      </ConfirmStep>
    );
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

export type Delivery = Awaited<ReturnType<typeof listDeliveries>>[number];

export function DeliveryLog({ deliveries, fmt, label }: { deliveries: Delivery[]; fmt: Fmt; label: string }) {
  if (!deliveries.length) return <p className={`mt-3 ${muted}`}>No deliveries yet.</p>;
  return (
    // Focusable so keyboard users can scroll the table sideways on a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="mt-3 overflow-x-auto" tabIndex={0} aria-label={label}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-slate-200 border-b dark:border-slate-800">
            <th scope="col" className="py-1 pr-3 font-medium">
              When
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Event
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Result
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Response
            </th>
            <th scope="col" className="py-1 font-medium">
              Tries
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-slate-100 border-b align-top dark:border-slate-900">
              <td className="py-1 pr-3 whitespace-nowrap">{fmt(d.createdAt)}</td>
              <td className="py-1 pr-3 font-mono text-xs">{d.eventType}</td>
              <td className="py-1 pr-3">
                <Badge status={d.status} />
              </td>
              <td className="py-1 pr-3">{d.responseStatus ?? d.error ?? "–"}</td>
              <td className="py-1">{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A sync run as the log shows it: its first items, and how many more there were. */
export type SyncRun = Awaited<ReturnType<typeof listSyncRuns>>[number] & { more: number };

export function SyncRuns({ runs, fmt, label }: { runs: SyncRun[]; fmt: Fmt; label: string }) {
  if (!runs.length) return <p className={`mt-2 ${muted}`}>No syncs yet.</p>;
  return (
    <ol className="mt-2 space-y-2" aria-label={label}>
      {runs.map((r) => (
        <li key={r.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
          <div className="flex flex-wrap items-center gap-2">
            <span>{fmt(r.createdAt)}</span>
            <Badge status={r.status} />
            <span className={muted}>{r.trigger === "manual" ? "by you" : "on schedule"}</span>
          </div>
          <p className="mt-1">{r.message}</p>
          {r.items.length ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-brand-700 dark:text-brand-200">Details</summary>
              <ul className="mt-1 space-y-0.5">
                {r.items.map((i) => (
                  <li key={`${r.id}-${i.personId}`}>
                    {i.name}
                    {i.email ? ` <${i.email}>` : ""}: <strong>{i.outcome}</strong>
                    {i.reason ? ` (${i.reason})` : ""}
                  </li>
                ))}
                {r.more ? <li>…and {r.more} more</li> : null}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function ScheduleSelect({
  field,
}: {
  field: Parameters<typeof getSelectProps>[0] & { errors?: string[]; id: string };
}) {
  return (
    <Field id={field.id} label="Sync" errors={field.errors}>
      <select {...getSelectProps(field)} className={inputClass}>
        {SCHEDULES.map((s) => (
          <option key={s} value={s}>
            {SCHEDULE_LABEL[s]}
          </option>
        ))}
      </select>
    </Field>
  );
}
