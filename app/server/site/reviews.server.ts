import { and, desc, eq, sql } from "drizzle-orm";
import { review, reviewHelpful } from "~db/schema";
import type { Database } from "../db/db.server";
import { outer } from "../db/outer.server";

export type NewReview = { name: string; email: string; rating: number; body: string };

/** Visible reviews, newest first, with the helpful count and whether this visitor marked each one. Email is not selected. */
export async function listReviews(db: Database, visitorId: string | undefined) {
  return db
    .select({
      id: review.id,
      name: review.name,
      rating: review.rating,
      body: review.body,
      verified: review.verified,
      createdAt: review.createdAt,
      helpful: sql<number>`(select count(*) from ${reviewHelpful} where ${reviewHelpful.reviewId} = ${outer(review.id)})`,
      userHelpful: visitorId
        ? sql<number>`exists(select 1 from ${reviewHelpful} where ${reviewHelpful.reviewId} = ${outer(review.id)} and ${reviewHelpful.visitorId} = ${visitorId})`
        : sql<number>`0`,
    })
    .from(review)
    .where(eq(review.hidden, false))
    .orderBy(desc(review.createdAt), desc(review.id));
}

/** New reviews start unverified and visible; moderators hide abusive ones with the hidden flag. */
export async function addReview(db: Database, input: NewReview) {
  const [row] = await db
    .insert(review)
    .values({ ...input, verified: false })
    .returning({ id: review.id });
  return row?.id;
}

/** Marks the review helpful for this visitor, or clears the mark when already set. Returns the new state. */
export async function toggleHelpful(db: Database, reviewId: number, visitorId: string) {
  const target = await db
    .select({ id: review.id })
    .from(review)
    .where(and(eq(review.id, reviewId), eq(review.hidden, false)))
    .get();
  if (!target) return null;
  const removed = await db
    .delete(reviewHelpful)
    .where(and(eq(reviewHelpful.reviewId, reviewId), eq(reviewHelpful.visitorId, visitorId)))
    .returning({ id: reviewHelpful.reviewId });
  if (removed.length) return false;
  await db.insert(reviewHelpful).values({ reviewId, visitorId }).onConflictDoNothing();
  return true;
}
