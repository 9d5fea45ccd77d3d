import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { ConnectionFields, useConnectionForm } from "~/components/connection-fields";
import { PersonFollowThrough } from "~/components/follow/person-follow-through";
import { GivingSection } from "~/components/fundraising/giving-section";
import { PersonPhoto, PersonPhotoUpload } from "~/components/person-photo";
import { TimesIn } from "~/components/times-in";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { safeHref } from "~/lib/card";
import { connectionFormSchema, reminderFormSchema } from "~/lib/connection-form";
import { PRIORITY_LABEL, PRIORITY_STAR_CLASS } from "~/lib/connection-rules";
import { suggestFromEmail } from "~/lib/enrich";
import { historyText } from "~/lib/people/history";
import { formatAddress, formatRole } from "~/lib/people/normalise";
import { asCountry, formatPhone } from "~/lib/phone";
import { localDay } from "~/lib/rhythm";
import { pageMeta } from "~/lib/site";
import { FOLLOW_UP_PRESETS, formatInZone, zonedToUtc } from "~/lib/time";
import { getSettings } from "~/server/account/settings.server";
import { getUser } from "~/server/account/user.server";
import { hasFeature, requireFeature } from "~/server/billing/plans.server";
import { followAction, followThroughFor, isFollowIntent } from "~/server/follow/follow.server";
import {
  createReminder,
  deleteReminder,
  remindersFor,
  setReminderDone,
  snoozeReminder,
} from "~/server/follow/reminders.server";
import { givingSummary } from "~/server/fundraising/gifts.server";
import {
  addContactPoint,
  deletePerson,
  editableFields,
  recordConsent,
  removeContactPoint,
  updatePerson,
} from "~/server/people/edit.server";
import { MERGE_CONFLICT_MESSAGE, undoableMerges, undoMerge } from "~/server/people/merge.server";
import { photoUrl } from "~/server/people/photo.server";
import { getPerson, personHistoryOf, possibleDuplicatesOf } from "~/server/people/read.server";
import {
  acceptSuggestion,
  dismissSuggestion,
  SUGGESTED_FIELD_LABEL,
  suggestionsFor,
} from "~/server/people/suggestions.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/connection";

export const meta = () => [...pageMeta("Connection"), { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  const row = await getPerson(app.db, user.id, id);
  if (!row) notFound();
  const [reminders, settings, duplicates, { history, consents }, merges, enrich] = await Promise.all([
    remindersFor(app.db, user.id, id),
    getSettings(app.db, user.id),
    possibleDuplicatesOf(app.db, user.id, row),
    personHistoryOf(app.db, user.id, id),
    undoableMerges(app.db, user.id, id),
    hasFeature(app.db, user.id, "enrichment"),
  ]);
  const follow = await followThroughFor(app.db, user.id, id, settings.timeZone);
  const giving = await givingSummary(app.db, user.id, id);
  const offered = await suggestionsFor(app.db, user.id, id);
  // A company and website read off a work email are guesses: shown as a suggestion the owner accepts.
  const guess = suggestFromEmail(row.email);
  const missing = Boolean(guess && (!row.company || !row.website));
  const suggestion =
    enrich && guess && missing
      ? { company: row.company ? null : guess.company, website: row.website ? null : guess.website }
      : null;
  const country = asCountry(settings.country);
  return {
    connection: row,
    photoUrl: photoUrl(row.id, row.image),
    reminders,
    duplicates,
    // Phones in history lines read like the ones above them, formatted for the owner's country.
    history: history.map((h) => ({ ...h, detail: historyText(h.detail, country) })),
    consents,
    merges,
    suggestion,
    // What they gave again that differs from what the owner has: theirs to accept or dismiss.
    offered: offered.map((o) => ({
      id: o.id,
      field: o.field,
      label: SUGGESTED_FIELD_LABEL[o.field],
      value: o.value,
      detail: o.detail,
    })),
    country,
    giving,
    // On Basic, where Card Pro would suggest something, the page says so instead.
    enrichmentLocked: !enrich && missing,
    timeZone: settings.timeZone,
    follow,
    today: localDay(new Date(), settings.timeZone),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  const person = await getPerson(app.db, user.id, id);
  if (!person) return notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (isFollowIntent(intent))
    return followAction(app, user, id, intent, formData, `/connections/${id}`, new URL(request.url).origin);
  const back = (title: string, to = `/connections/${id}`) => redirectWithToast(to, { type: "success", title });
  const reminderId = Number(formData.get("reminderId"));

  const fail = (message: string) => data({ pointError: message }, { status: 400 });
  if (intent === "delete") {
    await deletePerson(app.env.CACHE, app.db, user.id, id);
    return back("Connection deleted", "/connections");
  }
  if (intent === "add-point") {
    const kind = String(formData.get("kind"));
    if (!["email", "phone", "website", "linkedin"].includes(kind)) return fail("Choose what to add");
    const added = await addContactPoint(
      app.db,
      user.id,
      id,
      {
        kind: kind as "email",
        label: String(formData.get("label") ?? "other"),
        value: String(formData.get("value") ?? "").slice(0, 300),
      },
      app,
    );
    if (added && !added.ok) return fail(added.message);
    return back("Added");
  }
  if (intent === "remove-point") {
    await removeContactPoint(app.db, user.id, id, Number(formData.get("pointId")), app);
    return back("Removed");
  }
  if (intent === "consent-withdrawn" || intent === "consent-given") {
    await recordConsent(app.db, user.id, id, intent === "consent-given");
    return back(intent === "consent-given" ? "Consent recorded" : "Withdrawal recorded");
  }
  if (intent === "undo-merge") {
    const undone = await undoMerge(app.db, user.id, Number(formData.get("mergeId")), app);
    if (undone && "conflict" in undone) return data({ mergeError: MERGE_CONFLICT_MESSAGE }, { status: 409 });
    return back(undone ? "Merge undone" : "That merge cannot be undone");
  }
  if (intent === "accept-suggestion") {
    await requireFeature(app.db, user.id, "enrichment");
    const guess = suggestFromEmail(person.email);
    if (guess)
      await updatePerson(
        app.db,
        user.id,
        id,
        {
          ...editableFields(person),
          company: person.company || guess.company,
          website: person.website || guess.website,
        },
        app,
      );
    return back("Suggestion accepted");
  }
  if (intent === "accept-offered" || intent === "dismiss-offered") {
    const suggestionId = Number(formData.get("suggestionId"));
    const done =
      intent === "accept-offered"
        ? await acceptSuggestion(app.db, user.id, id, suggestionId, app)
        : await dismissSuggestion(app.db, user.id, id, suggestionId);
    if (!done) return data({ pointError: "That suggestion is no longer there" }, { status: 404 });
    return back(intent === "accept-offered" ? "Suggestion accepted" : "Suggestion dismissed");
  }
  if (intent === "remind") {
    const parsed = reminderFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data({ reminderError: "Choose when to follow up" }, { status: 400 });
    const { preset, due, type, notes } = parsed.data;
    // One rule for every time on the page: the owner's zone from settings, whatever the browser is set to.
    const { timeZone } = await getSettings(app.db, user.id);
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
  if (intent !== "save") unknownIntent();
  const submission = parseWithZod(formData, { schema: connectionFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  // Edits go through the people core: the phone in E.164, so the same person is still found by it.
  const saved = await updatePerson(app.db, user.id, id, submission.value, app);
  if (saved && !saved.ok)
    return data({ reply: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) }, { status: 400 });
  return back("Connection saved");
}

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

export default function ConnectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    connection: c,
    reminders,
    duplicates,
    history,
    consents,
    merges,
    suggestion,
    offered,
    country,
    enrichmentLocked,
  } = loaderData;
  const timeZone = loaderData.timeZone;
  const pointError = actionData && "pointError" in actionData ? actionData.pointError : undefined;
  const navigation = useNavigation();
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  const reminderError = actionData && "reminderError" in actionData ? actionData.reminderError : undefined;
  const mergeError = actionData && "mergeError" in actionData ? actionData.mergeError : undefined;
  const [form, fields] = useConnectionForm(`connection-${c.id}`, navigation.state === "idle" ? reply : undefined, {
    ...Object.fromEntries(Object.entries(c).map(([k, v]) => [k, typeof v === "string" ? v : ""])),
    tags: c.tags.join(", "),
    strength: c.strength ? String(c.strength) : "",
    priority: c.priority,
  });
  const KIND_LABEL = {
    email: "Email",
    phone: "Phone",
    website: "Website",
    social: "Profile",
    address: "Address",
    sip: "SIP",
    role: "Also",
  };
  const pointHref = (p: (typeof c.points)[number]) =>
    p.kind === "email"
      ? safeHref(`mailto:${p.value}`)
      : p.kind === "phone"
        ? safeHref(`tel:${p.value.replace(/[^\d+]/g, "")}`)
        : p.kind === "address"
          ? null
          : safeHref(p.value);
  const pointText = (p: (typeof c.points)[number]) =>
    p.kind === "phone"
      ? formatPhone(p.value, country)
      : p.kind === "address"
        ? formatAddress(p.value)
        : p.kind === "role"
          ? formatRole(p.value)
          : p.value;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/connections" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <PersonPhoto key={loaderData.photoUrl} name={c.name} url={loaderData.photoUrl} />
        <div className="min-w-0">
          <h1 className="font-bold text-3xl tracking-tight">{c.name}</h1>
          <p className="text-slate-600 dark:text-slate-300">
            {[[c.title, c.company].filter(Boolean).join(" at "), c.role].filter(Boolean).join(" · ")}
          </p>
        </div>
      </div>
      <TimesIn timeZone={timeZone} className="mt-2" />
      <div className="mt-3">
        <PersonPhotoUpload id={c.id} hasPhoto={Boolean(loaderData.photoUrl)} />
      </div>
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
      <section aria-labelledby="points-title" className="mt-4">
        <h2 id="points-title" className="sr-only">
          Contact details
        </h2>
        <ul className="space-y-1.5 text-sm">
          {c.points.map((p) => {
            const href = pointHref(p);
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-2">
                <span className="w-36 shrink-0 text-slate-600 dark:text-slate-300">
                  {p.service && p.service !== "other" ? p.service : KIND_LABEL[p.kind]}
                  {p.kind === "role" ? "" : ` · ${p.label}`}
                </span>
                <span className="break-all">
                  {href ? (
                    <a href={href} className="underline">
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

      {offered.length ? (
        <section
          aria-labelledby="offered-title"
          className="mt-4 rounded-lg border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700"
        >
          <h2 id="offered-title" className="font-semibold">
            They gave different details
          </h2>
          <p className="text-slate-600 dark:text-slate-300">Nothing you have was changed. Take what is newer.</p>
          <ul className="mt-2 space-y-2">
            {offered.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-2">
                <span className="[overflow-wrap:anywhere]">
                  {o.label}: <strong>{o.value}</strong>
                  {o.detail ? <span className="text-slate-600 dark:text-slate-300"> ({o.detail})</span> : null}
                </span>
                <Form method="post" className="contents">
                  <input type="hidden" name="suggestionId" value={o.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="accept-offered"
                    className={small}
                    aria-label={`Use ${o.label.toLowerCase()} ${o.value}`}
                  >
                    Use {o.label.toLowerCase()}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="dismiss-offered"
                    className={small}
                    aria-label={`Dismiss ${o.label.toLowerCase()} ${o.value}`}
                  >
                    Dismiss
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {suggestion ? (
        <Form
          method="post"
          className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700"
        >
          <input type="hidden" name="intent" value="accept-suggestion" />
          <span>
            Suggested from their email (a guess, not something they gave):{" "}
            {[suggestion.company, suggestion.website].filter(Boolean).join(" · ")}
          </span>
          <button type="submit" className={small}>
            Accept suggestion
          </button>
        </Form>
      ) : enrichmentLocked ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700">
          Card Pro suggests a company and website from a work email, for you to accept.{" "}
          <Link to="/settings/billing" className="font-medium text-brand-700 underline dark:text-brand-200">
            See plans
          </Link>
        </p>
      ) : null}

      {merges.length ? (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <input type="hidden" name="intent" value="undo-merge" />
          <input type="hidden" name="mergeId" value={merges[0]?.id} />
          <span>
            Merged on {formatInZone(merges[0]?.createdAt ?? 0, timeZone, { dateStyle: "medium", timeStyle: "short" })}.
          </span>
          <button type="submit" className={small}>
            Undo merge
          </button>
        </Form>
      ) : null}
      {mergeError ? (
        <p role="alert" className="mt-2 text-red-700 text-sm dark:text-red-300">
          {mergeError}
        </p>
      ) : null}

      {duplicates.length ? (
        <section
          aria-labelledby="duplicates-title"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <h2 id="duplicates-title" className="font-semibold">
            Possible duplicates
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {duplicates.map((d) => (
              <li key={d.id}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/connections/${d.id}`} className="font-medium underline">
                    {d.name}
                  </Link>
                  <span>{[d.company, d.email].filter(Boolean).join(" · ")}</span>
                  <Link
                    to={`/connections/merge?id=${c.id}&id=${d.id}`}
                    className={`${small} bg-white dark:bg-slate-900`}
                  >
                    Compare and merge
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <PersonFollowThrough
        person={{ id: c.id, name: c.name, email: c.email, lastContactAt: c.lastContactAt }}
        follow={loaderData.follow}
        timeZone={timeZone}
        today={loaderData.today}
        error={actionData && "followError" in actionData ? actionData.followError : null}
      />

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
          <GivingSection giving={loaderData.giving} personId={loaderData.connection.id} />
          <section
            className="rounded-xl border border-slate-200 p-5 dark:border-slate-800"
            aria-labelledby="consent-title"
          >
            <h2 id="consent-title" className="font-semibold text-lg">
              Consent
            </h2>
            <ul className="mt-2 space-y-1.5 text-sm">
              {consents.map((s) => (
                <li key={`share-${s.id}`}>
                  {`${s.consent ? "Agreed to be contacted" : "Did not agree to be contacted"} when sharing back on ${formatInZone(new Date(s.consentAt ?? s.createdAt), timeZone)}`}
                </li>
              ))}
              {history
                .filter((h) => h.kind === "consent-given" || h.kind === "consent-withdrawn")
                .map((h) => (
                  <li key={`h-${h.id}`}>
                    {h.detail} on {formatInZone(new Date(h.createdAt), timeZone)}
                  </li>
                ))}
              {consents.length === 0 && !history.some((h) => h.kind.startsWith("consent")) ? (
                <li className="text-slate-600 dark:text-slate-300">No consent recorded.</li>
              ) : null}
            </ul>
            <Form method="post" className="mt-3 flex flex-wrap gap-2">
              <button type="submit" name="intent" value="consent-withdrawn" className={small}>
                Record a withdrawal
              </button>
              <button type="submit" name="intent" value="consent-given" className={small}>
                Record consent
              </button>
            </Form>
          </section>
          <section
            className="rounded-xl border border-slate-200 p-5 dark:border-slate-800"
            aria-labelledby="history-title"
          >
            <h2 id="history-title" className="font-semibold text-lg">
              History
            </h2>
            <ol className="mt-2 space-y-1.5 text-sm">
              {history.map((h) => (
                <li key={h.id}>
                  <span className="text-slate-600 dark:text-slate-300">
                    {formatInZone(new Date(h.createdAt), timeZone)}
                  </span>{" "}
                  {h.detail}
                  {h.eventName ? ` (${h.eventName})` : ""}
                </li>
              ))}
            </ol>
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
