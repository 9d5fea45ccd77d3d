import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { card, member } from "~db/schema";
import type { Database } from "../db/db.server";

/**
 * The team cards a member held stop, once they are no longer in the team (decision 0236): in the batch that removes
 * them, after the removal, so a refused removal pauses nothing. Returns the published slugs, for the caller to purge.
 */
export const pauseHeldCards = (db: Database, userId: string, teamId: string) =>
  db
    .update(card)
    .set({ pausedAt: sql`(unixepoch('subsec') * 1000)` })
    .where(
      and(
        eq(card.userId, teamId),
        eq(card.holderId, userId),
        isNull(card.pausedAt),
        sql`not exists (select 1 from ${member} where ${member.workspaceId} = ${teamId} and ${member.userId} = ${userId})`,
      ),
    )
    .returning({ slug: card.slug, published: card.published });

/**
 * The team cards a member held and that were paused when they left run again once they are back in the team: in the
 * batch that brings them back, after the join, so a join refused by its own rules resumes nothing.
 */
export const resumeHeldCards = (db: Database, userId: string, teamId: string) =>
  db
    .update(card)
    .set({ pausedAt: null })
    .where(
      and(
        eq(card.userId, teamId),
        eq(card.holderId, userId),
        isNotNull(card.pausedAt),
        sql`exists (select 1 from ${member} where ${member.workspaceId} = ${teamId} and ${member.userId} = ${userId})`,
      ),
    )
    .returning({ slug: card.slug, published: card.published });

export const publishedSlugs = (rows: { slug: string | null; published: boolean }[]) =>
  rows.filter((r) => r.published && r.slug).map((r) => r.slug as string);
