import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { PRIORITIES, type Priority, uniqueTags } from "~/lib/people/connection-rules";
import { foldName } from "~/lib/people/normalise";
import {
  connection,
  consentRecord,
  contactPoint,
  interaction,
  personHistory,
  personMerge,
  reminder,
  sharedContact,
} from "~db/schema";
import { chunk } from "../db/budget.server";
import { lostClaim, personClaims, personVersions } from "../db/claim.server";
import type { Database, Owners } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { peopleOf, viewerOf } from "./access.server";
import { emitPeopleEvents, type PeopleEvents } from "./events.server";
import { entryStatements, lastContactStatement } from "./timeline.server";

type Batch = Statement[];
export const MAX_MERGE = 10;

/** What a merge or undo answers when another one changed the same people first: nothing was written. */
export const MERGE_CONFLICT = { conflict: true } as const;
export const MERGE_CONFLICT_MESSAGE =
  "Another merge or undo of these people finished first, so nothing was changed. Look at them again and retry.";
const inList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Single-valued fields the owner picks one value for; everything multi-valued is kept whole. */
export const MERGE_FIELDS = [
  ["name", "Name"],
  ["title", "Title"],
  ["company", "Company"],
  ["department", "Department"],
  ["role", "Role"],
  ["status", "Status"],
  ["eventName", "Met at"],
  ["context", "Context"],
  ["birthday", "Birthday"],
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number][0];

/**
 * Everyone to be merged, side by side, with their contact points; null unless the viewer sees them all (a team
 * person the member may not see, decision 0234, is as absent as another account's).
 */
export async function previewMerge(db: Database, viewer: string | Owners, ids: number[]) {
  const v = viewerOf(viewer);
  const userId = v.workspaceId;
  const unique = [...new Set(ids)].slice(0, MAX_MERGE + 1);
  if (unique.length < 2 || unique.length > MAX_MERGE) return null;
  const people = await db
    .select()
    .from(connection)
    .where(and(peopleOf(v), inArray(connection.id, unique)));
  // A merge is all-or-nothing: one id of another account (or gone) refuses the whole merge.
  if (people.length !== unique.length) return null;
  people.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const points = await db
    .select()
    .from(contactPoint)
    .where(and(eq(contactPoint.userId, userId), inArray(contactPoint.connectionId, unique)));
  const fields = MERGE_FIELDS.map(([field, label]) => {
    const options = people
      .map((p) => ({ personId: p.id, value: p[field] ?? "" }))
      .filter((o, i, all) => o.value && all.findIndex((x) => x.value === o.value) === i);
    return { field, label, options };
  }).filter((f) => f.options.length > 0);
  return { people, points, fields };
}

/**
 * Merges people into the primary after the owner saw the preview: each picked field comes from the
 * person chosen for it, every contact point, tag, note, follow-up, share-back and history entry is
 * kept, and a merge record holds everyone as they were so the merge can be undone. One batch; null
 * (nothing written) unless every id belongs to this owner; MERGE_CONFLICT (nothing written) when another
 * merge or undo changed any of them after they were read here, or one of them is gone.
 */
export async function mergePeople(
  db: Database,
  viewer: string | Owners,
  primaryId: number,
  otherIds: number[],
  picks: Partial<Record<MergeField, number>>,
  events: PeopleEvents,
) {
  const userId = viewerOf(viewer).workspaceId;
  const ids = [...new Set([primaryId, ...otherIds])];
  // Read before the people: a merge or undo of any of them that ends in between makes this one lose.
  const versions = await personVersions(db, userId, ids);
  const preview = await previewMerge(db, viewer, ids);
  if (!preview) return null;
  const primary = preview.people.find((p) => p.id === primaryId);
  if (!primary) return null;
  const others = preview.people.filter((p) => p.id !== primaryId);
  const otherIdsOwned = others.map((o) => o.id);
  const byId = new Map(preview.people.map((p) => [p.id, p]));

  const raw = (table: string, column: string) =>
    db.all<Record<string, unknown>>(
      sql`select * from ${sql.identifier(table)} where user_id = ${userId} and ${sql.identifier(column)} in (${sql.join(
        otherIdsOwned.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const [rows, points, reminders, shares, history, primaryRaw, entries, consents] = await Promise.all([
    raw("connection", "id"),
    raw("contact_point", "connection_id"),
    raw("reminder", "connection_id"),
    db.all<Record<string, unknown>>(
      sql`select id, connection_id from shared_contacts where recipient_user_id = ${userId} and connection_id in (${sql.join(
        otherIdsOwned.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
    raw("person_history", "connection_id"),
    db.all<Record<string, unknown>>(sql`select * from connection where user_id = ${userId} and id = ${primaryId}`),
    db.all<Record<string, unknown>>(
      sql`select id, connection_id from interaction where user_id = ${userId} and connection_id in (${sql.join(
        otherIdsOwned.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
    db.all<Record<string, unknown>>(
      sql`select id, connection_id from consent_record where sender_workspace_id = ${userId} and connection_id in (${sql.join(
        otherIdsOwned.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  ]);
  const snapshot = {
    primary: primaryRaw[0],
    people: rows,
    moved: {
      contact_point: points.map((p) => [p.id, p.connection_id]),
      preferred: points.filter((p) => p.preferred).map((p) => p.id),
      reminder: reminders.map((p) => [p.id, p.connection_id]),
      shared_contacts: shares.map((p) => [p.id, p.connection_id]),
      person_history: history.map((p) => [p.id, p.connection_id]),
      interaction: entries.map((p) => [p.id, p.connection_id]),
      consent_record: consents.map((p) => [p.id, p.connection_id]),
    },
  };

  const pick = <F extends MergeField>(field: F) => {
    const chosen = picks[field] !== undefined ? byId.get(picks[field] as number) : undefined;
    return (chosen ?? primary)[field] ?? [primary, ...others].map((p) => p[field]).find((v) => v) ?? null;
  };
  const notes = [...new Set([primary, ...others].map((p) => p.notes?.trim()).filter(Boolean))].join("\n\n");
  const rank = (p: Priority) => PRIORITIES.indexOf(p);
  const strengths = [primary, ...others].map((p) => p.strength).filter((s): s is number => s !== null);
  const fill = (key: "email" | "phone" | "website" | "linkedin") =>
    [primary, ...others].map((p) => p[key]).find(Boolean) ?? null;
  const names = others.map((o) => o.name).join(", ");
  const everyoneThere = sql`(select count(*) from connection where user_id = ${userId} and id in (${inList(ids)})) = ${ids.length}`;
  const statements: Batch = [
    ...personClaims(userId, versions, everyoneThere),
    db
      .update(connection)
      .set({
        name: pick("name") as string,
        title: pick("title"),
        company: pick("company"),
        department: pick("department"),
        role: pick("role"),
        status: pick("status") as "Active",
        eventName: pick("eventName"),
        context: pick("context"),
        birthday: pick("birthday"),
        nameKey: foldName(pick("name") as string),
        email: fill("email"),
        phone: fill("phone"),
        website: fill("website"),
        linkedin: fill("linkedin"),
        // The primary's photo, else the first other's; theirs stay stored for an undo.
        image: [primary, ...others].map((p) => p.image).find(Boolean) ?? null,
        notes: notes.slice(0, 20_000) || null,
        tags: uniqueTags([primary, ...others].flatMap((p) => p.tags)),
        priority: [primary, ...others].map((p) => p.priority).sort((a, b) => rank(a) - rank(b))[0] ?? primary.priority,
        strength: strengths.length ? Math.max(...strengths) : null,
      })
      .where(and(eq(connection.id, primaryId), eq(connection.userId, userId))),
    // Points of the others stop being preferred: the primary's preferred ones stay first.
    db
      .update(contactPoint)
      .set({ connectionId: primaryId, preferred: false })
      .where(and(eq(contactPoint.userId, userId), inArray(contactPoint.connectionId, otherIdsOwned))),
    db
      .update(reminder)
      .set({ connectionId: primaryId })
      .where(and(eq(reminder.userId, userId), inArray(reminder.connectionId, otherIdsOwned))),
    db
      .update(sharedContact)
      .set({ connectionId: primaryId })
      .where(and(eq(sharedContact.recipientUserId, userId), inArray(sharedContact.connectionId, otherIdsOwned))),
    db
      .update(personHistory)
      .set({ connectionId: primaryId })
      .where(and(eq(personHistory.userId, userId), inArray(personHistory.connectionId, otherIdsOwned))),
    db
      .update(interaction)
      .set({ connectionId: primaryId })
      .where(and(eq(interaction.userId, userId), inArray(interaction.connectionId, otherIdsOwned))),
    // Consents go with the person: a merge never drops one (the latest email record still decides).
    db
      .update(consentRecord)
      .set({ connectionId: primaryId })
      .where(and(eq(consentRecord.senderWorkspaceId, userId), inArray(consentRecord.connectionId, otherIdsOwned))),
    db.delete(connection).where(and(eq(connection.userId, userId), inArray(connection.id, otherIdsOwned))),
    ...entryStatements(userId, primaryId, { kind: "merge", source: "merge", text: `Merged with ${names}` }),
    db.insert(personMerge).values({ userId, primaryId, mergedIds: otherIdsOwned, snapshot }),
    db.insert(personHistory).values({
      userId,
      connectionId: primaryId,
      kind: "merged",
      source: "merge",
      detail: `Merged with ${names}`.slice(0, 1000),
    }),
  ];
  try {
    await writeBatch(db, statements);
  } catch (error) {
    if (lostClaim(error)) return MERGE_CONFLICT;
    throw error;
  }
  const [record] = await db
    .select({ id: personMerge.id })
    .from(personMerge)
    .where(and(eq(personMerge.userId, userId), eq(personMerge.primaryId, primaryId)))
    .orderBy(desc(personMerge.id))
    .limit(1);
  await emitPeopleEvents(events, userId, [{ type: "person.merged", id: primaryId, mergedIds: otherIdsOwned }]);
  return { id: primaryId, name: pick("name") as string, merged: otherIdsOwned.length, mergeId: record?.id ?? null };
}

type Snapshot = {
  primary: Record<string, unknown>;
  people: Record<string, unknown>[];
  moved: Record<"contact_point" | "reminder" | "shared_contacts" | "person_history", [number, number][]> & {
    interaction?: [number, number][];
    consent_record?: [number, number][];
    preferred?: number[];
  };
};

/** The owner's latest merges that can still be undone, newest first. */
export function undoableMerges(db: Database, userId: string, primaryId: number) {
  return db
    .select({ id: personMerge.id, mergedIds: personMerge.mergedIds, createdAt: personMerge.createdAt })
    .from(personMerge)
    .where(and(eq(personMerge.userId, userId), eq(personMerge.primaryId, primaryId), isNull(personMerge.undoneAt)))
    .orderBy(desc(personMerge.id))
    .limit(5);
}

/**
 * Undoes a merge: the merged people come back with their own ids and fields, their contact points,
 * follow-ups, share-backs and history move back, and the primary gets its fields from before. One batch;
 * null when there is no such merge left to undo, MERGE_CONFLICT when another undo or merge of the same
 * people finished first (nothing written).
 */
export async function undoMerge(
  db: Database,
  userId: string,
  mergeId: number,
  events: PeopleEvents,
  /** The person whose page asks: only a merge into them is undone, so a posted id reaches no one else's. */
  primaryId?: number,
) {
  const current = () =>
    db
      .select()
      .from(personMerge)
      .where(
        and(
          eq(personMerge.id, mergeId),
          eq(personMerge.userId, userId),
          isNull(personMerge.undoneAt),
          primaryId === undefined ? undefined : eq(personMerge.primaryId, primaryId),
        ),
      );
  const [seen] = await current();
  if (!seen) return null;
  const ids = [seen.primaryId, ...seen.mergedIds];
  const versions = await personVersions(db, userId, ids);
  // Read again after the versions: an undo that finished in between is seen here, one that ends later loses.
  const [record] = await current();
  if (!record) return null;
  const snap = record.snapshot as Snapshot;
  const [primaryNow] = await db
    .select({ id: connection.id })
    .from(connection)
    .where(and(eq(connection.id, record.primaryId), eq(connection.userId, userId)));
  if (!primaryNow) return null;
  // At write time: still not undone, the primary still there, and nobody it restores back already.
  const stillUndoable = sql`(select count(*) from person_merge where id = ${record.id} and undone_at is null) = 1
    and exists (select 1 from connection where user_id = ${userId} and id = ${record.primaryId})
    and not exists (select 1 from connection where id in (${inList(record.mergedIds)}))`;
  const statements: Batch = [...personClaims(userId, versions, stillUndoable)];
  for (const person of snap.people) {
    const columns = Object.keys(person);
    statements.push(
      rawSql(
        sql`insert into connection (${sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        )}) values (${sql.join(
          columns.map((c) => sql`${person[c] as string | number | null}`),
          sql`, `,
        )})`,
      ),
    );
  }
  const restore = Object.keys(snap.primary).filter((c) => !["id", "user_id", "created_at"].includes(c));
  statements.push(
    rawSql(
      sql`update connection set ${sql.join(
        restore.map((c) => sql`${sql.identifier(c)} = ${snap.primary[c] as string | number | null}`),
        sql`, `,
      )} where id = ${record.primaryId} and user_id = ${userId}`,
    ),
  );
  const { preferred = [], ...moved } = snap.moved;
  for (const part of chunk(preferred))
    statements.push(
      db
        .update(contactPoint)
        .set({ preferred: true })
        .where(and(eq(contactPoint.userId, userId), inArray(contactPoint.id, part))),
    );
  for (const [table, moves] of Object.entries(moved) as [string, [number, number][]][]) {
    const owner =
      table === "shared_contacts"
        ? "recipient_user_id"
        : table === "consent_record"
          ? "sender_workspace_id"
          : "user_id";
    const byTarget = new Map<number, number[]>();
    for (const [id, to] of moves) byTarget.set(to, [...(byTarget.get(to) ?? []), id]);
    for (const [to, rowIds] of byTarget)
      for (const part of chunk(rowIds))
        statements.push(
          rawSql(
            sql`update ${sql.identifier(table)} set connection_id = ${to} where ${sql.identifier(owner)} = ${userId} and id in (${sql.join(
              part.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
  }
  statements.push(
    db.update(personMerge).set({ undoneAt: new Date() }).where(eq(personMerge.id, record.id)),
    db.insert(personHistory).values({
      userId,
      connectionId: record.primaryId,
      kind: "unmerged",
      source: "merge",
      detail: `Undid the merge with ${snap.people.map((p) => p.name).join(", ")}`.slice(0, 1000),
    }),
    // Last contacted follows each restored person's own timeline again.
    ...[record.primaryId, ...record.mergedIds].map((id) => lastContactStatement(userId, id)),
  );
  try {
    await writeBatch(db, statements);
  } catch (error) {
    if (lostClaim(error)) return MERGE_CONFLICT;
    throw error;
  }
  // The restored people come back as new to a subscriber; the primary changed back.
  await emitPeopleEvents(events, userId, [
    { type: "person.updated", id: record.primaryId },
    ...record.mergedIds.map((id) => ({ type: "person.created" as const, id })),
  ]);
  return { primaryId: record.primaryId, restored: record.mergedIds };
}
