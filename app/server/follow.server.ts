import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { draftFormSchema } from "~/lib/assistant";
import { DAY_MS } from "~/lib/days";
import { localDay, personRhythmSchema, SNOOZE_CHOICES } from "~/lib/rhythm";
import { safeRedirect } from "~/lib/safe-redirect";
import { zonedToUtc } from "~/lib/time";
import { logFormSchema } from "~/lib/timeline";
import type { AiBinding } from "./assistant.server";
import { editDraft, getDraft, markDraftSent, writeDraft } from "./drafts.server";
import { deleteInteraction, logInteraction, timelineOf } from "./people/timeline.server";
import { rhythmOfPerson, setPersonRhythm, snoozePerson } from "./rhythm.server";
import { getSettings } from "./settings.server";
import { redirectWithToast } from "./toast.server";

/** The person page's follow-through: timeline, rhythm and saved draft. */
export async function followThroughFor(db: AppContext["db"], userId: string, personId: number, timeZone: string) {
  const [timeline, rhythm, draft] = await Promise.all([
    timelineOf(db, userId, personId, 100),
    rhythmOfPerson(db, userId, personId, timeZone),
    getDraft(db, userId, personId),
  ]);
  return { timeline, rhythm, draft };
}

export const FOLLOW_INTENTS = [
  "log",
  "entry-delete",
  "rhythm",
  "snooze",
  "draft-write",
  "draft-save",
  "draft-sent",
] as const;
export type FollowIntent = (typeof FOLLOW_INTENTS)[number];
export const isFollowIntent = (v: unknown): v is FollowIntent => FOLLOW_INTENTS.includes(v as FollowIntent);

export type FollowError = {
  intent: FollowIntent;
  personId: number;
  reply: SubmissionResult<string[]>;
};

/**
 * One handler for the follow-through forms, wherever they sit (the person's page, the dashboard): the
 * route's action passes the intent here. Bad input answers 400 with the typed values kept.
 */
export async function followAction(
  app: AppContext,
  user: { id: string; name: string },
  personId: number,
  intent: FollowIntent,
  formData: FormData,
  fallback: string,
  /** The site's address, for links a new draft carries. */
  origin: string,
) {
  const back = safeRedirect(formData.get("returnTo"), fallback);
  const fail = (reply: SubmissionResult<string[]>, status = 400) =>
    data({ followError: { intent, personId, reply } satisfies FollowError }, { status });
  const done = (title: string, description?: string) =>
    redirectWithToast(back, { type: "success", title, description });
  const missing = () => fail({ status: "error", error: { "": ["Connection not found"] } }, 404);
  const settings = await getSettings(app.db, user.id);
  const timeZone = settings.timeZone;

  if (intent === "log") {
    const submission = parseWithZod(formData, { schema: logFormSchema });
    if (submission.status !== "success") return fail(submission.reply());
    const { kind, date, time, text, clientId } = submission.value;
    let occurredAt = new Date();
    if (date) {
      const at = zonedToUtc(`${date}T${time ?? "12:00"}`, timeZone);
      if (!at) return fail(submission.reply({ fieldErrors: { date: ["Enter a valid date and time"] } }));
      if (at.getTime() > Date.now() + DAY_MS)
        return fail(submission.reply({ fieldErrors: { date: ["That date is in the future"] } }));
      occurredAt = at;
    }
    const logged = await logInteraction(
      app,
      user.id,
      personId,
      { kind, text, occurredAt, clientId },
      {
        waitUntil: (p) => app.ctx.waitUntil(p),
      },
    );
    if (!logged) return missing();
    return done(
      "Interaction logged",
      localDay(occurredAt, timeZone) === localDay(new Date(), timeZone)
        ? undefined
        : `On ${localDay(occurredAt, timeZone)}`,
    );
  }
  if (intent === "entry-delete") {
    const ok = await deleteInteraction(app.db, user.id, personId, Number(formData.get("entryId")));
    return ok ? done("Entry removed") : missing();
  }
  if (intent === "rhythm") {
    if (formData.get("every") === "none") {
      return (await setPersonRhythm(app.db, user.id, personId, null)) ? done("Rhythm removed") : missing();
    }
    const submission = parseWithZod(formData, { schema: personRhythmSchema });
    if (submission.status !== "success") return fail(submission.reply());
    const { every, days } = submission.value;
    if (every === "none") return missing();
    return (await setPersonRhythm(app.db, user.id, personId, { every, days })) ? done("Rhythm saved") : missing();
  }
  if (intent === "snooze") {
    const days = Number(formData.get("days"));
    if (!SNOOZE_CHOICES.some((c) => c.days === days))
      return fail({ status: "error", error: { days: ["Choose how long to snooze"] } });
    const until = await snoozePerson(app.db, user.id, personId, days, timeZone);
    return until ? done("Snoozed", `Until ${until}`) : missing();
  }
  if (intent === "draft-write") {
    const draft = await writeDraft(app.db, app.env.AI as AiBinding | undefined, user, personId, timeZone, origin);
    if (!draft) return missing();
    return done(
      "Draft ready",
      draft.engine === "workers-ai" ? "Written by Workers AI." : "Written by the built-in assistant.",
    );
  }
  if (intent === "draft-save") {
    const submission = parseWithZod(formData, { schema: draftFormSchema });
    if (submission.status !== "success" || submission.value.intent !== "draft-save") return fail(submission.reply());
    const { subject, body } = submission.value;
    return (await editDraft(app.db, user.id, personId, { subject, body })) ? done("Draft saved") : missing();
  }
  const sent = await markDraftSent(app, user.id, personId);
  return sent ? done("Marked as sent", "Logged on the timeline.") : missing();
}
