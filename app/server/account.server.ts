import { eq, inArray } from "drizzle-orm";
import {
  card,
  cardSourceStat,
  cardStat,
  connection,
  event,
  followUpDraft,
  interaction,
  keepInTouch,
  notification,
  reminder,
  sharedContact,
  tagRhythm,
  user,
  userSettings,
} from "~db/schema";
import { removeCardObjects } from "./cards.server";
import type { Database } from "./db.server";
import type { AppEnv } from "./env.server";
import { exportIntegrations } from "./integrations/export.server";
import { deleteAccountPhotos } from "./people/photo.server";

/**
 * Deletes an account and everything it owns: D1 rows go by cascading foreign keys (sessions,
 * cards, connections, share-backs, notifications, reminders, settings); avatars in KV and the edge
 * copies of published cards are removed here, after the rows, so no visitor can cache them again.
 */
export async function deleteAccount(env: AppEnv, db: Database, userId: string): Promise<void> {
  const cards = await db
    .select({ slug: card.slug, avatarKey: card.avatarKey })
    .from(card)
    .where(eq(card.userId, userId));
  await db.delete(user).where(eq(user.id, userId));
  // After the rows are gone, so a card read in between cannot put a copy back in KV.
  await Promise.all([...cards.map((c) => removeCardObjects(env, c)), deleteAccountPhotos(env.CACHE, userId)]);
}

/**
 * Everything the account holds, as one JSON document for "download all my data". Secrets are left
 * out: the password hash lives in another table and the calendar feed keeps only a token hash.
 */
export async function exportAccount(db: Database, userId: string) {
  const [[profile], [settings], cards, connections, reminders, notifications, sharedContacts] = await Promise.all([
    db
      .select({ id: user.id, name: user.name, email: user.email, createdAt: user.createdAt })
      .from(user)
      .where(eq(user.id, userId)),
    db.select().from(userSettings).where(eq(userSettings.userId, userId)),
    db.select().from(card).where(eq(card.userId, userId)),
    db.select().from(connection).where(eq(connection.userId, userId)),
    db.select().from(reminder).where(eq(reminder.userId, userId)),
    db.select().from(notification).where(eq(notification.userId, userId)),
    db.select().from(sharedContact).where(eq(sharedContact.recipientUserId, userId)),
  ]);
  const events = await db.select().from(event).where(eq(event.userId, userId));
  const integrations = await exportIntegrations(db, userId);
  const [interactions, keepInTouchRows, tagRhythms, drafts] = await Promise.all([
    db.select().from(interaction).where(eq(interaction.userId, userId)),
    db.select().from(keepInTouch).where(eq(keepInTouch.userId, userId)),
    db.select().from(tagRhythm).where(eq(tagRhythm.userId, userId)),
    db.select().from(followUpDraft).where(eq(followUpDraft.userId, userId)),
  ]);
  const cardIds = cards.map((c) => c.id);
  const stats = cardIds.length ? await db.select().from(cardStat).where(inArray(cardStat.cardId, cardIds)) : [];
  const sourceStats = cardIds.length
    ? await db.select().from(cardSourceStat).where(inArray(cardSourceStat.cardId, cardIds))
    : [];
  const { calendarTokenHash: _secret, ...preferences } = settings ?? { calendarTokenHash: null };
  return {
    exportedAt: new Date().toISOString(),
    profile,
    settings: preferences,
    cards,
    cardStats: stats,
    cardSourceStats: sourceStats,
    connections,
    events,
    reminders,
    notifications,
    sharedContacts,
    integrations,
    timeline: interactions,
    keepInTouch: keepInTouchRows,
    tagRhythms,
    followUpDrafts: drafts,
  };
}
