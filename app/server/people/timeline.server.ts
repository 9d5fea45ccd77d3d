import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { CONTACT_KINDS, type InteractionKind, kindLabel, MANUAL_KINDS } from "~/lib/follow/kinds";
import { connection, interaction } from "~db/schema";
import type { Database, Owners } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { emitEvent, type SyncContext } from "../integrations/webhooks.server";
import { peopleOf, readsEntry, viewerOf } from "./access.server";

/**
 * The timeline's one home. Every entry (logged by hand, through the API, or written when something
 * happens: a share-back, a capture, a saved card, a merge, a confirmed follow-up, a gift) goes through
 * here, and each write keeps `connection.last_contact_at` equal to the latest real contact (CONTACT_KINDS) in the same batch,
 * so last contacted is derived from the timeline and never typed.
 */

export type Entry = {
  kind: InteractionKind;
  /** "manual", "api", or what wrote it: share, scan, saved, merge, assistant, gift. */
  source?: string;
  occurredAt?: Date;
  text?: string;
  /** What the entry refers to elsewhere, e.g. a gift's id. */
  ref?: string | null;
  /** Idempotency key: the same submission is stored once. */
  clientId?: string | null;
  /** The member who wrote it (decision 0234), and whether only they read it. */
  authorId?: string | null;
  private?: boolean;
};

/** An entry that is contact with the person: a contact kind, or a last contact carried over from before the timeline. */
export const isContactSql = sql.raw(
  `(kind in (${CONTACT_KINDS.map((k) => `'${k}'`).join(", ")}) or source = 'earlier')`,
);

/** Sets last contacted to the person's latest real contact (null when there is none). */
export const lastContactStatement = (userId: string, personId: SQL | number): Statement =>
  rawSql(sql`update ${connection} set last_contact_at = (select max(occurred_at) from ${interaction}
    where user_id = ${userId} and connection_id = ${personId} and ${isContactSql})
    where user_id = ${userId} and id = ${personId}`);

/**
 * The statements that add one entry (a repeat of its clientId is skipped) and move last contacted;
 * for callers that write them in their own batch (the people core's arrivals, merges, gifts).
 */
export function entryStatements(userId: string, personId: SQL | number, entry: Entry): Statement[] {
  const occurredAt = entry.occurredAt ?? new Date();
  return [
    rawSql(sql`insert into ${interaction} (user_id, connection_id, kind, source, occurred_at, text, ref, client_id, author_id, private)
      values (${userId}, ${personId}, ${entry.kind}, ${entry.source ?? "manual"}, ${occurredAt.getTime()},
        ${(entry.text ?? "").slice(0, 5000)}, ${entry.ref ?? null}, ${entry.clientId ?? null},
        ${entry.authorId ?? null}, ${entry.private ? 1 : 0})
      on conflict (user_id, client_id) do nothing`),
    lastContactStatement(userId, personId),
  ];
}

export type Logged = { id: number; connectionId: number; kind: string; source: string; occurredAt: Date; text: string };

/**
 * Logs one interaction with one of the people this member sees and tells the workspace's webhooks
 * (`interaction.logged`). Another account's person, or a team person the member may not see, answers null and
 * nothing is written. A private note is not sent to webhooks: only its author reads it.
 */
export async function logInteraction(
  ctx: SyncContext,
  owner: string | Owners,
  personId: number,
  entry: Entry,
  options: { waitUntil?: (p: Promise<unknown>) => void } = {},
): Promise<Logged | null> {
  const { db } = ctx;
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const [owned] = await db
    .select({ id: connection.id, name: connection.name })
    .from(connection)
    .where(and(eq(connection.id, personId), peopleOf(viewer)));
  if (!owned) return null;
  const clientId = entry.clientId ?? `i-${crypto.randomUUID()}`;
  // A replay (same idempotency key) answers the stored entry and tells no webhook twice.
  const [before] = entry.clientId
    ? await db
        .select({ id: interaction.id })
        .from(interaction)
        .where(and(eq(interaction.userId, userId), eq(interaction.clientId, clientId)))
    : [];
  await writeBatch(db, entryStatements(userId, personId, { ...entry, clientId }));
  const [row] = await db
    .select()
    .from(interaction)
    .where(and(eq(interaction.userId, userId), eq(interaction.clientId, clientId)));
  if (!row) return null;
  const logged: Logged = {
    id: row.id,
    connectionId: row.connectionId,
    kind: row.kind,
    source: row.source,
    occurredAt: row.occurredAt,
    text: row.text,
  };
  if (before || row.private) return logged;
  const sent = emitEvent(ctx, userId, "interaction.logged", {
    interaction: { ...logged, occurredAt: logged.occurredAt.toISOString(), label: kindLabel(logged.kind) },
    person: { id: owned.id, name: owned.name },
  }).catch((error) => console.error("interaction webhook", error));
  if (options.waitUntil) options.waitUntil(sent);
  else await sent;
  return logged;
}

/**
 * A person's timeline, newest first. `after` is the (moment, id) of the last entry of the previous page:
 * a keyset on both, so entries that share a moment are neither lost nor repeated between pages.
 */
export function timelineOf(
  db: Database,
  owner: string | Owners,
  personId: number,
  limit = 100,
  before?: Date,
  after?: { at: number; id: number } | null,
) {
  return db
    .select({
      id: interaction.id,
      kind: interaction.kind,
      source: interaction.source,
      occurredAt: interaction.occurredAt,
      // The stored number itself, for the cursor: a Date would round away fractions of a millisecond.
      // Named apart from occurred_at, so the row reads the same inside a D1 batch (keyed by column name).
      at: sql<number>`${interaction.occurredAt}`.as("at"),
      text: interaction.text,
      ref: interaction.ref,
      private: interaction.private,
    })
    .from(interaction)
    .where(
      and(
        eq(interaction.userId, viewerOf(owner).workspaceId),
        eq(interaction.connectionId, personId),
        // Another member's private note is theirs alone (decision 0234).
        readsEntry(viewerOf(owner)),
        before ? sql`${interaction.occurredAt} < ${before.getTime()}` : undefined,
        after ? sql`(${interaction.occurredAt}, ${interaction.id}) < (${after.at}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(interaction.occurredAt), desc(interaction.id))
    .limit(limit);
}

/**
 * Removes one entry logged by hand or through the API and moves last contacted back; another member's private
 * note is not found, as if it did not exist.
 */
export async function deleteInteraction(db: Database, owner: string | Owners, personId: number, id: number) {
  if (!Number.isSafeInteger(id)) return false;
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const [row] = await db
    .select({ id: interaction.id })
    .from(interaction)
    .where(
      and(
        eq(interaction.id, id),
        eq(interaction.userId, userId),
        eq(interaction.connectionId, personId),
        inArray(interaction.source, ["manual", "api"]),
        inArray(interaction.kind, [...MANUAL_KINDS]),
        readsEntry(viewer),
      ),
    );
  if (!row) return false;
  await writeBatch(db, [
    db.delete(interaction).where(and(eq(interaction.id, id), eq(interaction.userId, userId))),
    lastContactStatement(userId, personId),
  ]);
  return true;
}

/**
 * A gift or pledge on the giver's timeline, for fundraising to write in the same batch as the gift:
 * `ref` is the gift's id, so a replayed payment webhook adds the entry once.
 */
export function giftEntryStatements(
  userId: string,
  personId: SQL | number,
  gift: { id: string | number; summary: string; at: Date },
): Statement[] {
  return entryStatements(userId, personId, {
    kind: "gift",
    source: "gift",
    occurredAt: gift.at,
    text: gift.summary,
    ref: String(gift.id),
    clientId: `gift-${gift.id}`,
  });
}

/**
 * giftEntryStatements for many gifts at once (an import): each stored gift (found by its key) gets its
 * entry on its giver's timeline, dated the day it was given, with the same ref and once-only client id;
 * last contacted moves for each giver. A few statements per 250 gifts, whatever the file's size; the
 * file's rows drive each join (cross join), so the owner's other gifts are looked up by key, never scanned.
 */
export function giftEntriesStatements(userId: string, gifts: { key: string; summary: string }[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < gifts.length; i += 250) {
    const json = JSON.stringify(gifts.slice(i, i + 250));
    statements.push(
      rawSql(sql`insert into ${interaction} (user_id, connection_id, kind, source, occurred_at, text, ref, client_id)
        select ${userId}, g.connection_id, 'gift', 'gift', unixepoch(g.date || ' 12:00:00') * 1000,
          substr(json_extract(j.value, '$.summary'), 1, 5000), g.external_key, 'gift-' || g.external_key
        from json_each(${json}) j
        cross join gift g on g.user_id = ${userId} and g.external_key = json_extract(j.value, '$.key')
        where g.connection_id is not null
        on conflict (user_id, client_id) do nothing`),
      rawSql(sql`update ${connection} set last_contact_at = (select max(occurred_at) from ${interaction} i
          where i.user_id = ${userId} and i.connection_id = connection.id and ${isContactSql})
        where user_id = ${userId} and id in (select g.connection_id from json_each(${json}) j
          cross join gift g on g.user_id = ${userId} and g.external_key = json_extract(j.value, '$.key'))`),
    );
  }
  return statements;
}
