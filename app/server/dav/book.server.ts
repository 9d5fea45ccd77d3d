import { and, eq, sql } from "drizzle-orm";
import { writeVCard } from "~/lib/formats/vcard";
import type { PersonRecord, PhotoDraft } from "~/lib/people/draft";
import { foldLine } from "~/lib/text/content-line";
import { connection, davBook, davCard } from "~db/schema";
import type { Database, Owners } from "../db/db.server";
import { isUniqueViolation, rawSql, type Statement, writeBatch } from "../db/write.server";
import { seesPersonAs, viewerOf } from "../people/access.server";
import { photosOf } from "../people/photo.server";
import { chosenIds, EXPORT_PAGE, peoplePages, readBatch } from "../people/read.server";
import { sha256Hex } from "../platform/tokens.server";

/**
 * The owner's address book as CardDAV resources (docs/decisions/0066). People are read through the
 * people core and rendered with our vCard writer; a resource's ETag is the SHA-256 of the bytes served,
 * so it changes exactly when the card does, whoever changed the person (app, import, merge, a client).
 * Changes are found by comparing what is served now with what the last look recorded: each page of a
 * look that finds any bumps the book's counter once (one batch) and stamps the changed resources with it,
 * so "changes since token N" is every resource stamped after N, tombstones of deleted people included.
 * Looks and listings read a page of people at a time, never the whole book (docs/decisions/0164).
 */

export type CardRow = typeof davCard.$inferSelect;
export type LiveCard = { row: CardRow; person: PersonRecord; body: string; etag: string };
/** A resource as a listing needs it: its name, ETag and the change that last touched it. */
export type CardEntry = { name: string; etag: string; seq: number };
/** The book after a look: its counter (the sync token) and its CTag. */
export type Book = { seq: number; ctag: string };

/** Properties the people core holds (or we regenerate); everything else a client sends is kept aside. */
const HELD = new Set([
  "BEGIN",
  "END",
  "VERSION",
  "PRODID",
  "UID",
  "FN",
  "N",
  "ORG",
  "TITLE",
  "ROLE",
  "EMAIL",
  "TEL",
  "ADR",
  "URL",
  "X-SOCIALPROFILE",
  "X-TWITTER",
  "X-LINKEDIN",
  "X-FACEBOOK",
  "X-INSTAGRAM",
  "X-GITHUB",
  "BDAY",
  "CATEGORIES",
  "NOTE",
  "REV",
  "X-KNOWWHO-STATUS",
  "X-KNOWWHO-PRIORITY",
  "X-KNOWWHO-CONNECTED-ON",
  "LABEL",
]);

const CONTENT_LINE = /^(?:([A-Za-z0-9-]+)\.)?([A-Za-z0-9-]+)[;:]/;
export const MAX_EXTRA_BYTES = 400_000;

/**
 * A PHOTO carried inline (3.0 `ENCODING=b`, 4.0 `data:` URI): it becomes the person's photo, so it is
 * never kept aside. A PHOTO by URL is kept as the client sent it (we never fetch it).
 */
export function isInlinePhoto(line: string): boolean {
  const m = line.match(/^(?:[A-Za-z0-9-]+\.)?PHOTO((?:;[^:]*)?):(.*)$/i);
  return m !== null && (/;ENCODING=(?:b|base64)\b/i.test(m[1] ?? "") || /^\s*data:/i.test(m[2] ?? ""));
}

/**
 * The unfolded content lines of one vCard the people core cannot hold (NICKNAME, IMPP, X-..., a
 * PHOTO by URL), with the Apple labels of their groups. Labels of held properties are regenerated
 * from TYPE, so they are not kept twice; an inline PHOTO is the person's photo.
 */
export function extraLines(text: string): string[] {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n");
  const parsed = lines
    .map((line) => ({ line, m: line.match(CONTENT_LINE) }))
    .filter((x): x is { line: string; m: RegExpMatchArray } => x.m !== null);
  const heldGroups = new Set(
    parsed.filter((x) => x.m[1] && HELD.has((x.m[2] as string).toUpperCase())).map((x) => x.m[1]?.toUpperCase()),
  );
  return parsed
    .filter((x) => {
      const { m } = x;
      const name = (m[2] as string).toUpperCase();
      if (HELD.has(name)) return false;
      if (name === "PHOTO" && isInlinePhoto(x.line)) return false;
      if (name === "X-ABLABEL" && m[1] && heldGroups.has(m[1].toUpperCase())) return false;
      return true;
    })
    .map((x) => x.line);
}

/**
 * The vCard 3.0 a client receives: our writer's card (with the person's photo inline, as the vCard
 * export writes it, when `photo` is given), then the client's own properties we kept. An inline PHOTO
 * kept aside before photos were the person's (0066) is served only while the person has none.
 */
export function renderCard(person: PersonRecord, extra: string[], photo: PhotoDraft | null = null): string {
  const card = writeVCard({ ...person, photo }, "3.0");
  const own = person.photoKey ? extra.filter((line) => !isInlinePhoto(line)) : extra;
  if (!own.length) return card;
  const end = card.lastIndexOf("END:VCARD");
  return `${card.slice(0, end)}${own.map(foldLine).join("\r\n")}\r\n${card.slice(end)}`;
}

export const etagOf = async (body: string) => `"${(await sha256Hex(body)).slice(0, 40)}"`;

/**
 * A card's ETag: its rendering without the photo's bytes, plus the photo's key. Every new photo gets a
 * new key (photo.server.ts), so the ETag changes exactly when the card does, and a look over the whole
 * book never reads a photo.
 */
export const cardEtag = (person: PersonRecord, extra: string[]) => {
  const body = renderCard(person, extra);
  return etagOf(person.photoKey ? `${body}X-PHOTO-KEY:${person.photoKey}\r\n` : body);
};

/** The photos of these people, for cards served with their address data (vCard 3.0: a WebP's JPEG). */
export type PhotoStore = { CACHE: KVNamespace };
export const photosFor = (store: PhotoStore | null, people: PersonRecord[]) =>
  store ? photosOf(store, people, "3.0") : Promise.resolve(new Map<number, PhotoDraft>());

const SAFE_NAME = /^[A-Za-z0-9@._+-]{1,150}$/;

/** A resource name for a person seen for the first time: their UID where it is a safe path segment. */
function nameFor(person: PersonRecord, taken: Set<string>): string {
  const byUid = `${person.uid}.vcf`;
  if (SAFE_NAME.test(person.uid) && !taken.has(byUid)) return byUid;
  const byId = `kw-${person.id}.vcf`;
  return taken.has(byId) ? `kw-${person.id}-${crypto.randomUUID().slice(0, 8)}.vcf` : byId;
}

const seqOf = (userId: string) => sql`(select ${davBook.seq} from ${davBook} where ${davBook.userId} = ${userId})`;

/** Statements that start one change of the book: its row exists, its counter moves by one. */
export function bumpBook(db: Database, userId: string): Statement[] {
  return [
    db.insert(davBook).values({ userId, seq: 0 }).onConflictDoNothing(),
    rawSql(sql`update ${davBook} set seq = seq + 1 where ${davBook.userId} = ${userId}`),
  ];
}

/** A resource stamped with the change bumpBook started, in the same batch. */
export const currentSeq = seqOf;

/** The book's counter, its remembered digest, and whether a card a client just wrote waits for a look ('' ETag). */
async function bookState(db: Database, userId: string) {
  const row = await db.get<{ seq: number | null; fingerprint: string | null; pending: number }>(sql`select
    (select seq from ${davBook} where user_id = ${userId}) as seq,
    (select fingerprint from ${davBook} where user_id = ${userId}) as fingerprint,
    exists (select 1 from ${davCard} where user_id = ${userId} and connection_id is not null and etag = '') as pending`);
  return { seq: row?.seq ?? 0, fingerprint: row?.fingerprint ?? null, pending: !!row?.pending };
}

const len = (column: string) => `coalesce(length(${column}), 0)`;
const CONNECTION_TEXT = [
  "name",
  "title",
  "company",
  "department",
  "role",
  "notes",
  "tags",
  "email",
  "phone",
  "website",
  "linkedin",
  "birthday",
  "given_name",
  "family_name",
  "middle_name",
  "name_prefix",
  "name_suffix",
  "uid",
  "status",
  "priority",
  "image",
]
  .map(len)
  .join(" + ");

/** A photo's key (it ends in random hex): a new photo changes it, though keys are all one length. */
const PHOTO_DIGEST = [1, 2, 3, 4]
  .map((i) => `${16 ** (i - 1)} * instr('0123456789abcdef', substr(coalesce(image, ''), -${i}, 1))`)
  .join(" + ");

/**
 * One query's digest of everything a card is rendered from: rows counted, ids and owners summed,
 * change times summed, text lengths summed. Every writer of people changes it (the people core's
 * edits move updated_at; its bulk attach and merge undo, which write raw SQL, change lengths, ids or
 * owners), so an unchanged digest means the last look still holds and nothing needs rendering. A
 * client's PUT or DELETE goes through the people core too, so it changes the digest as well.
 */
async function fingerprintOf(db: Database, userId: string): Promise<string> {
  const row = await db.get<{ f: string }>(sql`select
    (select count(*) || ':' || coalesce(sum(updated_at), 0) || ':' || coalesce(sum(${sql.raw(CONNECTION_TEXT)}), 0)
      || ':' || coalesce(sum(${sql.raw(PHOTO_DIGEST)}), 0)
      from connection where user_id = ${userId}) || '|' ||
    (select count(*) || ':' || coalesce(sum(id), 0) || ':' || coalesce(sum(connection_id), 0) || ':' ||
      coalesce(sum(preferred * id), 0) || ':' || coalesce(sum(length(label) + length(value) + ${sql.raw(len("service"))}), 0)
      from contact_point where user_id = ${userId}) as f`);
  return row?.f ?? "";
}

/** Cards per page of a look or a listing: one page of people and their cards in memory at once. */
export const BOOK_PAGE = EXPORT_PAGE;

type StoredCard = {
  id: number;
  connectionId: number | null;
  name: string;
  etag: string;
  deleted: number;
  extra: string;
};
const parseExtra = (text: string): string[] => {
  try {
    const lines = JSON.parse(text);
    return Array.isArray(lines) ? lines.map(String) : [];
  } catch {
    return [];
  }
};

/**
 * One look over the people, a page at a time (peoplePages): each card is rendered and compared with
 * what the book recorded, and a page's changes are written in one batch that moves the counter once and
 * stamps them with it. Answers whether anything was recorded. Cards of people who are gone become
 * tombstones in one last batch, which moves the counter only when there are any.
 */
async function recordChanges(db: Database, userId: string): Promise<boolean> {
  let wrote = false;
  for await (const people of peoplePages(db, userId)) {
    const ids = people.map((p) => p.id);
    // The names a new card could take (its UID, or kw-{id}), to keep clear of cards already named so.
    const candidates = people.flatMap((p) => [`${p.uid}.vcf`, `kw-${p.id}.vcf`]);
    const [rows, named] = (await readBatch(db, [
      sql`select id, connection_id as connectionId, name, etag, deleted, extra from ${davCard}
        where user_id = ${userId} and connection_id in (select value from json_each(${chosenIds(ids)}))`,
      sql`select name from ${davCard} where user_id = ${userId} and connection_id is not null
        and name in (select value from json_each(${JSON.stringify(candidates)}))`,
    ])) as [StoredCard[], { name: string }[]];
    const byPerson = new Map(rows.map((r) => [r.connectionId as number, r]));
    const taken = new Set(named.map((r) => r.name));
    const writes: Statement[] = [];
    for (const person of people) {
      const row = byPerson.get(person.id);
      const etag = await cardEtag(person, row ? parseExtra(row.extra) : []);
      if (row && row.etag === etag && !row.deleted) continue;
      if (row) {
        writes.push(
          rawSql(sql`update ${davCard} set etag = ${etag}, deleted = 0, seq = ${seqOf(userId)}
            where ${davCard.id} = ${row.id} and ${davCard.connectionId} = ${person.id}`),
        );
        continue;
      }
      const name = nameFor(person, taken);
      taken.add(name);
      writes.push(
        rawSql(sql`insert into ${davCard} (user_id, connection_id, name, etag, seq, deleted, extra)
          values (${userId}, ${person.id}, ${name}, ${etag}, ${seqOf(userId)}, 0, '[]')
          on conflict (user_id, name) do update set connection_id = excluded.connection_id, etag = excluded.etag,
            seq = excluded.seq, deleted = 0, extra = '[]' where ${davCard.connectionId} is null`),
      );
    }
    if (writes.length) {
      await writeBatch(db, [...bumpBook(db, userId), ...writes]);
      wrote = true;
    }
  }
  const gone = sql`select 1 from ${davCard} where user_id = ${userId} and connection_id is null and deleted = 0`;
  const [, , tombstones] = await writeBatch(db, [
    db.insert(davBook).values({ userId, seq: 0 }).onConflictDoNothing(),
    rawSql(sql`update ${davBook} set seq = seq + 1 where ${davBook.userId} = ${userId} and exists (${gone})`),
    rawSql(sql`update ${davCard} set deleted = 1, seq = ${seqOf(userId)}
      where ${davCard.userId} = ${userId} and ${davCard.connectionId} is null and ${davCard.deleted} = 0`),
  ]);
  return wrote || (tombstones?.meta.changes ?? 0) > 0;
}

/**
 * The book brought up to date with the people, answering its counter (the sync token) and its CTag. When
 * the people are as the last look left them (the same digest from one aggregate query) nothing is read;
 * otherwise a look pages through them (recordChanges) and runs again (then usually from the digest) until
 * it finds nothing new, at most three times. The counter answered is read before the people, so it never
 * claims a change it did not see; the CTag is the counter after the look, which moves exactly when a card
 * changed (a look recorded it, or a client wrote or deleted one).
 */
export async function openBook(db: Database, userId: string): Promise<Book> {
  for (let attempt = 0; ; attempt++) {
    const fingerprint = await fingerprintOf(db, userId);
    const { seq, fingerprint: known, pending } = await bookState(db, userId);
    // A card a client just wrote waits for a look to render it ('' ETag): never listed as it is.
    if (known === fingerprint && !pending) return { seq, ctag: ctagOf(seq) };
    let wrote: boolean;
    try {
      wrote = await recordChanges(db, userId);
    } catch (error) {
      // Another look recorded the same person a moment ago: read again.
      if (attempt >= 2 || !isUniqueViolation(error)) throw error;
      continue;
    }
    if (!wrote) {
      // Remembered only if no change was recorded meanwhile (the counter is still the one read).
      await db.run(sql`insert into ${davBook} (user_id, seq, fingerprint) values (${userId}, 0, ${fingerprint})
        on conflict (user_id) do update set fingerprint = excluded.fingerprint where ${davBook.seq} = ${seq}`);
      return { seq, ctag: ctagOf(seq) };
    }
    // The digest taken before the people were read: a change made since then still differs from it.
    await db.run(sql`update ${davBook} set fingerprint = ${fingerprint} where ${davBook.userId} = ${userId}`);
    if (attempt >= 2) return { seq, ctag: ctagOf((await bookState(db, userId)).seq) };
  }
}

const ctagOf = (seq: number) => `knowwho-${seq}`;

/** A listed card as the book holds it, with the client's own lines when the listing renders cards. */
export type BookEntry = CardEntry & { connectionId: number; extra?: string[] };

/**
 * The book's live cards a page at a time: all of them newest person first (the export's order, on
 * connection_user_created_idx), or those changed after `since` in the order of their change
 * (dav_card_user_seq_idx), so a sync with a token reads only what changed. `extras` adds the client's
 * own lines, which only a rendered card needs.
 */
export async function* bookEntries(
  db: Database,
  owner: string | Owners,
  { since = -1, extras = false, size = BOOK_PAGE }: { since?: number; extras?: boolean; size?: number } = {},
): AsyncGenerator<BookEntry[]> {
  // A team member's book lists the people that member sees (decision 0234).
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const byChange = since >= 0;
  let after: { a: number; b: number } | null = null;
  for (;;) {
    const keyset = after
      ? byChange
        ? sql`and (d.seq, d.id) > (${after.a}, ${after.b})`
        : sql`and (c.created_at, c.id) < (${after.a}, ${after.b})`
      : sql``;
    const rows = await db.all<{
      name: string;
      etag: string;
      seq: number;
      connectionId: number;
      extra: string | null;
      a: number;
      b: number;
    }>(sql`select d.name, d.etag, d.seq, d.connection_id as connectionId,
        ${extras ? sql`d.extra` : sql`null`} as extra,
        ${byChange ? sql`d.seq as a, d.id as b` : sql`c.created_at as a, c.id as b`}
      from ${davCard} d join ${connection} c on c.id = d.connection_id
      where d.user_id = ${userId} and c.user_id = ${userId} and ${seesPersonAs(viewer, "c")} and d.seq > ${since} ${keyset}
      order by ${byChange ? sql`d.seq, d.id` : sql`c.created_at desc, c.id desc`} limit ${size}`);
    if (!rows.length) return;
    yield rows.map((r) => ({
      name: r.name,
      etag: r.etag,
      seq: r.seq,
      connectionId: r.connectionId,
      ...(r.extra === null ? {} : { extra: parseExtra(r.extra) }),
    }));
    if (rows.length < size) return;
    const last = rows[rows.length - 1] as { a: number; b: number };
    after = { a: last.a, b: last.b };
  }
}

/** Tombstones of cards whose person went after `since`, a page at a time, in the order they went. */
export async function* goneEntries(db: Database, userId: string, since: number, size = BOOK_PAGE) {
  let after = { seq: since, id: Number.MAX_SAFE_INTEGER };
  for (;;) {
    const rows = await db.all<{ id: number; name: string; seq: number }>(sql`select id, name, seq from ${davCard}
      where user_id = ${userId} and connection_id is null and (seq, id) > (${after.seq}, ${after.id})
      order by seq, id limit ${size}`);
    if (!rows.length) return;
    yield rows.map((r) => r.name);
    if (rows.length < size) return;
    const last = rows[rows.length - 1] as { id: number; seq: number };
    after = { seq: last.seq, id: last.id };
  }
}

/** These people (at most a page of them) with every contact point, read in one D1 batch. */
export async function peopleOf(db: Database, owner: string | Owners, ids: number[]): Promise<PersonRecord[]> {
  if (!ids.length) return [];
  for await (const page of peoplePages(db, owner, ids, Math.max(ids.length, 1))) return page;
  return [];
}

/** A card as a listing serves it: rendered from the person and the client's kept lines. */
export type RenderedCard = { name: string; person: PersonRecord; body: string; etag: string };

/** A page of listed cards rendered (with photos when `photos` is given), by their person. */
export async function renderEntries(
  db: Database,
  userId: string | Owners,
  entries: BookEntry[],
  photos: PhotoStore | null,
): Promise<Map<number, RenderedCard>> {
  const people = await peopleOf(
    db,
    userId,
    entries.map((e) => e.connectionId),
  );
  const byId = new Map(people.map((p) => [p.id, p]));
  const pictures = await photosFor(photos, people);
  const out = new Map<number, RenderedCard>();
  for (const e of entries) {
    const person = byId.get(e.connectionId);
    if (!person) continue;
    const extra = e.extra ?? [];
    const body = renderCard(person, extra, pictures.get(person.id) ?? null);
    out.set(person.id, { name: e.name, person, body, etag: await cardEtag(person, extra) });
  }
  return out;
}

/** The live cards these names (at most a page of them) name in the owner's book, with their kept lines. */
export async function entriesNamed(db: Database, userId: string, names: string[]): Promise<BookEntry[]> {
  if (!names.length) return [];
  const rows = await db.all<{ name: string; etag: string; seq: number; connectionId: number; extra: string }>(sql`
    select d.name, d.etag, d.seq, d.connection_id as connectionId, d.extra from ${davCard} d
    where d.user_id = ${userId} and d.connection_id is not null
      and d.name in (select value from json_each(${JSON.stringify(names)}))`);
  return rows.map((r) => ({ ...r, extra: parseExtra(r.extra) }));
}

/**
 * One resource by name, rendered; a tombstone or an unknown name gives what there is. Without `photos`
 * the body leaves the photo out (enough for preconditions: the ETag never reads it).
 */
export async function readCard(db: Database, owner: string | Owners, name: string, photos: PhotoStore | null = null) {
  const userId = viewerOf(owner).workspaceId;
  const row = await db
    .select()
    .from(davCard)
    .where(and(eq(davCard.userId, userId), eq(davCard.name, name)))
    .get();
  if (!row?.connectionId) return { row: row ?? null, live: null };
  // A team person this member may not see reads as no card at all.
  const [person] = await peopleOf(db, owner, [row.connectionId]);
  if (!person) return { row, live: null };
  const photo = (await photosFor(photos, [person])).get(person.id) ?? null;
  const body = renderCard(person, row.extra, photo);
  return { row, live: { row, person, body, etag: await cardEtag(person, row.extra) } satisfies LiveCard };
}
