import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { asCountry } from "~/lib/forms/phone";
import { normalizeTags, type Priority, type Status, uniqueTags } from "~/lib/people/connection-rules";
import type { PersonDraft } from "~/lib/people/draft";
import { normalisePerson } from "~/lib/people/normalise";
import { connection, contactPoint, personHistory } from "~db/schema";
import type { Database } from "../db/db.server";
import { isUniqueViolation, rawSql, type Statement, writeBatch } from "../db/write.server";
import { activeEventName } from "../events/active-event.server";
import { getSettings } from "../settings/settings.server";
import { emitPeopleEvents, type PeopleEvents } from "./events.server";
import { suggestionStatements } from "./suggestions.server";
import { entryStatements } from "./timeline.server";

export type Source = "manual" | "share" | "saved" | "import" | "scan";
type Batch = Statement[];

/** How a person arrives: from where, tagged how, and what else belongs to the same write. */
export type Arrival = {
  source: Source;
  /** A line for the person's history ("Shared back from your card “Work”"). */
  detail: string;
  /** Undefined: the owner's active event tags them. Null: no event. A string: that event. */
  eventName?: string | null;
  /** Idempotency key: a replay of the same submission (offline sync, double tap) is stored once. */
  clientId?: string;
  cardId?: number | null;
  status?: Status;
  priority?: Priority;
  strength?: number | null;
  context?: string | null;
  /** Tags that say how they came (Scanned, Shared...); kept on new and existing people alike. */
  tags?: string[];
  /** Where the change is announced (person.created / person.updated); null emits nothing (tests, seed). */
  events: PeopleEvents;
  /**
   * The member who met them (decision 0234): a new person's "met by" and owner. Without one, migration 0064's
   * trigger names the personal workspace's user, or the team's first owner. An existing person keeps theirs.
   */
  metBy?: string | null;
  /** A stored photo's key (`putPhoto`): the new person's photo, or an existing person's when they have none. */
  photo?: string | null;
  /** Statements written in the same batch, given the person's id as SQL and whether they are new. */
  also?: (personId: SQL, created: boolean) => Batch;
  now?: Date;
};

export type Added = { id: number; name: string; outcome: "created" | "attached" | "replayed" };

const MAX_KEYED_POINTS = 40;

/** The owner's country, for phones written without one. */
export async function ownerCountry(db: Database, userId: string) {
  return asCountry((await getSettings(db, userId)).country);
}

/** Statements inserting contact points for one person from a JSON list: one bound list, any length. */
function insertPoints(
  _db: Database,
  userId: string,
  personId: SQL | number,
  points: ReturnType<typeof normalisePerson>["points"],
  onConflict: "fail" | "skip",
) {
  const json = JSON.stringify(points);
  return rawSql(sql`insert into ${contactPoint} (user_id, connection_id, kind, label, value, key, service, preferred)
    select ${userId}, ${personId}, json_extract(j.value, '$.kind'), json_extract(j.value, '$.label'),
      json_extract(j.value, '$.value'), json_extract(j.value, '$.key'), json_extract(j.value, '$.service'),
      json_extract(j.value, '$.preferred')
    from json_each(${json}) j where true ${onConflict === "skip" ? sql`on conflict do nothing` : sql``}`);
}

/** People of this owner holding any of these keys (email, E.164 phone, LinkedIn), best match first. */
export async function exactMatches(db: Database, userId: string, keys: { kind: string; key: string }[]) {
  // Phones carried over from before normalisation were keyed by their digits alone (4155550102).
  const legacy = keys
    .filter((k) => k.kind === "phone" && k.key.startsWith("+"))
    .flatMap((k) => [k.key.slice(1), k.key.slice(1).replace(/^1(?=\d{10}$)/, "")])
    .map((key) => ({ kind: "phone", key }));
  const list = [...keys, ...legacy].slice(0, MAX_KEYED_POINTS);
  if (!list.length) return [];
  const rows = await db
    .select({ connectionId: contactPoint.connectionId, kind: contactPoint.kind })
    .from(contactPoint)
    .where(
      and(
        eq(contactPoint.userId, userId),
        or(...list.map((k) => and(eq(contactPoint.kind, k.kind as "email"), eq(contactPoint.key, k.key)))),
      ),
    );
  const rank = { email: 0, social: 1, phone: 2, website: 3, address: 4, sip: 5, role: 6 } as const;
  const held = rows.sort((a, b) => rank[a.kind] - rank[b.kind]).map((r) => r.connectionId);
  // Rows written straight into the table (before contact points, or by a seed) still count by column.
  const emails = list.filter((k) => k.kind === "email").map((k) => k.key);
  const phones = list.filter((k) => k.kind === "phone").map((k) => k.key);
  const byColumn =
    held.length || (!emails.length && !phones.length)
      ? []
      : await db
          .select({ id: connection.id })
          .from(connection)
          .where(
            and(
              eq(connection.userId, userId),
              or(
                emails.length ? inArray(sql`lower(${connection.email})`, emails) : undefined,
                phones.length ? inArray(connection.phone, phones) : undefined,
              ),
            ),
          )
          .orderBy(connection.createdAt)
          .limit(5);
  return [...new Set([...held, ...byColumn.map((r) => r.id)])];
}

/** The person a submission with this idempotency key created, or attached to. */
async function findReplay(db: Database, userId: string, clientId: string | undefined) {
  if (!clientId) return null;
  const [row] = await db
    .select({ id: connection.id, name: connection.name })
    .from(connection)
    .where(
      and(
        eq(connection.userId, userId),
        or(
          eq(connection.clientId, clientId),
          sql`${connection.id} = (select ${personHistory.connectionId} from ${personHistory} where ${personHistory.userId} = ${userId} and ${personHistory.clientId} = ${clientId})`,
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function eventFor(db: Database, userId: string, given: string | null | undefined) {
  return given === undefined ? activeEventName(db, userId) : given;
}

/**
 * New details for someone already in the network: contact points they did not have are added, empty
 * single-valued fields are filled, tags and notes are appended; nothing the owner has is overwritten.
 * Returns the statements; the caller writes them in one batch.
 */
async function attachStatements(
  db: Database,
  userId: string,
  personId: number,
  normal: ReturnType<typeof normalisePerson>,
  arrival: Arrival,
  eventName: string | null,
) {
  const [current] = await db
    .select()
    .from(connection)
    .where(and(eq(connection.id, personId), eq(connection.userId, userId)));
  if (!current) return null;
  const have = await db
    .select({ kind: contactPoint.kind, value: contactPoint.value, key: contactPoint.key })
    .from(contactPoint)
    .where(and(eq(contactPoint.userId, userId), eq(contactPoint.connectionId, personId)));
  const fresh = normal.points
    .filter((p) => !have.some((h) => h.kind === p.kind && (p.key ? h.key === p.key : h.value === p.value)))
    .map((p) => ({ ...p, preferred: !have.some((h) => h.kind === p.kind) && p.preferred }));
  const v = normal.values;
  const note = v.notes && !(current.notes ?? "").includes(v.notes) ? v.notes : null;
  const fill = (column: SQL | unknown, value: string | null) =>
    value === null ? undefined : sql`coalesce(nullif(${column}, ''), ${value})`;
  const now = arrival.now ?? new Date();
  const tags = uniqueTags([...current.tags, ...(arrival.tags ?? []), ...v.tags, ...(eventName ? [eventName] : [])]);
  const filled = (["title", "company", "department", "role", "birthday", "givenName", "familyName"] as const).some(
    (k) => v[k] !== null && !current[k],
  );
  // A photo only for someone without one: the people core never overwrites what the owner has.
  const photo = arrival.photo && !current.image ? arrival.photo : null;
  // A real change (for webhooks): a new contact point, a filled field, a new tag, note or photo.
  const changed = fresh.length > 0 || filled || note !== null || photo !== null || tags.length !== current.tags.length;
  const statements: Batch = [
    db
      .update(connection)
      .set({
        title: fill(connection.title, v.title),
        company: fill(connection.company, v.company),
        department: fill(connection.department, v.department),
        role: fill(connection.role, v.role),
        birthday: fill(connection.birthday, v.birthday),
        givenName: fill(connection.givenName, v.givenName),
        familyName: fill(connection.familyName, v.familyName),
        email: fill(connection.email, v.email),
        phone: fill(connection.phone, v.phone),
        website: fill(connection.website, v.website),
        linkedin: fill(connection.linkedin, v.linkedin),
        eventName: fill(connection.eventName, eventName),
        tags,
        notes: note ? [current.notes, note].filter(Boolean).join("\n\n").slice(0, 10_000) : undefined,
        image: photo ? sql`coalesce(${connection.image}, ${photo})` : undefined,
      } as Partial<typeof connection.$inferInsert>)
      .where(and(eq(connection.id, personId), eq(connection.userId, userId))),
  ];
  if (fresh.length) statements.push(insertPoints(db, userId, personId, fresh, "skip"));
  // An import has its own preview for differences; every other arrival offers them to the owner.
  const suggested =
    arrival.source === "import"
      ? { statements: [], offered: [] }
      : suggestionStatements(db, userId, personId, current, v, arrival.source, arrival.detail);
  statements.push(...suggested.statements);
  const added = [...fresh.map((p) => (p.kind === "address" ? "an address" : p.value)), ...(photo ? ["a photo"] : [])];
  const offered = suggested.offered.length ? `; suggested ${suggested.offered.join(", ")}` : "";
  statements.push(
    db.insert(personHistory).values({
      userId,
      connectionId: personId,
      kind: "attached",
      source: arrival.source,
      detail:
        `${arrival.detail}${added.length ? `; added ${added.join(", ")}` : offered ? "" : "; nothing new"}${offered}`.slice(
          0,
          1000,
        ),
      eventName,
      cardId: arrival.cardId ?? null,
      clientId: arrival.clientId ?? null,
      createdAt: now,
    }),
    // Someone already here is not added again: a second gift or form from them logs no second "Added".
    ...(arrival.source === "manual" ? [] : arrivalEntry(userId, personId, arrival, now)),
    ...(arrival.also?.(sql`${personId}`, false) ?? []),
  );
  return { statements, name: current.name, changed };
}

/** Adds the draft's details to one chosen person of this owner (the owner picked them). */
export async function attachToPerson(
  db: Database,
  userId: string,
  personId: number,
  draft: PersonDraft,
  arrival: Arrival,
): Promise<Added | null> {
  const [country, eventName] = await Promise.all([ownerCountry(db, userId), eventFor(db, userId, arrival.eventName)]);
  const attached = await attachStatements(db, userId, personId, normalisePerson(draft, country), arrival, eventName);
  if (!attached) return null;
  await writeBatch(db, attached.statements);
  if (attached.changed) await emitPeopleEvents(arrival.events, userId, [{ type: "person.updated", id: personId }]);
  return { id: personId, name: attached.name, outcome: "attached" };
}

/**
 * The one way a person enters the network. A replay of the same submission returns the stored person;
 * someone whose email, phone or LinkedIn is already held by a person of this owner gets the new details
 * attached; anyone else is created with their contact points, history and whatever `arrival.also`
 * adds, in one batch. The contact-point keys are unique per owner in the database, so concurrent
 * arrivals of one person race safely: the losers' batches fail whole and are retried as attachments.
 */
export async function addPerson(db: Database, userId: string, draft: PersonDraft, arrival: Arrival): Promise<Added> {
  const [country, eventName] = await Promise.all([ownerCountry(db, userId), eventFor(db, userId, arrival.eventName)]);
  const normal = normalisePerson(draft, country);
  const keys = normal.points.filter((p): p is typeof p & { key: string } => p.key !== null);
  for (let attempt = 0; ; attempt++) {
    const replay = await findReplay(db, userId, arrival.clientId);
    if (replay) return { id: replay.id, name: replay.name, outcome: "replayed" };
    const [match] = await exactMatches(db, userId, keys);
    try {
      const attached =
        match === undefined ? null : await attachStatements(db, userId, match, normal, arrival, eventName);
      if (attached) {
        await writeBatch(db, attached.statements);
        if (attached.changed)
          await emitPeopleEvents(arrival.events, userId, [{ type: "person.updated", id: match as number }]);
        return { id: match as number, name: attached.name, outcome: "attached" };
      }
      const id = await createPerson(db, userId, normal, arrival, eventName);
      await emitPeopleEvents(arrival.events, userId, [{ type: "person.created", id }]);
      return { id, name: normal.values.name, outcome: "created" };
    } catch (error) {
      // Someone else stored this person (or this submission) a moment ago: look again and attach.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** People of this owner who hold one of the draft's emails, phones or LinkedIn: the exact matches. */
export async function exactMatchesFor(db: Database, userId: string, draft: PersonDraft) {
  const { points } = normalisePerson(draft, await ownerCountry(db, userId));
  return exactMatches(
    db,
    userId,
    points.filter((p): p is typeof p & { key: string } => p.key !== null),
  );
}

async function createPerson(
  db: Database,
  userId: string,
  normal: ReturnType<typeof normalisePerson>,
  arrival: Arrival,
  eventName: string | null,
) {
  const clientId = arrival.clientId ?? `p-${crypto.randomUUID()}`;
  const personId = sql`(select ${connection.id} from ${connection} where ${connection.userId} = ${userId} and ${connection.clientId} = ${clientId})`;
  const now = arrival.now ?? new Date();
  const v = normal.values;
  const statements: Batch = [
    db.insert(connection).values({
      ...v,
      uid: v.uid ?? crypto.randomUUID(),
      userId,
      clientId,
      tags: normalizeTags([...(arrival.tags ?? []), ...v.tags, ...(eventName ? [eventName] : [])]),
      status: arrival.status ?? "Active",
      priority: arrival.priority ?? "medium",
      strength: arrival.strength ?? null,
      context: arrival.context ?? null,
      eventName,
      source: arrival.source,
      metBy: arrival.metBy ?? null,
      image: arrival.photo ?? null,
      createdAt: now,
    }),
  ];
  if (normal.points.length) statements.push(insertPoints(db, userId, personId, normal.points, "fail"));
  statements.push(
    db.insert(personHistory).values({
      userId,
      connectionId: personId,
      kind: "created",
      source: arrival.source,
      detail: arrival.detail.slice(0, 1000),
      eventName,
      cardId: arrival.cardId ?? null,
      createdAt: now,
    }),
    ...arrivalEntry(userId, personId, arrival, now),
    ...(arrival.also?.(personId, true) ?? []),
  );
  await writeBatch(db, statements);
  const [row] = await db
    .select({ id: connection.id })
    .from(connection)
    .where(and(eq(connection.userId, userId), eq(connection.clientId, clientId)));
  if (!row) throw new Error("The new person was not stored");
  return row.id;
}

/** What an arrival puts on the timeline; an import is not a moment of contact, so it adds nothing. */
const ARRIVAL_KIND = { share: "share-back", scan: "capture", saved: "saved-card", manual: "added" } as const;

function arrivalEntry(userId: string, personId: SQL | number, arrival: Arrival, now: Date) {
  if (arrival.source === "import") return [];
  return entryStatements(userId, personId, {
    kind: ARRIVAL_KIND[arrival.source],
    source: arrival.source,
    occurredAt: now,
    text: arrival.detail,
  });
}
