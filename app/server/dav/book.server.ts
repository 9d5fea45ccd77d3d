import { and, eq, sql } from "drizzle-orm";
import { foldLine } from "~/lib/content-line";
import type { PersonRecord } from "~/lib/people/draft";
import { writeVCard } from "~/lib/vcard";
import { davBook, davCard } from "~db/schema";
import type { Database } from "../db.server";
import { loadPeople } from "../people/read.server";
import { rawSql, type Statement, writeBatch } from "../people/write.server";
import { sha256Hex } from "../tokens.server";

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
export type Book = { seq: number; live: LiveCard[]; gone: CardRow[] };

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
 * The unfolded content lines of one vCard the people core cannot hold (PHOTO, NICKNAME, IMPP, X-...),
 * with the Apple labels of their groups. Labels of held properties are regenerated from TYPE, so
 * they are not kept twice.
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
    .filter(({ m }) => {
      const name = (m[2] as string).toUpperCase();
      if (HELD.has(name)) return false;
      if (name === "X-ABLABEL" && m[1] && heldGroups.has(m[1].toUpperCase())) return false;
      return true;
    })
    .map((x) => x.line);
}

/** The vCard 3.0 a client receives: our writer's card, then the client's own properties we kept. */
export function renderCard(person: PersonRecord, extra: string[]): string {
  const card = writeVCard(person, "3.0");
  if (!extra.length) return card;
  const end = card.lastIndexOf("END:VCARD");
  return `${card.slice(0, end)}${extra.map(foldLine).join("\r\n")}\r\n${card.slice(end)}`;
}

export const etagOf = async (body: string) => `"${(await sha256Hex(body)).slice(0, 40)}"`;

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
    db.select({ seq: davBook.seq }).from(davBook).where(eq(davBook.userId, userId)).get(),
  ]);
  return { rows, seq: book?.seq ?? 0 };
}

/**
 * Everything in the book as served now, with the changes since the last look recorded first. Looks
 * again after recording, until a look finds nothing new (at most three), so the counter it answers
 * covers everything it lists; the counter is read before the people, so it never claims a change it
 * did not see.
 */
export async function openBook(db: Database, userId: string): Promise<Book> {
  for (let attempt = 0; ; attempt++) {
    const { rows, seq } = await readState(db, userId);
    const people = await loadPeople(db, userId);
    const byPerson = new Map(rows.filter((r) => r.connectionId !== null).map((r) => [r.connectionId as number, r]));
    const taken = new Set(rows.filter((r) => r.connectionId !== null).map((r) => r.name));
    const live: LiveCard[] = [];
    const writes: Statement[] = [];
    // Rows this look stamps: reported as changed even when the loop gives up looking again.
    const fresh = (row: CardRow): CardRow => ({
      ...row,
      seq: Number.MAX_SAFE_INTEGER,
      deleted: row.connectionId === null,
    });
    for (const person of people) {
      const row = byPerson.get(person.id);
      const body = renderCard(person, row?.extra ?? []);
      const etag = await etagOf(body);
      if (row && row.etag === etag && !row.deleted) {
        live.push({ row, person, body, etag });
        continue;
      }
      if (row) {
        live.push({ row: fresh(row), person, body, etag });
        writes.push(
          rawSql(sql`update ${davCard} set etag = ${etag}, deleted = 0, seq = ${seqOf(userId)}
            where ${davCard.id} = ${row.id} and ${davCard.connectionId} = ${person.id}`),
        );
        continue;
      }
      const name = nameFor(person, taken);
      taken.add(name);
      const made = { id: 0, userId, connectionId: person.id, name, etag, seq: 0, deleted: false, extra: [] };
      live.push({ row: fresh(made), person, body, etag });
      writes.push(
        rawSql(sql`insert into ${davCard} (user_id, connection_id, name, etag, seq, deleted, extra)
          values (${userId}, ${person.id}, ${name}, ${etag}, ${seqOf(userId)}, 0, '[]')
          on conflict (user_id, name) do update set connection_id = excluded.connection_id, etag = excluded.etag,
            seq = excluded.seq, deleted = 0, extra = '[]' where ${davCard.connectionId} is null`),
      );
    }
    const gone: CardRow[] = [];
    for (const r of rows.filter((x) => x.connectionId === null)) {
      if (r.deleted) {
        gone.push(r);
        continue;
      }
      gone.push(fresh(r));
      writes.push(
        rawSql(sql`update ${davCard} set deleted = 1, seq = ${seqOf(userId)}
          where ${davCard.id} = ${r.id} and ${davCard.connectionId} is null`),
      );
    }
    if (!writes.length) return { seq, live, gone };
    try {
      await writeBatch(db, [...bumpBook(db, userId), ...writes]);
    } catch (error) {
      // Another look recorded the same person a moment ago: read again.
      if (attempt >= 2 || !/UNIQUE constraint failed/i.test(String((error as Error).message))) throw error;
      continue;
    }
    if (attempt >= 2) return { seq, live, gone };
  }
}

/** One resource by name, rendered; a tombstone or an unknown name gives what there is. */
export async function readCard(db: Database, userId: string, name: string) {
  const row = await db
    .select()
    .from(davCard)
    .where(and(eq(davCard.userId, userId), eq(davCard.name, name)))
    .get();
  if (!row?.connectionId) return { row: row ?? null, live: null };
  const [person] = await loadPeople(db, userId, [row.connectionId]);
  if (!person) return { row, live: null };
  const body = renderCard(person, row.extra);
  return { row, live: { row, person, body, etag: await etagOf(body) } satisfies LiveCard };
}

/** The book's change counter, for the sync token and CTag. */
export async function bookSeq(db: Database, userId: string) {
  return (await readState(db, userId)).seq;
}
