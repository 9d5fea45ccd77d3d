import { lt } from "drizzle-orm";
import { session, verification } from "~db/schema";
import { createDb } from "./db.server";
import type { AppEnv } from "./env.server";

/** The cron trigger's work: housekeeping now; later features add reminders and syncs here. */
export async function runScheduled(env: AppEnv, now: Date): Promise<void> {
  const db = createDb(env.DB);
  await db.batch([
    db.delete(session).where(lt(session.expiresAt, now)),
    db.delete(verification).where(lt(verification.expiresAt, now)),
  ]);
}
