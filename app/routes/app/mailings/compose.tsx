import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import {
  type AudienceRules,
  audienceSchema,
  composeFormSchema,
  MAILING_LIMITS,
  MERGE_FIELDS,
  MESSAGES,
  rulesFromForm,
} from "~/lib/mailings";
import { pageMeta } from "~/lib/site";
import { zonedToUtc } from "~/lib/time";
import { requireUser } from "~/server/account/auth.server";
import { getSettings } from "~/server/account/settings.server";
import { requireFeature } from "~/server/billing/plans.server";
import { listOwnedCampaigns } from "~/server/fundraising/campaigns.server";
import {
  audienceChoices,
  recordLawfulBasis,
  resolveAudience,
  resolveEventAudience,
} from "~/server/mailings/audience.server";
import { createMailing, previewFor, sendTest } from "~/server/mailings/mailings.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { allow } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/compose";

export const meta = () => [...pageMeta("New mailing"), { name: "robots", content: "noindex" }];

type Db = Parameters<typeof resolveAudience>[0];

/** The organiser's own event, or a 404 exactly as for a missing one. */
async function eventAudience(db: Db, userId: string, orgEventId: number) {
  const found = await resolveEventAudience(db, userId, orgEventId);
  if (!found) notFound();
  return found;
}

/** Who is in: the event's consenting attendees for an organiser mailing, else the owner's people the rules pick. */
const audienceOf = (db: Db, userId: string, rules: AudienceRules, timeZone: string, orgEventId: number | null) =>
  orgEventId ? eventAudience(db, userId, orgEventId) : resolveAudience(db, userId, rules, { timeZone });

async function summary(db: Db, userId: string, rules: AudienceRules, timeZone: string, orgEventId: number | null) {
  const { included, leftOut } = await audienceOf(db, userId, rules, timeZone, orgEventId);
  return {
    count: included.length,
    included: included.slice(0, 200).map((m) => ({ id: m.id, name: m.name, email: m.email })),
    leftOut: leftOut.slice(0, 200),
    leftOutCount: leftOut.length,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  await requireFeature(app.db, user.id, "mailings");
  const url = new URL(request.url);
  const rules = audienceSchema.parse({
    event: url.searchParams.get("event"),
    tags: url.searchParams.getAll("tag").slice(0, 20),
    people: (url.searchParams.get("people") ?? "")
      .split(",")
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0)
      .slice(0, MAILING_LIMITS.perMailing),
  });
  const orgEventId = url.searchParams.has("orgEvent") ? parseId(url.searchParams.get("orgEvent") ?? "") : null;
  const settings = await getSettings(app.db, user.id);
  const [choices, campaigns, audience, orgEvent] = await Promise.all([
    audienceChoices(app.db, user.id),
    listOwnedCampaigns(app.db, user.id),
    summary(app.db, user.id, rules, settings.timeZone, orgEventId),
    orgEventId ? eventAudience(app.db, user.id, orgEventId) : null,
  ]);
  return {
    orgEvent: orgEvent && orgEventId ? { id: orgEventId, title: orgEvent.title } : null,
    choices,
    campaigns: campaigns.filter((c) => !c.archivedAt).map((c) => ({ id: c.id, title: c.title })),
    audience,
    rules,
    key: crypto.randomUUID(),
    timeZone: settings.timeZone,
    ownerEmail: user.email,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  await requireFeature(app.db, user.id, "mailings");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { timeZone } = await getSettings(app.db, user.id);
  if (intent === "lawful-basis") {
    const reason = String(formData.get("reason") ?? "")
      .trim()
      .slice(0, 300);
    const id = parseId(String(formData.get("person") ?? ""));
    if (reason.length < 3)
      return data(
        { basisError: { id, message: "Say why you may mail them (at least 3 characters)" } },
        { status: 400 },
      );
    if (!(await recordLawfulBasis(app.db, user.id, id, reason))) throw new Response("Not Found", { status: 404 });
    return data({ basisDone: id });
  }
  if (!["audience", "preview", "test", "send"].includes(String(intent))) unknownIntent();
  const schema = intent === "audience" ? composeFormSchema.partial({ subject: true, body: true }) : composeFormSchema;
  const submission = parseWithZod(formData, { schema });
  const rawRules = parseWithZod(formData, { schema: composeFormSchema.partial({ subject: true, body: true }) });
  const rules = rawRules.status === "success" ? rulesFromForm(rawRules.value) : null;
  const orgEventId = rawRules.status === "success" ? (rawRules.value.orgEvent ?? null) : null;
  const audience = rules ? await summary(app.db, user.id, rules, timeZone, orgEventId) : null;
  if (submission.status !== "success") return data({ reply: submission.reply(), audience }, { status: 400 });
  const v = submission.value;
  const origin = new URL(request.url).origin;
  if (intent === "audience" || !rules) return data({ reply: submission.reply(), audience });
  const message = { subject: v.subject ?? "", body: v.body ?? "", campaignId: v.campaignId || null, orgEventId };
  if (intent === "preview" || intent === "test") {
    const { included } = await audienceOf(app.db, user.id, rules, timeZone, orgEventId);
    const member = included.find((m) => m.id === v.previewPerson) ?? included[0] ?? null;
    if (intent === "test") {
      if (!(await allow(app.env, "strict", `mailing-test:${user.id}`)))
        return data(
          { reply: submission.reply(), audience, tested: null, testError: MESSAGES.tooManyTests },
          { status: 429 },
        );
      const ok = await sendTest(app, user.id, message, member, origin);
      return data({ reply: submission.reply(), audience, tested: ok ? user.email : null });
    }
    const preview = member ? await previewFor(app, user.id, message, member, origin) : null;
    return data({ reply: submission.reply(), audience, preview });
  }
  const scheduleAt = v.schedule ? zonedToUtc(v.schedule, timeZone) : null;
  if (v.schedule && !scheduleAt)
    return data(
      { reply: submission.reply({ fieldErrors: { schedule: ["Enter a date and time"] } }), audience },
      { status: 400 },
    );
  const made = await createMailing(app, user.id, { ...message, rules, scheduleAt, key: v.key }, origin, { timeZone });
  if ("errors" in made)
    return data({ reply: submission.reply({ fieldErrors: made.errors }), audience }, { status: 400 });
  return redirectWithToast(`/mailings/${made.id}`, {
    type: "success",
    title: made.scheduled
      ? `Scheduled for ${made.recipients} ${made.recipients === 1 ? "person" : "people"}`
      : `Sending to ${made.recipients} ${made.recipients === 1 ? "person" : "people"}`,
  });
}

const button = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";
const secondary = "rounded-md border border-slate-300 px-4 py-2.5 font-medium text-sm dark:border-slate-700";
const panel = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";

export default function Compose({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, campaigns, key, timeZone, ownerEmail, orgEvent } = loaderData;
  const navigation = useNavigation();
  const result = navigation.state === "idle" && actionData && "reply" in actionData ? actionData : undefined;
  const audience = result?.audience ?? loaderData.audience;
  const rules = loaderData.rules;
  const [form, fields] = useForm({
    id: "compose",
    lastResult: result?.reply,
    defaultValue: {
      key,
      event: rules.event ?? "",
      tags: rules.tags,
      donor: "any",
      people: rules.people.join(","),
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema:
          formData.get("intent") === "audience"
            ? composeFormSchema.partial({ subject: true, body: true })
            : composeFormSchema,
      }),
  });
  const chosenTags = new Set((fields.tags.initialValue as string[] | undefined) ?? rules.tags);
  const audienceErrors = form.allErrors.audience;
  const campaignErrors = fields.campaignId.errors;
  const preview =
    result && "preview" in result ? (result.preview as { to: string; subject: string; text: string } | null) : null;
  const tested = result && "tested" in result ? result.tested : undefined;
  const testError = result && "testError" in result ? String(result.testError) : undefined;
  const basisDone = actionData && "basisDone" in actionData ? actionData.basisDone : null;
  const basisError = actionData && "basisError" in actionData ? actionData.basisError : null;
  // The rules that pick among the owner's own people (an organiser's event audience has none).
  const peopleRules = (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="event" label="Met at event" errors={fields.event.errors}>
          <select
            id="event"
            name="event"
            defaultValue={(fields.event.initialValue as string) ?? ""}
            className={inputClass}
          >
            <option value="">Any event</option>
            {choices.events.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </Field>
        <Field id="donor" label="Donor status" errors={fields.donor.errors}>
          <select
            id="donor"
            name="donor"
            defaultValue={(fields.donor.initialValue as string) ?? "any"}
            className={inputClass}
          >
            <option value="any">Anyone</option>
            <option value="donor">Donors</option>
            <option value="non-donor">Not donors yet</option>
          </select>
        </Field>
        <Field
          id={fields.minGiven.id}
          label="Given at least"
          errors={fields.minGiven.errors}
          hint="Total of their gifts"
        >
          <input {...getInputProps(fields.minGiven, { type: "text" })} inputMode="decimal" className={inputClass} />
        </Field>
        <Field id="importFile" label="Imported from file" errors={fields.importFile.errors}>
          <select
            id="importFile"
            name="importFile"
            defaultValue={(fields.importFile.initialValue as string) ?? ""}
            className={inputClass}
          >
            <option value="">Any</option>
            {choices.files.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {choices.tags.length ? (
        <fieldset className="mt-4">
          <legend className="font-medium text-sm">Tagged (any of)</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {choices.tags.map((t) => (
              <label key={t} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" name="tags" value={t} defaultChecked={chosenTags.has(t)} /> {t}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <label className="mt-4 flex items-center gap-2 text-sm">
        <input type="checkbox" name="keepInTouchDue" defaultChecked={fields.keepInTouchDue.initialValue === "on"} />{" "}
        Only people due a keep-in-touch
      </label>
    </>
  );
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/mailings" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Mailings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">New mailing</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {orgEvent
          ? "Only attendees who agreed to hear from you get it; {{last_gift}} stays empty for them."
          : "Only people who agreed to be contacted (or for whom you recorded a lawful basis) get it."}{" "}
        Each message carries a one-click unsubscribe link.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
        <input type="hidden" name="key" value={key} />
        <input type="hidden" name="people" defaultValue={fields.people.initialValue as string | undefined} />
        {orgEvent ? <input type="hidden" name="orgEvent" value={orgEvent.id} /> : null}
        <fieldset className={panel} aria-describedby={audienceErrors?.length ? "audience-error" : undefined}>
          <legend className="px-1 font-semibold text-lg">Audience</legend>
          {orgEvent ? (
            <p>
              Attendees of{" "}
              <Link to={`/organiser/${orgEvent.id}`} className="font-semibold underline">
                {orgEvent.title}
              </Link>{" "}
              who agreed to hear from you when they joined.
            </p>
          ) : (
            peopleRules
          )}
          <button type="submit" name="intent" value="audience" formNoValidate className={`${secondary} mt-4`}>
            Show who is in
          </button>
          <div className="mt-4" aria-live="polite">
            <p className="font-semibold" id="audience-count">
              {audience.count} {audience.count === 1 ? "person" : "people"} will get this
            </p>
            {audienceErrors?.length ? (
              <p id="audience-error" className="mt-1 text-red-700 text-sm dark:text-red-300">
                {audienceErrors[0]}
              </p>
            ) : null}
            {audience.leftOutCount ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm">{audience.leftOutCount} left out, and why</summary>
                <ul aria-label="Left out" className="mt-2 space-y-1 text-sm">
                  {audience.leftOut.map((l) => (
                    <li key={l.id}>
                      {orgEvent ? (
                        l.name
                      ) : (
                        <Link to={`/connections/${l.id}`} className="underline">
                          {l.name}
                        </Link>
                      )}
                      : {l.why}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        </fieldset>
        <fieldset className={`${panel} space-y-4`}>
          <legend className="px-1 font-semibold text-lg">Message</legend>
          <Field id={fields.subject.id} label="Subject" errors={fields.subject.errors}>
            <input
              {...getInputProps(fields.subject, { type: "text" })}
              maxLength={MAILING_LIMITS.subject + 50}
              className={inputClass}
            />
          </Field>
          <Field id={fields.body.id} label="Message (plain text; links become clickable)" errors={fields.body.errors}>
            <textarea {...getTextareaProps(fields.body)} rows={10} className={inputClass} />
          </Field>
          <div className="text-slate-600 text-sm dark:text-slate-300">
            <p>Merge fields:</p>
            <ul className="mt-1 list-disc pl-5">
              {Object.entries(MERGE_FIELDS).map(([k, v]) => (
                <li key={k}>
                  <code>{`{{${k}}}`}</code>: {v}
                </li>
              ))}
            </ul>
          </div>
          <Field id="campaignId" label="Campaign for {{campaign_link}}" errors={campaignErrors}>
            <select
              id="campaignId"
              name="campaignId"
              defaultValue={(fields.campaignId.initialValue as string) ?? ""}
              aria-invalid={campaignErrors?.length ? true : undefined}
              aria-describedby={campaignErrors?.length ? "campaignId-error" : undefined}
              className={inputClass}
            >
              <option value="">None</option>
              {campaigns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={fields.schedule.id}
            label={`Send later (your time, ${timeZone.replace(/_/g, " ")})`}
            errors={fields.schedule.errors}
            hint="Leave empty to send now"
          >
            <input {...getInputProps(fields.schedule, { type: "datetime-local" })} className={inputClass} />
          </Field>
        </fieldset>
        <div className={`${panel} space-y-3`}>
          <Field id="previewPerson" label="Preview for">
            <select
              id="previewPerson"
              name="previewPerson"
              defaultValue={(fields.previewPerson.initialValue as string) ?? ""}
              className={inputClass}
            >
              {audience.included.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({m.email})
                </option>
              ))}
            </select>
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="preview" className={secondary}>
              Preview
            </button>
            <button type="submit" name="intent" value="test" className={secondary}>
              Send a test to me
            </button>
            <button type="submit" name="intent" value="send" className={button}>
              Send mailing
            </button>
          </div>
          {testError ? (
            <p role="alert" className="text-red-700 text-sm dark:text-red-300">
              {testError}
            </p>
          ) : tested !== undefined ? (
            <p role="status" className="text-sm">
              {tested ? `Test sent to ${ownerEmail}` : "The test could not be sent: no mail provider is set up."}
            </p>
          ) : null}
          {preview ? (
            <section aria-label="Preview" className="rounded-lg bg-slate-50 p-4 text-sm dark:bg-slate-900">
              <p>
                <span className="font-semibold">To:</span> {preview.to}
              </p>
              <p>
                <span className="font-semibold">Subject:</span> {preview.subject}
              </p>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans">{preview.text}</pre>
            </section>
          ) : null}
        </div>
      </Form>
      {audience.leftOut.some((l) => l.reason === "no-consent") ? (
        <section className={`${panel} mt-6`} aria-labelledby="basis-title">
          <h2 id="basis-title" className="font-semibold text-lg">
            Record a lawful basis
          </h2>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            For someone with no consent on record whom you may still mail (say, an existing donor), record why. It goes
            on their history as a consent record.
          </p>
          <ul className="mt-3 space-y-3">
            {audience.leftOut
              .filter((l) => l.reason === "no-consent")
              .slice(0, 20)
              .map((l) => (
                <li key={l.id}>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="person" value={l.id} />
                    <div className="min-w-48 flex-1">
                      <Field
                        id={`reason-${l.id}`}
                        label={`Reason for ${l.name}`}
                        errors={basisError?.id === l.id ? [basisError.message] : undefined}
                      >
                        <input id={`reason-${l.id}`} name="reason" className={inputClass} maxLength={300} />
                      </Field>
                    </div>
                    <button type="submit" name="intent" value="lawful-basis" className={secondary}>
                      Record
                    </button>
                    {basisDone === l.id ? <span role="status">Recorded</span> : null}
                  </Form>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
