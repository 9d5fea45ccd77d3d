import { data } from "react-router";
import type { AppContext } from "~/context";
import { reminderFormSchema } from "~/lib/people/connection-form";
import { dayInZone, FOLLOW_UP_PRESETS, formatInZone, zonedToUtc } from "~/lib/time/time";
import type { Owners } from "~/server/db/db.server";
import { FOLLOW_INTENTS, followAction, followThroughFor, isFollowIntent } from "~/server/follow/follow.server";
import {
  createReminder,
  deleteReminder,
  remindersFor,
  setReminderDone,
  snoozeReminder,
} from "~/server/follow/reminders.server";
import { unknownIntent } from "~/server/platform/http.server";
import { getSettings } from "~/server/settings/settings.server";
import type { IntentArgs, Section } from "./+shared/intent.server";

/** The person's follow-ups and follow-through, with the owner's zone every time on the page is shown in. */
export async function loadFollowUp(app: AppContext, owners: Owners, id: number, timeZone: string) {
  const [reminders, follow] = await Promise.all([
    remindersFor(app.db, owners.workspaceId, id),
    followThroughFor(app.db, owners, id, timeZone),
  ]);
  // In a team (its id is never a user's), notes are private unless shared: the log form offers sharing.
  return { reminders, follow, today: dayInZone(new Date(), timeZone), team: owners.workspaceId !== owners.userId };
}

/** A reminder's intent with a reminder id that is not a number changes nothing. */
function reminder(run: (args: IntentArgs, reminderId: number) => Promise<Response>) {
  return (args: IntentArgs) => {
    const reminderId = Number(args.form.get("reminderId"));
    if (!Number.isSafeInteger(reminderId)) unknownIntent();
    return run(args, reminderId);
  };
}

function follow({ app, user, id, intent, form, page, request }: IntentArgs) {
  if (!isFollowIntent(intent)) unknownIntent();
  return followAction(app, user, id, intent, form, page, new URL(request.url).origin);
}

export const followUp = {
  ...Object.fromEntries(FOLLOW_INTENTS.map((i) => [i, follow])),
  async remind({ app, user, id, form, back }: IntentArgs) {
    const parsed = reminderFormSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ reminderError: "Choose when to follow up" }, { status: 400 });
    const { preset, due, type, notes } = parsed.data;
    // One rule for every time on the page: the owner's zone from settings, whatever the browser is set to.
    const { timeZone } = await getSettings(app.db, user.id);
    const offset = FOLLOW_UP_PRESETS.find((p) => p.id === preset)?.ms;
    const dueAt = offset ? new Date(Date.now() + offset) : due ? zonedToUtc(due, timeZone) : null;
    if (!dueAt) return data({ reminderError: "Choose a date and time" }, { status: 400 });
    await createReminder(app.db, user.workspace.id, { connectionId: id, type, dueAt, notes });
    return back(`Follow-up set for ${formatInZone(dueAt, timeZone)}`);
  },
  "reminder-done": reminder(async ({ app, user, back }, reminderId) => {
    await setReminderDone(app.db, user.workspace.id, reminderId);
    return back("Follow-up done");
  }),
  "reminder-snooze": reminder(async ({ app, user, back }, reminderId) => {
    await snoozeReminder(app.db, user.workspace.id, reminderId);
    return back("Snoozed for a day");
  }),
  "reminder-delete": reminder(async ({ app, user, back }, reminderId) => {
    await deleteReminder(app.db, user.workspace.id, reminderId);
    return back("Follow-up removed");
  }),
} satisfies Section;
