import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { emailKey, normalizeEmail } from "~/lib/forms/email";
import { normalizePhone, phoneKey } from "~/lib/forms/phone";
import { normalizeTags, type Priority, type Status } from "~/lib/people/connection-rules";
import { normalizeLinkedIn } from "~/lib/people/enrich";
import { foldName, normaliseWebsite } from "~/lib/people/normalise";
import { connection, contactPoint, personHistory } from "~db/schema";
import { chunk } from "../db/budget.server";
import type { Database, Owners } from "../db/db.server";
import { isUniqueViolation, rawSql, type Statement, writeBatch } from "../db/write.server";
import { peopleOf, viewerOf } from "./access.server";
import { ownerCountry } from "./add.server";
import { consentStatement, ownsPerson, senderNameOf } from "./consent.server";
import { emitPeopleEvents, type PeopleEvents } from "./events.server";
import { deletePhotos } from "./photo.server";

type Batch = Statement[];

export type PersonEdit = {
  name: string;
  title: string | null;
  role: string | null;
  company: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  linkedin: string | null;
  tags: string[];
  priority: Priority;
  status: Status;
  strength: number | null;
  context: string | null;
  eventName: string | null;
  notes: string | null;
};

/** The fields the owner edits, taken from a stored person (for changes made outside the form). */
export function editableFields(p: typeof connection.$inferSelect): PersonEdit {
  const { name, title, role, company, email, phone, website, linkedin, tags, priority, status, strength, context } = p;
  return {
    name,
    title,
    role,
    company,
    email,
    phone,
    website,
    linkedin,
    tags,
    priority,
    status,
    strength,
    context,
    eventName: p.eventName,
    notes: p.notes,
  };
}

/** The line an owner's edit leaves on the person's history. */
export const editedEntry = (db: Database, userId: string, id: number, detail: string) =>
  db
    .insert(personHistory)
    .values({ userId, connectionId: id, kind: "edited", source: "manual", detail: detail.slice(0, 1000) });

const KINDS = {
  email: { kind: "email", label: "other", service: null },
  phone: { kind: "phone", label: "mobile", service: null },
  website: { kind: "website", label: "work", service: null },
  linkedin: { kind: "social", label: "other", service: "linkedin" },
} as const;

/**
 * Saves the owner's edit of a person. The email, phone, website and LinkedIn fields edit the preferred
 * contact point of their kind (other points stay). A value another person of this owner already holds is
 * refused with the field's error, so two people never share an email or phone.
 */
export async function updatePerson(
  db: Database,
  userId: string,
  id: number,
  edit: PersonEdit,
  events: PeopleEvents,
): Promise<{ ok: true; changed: boolean } | { ok: false; field: keyof typeof KINDS; message: string } | null> {
  const [current] = await db
    .select()
    .from(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)));
  if (!current) return null;
  const country = await ownerCountry(db, userId);
  const next = {
    email: (edit.email && emailKey(edit.email)) || null,
    phone: normalizePhone(edit.phone, country),
    website: normaliseWebsite(edit.website),
    linkedin: normalizeLinkedIn(edit.linkedin) ?? (edit.linkedin?.trim() || null),
  };
  const tags = normalizeTags(edit.tags);
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
  const unchanged =
    (Object.keys(edit) as (keyof PersonEdit)[]).every((k) =>
      k === "tags"
        ? JSON.stringify(tags) === JSON.stringify(current.tags)
        : k in next
          ? true
          : same(edit[k], current[k]),
    ) && (Object.keys(next) as (keyof typeof next)[]).every((k) => same(next[k], current[k]));
  // Saving the form without changing anything writes nothing and announces nothing.
  if (unchanged) return { ok: true, changed: false };
  const keyOf = (field: keyof typeof KINDS, value: string) =>
    field === "email"
      ? value
      : field === "phone"
        ? (phoneKey(value, country) ?? value)
        : field === "linkedin"
          ? `linkedin:${value}`
          : null;
  const points = await db
    .select()
    .from(contactPoint)
    .where(and(eq(contactPoint.userId, userId), eq(contactPoint.connectionId, id)));
  const statements: Batch = [];
  for (const field of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
    const value = next[field];
    const before = current[field];
    if (value === before) continue;
    const spec = KINDS[field];
    const ofKind = points.filter((p) => p.kind === spec.kind && (!spec.service || p.service === spec.service));
    const old = ofKind.find((p) => p.value === before) ?? ofKind.find((p) => p.preferred);
    if (!value) {
      if (old) statements.push(db.delete(contactPoint).where(eq(contactPoint.id, old.id)));
      continue;
    }
    const key = keyOf(field, value);
    const same = ofKind.find((p) => (key ? p.key === key : p.value === value));
    if (same) {
      statements.push(
        db
          .update(contactPoint)
          .set({ preferred: sql`${contactPoint.id} = ${same.id}` })
          .where(and(eq(contactPoint.connectionId, id), eq(contactPoint.kind, spec.kind))),
      );
    } else if (old) {
      statements.push(db.update(contactPoint).set({ value, key, preferred: true }).where(eq(contactPoint.id, old.id)));
    } else {
      statements.push(
        db.insert(contactPoint).values({
          userId,
          connectionId: id,
          kind: spec.kind,
          label: spec.label,
          value,
          key,
          service: spec.service,
          preferred: true,
        }),
      );
    }
  }
  statements.push(
    db
      .update(connection)
      .set({
        ...edit,
        ...next,
        tags,
        nameKey: foldName(edit.name),
      })
      .where(and(eq(connection.id, id), eq(connection.userId, userId))),
    editedEntry(db, userId, id, "Edited"),
  );
  try {
    await writeBatch(db, statements);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const field = (Object.keys(KINDS) as (keyof typeof KINDS)[]).find((f) => next[f] !== current[f]) ?? "email";
    return { ok: false, field, message: `Another person in your network already has this ${field}` };
  }
  await emitPeopleEvents(events, userId, [{ type: "person.updated", id }]);
  return { ok: true, changed: true };
}

/** Adds one more email, phone, website or profile to a person; refused if another person holds it. */
export async function addContactPoint(
  db: Database,
  userId: string,
  id: number,
  input: { kind: "email" | "phone" | "website" | "linkedin"; label: string; value: string },
  events: PeopleEvents,
): Promise<{ ok: true } | { ok: false; message: string } | null> {
  const [row] = await db
    .select({ id: connection.id })
    .from(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)));
  if (!row) return null;
  const country = await ownerCountry(db, userId);
  const raw = input.value.trim();
  const value =
    input.kind === "email"
      ? normalizeEmail(raw)
      : input.kind === "phone"
        ? normalizePhone(raw, country)
        : input.kind === "website"
          ? normaliseWebsite(raw)
          : normalizeLinkedIn(raw);
  if (!value)
    return { ok: false, message: `That is not a valid ${input.kind === "linkedin" ? "LinkedIn profile" : input.kind}` };
  const spec = KINDS[input.kind];
  const key =
    input.kind === "email"
      ? value
      : input.kind === "phone"
        ? (phoneKey(value, country) ?? value)
        : input.kind === "linkedin"
          ? `linkedin:${value}`
          : null;
  const rows = await db
    .insert(contactPoint)
    .values({
      userId,
      connectionId: id,
      kind: spec.kind,
      label: input.label.slice(0, 20),
      value,
      key,
      service: spec.service,
    })
    .onConflictDoNothing()
    .returning({ id: contactPoint.id });
  if (!rows.length) return { ok: false, message: `Someone in your network already has ${value}` };
  await emitPeopleEvents(events, userId, [{ type: "person.updated", id }]);
  return { ok: true };
}

/** Removes one contact point of the owner's person (the column copy follows when it was that one). */
export async function removeContactPoint(
  db: Database,
  userId: string,
  id: number,
  pointId: number,
  events: PeopleEvents,
) {
  const [point] = await db
    .select()
    .from(contactPoint)
    .where(and(eq(contactPoint.id, pointId), eq(contactPoint.userId, userId), eq(contactPoint.connectionId, id)));
  if (!point) return false;
  const column =
    point.kind === "email"
      ? "email"
      : point.kind === "phone"
        ? "phone"
        : point.kind === "website"
          ? "website"
          : point.service === "linkedin"
            ? "linkedin"
            : null;
  const statements: Batch = [db.delete(contactPoint).where(eq(contactPoint.id, pointId))];
  if (column)
    statements.push(
      rawSql(
        sql`update connection set ${sql.identifier(column)} = null where id = ${id} and user_id = ${userId} and ${sql.identifier(column)} = ${point.value}`,
      ),
    );
  await writeBatch(db, statements);
  await emitPeopleEvents(events, userId, [{ type: "person.updated", id }]);
  return true;
}

/**
 * The owner's record that the person agreed to hear from them by email, or withdrew: an "email" consent
 * record with its own source ("owner"), and the line on their history.
 */
export async function recordConsent(db: Database, userId: string, id: number, given: boolean) {
  if (!(await ownsPerson(db, userId, id))) return false;
  const senderName = await senderNameOf(db, userId);
  const detail = given
    ? "Agreed to hear from you by email (recorded by you)"
    : "Withdrew consent to be emailed (recorded by you)";
  await writeBatch(db, [
    consentStatement(db, id, {
      senderWorkspaceId: userId,
      purpose: "email",
      state: given ? "yes" : "no",
      senderName,
      shown: detail,
      source: "owner",
    }),
    db.insert(personHistory).values({
      userId,
      connectionId: id,
      kind: given ? "consent-given" : "consent-withdrawn",
      source: "manual",
      detail,
    }),
  ]);
  return true;
}

/**
 * What the owner and the person discussed (drafts may use it): saved with a line on their history and
 * announced; saving it unchanged writes nothing. Null when the person is not the owner's.
 */
export async function setDiscussed(
  db: Database,
  userId: string,
  id: number,
  discussed: string | null,
  events: PeopleEvents,
): Promise<{ changed: boolean } | null> {
  const [current] = await db
    .select({ discussed: connection.discussed })
    .from(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)));
  if (!current) return null;
  const next = discussed?.trim() ? discussed : null;
  if ((current.discussed ?? null) === next) return { changed: false };
  await writeBatch(db, [
    db
      .update(connection)
      .set({ discussed: next })
      .where(and(eq(connection.id, id), eq(connection.userId, userId))),
    editedEntry(db, userId, id, next ? "Noted what you discussed" : "Cleared what you discussed"),
  ]);
  await emitPeopleEvents(events, userId, [{ type: "person.updated", id }]);
  return { changed: true };
}

/** Deletes the owner's person with everything that hangs off them (cascade), and their photo. */
export async function deletePerson(photos: KVNamespace | null, db: Database, userId: string, id: number) {
  const rows = await db
    .delete(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)))
    .returning({ id: connection.id, image: connection.image });
  if (photos)
    await deletePhotos(
      photos,
      rows.map((r) => r.image),
    );
  return rows.length > 0;
}

export type BulkChange =
  | { kind: "priority"; value: "high" | "medium" | "low" }
  | { kind: "status"; value: "Active" | "Pending" | "Archived" }
  | { kind: "add-tag" | "remove-tag"; value: string };

/**
 * Applies one change to the selected people the viewer sees in one batch (all or nothing), in statements of
 * at most as many ids as one statement binds; a team person the member does not see (0234) is left alone, whatever
 * ids were posted. Returns how many people it changed.
 */
export async function bulkChange(
  db: Database,
  viewer: string | Owners,
  ids: number[],
  change: BulkChange,
  events: PeopleEvents,
) {
  const v = viewerOf(viewer);
  const userId = v.workspaceId;
  const unique = [...new Set(ids)].slice(0, 5000);
  if (unique.length === 0) return 0;
  const statements: Batch = [];
  let count = 0;
  const changed: number[] = [];
  for (const part of chunk(unique)) {
    const owned = and(peopleOf(v), inArray(connection.id, part));
    if (change.kind === "priority" || change.kind === "status") {
      const rows = await db.select({ id: connection.id, value: connection[change.kind] }).from(connection).where(owned);
      // Only the people whose value differs count as changed ("Updated 2 people", not 3).
      const differ = rows.filter((r) => r.value !== change.value).map((r) => r.id);
      if (!differ.length) continue;
      count += differ.length;
      changed.push(...differ);
      statements.push(
        db
          .update(connection)
          .set({ [change.kind]: change.value })
          .where(and(eq(connection.userId, userId), inArray(connection.id, differ))),
      );
      continue;
    }
    const rows = await db.select({ id: connection.id, tags: connection.tags }).from(connection).where(owned);
    const tag = change.value.trim().slice(0, 40);
    for (const r of rows) {
      const tags = normalizeTags(
        change.kind === "add-tag" ? [...r.tags, tag] : r.tags.filter((t) => t.toLowerCase() !== tag.toLowerCase()),
      );
      if (JSON.stringify(tags) === JSON.stringify(r.tags)) continue;
      count++;
      changed.push(r.id);
      statements.push(
        db
          .update(connection)
          .set({ tags })
          .where(and(eq(connection.id, r.id), eq(connection.userId, userId))),
      );
    }
  }
  if (statements.length) await writeBatch(db, statements);
  await emitPeopleEvents(
    events,
    userId,
    changed.map((id) => ({ type: "person.updated" as const, id })),
  );
  return count;
}

/** Statements that carry an event's new title to everyone met there ("Met at" and the event's tag). */
export function renameEventOnPeople(db: Database, userId: string, from: string, to: string, metThere: SQL | undefined) {
  return [
    db
      .update(connection)
      .set({ eventName: to })
      .where(and(eq(connection.userId, userId), eq(connection.eventName, from))),
    db
      .update(connection)
      .set({
        tags: sql`(select json_group_array(case when value = ${from} then ${to} else value end) from json_each(${connection.tags}))`,
      })
      .where(metThere),
  ];
}
