import { and, eq } from "drizzle-orm";
import { normalizeTags, PRIORITIES, STATUSES } from "~/lib/people/connection-rules";
import type { PersonDraft } from "~/lib/people/draft";
import { normalisePerson, type PointValues } from "~/lib/people/normalise";
import { connection, contactPoint } from "~db/schema";
import type { Database } from "../db/db.server";
import { isUniqueViolation, type Statement, writeBatch } from "../db/write.server";
import { ownerCountry } from "./add.server";
import { editedEntry } from "./edit.server";
import { emitPeopleEvents, type PeopleEvents } from "./events.server";

const same = (a: { kind: string; key: string | null; value: string; service: string | null }, b: PointValues) =>
  a.kind === b.kind &&
  (b.key
    ? a.key === b.key
    : a.value.toLowerCase() === b.value.toLowerCase() && (a.service ?? "") === (b.service ?? ""));

/**
 * Makes a person what a whole representation says (a vCard a CardDAV client PUT): every field a vCard
 * expresses is replaced, contact points are added, relabelled or removed to match, and everything a
 * vCard cannot say (priority and status unless given, strength, context, the event, the source, history,
 * consents, the UID) stays. `photo` is the photo's new key, null to remove it, undefined to leave it (0018).
 * One batch with `also`; a contact point another person of this owner holds refuses the whole change.
 * Null when the person is not the owner's.
 */
export async function replacePerson(
  db: Database,
  userId: string,
  id: number,
  draft: PersonDraft,
  options: { detail: string; photo?: string | null; also?: Statement[]; events: PeopleEvents },
): Promise<{ ok: true } | { ok: false; message: string } | null> {
  const [current] = await db
    .select({ id: connection.id, priority: connection.priority, status: connection.status })
    .from(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)));
  if (!current) return null;
  const { values: v, points } = normalisePerson(draft, await ownerCountry(db, userId));
  const have = await db
    .select()
    .from(contactPoint)
    .where(and(eq(contactPoint.userId, userId), eq(contactPoint.connectionId, id)));
  const statements: Statement[] = [];
  const kept = new Set<number>();
  const inserts: PointValues[] = [];
  for (const p of points) {
    const old = have.find((h) => !kept.has(h.id) && same(h, p));
    if (!old) {
      inserts.push(p);
      continue;
    }
    kept.add(old.id);
    if (old.label !== p.label || old.preferred !== p.preferred || old.value !== p.value)
      statements.push(
        db
          .update(contactPoint)
          .set({ label: p.label, preferred: p.preferred, value: p.value })
          .where(eq(contactPoint.id, old.id)),
      );
  }
  for (const h of have) if (!kept.has(h.id)) statements.push(db.delete(contactPoint).where(eq(contactPoint.id, h.id)));
  for (const p of inserts) statements.push(db.insert(contactPoint).values({ ...p, userId, connectionId: id }));
  const priority = PRIORITIES.find((x) => x === draft.priority?.toLowerCase()) ?? current.priority;
  const status = STATUSES.find((x) => x.toLowerCase() === draft.status?.toLowerCase()) ?? current.status;
  statements.push(
    db
      .update(connection)
      .set({
        name: v.name,
        namePrefix: v.namePrefix,
        givenName: v.givenName,
        middleName: v.middleName,
        familyName: v.familyName,
        nameSuffix: v.nameSuffix,
        title: v.title,
        company: v.company,
        department: v.department,
        role: v.role,
        birthday: v.birthday,
        email: v.email,
        phone: v.phone,
        website: v.website,
        linkedin: v.linkedin,
        notes: v.notes,
        tags: normalizeTags(v.tags),
        nameKey: v.nameKey,
        priority,
        status,
        image: options.photo,
      })
      .where(and(eq(connection.id, id), eq(connection.userId, userId))),
    editedEntry(
      db,
      userId,
      id,
      `${options.detail}${options.photo === undefined ? "" : options.photo ? "; new photo" : "; photo removed"}`,
    ),
    ...(options.also ?? []),
  );
  try {
    await writeBatch(db, statements);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = inserts.map((p) => p.value).join(", ");
    return { ok: false, message: `Another person in your network already has ${taken}` };
  }
  // A client re-PUTs unchanged cards; the history line is kept, but only a PUT is announced here.
  await emitPeopleEvents(options.events, userId, [{ type: "person.updated", id }]);
  return { ok: true };
}
