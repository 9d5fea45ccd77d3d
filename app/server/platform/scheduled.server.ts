import { lt } from "drizzle-orm";
import { session, verification } from "~db/schema";
import { remindPlanEndings } from "../billing/plans.server";
import { createDb } from "../db/db.server";
import { notifyDueReminders } from "../follow/reminders.server";
import { notifyDueRhythms } from "../follow/rhythm.server";
import { runDueSyncs } from "../integrations/schedule.server";
import { startDueMailings, sweepMailings } from "../mailings/mailings.server";
import { remindMeetings } from "../organiser-events/meeting-slots.server";
import { sendRequestDigests } from "../organiser-events/requests.server";
import type { AppEnv } from "./env.server";

/** The cron trigger's work: due reminders become notifications; trials and grants ending soon are announced; due syncs run; mailings start, and groups a dead sender left are re-queued; attendees' requests gathered in a window go as one digest; accepted meetings are reminded half an hour before; expired sessions are removed. */
export async function runScheduled(env: AppEnv, now: Date): Promise<void> {
  const db = createDb(env.DB);
  await notifyDueReminders(db, now);
  await notifyDueRhythms(db, now);
  await remindPlanEndings(db, now);
  await runDueSyncs({ env, db }, now);
  await startDueMailings({ env, db }, now);
  await sweepMailings({ env, db }, now);
  await sendRequestDigests(db, now);
  await remindMeetings(db, now);
  await db.batch([
    db.delete(session).where(lt(session.expiresAt, now)),
    db.delete(verification).where(lt(verification.expiresAt, now)),
  ]);
}
