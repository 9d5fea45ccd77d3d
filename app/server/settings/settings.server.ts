import { eq } from "drizzle-orm";
import type { OnboardingStep } from "~/lib/account/onboarding";
import { userSettings } from "~db/schema";
import type { Database, Owner } from "../db/db.server";
import { randomToken, sha256Hex } from "../platform/tokens.server";

/** An account's own settings (zone, country, notifications, visibility, the calendar feed): read by many features, so a folder of its own. */
export const DEFAULT_SETTINGS = {
  timeZone: "UTC",
  country: "US",
  notifyShareBacks: true,
  notifyReminders: true,
  notifyImports: true,
  visibility: "all" as "all" | "connections",
  calendarTokenHash: null as string | null,
  // An account without a settings row predates the guided start.
  onboarding: "done" as OnboardingStep,
};

export async function getSettings(db: Database, userId: string) {
  return settingsFrom(await settingsQuery(db, userId), userId);
}

/** The settings read as a query, for a loader that sends it in one D1 batch with others. */
export const settingsQuery = (db: Database, userId: Owner) =>
  db.select().from(userSettings).where(eq(userSettings.userId, userId));

export type SettingsRows = Awaited<ReturnType<typeof settingsQuery>>;

export const settingsFrom = (rows: SettingsRows, userId: string) => rows[0] ?? { userId, ...DEFAULT_SETTINGS };

export async function saveSettings(db: Database, userId: string, values: Partial<typeof DEFAULT_SETTINGS>) {
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
}

/** A new secret feed token; only its hash is kept, so this is the one time it can be shown. */
export async function rotateCalendarToken(db: Database, userId: string): Promise<string> {
  const token = randomToken(24);
  await saveSettings(db, userId, { calendarTokenHash: await sha256Hex(token) });
  return token;
}

export async function userForCalendarToken(db: Database, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(eq(userSettings.calendarTokenHash, await sha256Hex(token)));
  return row?.userId ?? null;
}
