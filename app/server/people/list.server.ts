import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { decodeJson, encodeJson } from "~/lib/text/base64url";
import { DAY_MS } from "~/lib/time/days";
import { connection, memberPeople, notification, peopleStats } from "~db/schema";
import { compiled, type Slots } from "../db/compiled.server";
import type { Database, Owner, Owners } from "../db/db.server";
import { likeTerm } from "../db/like.server";
import type { PageReads } from "../db/page-reads.server";
import { sessionOwner, sessionWorkspace } from "../db/session-sql.server";
import { peopleOf, seenIn, seesAllPeople, type Viewer, viewerOf } from "./access.server";
import { photoUrl } from "./photo.server";

export const PAGE_SIZE = 25;

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
  /** Fundraising: "donor" (has a live gift) or "non-donor", and total given in the gifts' major unit. */
  donor?: string;
  givenMin?: string;
  givenMax?: string;
  /** Keyset cursors: the page after this row, or the page before it (encodeCursor of the row's sort key). */
  after?: string;
  before?: string;
};

/**
 * Each sort as the key that orders it, all in one direction, so one row-value comparison finds where a
 * page starts: a person added or removed meanwhile neither shifts nor repeats anyone, and page 100 is one
 * index range away (newest and oldest ride connection_user_created_idx).
 */
const SORT_KEYS = {
  newest: { keys: [sql`${connection.createdAt}`, sql`${connection.id}`], dir: "desc" },
  oldest: { keys: [sql`${connection.createdAt}`, sql`${connection.id}`], dir: "asc" },
  name: { keys: [sql`lower(${connection.name})`, sql`${connection.id}`], dir: "asc" },
  priority: {
    keys: [
      sql`case ${connection.priority} when 'high' then 0 when 'medium' then 1 else 2 end`,
      sql`-${connection.createdAt}`,
      sql`-${connection.id}`,
    ],
    dir: "asc",
  },
} as const;

type CursorValue = string | number;

/** A row's sort key as an opaque URL-safe cursor. */
export function encodeCursor(values: CursorValue[]): string {
  return encodeJson(values);
}

/** The sort key a cursor carries, or null for anything this sort could not have written. */
export function decodeCursor(cursor: string | undefined, length: number): CursorValue[] | null {
  if (!cursor || cursor.length > 400) return null;
  try {
    const values = decodeJson(cursor);
    if (!Array.isArray(values) || values.length !== length) return null;
    return values.every(
      (v) => (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && v.length <= 200),
    )
      ? (values as CursorValue[])
      : null;
  } catch {
    return null;
  }
}

const dayStart = (d: string | undefined) =>
  d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T00:00:00Z`) : Number.NaN;

/** The filter menus' tags and events per reader, with the version of the network they were read from. */
const facetCache = new Map<string, { version: number; tags: string[]; events: string[] }>();
const FACET_OWNERS = 500;

/**
 * The workspace's number of people, how many are shared, and the version of their tags and events: one primary-key
 * read (0027's and 0094's triggers keep it).
 */
function statsQuery(db: Database, userId: Owner) {
  return db
    .select({ people: peopleStats.people, shared: peopleStats.shared, version: peopleStats.version })
    .from(peopleStats)
    .where(eq(peopleStats.userId, userId));
}

/**
 * Every tag and event among the people the viewer sees (0234), for the filter menus: a member's menus name no
 * tag or event of people kept from them. Reading them scans the people (tags are JSON), so the isolate keeps
 * them while the network's version stays as it was: every add, delete, and change of tags, event, owner, met-by
 * or sharing moves it, in the same transaction as the write (0027, 0079). One who sees all shares the
 * workspace's copy; a member who sees some keeps their own.
 */
async function facetsOf(
  db: Database,
  viewer: Owners,
  seesAll: boolean,
  version: number,
): Promise<{ tags: string[]; events: string[] }> {
  const userId = viewer.workspaceId;
  const key = seesAll ? userId : `${userId} ${viewer.userId}`;
  const kept = facetCache.get(key);
  if (kept?.version === version) return kept;
  const whose = seesAll
    ? eq(connection.userId, userId)
    : seenIn(viewer, (part) => db.select({ id: connection.id }).from(connection).where(part));
  // Both in one round trip.
  const [tags, events] = await db.batch([
    // A select builder rather than db.all, which drizzle cannot bind inside a D1 batch.
    db
      .selectDistinct({ value: sql<string>`json_each.value` })
      .from(sql`${connection}, json_each(${connection.tags})`)
      .where(whose)
      .orderBy(sql`1`)
      .limit(200),
    db
      .selectDistinct({ value: connection.eventName })
      .from(connection)
      .where(and(whose, sql`${connection.eventName} is not null`))
      .orderBy(asc(connection.eventName))
      .limit(200),
  ]);
  const facets = { version, tags: tags.map((t) => t.value), events: events.map((e) => e.value ?? "") };
  facetCache.delete(key);
  facetCache.set(key, facets);
  // Oldest first out: a Map iterates in insertion order, and a fresh read is inserted last.
  if (facetCache.size > FACET_OWNERS) facetCache.delete(facetCache.keys().next().value as string);
  return facets;
}

/** The tags and events among the people this member sees, for a menu outside the list (rhythms, mailings). */
export async function visibleFacets(db: Database, owner: string | Owners) {
  const viewer = viewerOf(owner);
  const [[stats], [seen]] = await db.batch([
    statsQuery(db, viewer.workspaceId),
    db.select({ all: sql<number>`${seesAllPeople(viewer)}` }).from(sql`(select 1)`),
  ]);
  return facetsOf(db, viewer, Boolean(seen?.all), stats?.version ?? 0);
}

/** Donor status and giving range, from the owner's own gifts net of refunds (see fundraising/gifts.server.ts). */
function givingFilters(userId: Owner, query: ConnectionQuery) {
  const given = sql`(select coalesce(sum(g.amount - g.amount_refunded), 0) from gift g
    where g.user_id = ${userId} and g.connection_id = ${connection.id})`;
  const major = (v: string | undefined) => {
    const n = v && /^\d{1,9}(\.\d{1,2})?$/.test(v.trim()) ? Math.round(Number(v) * 100) : null;
    return n;
  };
  const min = major(query.givenMin);
  const max = major(query.givenMax);
  return [
    query.donor === "donor" ? sql`${given} > 0` : query.donor === "non-donor" ? sql`${given} = 0` : undefined,
    min !== null ? sql`${given} >= ${min}` : undefined,
    max !== null ? sql`${given} <= ${max}` : undefined,
  ];
}

const FILTERS = [
  "q",
  "tag",
  "priority",
  "status",
  "event",
  "from",
  "to",
  "sort",
  "donor",
  "givenMin",
  "givenMax",
] as const;

/** The list's search, filters and sort as the URL carries them, its keyset cursor, and the reads they make. */
export function connectionsView(url: URL) {
  const view = Object.fromEntries(FILTERS.map((k) => [k, (url.searchParams.get(k) ?? "").slice(0, 120)])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  // Pages are found by cursor (stable while people arrive); the number only labels where the owner is.
  const after = url.searchParams.get("after") ?? undefined;
  const before = after ? undefined : (url.searchParams.get("before") ?? undefined);
  return { view, after, before, reads: connectionsReads({ ...view, after, before }) };
}

/**
 * One page of the owner's connections, as a page's first reads (decision 0168): the statements for the query in
 * the URL, sent with the session on a load, and the page made of their rows.
 */
export function connectionsReads(query: ConnectionQuery) {
  const term = likeTerm((query.q ?? "").trim());
  const pattern = `%${term}%`;
  const from = dayStart(query.from);
  const to = dayStart(query.to);
  const filters = (userId: Owner) => [
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
    Number.isNaN(to) ? undefined : sql`${connection.createdAt} < ${to + DAY_MS}`,
    ...givingFilters(userId, query),
  ];
  // Unfiltered, the total is the kept count; a filter counts what it matches.
  const unfiltered = filters("").every((f) => f === undefined);
  const sort =
    SORT_KEYS[
      (SORTS as readonly string[]).includes(query.sort ?? "") ? (query.sort as keyof typeof SORT_KEYS) : "newest"
    ];
  const row = (list: readonly SQL[]) => sql`(${sql.join([...list], sql`, `)})`;
  const after = decodeCursor(query.after, sort.keys.length);
  const before = after ? null : decodeCursor(query.before, sort.keys.length);
  // Going back reads the rows before the cursor in reverse, then turns them round.
  const backwards = before !== null;
  const ascending = (sort.dir === "asc") !== backwards;
  const cursor = after ?? before;
  const seek = cursor
    ? sql`${row(sort.keys)} ${sql.raw(ascending ? ">" : "<")} ${row(cursor.map((v) => sql`${v}`))}`
    : undefined;
  const statements = (db: Database, viewer: Viewer) => {
    const userId = viewer.workspaceId;
    const filtered = filters(userId);
    const order = sort.keys.map((k) => (ascending ? asc(k) : desc(k)));
    // Only the people this member sees (decision 0234), each part of the rule reading its own first page on its own
    // index (0277): a member of a large team reads about what the page shows.
    const part = (rule: SQL) => and(rule, ...filtered);
    const pageIds = seenIn(viewer, (rule) =>
      db
        .select({ id: connection.id })
        .from(connection)
        .where(and(part(rule), seek))
        .orderBy(...order)
        .limit(PAGE_SIZE + 1),
    );
    // Unfiltered, the total is kept (0027, 0094): the workspace's for one who sees all, else the shared people plus
    // the member's own kept count (decision 0278); a filter counts what it matches, each part on its own index.
    const n = unfiltered
      ? sql<number>`coalesce((select ${memberPeople.people} from ${memberPeople}
          where ${memberPeople.workspaceId} = ${userId} and ${memberPeople.userId} = ${viewer.userId}), 0)`
      : sql<number>`(select count(*) from ${connection} where ${seenIn(viewer, (rule) =>
          db.select({ id: connection.id }).from(connection).where(part(rule)),
        )})`;
    // Only the columns a row shows: the page's data travels to the browser with it.
    const list = db
      .select({
        id: connection.id,
        name: connection.name,
        title: connection.title,
        company: connection.company,
        email: connection.email,
        priority: connection.priority,
        status: connection.status,
        eventName: connection.eventName,
        image: connection.image,
        key: sql<string>`json_array(${sql.join([...sort.keys], sql`, `)})`,
      })
      .from(connection)
      .where(pageIds)
      .orderBy(...order)
      .limit(PAGE_SIZE + 1);
    const counted = db.select({ n, all: sql<number>`${seesAllPeople(viewer)}` }).from(sql`(select 1)`);
    return [statsQuery(db, userId), list, counted] as const;
  };
  type Rows = BatchResponse<ReturnType<typeof statements>>;
  const sortName = SORTS.find((name) => SORT_KEYS[name] === sort) ?? "newest";
  return {
    name: "connections",
    bySession: (db, { token, now }) => {
      // The list as most visits ask for it: its SQL is built once per sort and isolate, then only bound.
      if (unfiltered && !cursor) return plainListOf(sortName, statements)(db, { token, now });
      return statements(db, { workspaceId: sessionWorkspace(token, now), userId: sessionOwner(token, now) });
    },
    byId: (db, owners: Owners) => statements(db, owners),
    /** The page from the reads' rows; the filter menus come from the isolate's copy while the network is unchanged. */
    async page(db: Database, owner: string | Owners, [[stats], found, [counted]]: Rows) {
      const viewer = viewerOf(owner);
      const seesAll = Boolean(counted?.all);
      const { tags, events } = await facetsOf(db, viewer, seesAll, stats?.version ?? 0);
      const total = !unfiltered
        ? (counted?.n ?? 0)
        : seesAll
          ? (stats?.people ?? 0)
          : (stats?.shared ?? 0) + (counted?.n ?? 0);
      const more = found.length > PAGE_SIZE;
      const rows = found.slice(0, PAGE_SIZE);
      if (backwards) rows.reverse();
      const cursorOf = (r: (typeof rows)[number] | undefined) =>
        r ? encodeCursor(JSON.parse(r.key) as CursorValue[]) : null;
      const next = backwards ? cursorOf(rows.at(-1)) : more ? cursorOf(rows.at(-1)) : null;
      const prev = backwards ? (more ? cursorOf(rows[0]) : null) : cursor ? cursorOf(rows[0]) : null;
      return {
        rows: rows.map(({ image, key: _key, ...r }) => ({ ...r, photoUrl: photoUrl(r.id, image) })),
        next,
        prev,
        total,
        tags,
        events,
      };
    },
  } satisfies PageReads<ReturnType<typeof statements>> & { page: unknown };
}

/** The session's reader as SQL over the statement's placeholders. */
const sessionViewer = (slot: Slots<"token" | "now">): Viewer => ({
  workspaceId: sessionWorkspace(slot.token, slot.now),
  userId: sessionOwner(slot.token, slot.now),
});

type ListStatements = (db: Database, viewer: Viewer) => readonly [unknown, unknown, unknown];
type Bind = (db: Database, by: { token: string; now: number }) => readonly [unknown, unknown, unknown];
const plainLists = new Map<string, Bind>();

/**
 * The list with no search, filter or cursor, compiled once per sort (compiled.server.ts): building its SQL was
 * the list's costliest work of ours on each request (decision 0274). `statements` is that sort's builder; only
 * the session's token and clock vary, and they go through placeholders.
 */
function plainListOf<S extends ListStatements>(sortName: string, statements: S) {
  let bind = plainLists.get(sortName);
  if (!bind) {
    const part = (i: 0 | 1 | 2) =>
      compiled((db, slot: Slots<"token" | "now">) => statements(db, sessionViewer(slot))[i]);
    const [stats, list, counted] = [part(0), part(1), part(2)];
    bind = (db, by) => [stats(db, by), list(db, by), counted(db, by)] as const;
    plainLists.set(sortName, bind);
  }
  return bind as (db: Database, by: { token: string; now: number }) => ReturnType<S>;
}

/** One page of the people a member sees, with search, filters and sort, in a round trip of its own. */
export async function listConnections(db: Database, owner: string | Owners, query: ConnectionQuery) {
  const reads = connectionsReads(query);
  const viewer = viewerOf(owner);
  return reads.page(db, viewer, await db.batch(reads.byId(db, viewer)));
}

/** A person of the workspace this member sees, or undefined: never another account's. */
export async function getConnection(db: Database, owner: string | Owners, id: number) {
  const [row] = await db
    .select()
    .from(connection)
    .where(and(eq(connection.id, id), peopleOf(viewerOf(owner))));
  return row;
}

export function latestNotifications(db: Database, userId: Owner, limit = 5) {
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
