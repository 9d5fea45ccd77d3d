import { eq } from "drizzle-orm";
import { newsletterSubscriber } from "~db/schema";
import type { Database } from "../db/db.server";
import type { Mailer } from "../platform/mail.server";
import { randomToken, sha256Hex } from "../platform/tokens.server";

/**
 * Starts double opt-in. The caller always answers the same way whatever the address's state,
 * so the form cannot be used to learn who subscribed.
 */
export async function requestSubscription(
  db: Database,
  mailer: Mailer,
  { email, source, origin }: { email: string; source: string; origin: string },
): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await db
    .select({ status: newsletterSubscriber.status })
    .from(newsletterSubscriber)
    .where(eq(newsletterSubscriber.email, normalized));
  if (existing?.status === "confirmed") return;

  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  await db
    .insert(newsletterSubscriber)
    .values({ email: normalized, source, tokenHash, status: "pending" })
    .onConflictDoUpdate({ target: newsletterSubscriber.email, set: { tokenHash, status: "pending" } });

  const link = `${origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: normalized,
    kind: "newsletter-confirm",
    subject: "Confirm your KnowWho subscription",
    text: `Please confirm that you want product news and networking tips from KnowWho:\n\n${link}\n\nIf you did not ask for this, ignore this email and nothing will be sent.`,
  });
}

/** Confirms a pending subscription; false for unknown, used or tampered tokens. */
export async function confirmSubscription(db: Database, token: string): Promise<boolean> {
  const tokenHash = await sha256Hex(token);
  const updated = await db
    .update(newsletterSubscriber)
    .set({ status: "confirmed", confirmedAt: new Date(), tokenHash: `used:${tokenHash}` })
    .where(eq(newsletterSubscriber.tokenHash, tokenHash))
    .returning({ id: newsletterSubscriber.id });
  return updated.length > 0;
}
