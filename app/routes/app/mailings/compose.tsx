import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, useNavigation } from "react-router";
import { appContext } from "~/context";
import { isConfirmed } from "~/lib/forms/confirm";
import {
  allowanceWords,
  audienceSchema,
  composeFormSchema,
  MAILING_LIMITS,
  MESSAGES,
  rulesFromForm,
} from "~/lib/mailings/rules";
import { pageMeta } from "~/lib/site";
import { zonedToUtc } from "~/lib/time/time";
import { ownersOf, shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { requireFeature } from "~/server/billing/plans.server";
import { listOwnedCampaigns } from "~/server/fundraising/campaigns.server";
import { audienceChoices, recordLawfulBasis } from "~/server/mailings/audience.server";
import { createMailing, previewFor, sendingAllowance, sendTest } from "~/server/mailings/mailings.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { allow } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { getSettings } from "~/server/settings/settings.server";
import { audienceOf, eventAudience, summary } from "./+shared/audience.server";
import { ComposeForm } from "./+shared/compose-form";
import { LawfulBasis } from "./+shared/parts";
import type { Route } from "./+types/compose";

export const meta = () => [...pageMeta("New mailing"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  await requireFeature(app.db, user.workspace.id, "mailings");
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
  const settings = await shellSettings(context, request);
  const [choices, campaigns, audience, orgEvent, sending] = await Promise.all([
    audienceChoices(app.db, ownersOf(user)),
    listOwnedCampaigns(app.db, user.workspace.id),
    summary(app.db, ownersOf(user), rules, settings.timeZone, orgEventId),
    orgEventId ? eventAudience(app.db, user.workspace.id, orgEventId) : null,
    sendingAllowance(app.db, user.workspace.id),
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
    allowance: allowanceWords(sending),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  await requireFeature(app.db, user.workspace.id, "mailings");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { timeZone } = await getSettings(app.db, user.id);
  if (intent === "lawful-basis") {
    const reason = String(formData.get("reason") ?? "")
      .trim()
      .slice(0, 300);
    const id = parseId(formData.get("person"));
    if (reason.length < 3)
      return data(
        { basisError: { id, message: "Say why you may mail them (at least 3 characters)" } },
        { status: 400 },
      );
    if (!(await recordLawfulBasis(app.db, user.workspace.id, id, reason))) notFound();
    return data({ basisDone: id });
  }
  if (!["audience", "preview", "test", "send"].includes(String(intent))) unknownIntent();
  const schema = intent === "audience" ? composeFormSchema.partial({ subject: true, body: true }) : composeFormSchema;
  const submission = parseWithZod(formData, { schema });
  const rawRules = parseWithZod(formData, { schema: composeFormSchema.partial({ subject: true, body: true }) });
  const rules = rawRules.status === "success" ? rulesFromForm(rawRules.value) : null;
  const orgEventId = rawRules.status === "success" ? (rawRules.value.orgEvent ?? null) : null;
  const audience = rules ? await summary(app.db, ownersOf(user), rules, timeZone, orgEventId) : null;
  if (submission.status !== "success") return data({ reply: submission.reply(), audience }, { status: 400 });
  const v = submission.value;
  const origin = new URL(request.url).origin;
  if (intent === "audience" || !rules) return data({ reply: submission.reply(), audience });
  const message = { subject: v.subject ?? "", body: v.body ?? "", campaignId: v.campaignId || null, orgEventId };
  if (intent === "preview" || intent === "test") {
    const { included } = await audienceOf(app.db, ownersOf(user), rules, timeZone, orgEventId);
    const member = included.find((m) => m.id === v.previewPerson) ?? included[0] ?? null;
    if (intent === "test") {
      if (!(await allow(app.env, "strict", `mailing-test:${user.workspace.id}`)))
        return data(
          { reply: submission.reply(), audience, tested: null, testError: MESSAGES.tooManyTests },
          { status: 429 },
        );
      const ok = await sendTest(app, user.workspace.id, message, member, origin);
      return data({ reply: submission.reply(), audience, tested: ok ? user.email : null });
    }
    const preview = member ? await previewFor(app, user.workspace.id, message, member, origin) : null;
    return data({ reply: submission.reply(), audience, preview });
  }
  const scheduleAt = v.schedule ? zonedToUtc(v.schedule, timeZone) : null;
  if (v.schedule && !scheduleAt)
    return data(
      { reply: submission.reply({ fieldErrors: { schedule: ["Enter a date and time"] } }), audience },
      { status: 400 },
    );
  // A mailing cannot be called back: the first tap shows whom it reaches, the confirmed second sends. An
  // audience nobody in it can be mailed is refused at once (below), never offered as "Send to 0 people?".
  if (!isConfirmed(formData) && (audience?.count ?? 0) > 0)
    return data({ reply: submission.reply(), audience, confirmSend: audience?.count ?? 0 });
  const made = await createMailing(app, ownersOf(user), { ...message, rules, scheduleAt, key: v.key }, origin, {
    timeZone,
  });
  if ("errors" in made)
    return data({ reply: submission.reply({ fieldErrors: made.errors }), audience }, { status: 400 });
  return redirectWithToast(href("/mailings/:id", { id: String(made.id) }), {
    type: "success",
    title: made.scheduled
      ? `Scheduled for ${made.recipients} ${made.recipients === 1 ? "person" : "people"}`
      : `Sending to ${made.recipients} ${made.recipients === 1 ? "person" : "people"}`,
  });
}

/** The compose form, and below it a way to record why someone without consent may still be mailed. */
export default function Compose({ loaderData, actionData }: Route.ComponentProps) {
  const { orgEvent } = loaderData;
  const navigation = useNavigation();
  // The form's own answer once the page is idle; a lawful basis answer keeps the form as it was.
  const result = navigation.state === "idle" && actionData && "reply" in actionData ? actionData : undefined;
  const audience = result?.audience ?? loaderData.audience;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/mailings")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Mailings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">New mailing</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {orgEvent
          ? "Only attendees who agreed to hear from you get it; {{last_gift}} stays empty for them."
          : "Only people who agreed to be contacted (or for whom you recorded a lawful basis) get it."}{" "}
        Each message carries a one-click unsubscribe link.
      </p>
      <ComposeForm
        choices={loaderData.choices}
        campaigns={loaderData.campaigns}
        rules={loaderData.rules}
        audience={audience}
        formKey={loaderData.key}
        timeZone={loaderData.timeZone}
        ownerEmail={loaderData.ownerEmail}
        allowance={loaderData.allowance}
        orgEvent={orgEvent}
        answer={result}
      />
      <LawfulBasis audience={audience} answer={actionData} />
    </section>
  );
}
