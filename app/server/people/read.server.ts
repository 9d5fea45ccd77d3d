import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Shape } from "~/lib/formats/csv-write";
import {
  ADDRESS_LABELS,
  type AddressLabel,
  EMAIL_LABELS,
  type EmailLabel,
  type PersonRecord,
  PHONE_LABELS,
  type PhoneLabel,
  type RolePoint,
  WEBSITE_LABELS,
  type WebsiteLabel,
} from "~/lib/people/draft";
import { foldName } from "~/lib/people/normalise";
import { connection, consentRecord, contactPoint, personHistory } from "~db/schema";
import { compiled, type Slots } from "../db/compiled.server";
import type { Database, Owners } from "../db/db.server";
import type { PageReads } from "../db/page-reads.server";
import { sessionOwner, sessionWorkspace } from "../db/session-sql.server";
import { peopleOf, seesPersonAs, type Viewer, viewerOf } from "./access.server";

/**
 * A person and their contact points, for the workspace and member `viewer` names: both filtered by it, whoever the
 * id names; a team person the member may not see (decision 0234) is not found, so their page answers 404.
 */
function personQueries<O extends string>(viewer: (slot: Slots<O>) => Viewer) {
  return {
    person: compiled((db, slot: Slots<O | "id">) =>
      db
        .select()
        .from(connection)
        .where(and(eq(connection.id, slot.id), peopleOf(viewer(slot)))),
    ),
    points: compiled((db, slot: Slots<O | "id">) =>
      db
        .select()
        .from(contactPoint)
        .where(
          and(
            eq(contactPoint.userId, viewer(slot).workspaceId),
            eq(contactPoint.connectionId, slot.id),
            sql`exists (select 1 from ${connection} where ${connection.id} = ${slot.id} and ${peopleOf(viewer(slot))})`,
          ),
        )
        .orderBy(desc(contactPoint.preferred), asc(contactPoint.id)),
    ),
  };
}

// Built once per isolate (compiled.server.ts): the person's row is the widest read of their page.
const personById = personQueries((slot: Slots<"userId" | "viewerId">) => ({
  workspaceId: slot.userId,
  userId: slot.viewerId,
}));
const personBySession = personQueries((slot: Slots<"token" | "now">) => ({
  workspaceId: sessionWorkspace(slot.token, slot.now),
  userId: sessionOwner(slot.token, slot.now),
}));

function personStatements<O extends string>(
  db: Database,
  queries: ReturnType<typeof personQueries<O>>,
  by: Record<O, string | number>,
  id: number,
) {
  return [queries.person(db, { ...by, id }), queries.points(db, { ...by, id })] as const;
}

/** A person's page's first reads (decision 0168): the person and their points, with the session on a load. */
export function personReads(id: number) {
  return {
    name: `person:${id}`,
    bySession: (db, by) => personStatements(db, personBySession, by, id),
    byId: (db, owners) => personStatements(db, personById, { userId: owners.workspaceId, viewerId: owners.userId }, id),
  } satisfies PageReads<ReturnType<typeof personStatements<"userId" | "viewerId">>>;
}

/** The person from their first reads' rows, or undefined. */
export function personFrom([[row], points]: BatchResponse<ReturnType<typeof personStatements<"userId" | "viewerId">>>) {
  return row ? { ...row, points } : undefined;
}

/** A person of the workspace this member sees, with every contact point, or undefined: never another account's. */
export async function getPerson(db: Database, owner: string | Owners, id: number) {
  const v = viewerOf(owner);
  return personFrom(
    await db.batch(personStatements(db, personById, { userId: v.workspaceId, viewerId: v.userId }, id)),
  );
}

/** When and how they came, every repeat and merge; and every consent record the owner holds for them, by purpose. */
export async function personHistoryOf(db: Database, userId: string, id: number) {
  const [history, consents] = await Promise.all([historyRead(db, { userId, id }), consentsRead(db, { userId, id })]);
  return { history, consents };
}

// Built once per isolate (compiled.server.ts).
const historyRead = compiled((db, slot: Slots<"userId" | "id">) =>
  db
    .select()
    .from(personHistory)
    .where(and(eq(personHistory.userId, slot.userId), eq(personHistory.connectionId, slot.id)))
    .orderBy(desc(personHistory.createdAt), desc(personHistory.id))
    .limit(200),
);
const consentsRead = compiled((db, slot: Slots<"userId" | "id">) =>
  db
    .select({
      id: consentRecord.id,
      purpose: consentRecord.purpose,
      state: consentRecord.state,
      senderName: consentRecord.senderName,
      shown: consentRecord.shown,
      source: consentRecord.source,
      eventName: consentRecord.eventName,
      createdAt: consentRecord.createdAt,
    })
    .from(consentRecord)
    .where(and(eq(consentRecord.senderWorkspaceId, slot.userId), eq(consentRecord.connectionId, slot.id)))
    .orderBy(desc(consentRecord.createdAt), desc(consentRecord.id))
    .limit(200),
);

/** Possible duplicates of one person: a name that differs only by case, accents or spacing. */
export async function possibleDuplicatesOf(db: Database, owner: string | Owners, person: { id: number; name: string }) {
  const key = foldName(person.name);
  if (!key) return [];
  return db
    .select({ id: connection.id, name: connection.name, company: connection.company, email: connection.email })
    .from(connection)
    .where(and(peopleOf(viewerOf(owner)), eq(connection.nameKey, key), ne(connection.id, person.id)))
    .orderBy(asc(connection.createdAt))
    .limit(10);
}

/** Rows read for the duplicates view: the first groups, a page's worth; merging them brings up the next. */
export const DUPLICATE_ROWS = 200;

/**
 * Groups of possible duplicates among the people the viewer sees (same folded name), the first ones only: a team
 * person the member may not see (decision 0234) neither shows nor makes a group.
 */
export async function duplicateGroups(db: Database, owner: string | Owners) {
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const rows = await db.all<{
    id: number;
    name: string;
    company: string | null;
    email: string | null;
    phone: string | null;
    group_key: string;
  }>(sql`select c.id, c.name, c.company, c.email, c.phone, c.name_key as group_key from ${connection} c
      where c.user_id = ${userId} and c.name_key <> '' and ${seesPersonAs(viewer, "c")} and c.name_key in (
        select d.name_key from ${connection} d where d.user_id = ${userId} and d.name_key <> ''
          and ${seesPersonAs(viewer, "d")} group by d.name_key having count(*) > 1)
      order by c.name_key, c.created_at limit ${DUPLICATE_ROWS}`);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) groups.set(r.group_key, [...(groups.get(r.group_key) ?? []), r]);
  return [...groups.values()].map((people) => ({
    people,
    reason:
      new Set(people.map((p) => (p.company ?? "").toLowerCase())).size === 1 && people[0]?.company
        ? "Same name and organisation"
        : "Same name",
  }));
}

/**
 * The owner's people with every contact point, newest first, read a page of `size` at a time through
 * peoplePages (one D1 batch each): the chosen ids (a page of the API, a write's changes, a few possible
 * duplicates), never another account's. With no ids it is every one of the owner's people, all held at
 * once: for tests; a writer of a whole network pages through peoplePages instead. No row cap applies.
 */
export async function loadPeople(
  db: Database,
  userId: string | Owners,
  ids?: number[] | null,
  size = EXPORT_PAGE,
): Promise<PersonRecord[]> {
  const people: PersonRecord[] = [];
  for await (const page of peoplePages(db, userId, ids, size)) for (const p of page) people.push(p);
  return people;
}

/** People per page of a streamed export: one D1 round trip per page, a page's records in memory at once. */
export const EXPORT_PAGE = 1_000;

const dialect = new SQLiteSyncDialect();

/** Raw reads in one D1 batch (one round trip, one consistent snapshot): each read's rows as D1 gives them. */
export async function readBatch(db: Database, queries: SQL[]): Promise<unknown[][]> {
  const d1 = db.$client;
  const results = await d1.batch(
    queries.map((q) => {
      const query = dialect.sqlToQuery(q);
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
  return results.map((r) => r.results);
}

/** Chosen ids as one bound parameter (a JSON array read back by json_each), clear of D1's 100-parameter bound. */
export const chosenIds = (ids: number[]) => JSON.stringify([...new Set(ids)]);

/** The columns a writer reads, named as PersonRow names them: D1's row objects are used as they come. */
type PageRow = Omit<PersonRow, "tags" | "createdAt" | "updatedAt"> & {
  tags: string | string[];
  createdAt: number | Date;
  updatedAt: number | Date;
};
type PagePoint = Omit<PointRow, "preferred"> & { c: number; preferred: number | boolean };

/**
 * The owner's people page by page, newest first, every contact point included: all of them or the chosen
 * ids. Keyset pages on (created_at, id), which connection_user_created_idx holds in order, so page 50 costs
 * what page 1 does and a person added meanwhile neither shifts nor repeats anyone. A page is one D1 batch of
 * three reads (people, their contact points, when they connected) naming only the columns writers use.
 */
export async function* peoplePages(
  db: Database,
  owner: string | Owners,
  ids?: number[] | null,
  size = EXPORT_PAGE,
): AsyncGenerator<PersonRecord[]> {
  const chosen = ids ? chosenIds(ids) : null;
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  let after: { at: number; id: number } | null = null;
  for (;;) {
    // Only the people this member sees (decision 0234).
    const where = sql`c.user_id = ${userId} and ${seesPersonAs(viewer, "c")}
      ${chosen ? sql`and c.id in (select value from json_each(${chosen}))` : sql``}
      ${after ? sql`and (c.created_at, c.id) < (${after.at}, ${after.id})` : sql``}`;
    // The page's ids again, for the batch's other reads: the batch is one transaction, so they agree.
    const page = sql`select c.id from ${connection} c where ${where} order by c.created_at desc, c.id desc limit ${size}`;
    const [rows, points, connected] = (await readBatch(db, [
      // The stored created_at itself, not a Date: it may carry fractions of a millisecond.
      sql`select c.id, c.uid, c.name, c.email, c.phone, c.name_prefix as namePrefix,
          c.given_name as givenName, c.middle_name as middleName, c.family_name as familyName,
          c.name_suffix as nameSuffix, c.title, c.company, c.department, c.role, c.notes, c.tags, c.birthday,
          c.status, c.priority, c.created_at as createdAt, c.updated_at as updatedAt, c.image
        from ${connection} c where ${where} order by c.created_at desc, c.id desc limit ${size}`,
      // Unary + keeps the owner check off the (user_id) indexes: the page's ids find their rows by connection_id.
      sql`select p.connection_id as c, p.kind, p.label, p.value, p.service, p.preferred
        from ${contactPoint} p where +p.user_id = ${userId} and p.connection_id in (${page})
        order by p.preferred desc, p.id`,
      sql`select h.connection_id as c,
          strftime('%Y-%m-%d', h.created_at / 1000, 'unixepoch') as "on"
        from ${personHistory} h where +h.user_id = ${userId} and h.kind = 'connected' and h.connection_id in (${page})`,
    ])) as [PageRow[], PagePoint[], { c: number; on: string }[]];
    if (rows.length === 0) return;
    const byPerson = new Map<number, PointRow[]>();
    for (const p of points) {
      p.preferred = p.preferred === 1 || p.preferred === true;
      const list = byPerson.get(p.c);
      if (list) list.push(p as PointRow);
      else byPerson.set(p.c, [p as PointRow]);
    }
    const on = new Map<number, string>();
    for (const h of connected) on.set(h.c, h.on);
    const last = rows[rows.length - 1] as PageRow;
    const next = { at: last.createdAt as number, id: last.id };
    const records: PersonRecord[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as PageRow;
      r.tags = typeof r.tags === "string" ? parseTags(r.tags) : r.tags;
      r.createdAt = new Date(r.createdAt);
      r.updatedAt = new Date(r.updatedAt);
      const record = toRecord(r as PersonRow, byPerson.get(r.id) ?? []);
      record.connectedOn = on.get(r.id);
      records[i] = record;
    }
    yield records;
    if (rows.length < size) return;
    after = next;
  }
}

/** Stored tags (a JSON array); most people have none, and those need no parse. */
function parseTags(text: string): string[] {
  if (text === "[]") return [];
  try {
    const tags = JSON.parse(text);
    return Array.isArray(tags) ? tags.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * The widest person's count of emails, phones, websites (with profile links) and addresses, counted the
 * way toRecord builds them, so a streamed CSV's header has every numbered column its rows need.
 */
export async function exportShape(db: Database, owner: string | Owners, ids?: number[] | null): Promise<Shape> {
  const chosen = ids ? chosenIds(ids) : null;
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const [row] = await db.all<{
    emails: number | null;
    phones: number | null;
    sites: number | null;
    addresses: number | null;
    sips: number | null;
    roles: number | null;
    ownEmails: number | null;
    ownPhones: number | null;
  }>(sql`
    select
      max((select count(*) from ${contactPoint} p where p.connection_id = c.id and p.kind = 'email')
        + (coalesce(c.email, '') <> '' and not exists (select 1 from ${contactPoint} p
            where p.connection_id = c.id and p.kind = 'email' and p.value = c.email))) as emails,
      max((select count(*) from ${contactPoint} p where p.connection_id = c.id and p.kind = 'phone')
        + (coalesce(c.phone, '') <> '' and not exists (select 1 from ${contactPoint} p
            where p.connection_id = c.id and p.kind = 'phone' and p.value = c.phone))) as phones,
      max((select count(*) from ${contactPoint} p where p.connection_id = c.id and (p.kind = 'website'
        or (p.kind = 'social' and (p.value glob 'http:*' or p.value glob 'https:*'))))) as sites,
      max((select count(*) from ${contactPoint} p where p.connection_id = c.id and p.kind = 'address')) as addresses,
      max((select count(*) from ${contactPoint} p where p.connection_id = c.id and p.kind = 'sip')) as sips,
      max((select count(*) from ${contactPoint} p where p.connection_id = c.id and p.kind = 'role')) as roles,
      max((select count(*) from ${contactPoint} p where p.connection_id = c.id and p.kind = 'email'
        and p.label not in ${EMAIL_LABELS})) as ownEmails,
      max((select count(*) from ${contactPoint} p where p.connection_id = c.id and p.kind = 'phone'
        and p.label not in ${PHONE_LABELS})) as ownPhones
    from ${connection} c
    where c.user_id = ${userId} and ${seesPersonAs(viewer, "c")} ${chosen ? sql`and c.id in (select value from json_each(${chosen}))` : sql``}`);
  const at = (n: number | null | undefined) => Math.max(1, n ?? 0);
  return {
    emails: at(row?.emails),
    phones: at(row?.phones),
    sites: at(row?.sites),
    addresses: at(row?.addresses),
    sips: row?.sips ?? 0,
    roles: row?.roles ?? 0,
    ownEmails: row?.ownEmails ?? 0,
    ownPhones: row?.ownPhones ?? 0,
  };
}

/** A stored label as ours, or "other" with the person's own word beside it. */
function labelled<T extends string>(label: string, ours: readonly T[], other: T): { label: T; customLabel?: string } {
  return (ours as readonly string[]).includes(label) ? { label: label as T } : { label: other, customLabel: label };
}

/** What toRecord reads of a person: a full row does, and so does an export page's narrower one. */
type PersonRow = Pick<
  typeof connection.$inferSelect,
  | "id"
  | "uid"
  | "name"
  | "email"
  | "phone"
  | "namePrefix"
  | "givenName"
  | "middleName"
  | "familyName"
  | "nameSuffix"
  | "title"
  | "company"
  | "department"
  | "role"
  | "notes"
  | "tags"
  | "birthday"
  | "status"
  | "priority"
  | "createdAt"
  | "updatedAt"
  | "image"
>;
type PointRow = Pick<typeof contactPoint.$inferSelect, "kind" | "label" | "value" | "service" | "preferred">;

function toRecord(r: PersonRow, points: PointRow[]): PersonRecord {
  // One pass sorts the points by kind, in their order (preferred first).
  const emails: NonNullable<PersonRecord["emails"]> = [];
  const phones: NonNullable<PersonRecord["phones"]> = [];
  const websites: NonNullable<PersonRecord["websites"]> = [];
  const socials: NonNullable<PersonRecord["socials"]> = [];
  const addresses: NonNullable<PersonRecord["addresses"]> = [];
  const sips: NonNullable<PersonRecord["sips"]> = [];
  const otherRoles: RolePoint[] = [];
  for (const p of points) {
    switch (p.kind) {
      case "email":
        emails.push({
          value: p.value,
          ...labelled<EmailLabel>(p.label, EMAIL_LABELS, "other"),
          preferred: p.preferred,
        });
        break;
      case "phone":
        phones.push({
          value: p.value,
          ...labelled<PhoneLabel>(p.label, PHONE_LABELS, "other"),
          preferred: p.preferred,
        });
        break;
      case "website":
        websites.push({
          value: p.value,
          ...labelled<WebsiteLabel>(p.label, WEBSITE_LABELS, "other"),
          preferred: p.preferred,
        });
        break;
      case "social":
        socials.push({ service: p.service ?? "other", value: p.value, preferred: p.preferred });
        break;
      case "address": {
        let parts = {};
        try {
          parts = JSON.parse(p.value);
        } catch {}
        addresses.push({
          ...parts,
          ...labelled<AddressLabel>(p.label, ADDRESS_LABELS, "other"),
          preferred: p.preferred,
        });
        break;
      }
      case "sip":
        sips.push({ value: p.value, ...labelled<EmailLabel>(p.label, EMAIL_LABELS, "other"), preferred: p.preferred });
        break;
      case "role":
        try {
          otherRoles.push(JSON.parse(p.value) as RolePoint);
        } catch {}
        break;
    }
  }
  // Rows from before contact points, whose email another row held, still carry it in the column.
  if (r.email && !emails.some((e) => e.value === r.email))
    emails.push({ value: r.email, label: "other", preferred: false });
  if (r.phone && !phones.some((e) => e.value === r.phone))
    phones.push({ value: r.phone, label: "mobile", preferred: false });
  return {
    id: r.id,
    uid: r.uid ?? `knowwho-${r.id}`,
    displayName: r.name,
    name: {
      prefix: r.namePrefix ?? undefined,
      given: r.givenName ?? undefined,
      middle: r.middleName ?? undefined,
      family: r.familyName ?? undefined,
      suffix: r.nameSuffix ?? undefined,
    },
    emails,
    phones,
    websites,
    socials,
    addresses,
    sips,
    otherRoles,
    title: r.title ?? undefined,
    organization: r.company ?? undefined,
    department: r.department ?? undefined,
    role: r.role ?? undefined,
    note: r.notes ?? undefined,
    tags: r.tags,
    birthday: r.birthday ?? undefined,
    status: r.status,
    priority: r.priority,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    photoKey: r.image,
  };
}
