import { and, eq } from "drizzle-orm";
import { guideVote } from "~db/schema";
import type { Database } from "../db/db.server";

export type GuideVote = "yes" | "somewhat" | "no";

/** One answer per visitor per guide: a later answer replaces the earlier one. */
export async function recordGuideVote(db: Database, guideSlug: string, visitorId: string, vote: GuideVote) {
  await db
    .insert(guideVote)
    .values({ guideSlug, visitorId, vote })
    .onConflictDoUpdate({ target: [guideVote.guideSlug, guideVote.visitorId], set: { vote } });
}

export async function getGuideVote(db: Database, guideSlug: string, visitorId: string | undefined) {
  if (!visitorId) return null;
  const row = await db
    .select({ vote: guideVote.vote })
    .from(guideVote)
    .where(and(eq(guideVote.guideSlug, guideSlug), eq(guideVote.visitorId, visitorId)))
    .get();
  return row?.vote ?? null;
}
