import { and, eq, sql } from "drizzle-orm";
import { foldLine } from "~/lib/content-line";
import type { PersonRecord, PhotoDraft } from "~/lib/people/draft";
import { writeVCard } from "~/lib/vcard";
import { davBook, davCard } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { photosOf } from "../people/photo.server";
import { loadPeople } from "../people/read.server";
import { sha256Hex } from "../platform/tokens.server";

/**
 * The owner's address book as CardDAV resources (docs/decisions/0066). People are read through the
 * people core and rendered with our vCard writer; a resource's ETag is the SHA-256 of the bytes served,
 * so it changes exactly when the card does, whoever changed the person (app, import, merge, a client).
 * Changes are found by comparing what is served now with what the last look recorded: each look that
 * finds any bumps the book's counter once (one batch) and stamps the changed resources with it, so
 * "changes since token N" is every resource stamped after N, tombstones of deleted people included.
 */

export type CardRow = typeof davCard.$inferSelect;
export type LiveCard = { row: CardRow; person: PersonRecord; body: string; etag: string };
/** A resource as a listing needs it: its name, ETag and the change that last touched it. */
export type CardEntry = { name: string; etag: string; seq: number };
export type Book = { seq: number; live: CardEntry[]; gone: CardEntry[] };

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

/** The photos of these people, for cards served with their address data. */
export type PhotoStore = { CACHE: KVNamespace };
export const photosFor = (store: PhotoStore | null, people: PersonRecord[]) =>
  store ? photosOf(store, people) : Promise.resolve(new Map<number, PhotoDraft>());

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

async function readState(db: Database, userId: string) {
  const [rows, book] = await Promise.all([
    db.select().from(davCard).where(eq(davCard.userId, userId)),
    db
      .select({ seq: davBook.seq, fingerprint: davBook.fingerprint })
      .from(davBook)
      .where(eq(davBook.userId, userId))
      .get(),
  ]);
  return { rows, seq: book?.seq ?? 0, fingerprint: book?.fingerprint ?? null };
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

const entry = (r: CardRow): CardEntry => ({ name: r.name, etag: r.etag, seq: r.seq });

/**
 * Every resource in the book, with the changes since the last look recorded first. When the people
 * are as the last look left them (same digest), the stored names and ETags are the answer. Otherwise
 * every card is rendered and compared, changes are recorded in one batch with the digest, and the
 * look runs again (then usually from the digest) until it finds nothing new, at most three times, so
 * the counter it answers covers everything it lists; the counter is read before the people, so it
 * never claims a change it did not see.
 */
export async function openBook(db: Database, userId: string): Promise<Book> {
  for (let attempt = 0; ; attempt++) {
    const fingerprint = await fingerprintOf(db, userId);
    const { rows, seq, fingerprint: known } = await readState(db, userId);
    // A card a client just wrote waits for a look to render it ('' ETag): never listed as it is.
    if (known === fingerprint && !rows.some((r) => r.connectionId !== null && !r.etag))
      return {
        seq,
        live: rows.filter((r) => r.connectionId !== null).map(entry),
        gone: rows.filter((r) => r.connectionId === null).map(entry),
      };
    const people = await loadPeople(db, userId);
    const byPerson = new Map(rows.filter((r) => r.connectionId !== null).map((r) => [r.connectionId as number, r]));
    const taken = new Set(rows.filter((r) => r.connectionId !== null).map((r) => r.name));
    const live: CardEntry[] = [];
    const writes: Statement[] = [];
    // Rows this look stamps are reported as changed even when the loop gives up looking again.
    const CHANGED = Number.MAX_SAFE_INTEGER;
    for (const person of people) {
      const row = byPerson.get(person.id);
      const etag = await cardEtag(person, row?.extra ?? []);
      if (row && row.etag === etag && !row.deleted) {
        live.push(entry(row));
        continue;
      }
      if (row) {
        live.push({ name: row.name, etag, seq: CHANGED });
        writes.push(
          rawSql(sql`update ${davCard} set etag = ${etag}, deleted = 0, seq = ${seqOf(userId)}
            where ${davCard.id} = ${row.id} and ${davCard.connectionId} = ${person.id}`),
        );
        continue;
      }
      const name = nameFor(person, taken);
      taken.add(name);
      live.push({ name, etag, seq: CHANGED });
      writes.push(
        rawSql(sql`insert into ${davCard} (user_id, connection_id, name, etag, seq, deleted, extra)
          values (${userId}, ${person.id}, ${name}, ${etag}, ${seqOf(userId)}, 0, '[]')
          on conflict (user_id, name) do update set connection_id = excluded.connection_id, etag = excluded.etag,
            seq = excluded.seq, deleted = 0, extra = '[]' where ${davCard.connectionId} is null`),
      );
    }
    const gone: CardEntry[] = [];
    for (const r of rows.filter((x) => x.connectionId === null)) {
      if (r.deleted) {
        gone.push(entry(r));
        continue;
      }
      gone.push({ ...entry(r), seq: CHANGED });
      writes.push(
        rawSql(sql`update ${davCard} set deleted = 1, seq = ${seqOf(userId)}
          where ${davCard.id} = ${r.id} and ${davCard.connectionId} is null`),
      );
    }
    if (!writes.length) {
      // Remembered only if no change was recorded meanwhile (the counter is still the one read).
      await db.run(sql`insert into ${davBook} (user_id, seq, fingerprint) values (${userId}, 0, ${fingerprint})
        on conflict (user_id) do update set fingerprint = excluded.fingerprint where ${davBook.seq} = ${seq}`);
      return { seq, live, gone };
    }
    try {
      // The digest taken before the people were read: a change made since then still differs from it.
      await writeBatch(db, [
        ...bumpBook(db, userId),
        ...writes,
        rawSql(sql`update ${davBook} set fingerprint = ${fingerprint} where ${davBook.userId} = ${userId}`),
      ]);
    } catch (error) {
      // Another look recorded the same person a moment ago: read again.
      if (attempt >= 2 || !/UNIQUE constraint failed/i.test(String((error as Error).message))) throw error;
      continue;
    }
    if (attempt >= 2) return { seq, live, gone };
  }
}

/**
 * One resource by name, rendered; a tombstone or an unknown name gives what there is. Without `photos`
 * the body leaves the photo out (enough for preconditions: the ETag never reads it).
 */
export async function readCard(db: Database, userId: string, name: string, photos: PhotoStore | null = null) {
  const row = await db
    .select()
    .from(davCard)
    .where(and(eq(davCard.userId, userId), eq(davCard.name, name)))
    .get();
  if (!row?.connectionId) return { row: row ?? null, live: null };
  const [person] = await loadPeople(db, userId, [row.connectionId]);
  if (!person) return { row, live: null };
  const photo = (await photosFor(photos, [person])).get(person.id) ?? null;
  const body = renderCard(person, row.extra, photo);
  return { row, live: { row, person, body, etag: await cardEtag(person, row.extra) } satisfies LiveCard };
}
