import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { normalizeTags } from "~/lib/connection-rules";
import { emailKey, mergeContacts } from "~/lib/dedupe";
import { caseName, normalizeLinkedIn, suggestFromEmail } from "~/lib/enrich";
import { asCountry, normalizePhone, phoneKey } from "~/lib/phone";
import { connection, notification, reminder, sharedContact } from "~db/schema";
import { activeEventName } from "./active-event.server";
import type { Database } from "./db.server";

export const PAGE_SIZE = 25;

// D1 refuses LIKE patterns over 50 bytes, so the escaped term is cut to fit with its two wildcards.
const MAX_PATTERN_BYTES = 48;
function likeTerm(term: string): string {
  let out = "";
  for (const ch of term) {
    const next = out + (/[\\%_]/.test(ch) ? `\\${ch}` : ch);
    if (new TextEncoder().encode(next).byteLength > MAX_PATTERN_BYTES) break;
    out = next;
  }
  return out;
}

/** One page of the owner's connections, newest first, optionally matching a search. */
export const SORTS = ["newest", "oldest", "name", "priority"] as const;
export type ConnectionQuery = {
  q?: string;
  page?: number;
  tag?: string;
  priority?: string;
  status?: string;
  event?: string;
  from?: string;
  to?: string;
  sort?: string;
};

const dayStart = (d: string | undefined) =>
  d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T00:00:00Z`) : Number.NaN;

/** One page of the owner's connections with search, filters and sort, all from the URL. */
export async function listConnections(db: Database, userId: string, query: ConnectionQuery) {
  const term = likeTerm((query.q ?? "").trim());
  const pattern = `%${term}%`;
  const from = dayStart(query.from);
  const to = dayStart(query.to);
  const where = and(
    eq(connection.userId, userId),
    term
      ? or(
          sql`${connection.name} like ${pattern} escape '\\'`,
          sql`${connection.company} like ${pattern} escape '\\'`,
          sql`${connection.email} like ${pattern} escape '\\'`,
          sql`${connection.notes} like ${pattern} escape '\\'`,
        )
      : undefined,
    query.tag
      ? sql`exists (select 1 from json_each(${connection.tags}) where json_each.value = ${query.tag.slice(0, 40)})`
      : undefined,
    query.priority && ["high", "medium", "low"].includes(query.priority)
      ? eq(connection.priority, query.priority as "high")
      : undefined,
    query.status && ["Active", "Pending", "Archived"].includes(query.status)
      ? eq(connection.status, query.status as "Active")
      : undefined,
    query.event ? eq(connection.eventName, query.event.slice(0, 120)) : undefined,
    Number.isNaN(from) ? undefined : sql`${connection.createdAt} >= ${from}`,
    Number.isNaN(to) ? undefined : sql`${connection.createdAt} < ${to + 86_400_000}`,
  );
  const order =
    query.sort === "oldest"
      ? [asc(connection.createdAt), asc(connection.id)]
      : query.sort === "name"
        ? [asc(sql`lower(${connection.name})`), asc(connection.id)]
        : query.sort === "priority"
          ? [
              asc(sql`case ${connection.priority} when 'high' then 0 when 'medium' then 1 else 2 end`),
              desc(connection.createdAt),
            ]
          : [desc(connection.createdAt), desc(connection.id)];
  const page = Math.max(1, query.page ?? 1);
  const [rows, [total], tags, events] = await Promise.all([
    db
      .select({
        id: connection.id,
        name: connection.name,
        title: connection.title,
        company: connection.company,
        email: connection.email,
        priority: connection.priority,
        status: connection.status,
        tags: connection.tags,
        eventName: connection.eventName,
        createdAt: connection.createdAt,
      })
      .from(connection)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: sql<number>`count(*)` }).from(connection).where(where),
    db.all<{ value: string }>(
      sql`select distinct json_each.value as value from ${connection}, json_each(${connection.tags}) where ${connection.userId} = ${userId} order by 1 limit 200`,
    ),
    db
      .selectDistinct({ value: connection.eventName })
      .from(connection)
      .where(and(eq(connection.userId, userId), sql`${connection.eventName} is not null`))
      .orderBy(asc(connection.eventName))
      .limit(200),
  ]);
  return { rows, total: total?.n ?? 0, tags: tags.map((t) => t.value), events: events.map((e) => e.value ?? "") };
}

export type BulkChange =
  | { kind: "priority"; value: "high" | "medium" | "low" }
  | { kind: "status"; value: "Active" | "Pending" | "Archived" }
  | { kind: "add-tag" | "remove-tag"; value: string };

/** Applies one change to the owner's selected connections, keeping the tag rule. */
export async function bulkChange(db: Database, userId: string, ids: number[], change: BulkChange) {
  if (ids.length === 0) return 0;
  const owned = and(eq(connection.userId, userId), inArray(connection.id, ids.slice(0, 500)));
  if (change.kind === "priority")
    return (await db.update(connection).set({ priority: change.value }).where(owned).returning({ id: connection.id }))
      .length;
  if (change.kind === "status")
    return (await db.update(connection).set({ status: change.value }).where(owned).returning({ id: connection.id }))
      .length;
  const rows = await db.select({ id: connection.id, tags: connection.tags }).from(connection).where(owned);
  const tag = change.value.trim().slice(0, 40);
  const statements = rows.map((r) =>
    db
      .update(connection)
      .set({
        tags: normalizeTags(
          change.kind === "add-tag" ? [...r.tags, tag] : r.tags.filter((t) => t.toLowerCase() !== tag.toLowerCase()),
        ),
      })
      .where(and(eq(connection.id, r.id), eq(connection.userId, userId))),
  );
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return rows.length;
}

/** The owner's connection, or undefined: never another account's. */
export async function getConnection(db: Database, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)));
  return row;
}

export type ConnectionUpdate = Partial<
  Pick<
    typeof connection.$inferInsert,
    | "name"
    | "title"
    | "company"
    | "email"
    | "phone"
    | "website"
    | "linkedin"
    | "tags"
    | "priority"
    | "status"
    | "strength"
    | "context"
    | "eventName"
    | "notes"
  >
>;

export async function updateConnection(db: Database, userId: string, id: number, values: ConnectionUpdate) {
  const rows = await db
    .update(connection)
    .set(values)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)))
    .returning({ id: connection.id });
  return rows.length > 0;
}

export async function deleteConnection(db: Database, userId: string, id: number) {
  const rows = await db
    .delete(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)))
    .returning({ id: connection.id });
  return rows.length > 0;
}

export function latestNotifications(db: Database, userId: string, limit = 5) {
  return db
    .select({
      id: notification.id,
      title: notification.title,
      message: notification.message,
      type: notification.type,
      read: notification.read,
      actionLabel: notification.actionLabel,
      actionUrl: notification.actionUrl,
      createdAt: notification.createdAt,
    })
    .from(notification)
    .where(eq(notification.userId, userId))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(limit);
}

/** Everything the owner has, or the chosen ids, for export. */
export function connectionsForExport(db: Database, userId: string, ids: number[] | null) {
  return db
    .select()
    .from(connection)
    .where(and(eq(connection.userId, userId), ids ? inArray(connection.id, ids) : undefined))
    .orderBy(desc(connection.createdAt))
    .limit(50_000);
}

export type ConnectionDraft = Omit<ConnectionUpdate, "name" | "tags"> & { name: string; tags: string[] };

/** Enrichment that needs no network: names cased, phone in E.164, company and website from a work email. */
export function enrichDraft(draft: ConnectionDraft, country: string): ConnectionDraft {
  const suggested = suggestFromEmail(draft.email);
  return {
    ...draft,
    name: caseName(draft.name) || draft.name,
    email: emailKey(draft.email),
    phone: normalizePhone(draft.phone, asCountry(country)),
    company: draft.company || suggested?.company || null,
    website: draft.website || suggested?.website || null,
    linkedin: normalizeLinkedIn(draft.linkedin),
  };
}

/** The owner's connections that are the same person: same email, or same phone after normalisation. */
export async function findDuplicateConnections(
  db: Database,
  userId: string,
  c: { email?: string | null; phone?: string | null },
  country: string,
  exceptId?: number,
) {
  const email = emailKey(c.email);
  const phone = phoneKey(c.phone, asCountry(country));
  if (!email && !phone) return [];
  return db
    .select({ id: connection.id, name: connection.name, email: connection.email, phone: connection.phone })
    .from(connection)
    .where(
      and(
        eq(connection.userId, userId),
        exceptId ? ne(connection.id, exceptId) : undefined,
        or(
          email ? sql`lower(${connection.email}) = ${email}` : undefined,
          phone ? eq(connection.phone, phone) : undefined,
        ),
      ),
    )
    .orderBy(asc(connection.createdAt))
    .limit(5);
}

/** Someone added by hand while an event is active is met there, unless the owner typed another "Met at". */
export async function addConnection(db: Database, userId: string, draft: ConnectionDraft) {
  const active = draft.eventName ? null : await activeEventName(db, userId);
  const tagged = active ? { ...draft, eventName: active, tags: normalizeTags([...draft.tags, active]) } : draft;
  const [row] = await db
    .insert(connection)
    .values({ ...tagged, userId, source: "manual", lastContactAt: new Date() })
    .returning({ id: connection.id });
  return row?.id ?? null;
}

/**
 * Folds other connections (or a new draft) into the primary: the primary's values win, gaps are
 * filled, every note and tag is kept; follow-ups and share-backs move to the primary. One batch.
 */
export async function mergeConnections(
  db: Database,
  userId: string,
  primaryId: number,
  otherIds: number[],
  drafts: ConnectionDraft[] = [],
) {
  const ids = [primaryId, ...otherIds.filter((id) => id !== primaryId)].slice(0, 50);
  const rows = await db
    .select()
    .from(connection)
    .where(and(eq(connection.userId, userId), inArray(connection.id, ids)));
  const primary = rows.find((r) => r.id === primaryId);
  if (!primary) return null;
  const others = rows.filter((r) => r.id !== primaryId);
  const merged = mergeContacts(primary, [
    ...others,
    ...drafts.map((d) => ({
      ...d,
      email: d.email ?? null,
      phone: d.phone ?? null,
      title: d.title ?? null,
      company: d.company ?? null,
      website: d.website ?? null,
      linkedin: d.linkedin ?? null,
      eventName: d.eventName ?? null,
      notes: d.notes ?? null,
      priority: d.priority ?? "medium",
      strength: d.strength ?? null,
    })),
  ]);
  const contexts = [primary, ...others, ...drafts].map((c) => c.context?.trim()).filter(Boolean);
  const otherIdsOwned = others.map((o) => o.id);
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(connection)
      .set({
        email: merged.email,
        phone: merged.phone,
        title: merged.title,
        company: merged.company,
        website: merged.website,
        linkedin: merged.linkedin,
        eventName: merged.eventName,
        notes: merged.notes,
        tags: merged.tags,
        priority: merged.priority,
        strength: merged.strength,
        context: [...new Set(contexts)].join("; ").slice(0, 1000) || null,
      })
      .where(and(eq(connection.id, primaryId), eq(connection.userId, userId))),
  ];
  if (otherIdsOwned.length) {
    statements.push(
      db
        .update(reminder)
        .set({ connectionId: primaryId })
        .where(and(eq(reminder.userId, userId), inArray(reminder.connectionId, otherIdsOwned))),
      db
        .update(sharedContact)
        .set({ connectionId: primaryId })
        .where(and(eq(sharedContact.recipientUserId, userId), inArray(sharedContact.connectionId, otherIdsOwned))),
      db.delete(connection).where(and(eq(connection.userId, userId), inArray(connection.id, otherIdsOwned))),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { id: primaryId, name: primary.name, merged: otherIdsOwned.length + drafts.length };
}
