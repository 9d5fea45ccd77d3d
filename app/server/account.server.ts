import { eq } from "drizzle-orm";
import { card, user } from "~db/schema";
import { cacheKey } from "./cards.server";
import type { Database } from "./db.server";
import type { AppEnv } from "./env.server";

/**
 * Deletes an account and everything it owns: D1 rows go by cascading foreign keys (sessions,
 * cards, connections, share-backs, notifications, reminders, settings); KV copies of published
 * cards and avatars are removed here.
 */
export async function deleteAccount(env: AppEnv, db: Database, userId: string): Promise<void> {
  const cards = await db
    .select({ slug: card.slug, avatarKey: card.avatarKey })
    .from(card)
    .where(eq(card.userId, userId));
  await Promise.all(
    cards.flatMap((c) => [
      c.slug ? env.CACHE.delete(cacheKey(c.slug)) : null,
      c.avatarKey ? env.CACHE.delete(`avatar:${c.avatarKey}`) : null,
    ]),
  );
  await db.delete(user).where(eq(user.id, userId));
}
