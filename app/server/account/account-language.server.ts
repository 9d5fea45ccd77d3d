import { eq } from "drizzle-orm";
import { accountLocale, type Locale } from "~/lib/i18n/locales";
import { user } from "~db/schema";
import type { Database } from "../db/db.server";

/** The language an account's mails are written in (decision 0269): English until one is stored. */
export async function readAccountLocale(db: Database, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: user.locale }).from(user).where(eq(user.id, userId));
  return accountLocale(row?.locale);
}

/** The account's own choice in Settings → Account; only its own row, by the session's user id. */
export async function saveAccountLocale(db: Database, userId: string, locale: Locale): Promise<void> {
  await db.update(user).set({ locale }).where(eq(user.id, userId));
}
