import { data } from "react-router";
import type { AppContext } from "~/context";
import { followUpSchema } from "~/lib/assistant";
import { localDay, rhythmFormSchema, SNOOZE_CHOICES } from "~/lib/rhythm";
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
  errors: Record<string, string>;
  values: Record<string, string>;
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
  const values = Object.fromEntries([...formData].map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 6000) : ""]));
  const back = safeRedirect(formData.get("returnTo"), fallback);
  const fail = (errors: Record<string, string>) =>
    data({ followError: { intent, personId, errors, values } satisfies FollowError }, { status: 400 });
  const done = (title: string, description?: string) =>
    redirectWithToast(back, { type: "success", title, description });
  const missing = () =>
    data({ followError: { intent, personId, errors: { form: "Connection not found" }, values } }, { status: 404 });
  const settings = await getSettings(app.db, user.id);
  const timeZone = settings.timeZone;

  if (intent === "log") {
    const parsed = logFormSchema.safeParse(values);
    if (!parsed.success)
      return fail(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
    const { kind, date, time, text, clientId } = parsed.data;
    let occurredAt = new Date();
    if (date) {
      const at = zonedToUtc(`${date}T${time ?? "12:00"}`, timeZone);
      if (!at) return fail({ date: "Enter a valid date and time" });
      if (at.getTime() > Date.now() + 86_400_000) return fail({ date: "That date is in the future" });
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
    const ok = await deleteInteraction(app.db, user.id, personId, Number(values.entryId));
    return ok ? done("Entry removed") : missing();
  }
  if (intent === "rhythm") {
    if (values.every === "none") {
      return (await setPersonRhythm(app.db, user.id, personId, null)) ? done("Rhythm removed") : missing();
    }
    const parsed = rhythmFormSchema.safeParse(values);
    if (!parsed.success)
      return fail(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
    return (await setPersonRhythm(app.db, user.id, personId, parsed.data)) ? done("Rhythm saved") : missing();
  }
  if (intent === "snooze") {
    const days = Number(values.days);
    if (!SNOOZE_CHOICES.some((c) => c.days === days)) return fail({ days: "Choose how long to snooze" });
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
    const parsed = followUpSchema.safeParse(values);
    if (!parsed.success)
      return fail(
        Object.fromEntries(
          parsed.error.issues.map((i) => [
            String(i.path[0] ?? "form"),
            i.path[0] === "subject"
              ? "Enter a subject (up to 150 characters)"
              : "Enter the message (up to 2000 characters)",
          ]),
        ),
      );
    return (await editDraft(app.db, user.id, personId, parsed.data)) ? done("Draft saved") : missing();
  }
  const sent = await markDraftSent(app, user.id, personId);
  return sent ? done("Marked as sent", "Logged on the timeline.") : missing();
}
