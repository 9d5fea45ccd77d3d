import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { discussedFormSchema, draftFormSchema } from "~/lib/assistant/rules";
import { nextStepsIn } from "~/lib/follow/draft-privacy";
import { SNOOZE_CHOICES } from "~/lib/follow/kinds";
import { addDays, dueInstant, personRhythmSchema } from "~/lib/follow/rhythm";
import { logFormSchema } from "~/lib/follow/timeline";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { DAY_MS } from "~/lib/time/days";
import { dayInZone, zonedToUtc } from "~/lib/time/time";
import { connection, reminder } from "~db/schema";
import type { AiBinding } from "../assistant/assistant.server";
import type { Owners } from "../db/db.server";
import { peopleOf } from "../people/access.server";
import { setDiscussed } from "../people/edit.server";
import { deleteInteraction, logInteraction, timelineOf } from "../people/timeline.server";
import { parseId } from "../platform/http.server";
import { redirectWithToast } from "../platform/toast.server";
import { getSettings } from "../settings/settings.server";
import { editDraft, getDraft, markDraftSent, writeDraft } from "./drafts.server";
import { rhythmOfPerson, setPersonRhythm, snoozePerson } from "./rhythm.server";

/** The owner's to-dos from a person's notes: each commitment with its due day (only the owner sees these). */
async function todosOf(db: AppContext["db"], userId: string, personId: number, now = new Date()) {
  const [row] = await db
    .select({ notes: connection.notes, discussed: connection.discussed })
    .from(connection)
    .where(and(eq(connection.id, personId), eq(connection.userId, userId)));
  return {
    discussed: row?.discussed ?? "",
    todos: nextStepsIn(row?.notes, now).map(({ todo, due }) => ({ todo, due })),
  };
}

/** The person page's follow-through: timeline, rhythm, saved draft, what was discussed and the to-dos. */
export async function followThroughFor(db: AppContext["db"], owners: Owners, personId: number, timeZone: string) {
  const userId = owners.workspaceId;
  const [timeline, rhythm, draft, { discussed, todos }] = await Promise.all([
    timelineOf(db, owners, personId, 100),
    rhythmOfPerson(db, userId, personId, timeZone),
    getDraft(db, userId, personId),
    todosOf(db, userId, personId),
  ]);
  return { timeline, rhythm, draft, discussed, todos };
}

export const FOLLOW_INTENTS = [
  "log",
  "entry-delete",
  "rhythm",
  "snooze",
  "draft-write",
  "draft-save",
  "draft-sent",
  "discussed",
  "todo-remind",
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
  user: { id: string; name: string; workspace: { id: string; team: string | null } },
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
  // A team person this member may not see (decision 0234) is not found, for every follow-through write alike.
  const viewer = { workspaceId: user.workspace.id, userId: user.id };
  const [seen, settings] = await Promise.all([
    app.db
      .select({ id: connection.id })
      .from(connection)
      .where(and(eq(connection.id, personId), peopleOf(viewer))),
    getSettings(app.db, user.id),
  ]);
  if (!seen.length) return missing();
  const timeZone = settings.timeZone;

  if (intent === "log") {
    const submission = parseWithZod(formData, { schema: logFormSchema });
    if (submission.status !== "success") return fail(submission.reply());
    const { kind, date, time, text, clientId, shared } = submission.value;
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
      viewer,
      personId,
      // In a team, what a member writes is theirs alone unless shared (decision 0234).
      {
        kind,
        text,
        occurredAt,
        clientId,
        authorId: user.id,
        private: user.workspace.team !== null && !!text && !shared,
      },
      {
        waitUntil: (p) => app.ctx.waitUntil(p),
      },
    );
    if (!logged) return missing();
    return done(
      "Interaction logged",
      dayInZone(occurredAt, timeZone) === dayInZone(new Date(), timeZone)
        ? undefined
        : `On ${dayInZone(occurredAt, timeZone)}`,
    );
  }
  if (intent === "entry-delete") {
    const ok = await deleteInteraction(app.db, viewer, personId, parseId(formData.get("entryId")));
    return ok ? done("Entry removed") : missing();
  }
  if (intent === "rhythm") {
    if (formData.get("every") === "none") {
      return (await setPersonRhythm(app.db, user.workspace.id, personId, null)) ? done("Rhythm removed") : missing();
    }
    const submission = parseWithZod(formData, { schema: personRhythmSchema });
    if (submission.status !== "success") return fail(submission.reply());
    const { every, days } = submission.value;
    if (every === "none") return missing();
    return (await setPersonRhythm(app.db, user.workspace.id, personId, { every, days }))
      ? done("Rhythm saved")
      : missing();
  }
  if (intent === "snooze") {
    const days = Number(formData.get("days"));
    if (!SNOOZE_CHOICES.some((c) => c.days === days))
      return fail({ status: "error", error: { days: ["Choose how long to snooze"] } });
    const until = await snoozePerson(app.db, user.workspace.id, personId, days, timeZone);
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
    return (await editDraft(app.db, user.workspace.id, personId, { subject, body })) ? done("Draft saved") : missing();
  }
  if (intent === "discussed") {
    const submission = parseWithZod(formData, { schema: discussedFormSchema });
    if (submission.status !== "success") return fail(submission.reply());
    const saved = await setDiscussed(app.db, user.workspace.id, personId, submission.value.discussed || null, app);
    return saved ? done("Saved", "Drafts may use what you discussed.") : missing();
  }
  if (intent === "todo-remind") {
    const { todos } = await todosOf(app.db, user.workspace.id, personId);
    const todo = todos[Number(formData.get("todo"))];
    if (!todo) return fail({ status: "error", error: { "": ["That to-do is no longer in the notes"] } });
    const day =
      todo.due && todo.due >= dayInZone(new Date(), timeZone) ? todo.due : addDays(dayInZone(new Date(), timeZone), 1);
    const dueAt = dueInstant(day, timeZone);
    // One statement: a double tap (or two tabs) sets the reminder once.
    await app.db.run(sql`insert into ${reminder} (user_id, connection_id, type, due_at, notes)
      select ${user.workspace.id}, id, 'General', ${dueAt.getTime()}, ${todo.todo} from ${connection}
      where id = ${personId} and user_id = ${user.workspace.id} and not exists (select 1 from ${reminder} r
        where r.user_id = ${user.workspace.id} and r.connection_id = ${personId} and r.notes = ${todo.todo} and r.done = 0)`);
    return done("Reminder set", `On ${day}`);
  }
  const sent = await markDraftSent(app, user.workspace.id, personId);
  return sent ? done("Marked as sent", "Logged on the timeline.") : missing();
}
