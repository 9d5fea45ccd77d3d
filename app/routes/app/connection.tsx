import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ConnectionFields, useConnectionForm } from "~/components/connection-fields";
import { useOwnerCountry } from "~/components/phone";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { safeHref } from "~/lib/card";
import { connectionFormSchema, reminderFormSchema } from "~/lib/connection-form";
import { PRIORITY_LABEL, PRIORITY_STAR_CLASS } from "~/lib/connection-rules";
import { normalizeLinkedIn } from "~/lib/enrich";
import { asCountry, formatPhone, normalizePhone } from "~/lib/phone";
import { pageMeta } from "~/lib/site";
import { FOLLOW_UP_PRESETS, formatInZone, isTimeZone, zonedToUtc } from "~/lib/time";
import { requireUser } from "~/server/auth.server";
import {
  deleteConnection,
  findDuplicateConnections,
  getConnection,
  mergeConnections,
  updateConnection,
} from "~/server/connections.server";
import {
  createReminder,
  deleteReminder,
  remindersFor,
  setReminderDone,
  snoozeReminder,
} from "~/server/reminders.server";
import { getSettings } from "~/server/settings.server";
import { setToastHeader } from "~/server/toast.server";
import type { Route } from "./+types/connection";

export const meta = () => [...pageMeta("Connection"), { name: "robots", content: "noindex" }];

function connectionId(params: { id: string }) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const id = connectionId(params);
  const row = await getConnection(app.db, user.id, id);
  if (!row) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const [reminders, settings] = await Promise.all([remindersFor(app.db, user.id, id), getSettings(app.db, user.id)]);
  const duplicates = await findDuplicateConnections(app.db, user.id, row, settings.country, id);
  return { connection: row, reminders, duplicates, timeZone: settings.timeZone };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const id = connectionId(params);
  if (!(await getConnection(app.db, user.id, id)))
    throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = async (title: string, to = `/connections/${id}`) =>
    redirect(to, { headers: { "Set-Cookie": await setToastHeader({ type: "success", title }) } });
  const reminderId = Number(formData.get("reminderId"));

  if (intent === "delete") {
    await deleteConnection(app.db, user.id, id);
    return back("Connection deleted", "/connections");
  }
  if (intent === "merge") {
    const other = Number(formData.get("other"));
    const merged = Number.isSafeInteger(other) ? await mergeConnections(app.db, user.id, id, [other]) : null;
    return back(merged?.merged ? "Merged: every note and tag was kept" : "Nothing to merge");
  }
  if (intent === "remind") {
    const parsed = reminderFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data({ reminderError: "Choose when to follow up" }, { status: 400 });
    const { preset, due, type, notes } = parsed.data;
    const settings = await getSettings(app.db, user.id);
    const timeZone = isTimeZone(parsed.data.timeZone) ? parsed.data.timeZone : settings.timeZone;
    const offset = FOLLOW_UP_PRESETS.find((p) => p.id === preset)?.ms;
    const dueAt = offset ? new Date(Date.now() + offset) : due ? zonedToUtc(due, timeZone) : null;
    if (!dueAt) return data({ reminderError: "Choose a date and time" }, { status: 400 });
    await createReminder(app.db, user.id, { connectionId: id, type, dueAt, notes });
    return back(`Follow-up set for ${formatInZone(dueAt, timeZone)}`);
  }
  if (intent === "reminder-done" && Number.isSafeInteger(reminderId)) {
    await setReminderDone(app.db, user.id, reminderId);
    return back("Follow-up done");
  }
  if (intent === "reminder-snooze" && Number.isSafeInteger(reminderId)) {
    await snoozeReminder(app.db, user.id, reminderId);
    return back("Snoozed for a day");
  }
  if (intent === "reminder-delete" && Number.isSafeInteger(reminderId)) {
    await deleteReminder(app.db, user.id, reminderId);
    return back("Follow-up removed");
  }
  const submission = parseWithZod(formData, { schema: connectionFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  // Edits are enriched like additions: the phone in E.164, so the same person is still found by it.
  const { country } = await getSettings(app.db, user.id);
  await updateConnection(app.db, user.id, id, {
    ...submission.value,
    phone: normalizePhone(submission.value.phone, asCountry(country)),
    linkedin: normalizeLinkedIn(submission.value.linkedin),
  });
  return back("Connection saved");
}

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

export default function ConnectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { connection: c, reminders, duplicates, timeZone: savedZone } = loaderData;
  const country = useOwnerCountry();
  const navigation = useNavigation();
  const [timeZone, setTimeZone] = useState(savedZone);
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || savedZone), [savedZone]);
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  const reminderError = actionData && "reminderError" in actionData ? actionData.reminderError : undefined;
  const [form, fields] = useConnectionForm(`connection-${c.id}`, navigation.state === "idle" ? reply : undefined, {
    ...Object.fromEntries(Object.entries(c).map(([k, v]) => [k, typeof v === "string" ? v : ""])),
    tags: c.tags.join(", "),
    strength: c.strength ? String(c.strength) : "",
    priority: c.priority,
  });
  const links: [string, string | null, string | null][] = [
    ["Email", c.email, c.email ? safeHref(`mailto:${c.email}`) : null],
    ["Phone", formatPhone(c.phone, country), c.phone ? safeHref(`tel:${c.phone.replace(/[^\d+]/g, "")}`) : null],
    ["Website", c.website, safeHref(c.website)],
    ["LinkedIn", c.linkedin, safeHref(c.linkedin)],
  ];
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/connections" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{c.name}</h1>
      <p className="text-slate-600 dark:text-slate-300">{[c.title, c.company].filter(Boolean).join(" at ")}</p>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className={PRIORITY_STAR_CLASS[c.priority]} aria-hidden="true">
          ★
        </span>
        {PRIORITY_LABEL[c.priority]}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{c.status}</span>
        {c.eventName ? <span className="text-slate-600 dark:text-slate-300">Met at {c.eventName}</span> : null}
        {c.tags.map((t) => (
          <span
            key={t}
            className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-900 text-xs dark:bg-brand-900 dark:text-brand-50"
          >
            {t}
          </span>
        ))}
      </p>
      <dl className="mt-4 grid grid-cols-[6rem_1fr] gap-1.5 text-sm">
        {links
          .filter(([, v]) => v)
          .map(([label, value, href]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="break-words">
                {href ? (
                  <a href={href} className="underline">
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
      </dl>

      {duplicates.length ? (
        <section
          aria-labelledby="duplicates-title"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <h2 id="duplicates-title" className="font-semibold">
            Looks like the same person
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {duplicates.map((d) => (
              <li key={d.id}>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="merge" />
                  <input type="hidden" name="other" value={d.id} />
                  <Link to={`/connections/${d.id}`} className="font-medium underline">
                    {d.name}
                  </Link>
                  <span>{[d.email, formatPhone(d.phone, country)].filter(Boolean).join(" · ")}</span>
                  <button type="submit" className={`${small} bg-white dark:bg-slate-900`}>
                    Merge into this one
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <Form
          method="post"
          {...getFormProps(form)}
          className="space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
        >
          <h2 className="font-semibold text-lg">Details</h2>
          <input type="hidden" name="intent" value="save" />
          <ConnectionFields fields={fields} />
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Save
          </button>
        </Form>

        <div className="space-y-6">
          <section
            className="rounded-xl border border-slate-200 p-5 dark:border-slate-800"
            aria-labelledby="follow-title"
          >
            <h2 id="follow-title" className="font-semibold text-lg">
              Follow up
            </h2>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="remind" />
              <input type="hidden" name="timeZone" value={timeZone} />
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
              <Field
                id="reminder-due"
                label={`Or pick a time (${timeZone})`}
                errors={reminderError ? [reminderError] : undefined}
              >
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
          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm(`Delete ${c.name} from your connections?`)) e.preventDefault();
            }}
          >
            <button
              type="submit"
              name="intent"
              value="delete"
              className="font-medium text-red-700 text-sm underline dark:text-red-300"
            >
              Delete this connection
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}
