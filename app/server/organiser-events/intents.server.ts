import { asc, eq, sql } from "drizzle-orm";
import { type IntentHit, type IntentSide, intentTag } from "~/lib/organiser-events/intents";
import { orgIntent, orgIntentOption } from "~db/schema";
import type { Database } from "../db/db.server";
import { writeBatch } from "../db/write.server";
import { type Attendee, admitted, exchangedWith } from "./attendees.server";

/** Matchmaking by intent (decision 0257): the organiser's list, each attendee's choices, and suggestions. */

/** The organiser's list, in their order. */
export async function intentOptions(db: Database, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ label: orgIntentOption.label })
    .from(orgIntentOption)
    .where(eq(orgIntentOption.eventId, eventId))
    .orderBy(asc(orgIntentOption.position));
  return rows.map((r) => r.label);
}

/** Replaces the organiser's list in one batch; attendees' choices stay theirs (words, not references). */
export async function setIntentOptions(db: Database, eventId: number, options: string[]) {
  await writeBatch(db, [
    db.delete(orgIntentOption).where(eq(orgIntentOption.eventId, eventId)),
    ...options.map((label, position) => db.insert(orgIntentOption).values({ eventId, position, label })),
  ]);
}

type Intents = Record<IntentSide, string[]>;

/** What this attendee looks for and offers, as they wrote it. */
export async function intentsOf(db: Database, a: Pick<Attendee, "id">): Promise<Intents> {
  const rows = await db
    .select({ side: orgIntent.side, label: orgIntent.label })
    .from(orgIntent)
    .where(eq(orgIntent.attendeeId, a.id))
    .orderBy(asc(orgIntent.id));
  return {
    need: rows.filter((r) => r.side === "need").map((r) => r.label),
    offer: rows.filter((r) => r.side === "offer").map((r) => r.label),
  };
}

/** Replaces both sides in one batch: a double submit leaves one set, never a mix. */
export async function setIntents(db: Database, a: Pick<Attendee, "id" | "eventId">, intents: Intents) {
  const rows = (["need", "offer"] as const).flatMap((side) =>
    intents[side].map((label) => ({ eventId: a.eventId, attendeeId: a.id, side, tag: intentTag(label), label })),
  );
  await writeBatch(db, [
    db.delete(orgIntent).where(eq(orgIntent.attendeeId, a.id)),
    ...rows.map((r) => db.insert(orgIntent).values(r).onConflictDoNothing()),
  ]);
}

const INTENT_MATCH_LIMIT = 10;

type IntentMatch = {
  id: number;
  name: string;
  company: string | null;
  title: string | null;
  score: number;
  /** Their offers that meet my needs, and their needs my offers meet, as they wrote them: the reasons. */
  offers: string[];
  needs: string[];
};

/**
 * People whose offers meet my needs (weighed twice) and whose needs meet my offers, best first, ties by name:
 * only admitted attendees listed in the directory and visible to me (everyone, or people I exchanged with), as the
 * directory itself shows them. The database scores and cuts; the words are written here.
 */
export async function intentMatches(db: Database, me: Attendee): Promise<IntentMatch[]> {
  if (me.state !== "going") return [];
  const rows = await db.all<{
    id: number;
    name: string;
    company: string | null;
    title: string | null;
    score: number;
    hits: string;
  }>(sql`select a.id, a.name, a.company, a.title,
      sum(case when t.side = 'offer' then 2 else 1 end) as score,
      json_group_array(json_object('side', t.side, 'label', t.label)) as hits
    from org_intent m
    join org_intent t on t.event_id = m.event_id and t.tag = m.tag and t.side <> m.side and t.attendee_id <> m.attendee_id
    join org_attendee a on a.id = t.attendee_id
    where m.attendee_id = ${me.id} and m.event_id = ${me.eventId}
      and a.listed = 1 and ${admitted(sql`a.state`)} and (a.visibility = 'everyone' or ${exchangedWith(me.id, sql`a.id`)})
    group by a.id
    order by score desc, a.name asc, a.id asc
    limit ${INTENT_MATCH_LIMIT}`);
  return rows.map((r) => {
    // In a stable order (the database groups them in any): the reasons read the same on every load.
    const hits = (JSON.parse(r.hits) as IntentHit[]).sort((x, y) => x.label.localeCompare(y.label));
    return {
      id: r.id,
      name: r.name,
      company: r.company,
      title: r.title,
      score: r.score,
      offers: hits.filter((h) => h.side === "offer").map((h) => h.label),
      needs: hits.filter((h) => h.side === "need").map((h) => h.label),
    };
  });
}
