import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { normalizePriority, normalizeStatus, normalizeTags } from "~/lib/people/connection-rules";
import type { PersonDraft } from "~/lib/people/draft";
import { normalisePerson, type PointValues } from "~/lib/people/normalise";
import { connection, contactPoint, interaction } from "~db/schema";
import { chunk } from "../db/budget.server";
import type { Database } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { notifyWorkspace } from "../platform/notifications.server";
import { getSettings } from "../settings/settings.server";
import { ownerCountry, type Source } from "./add.server";
import { emitPeopleEvents, type PeopleEvents } from "./events.server";
import { checkedDraftPhoto, deletePhotos, putPhoto } from "./photo.server";
import { isContactSql } from "./timeline.server";

type Batch = Statement[];
// Rows per JSON-carried statement: one bound parameter each, well under D1's statement and value sizes.
// Joins from those rows to connection are `cross join`, so SQLite walks the rows and looks each person up
// by (user_id, client_id); a plain join let it walk all the owner's people per row (quadratic in imports).
// Where a person is found by id (the merge path), `+user_id` keeps SQLite off the user_id indexes, which
// otherwise walk all the owner's people (or history) once per JSON row; the id's own key finds the row.
const ROWS_PER_STATEMENT = 250;

export type BatchArrival = {
  source: Source;
  detail: string;
  tags?: string[];
  eventName?: string | null;
  /** Exact matches get the new details ("attach") or are left alone ("skip"). */
  duplicates?: "attach" | "skip";
  /** The member who brought them in (decision 0234): the new people's "met by" and owner. */
  metBy?: string | null;
  notify?: boolean;
  /** Rows the reader already skipped, counted in the notification. */
  alsoSkipped?: number;
  /**
   * Where the change is announced: one person.created per new person and one person.updated per person
   * who got something new (docs/decisions/0011); null emits nothing.
   */
  events: PeopleEvents;
  /** Where photos read from the file are stored (the avatars' KV); null leaves photos out. */
  photos: KVNamespace | null;
};

export type BatchResult = { added: number; attached: number; skipped: number; ids: number[] };

/**
 * Adds or attaches many drafts (an import) in one D1 batch, so it applies whole or not at all. The same
 * rules as addPerson: exact matches (email, phone, LinkedIn) get new contact points and empty fields
 * filled, never overwritten; twins inside the batch become one person. Statements carry their rows as
 * one JSON parameter, so no statement binds more than a handful of parameters.
 */
export async function addPeople(
  db: Database,
  userId: string,
  drafts: PersonDraft[],
  arrival: BatchArrival,
): Promise<BatchResult> {
  const prepared = await preparePeople(db, userId, drafts, arrival);
  try {
    if (prepared.statements.length) await writeBatch(db, prepared.statements);
  } catch (error) {
    await prepared.abort();
    throw error;
  }
  return prepared.finish();
}

/** Where each draft went: an existing person's id, a new person's client id, or nowhere (skipped). */
export type PersonRef = { id: number } | { cid: string } | null;

/**
 * addPeople's statements without running them, for a caller that writes more in the same batch (a gift
 * import): `refs` names each draft's person, `finish` (after the batch) reads the new ids and announces
 * them, `abort` (after a failed batch) removes photos stored for it.
 */
export async function preparePeople(db: Database, userId: string, drafts: PersonDraft[], arrival: BatchArrival) {
  const refs: PersonRef[] = [];
  const country = await ownerCountry(db, userId);
  const existing = await db
    .select({ kind: contactPoint.kind, key: contactPoint.key, connectionId: contactPoint.connectionId })
    .from(contactPoint)
    .where(and(eq(contactPoint.userId, userId), isNotNull(contactPoint.key)));
  const owner = new Map(existing.map((p) => [`${p.kind}:${p.key}`, p.connectionId]));
  type Planned = ReturnType<typeof normalisePerson> & {
    cid: string;
    status: string;
    priority: string;
    eventName: string | null;
    photo: PersonDraft["photo"];
  };
  const fresh: Planned[] = [];
  const inBatch = new Map<string, Planned>();
  const attach = new Map<number, (ReturnType<typeof normalisePerson> & { photo: PersonDraft["photo"] })[]>();
  let skipped = 0;
  for (const draft of drafts) {
    const normal = normalisePerson(draft, country);
    const keys = normal.points.filter((p) => p.key).map((p) => `${p.kind}:${p.key}`);
    const match = keys.map((k) => owner.get(k)).find((id) => id !== undefined);
    if (match !== undefined) {
      if (arrival.duplicates === "skip") skipped++;
      else attach.set(match, [...(attach.get(match) ?? []), { ...normal, photo: draft.photo }]);
      refs.push(arrival.duplicates === "skip" ? null : { id: match });
      continue;
    }
    const twin = keys.map((k) => inBatch.get(k)).find(Boolean);
    if (twin) {
      refs.push({ cid: twin.cid });
      twin.points.push(...normal.points.filter((p) => !twin.points.some((q) => samePoint(p, q))));
      twin.photo ??= draft.photo;
      twin.connectedOn ??= normal.connectedOn;
      continue;
    }
    const planned = {
      ...normal,
      cid: `imp-${crypto.randomUUID()}`,
      status: normalizeStatus(draft.status),
      priority: normalizePriority(draft.priority),
      eventName: draft.eventName?.trim().slice(0, 120) || arrival.eventName || null,
      photo: draft.photo,
    };
    fresh.push(planned);
    refs.push({ cid: planned.cid });
    for (const k of keys) inBatch.set(k, planned);
  }

  // Who is attached to: their current fields and points, to tell a real change from a repeat. `+user_id`
  // makes SQLite look each id up rather than walk all the owner's rows once per chunk.
  const attachIds = [...attach.keys()];
  const currentRows = new Map<number, typeof connection.$inferSelect>();
  const heldPoints = new Map<number, { kind: string; value: string; key: string | null }[]>();
  for (const part of chunk(attachIds)) {
    for (const r of await db
      .select()
      .from(connection)
      .where(and(sql`+${connection.userId} = ${userId}`, inArray(connection.id, part))))
      currentRows.set(r.id, r);
    for (const p of await db
      .select({
        connectionId: contactPoint.connectionId,
        kind: contactPoint.kind,
        value: contactPoint.value,
        key: contactPoint.key,
      })
      .from(contactPoint)
      .where(and(sql`+${contactPoint.userId} = ${userId}`, inArray(contactPoint.connectionId, part))))
      heldPoints.set(p.connectionId, [...(heldPoints.get(p.connectionId) ?? []), p]);
  }

  // Photos go to KV first, so no stored row points at a photo that is not there; a failed batch removes them.
  const photoKeys = new Map<object, string>();
  const storePhoto = async (owner: object, photo: PersonDraft["photo"]) => {
    const checked = photo && arrival.photos ? checkedDraftPhoto(photo) : null;
    if (!checked || "error" in checked || !arrival.photos) return;
    // The type its bytes show, not the one the file claimed.
    photoKeys.set(owner, await putPhoto(arrival.photos, userId, checked.type, checked.bytes));
  };
  for (const part of chunk(fresh, 10)) await Promise.all(part.map((p) => storePhoto(p, p.photo)));
  for (const [id, normals] of attach)
    if (!currentRows.get(id)?.image) await storePhoto(normals, normals.find((n) => n.photo)?.photo);

  const eventName = arrival.eventName ?? null;
  const sourceTags = [...(arrival.tags ?? []), ...(eventName ? [eventName] : [])];
  const statements: Batch = [];
  for (const part of chunk(fresh, ROWS_PER_STATEMENT)) {
    const rows = part.map((p) => ({
      ...p.values,
      uid: p.values.uid ?? crypto.randomUUID(),
      tags: JSON.stringify(normalizeTags([...sourceTags, ...p.values.tags])),
      cid: p.cid,
      status: p.status,
      priority: p.priority,
      eventName: p.eventName,
      image: photoKeys.get(p) ?? null,
    }));
    statements.push(
      rawSql(sql`insert into ${connection} (user_id, client_id, source, event_name, status, priority, name, name_prefix,
          given_name, middle_name, family_name, name_suffix, title, company, department, role, birthday, email, phone,
          website, linkedin, notes, tags, uid, name_key, image, met_by)
        select ${userId}, json_extract(j.value, '$.cid'), ${arrival.source}, json_extract(j.value, '$.eventName'),
          json_extract(j.value, '$.status'), json_extract(j.value, '$.priority'),
          json_extract(j.value, '$.name'), json_extract(j.value, '$.namePrefix'), json_extract(j.value, '$.givenName'),
          json_extract(j.value, '$.middleName'), json_extract(j.value, '$.familyName'), json_extract(j.value, '$.nameSuffix'),
          json_extract(j.value, '$.title'), json_extract(j.value, '$.company'), json_extract(j.value, '$.department'),
          json_extract(j.value, '$.role'), json_extract(j.value, '$.birthday'), json_extract(j.value, '$.email'),
          json_extract(j.value, '$.phone'), json_extract(j.value, '$.website'), json_extract(j.value, '$.linkedin'),
          json_extract(j.value, '$.notes'), json_extract(j.value, '$.tags'), json_extract(j.value, '$.uid'),
          json_extract(j.value, '$.nameKey'), json_extract(j.value, '$.image'), ${arrival.metBy ?? null}
        from json_each(${JSON.stringify(rows)}) j`),
    );
  }
  const freshPoints = fresh.flatMap((p) => p.points.map((point) => ({ ...point, cid: p.cid })));
  for (const part of chunk(freshPoints, ROWS_PER_STATEMENT * 2)) statements.push(pointsByClientId(db, userId, part));
  for (const part of chunk(fresh, ROWS_PER_STATEMENT))
    statements.push(
      rawSql(sql`insert into person_history (user_id, connection_id, kind, source, detail, event_name)
        select ${userId}, c.id, 'created', ${arrival.source}, ${arrival.detail}, ${eventName}
        from json_each(${JSON.stringify(part.map((p) => p.cid))}) j
        cross join ${connection} c on c.user_id = ${userId} and c.client_id = j.value`),
    );

  const connected = fresh.filter((p) => p.connectedOn).map((p) => ({ cid: p.cid, on: p.connectedOn }));
  for (const part of chunk(connected, ROWS_PER_STATEMENT))
    statements.push(
      rawSql(sql`insert into person_history (user_id, connection_id, kind, source, detail, created_at)
        select ${userId}, c.id, 'connected', ${arrival.source}, 'Connected (as the imported file says)',
          unixepoch(json_extract(j.value, '$.on') || ' 12:00:00') * 1000
        from json_each(${JSON.stringify(part)}) j
        cross join ${connection} c on c.user_id = ${userId} and c.client_id = json_extract(j.value, '$.cid')`),
      ...connectedEntries(
        userId,
        sql`select c.id as connection_id, json_extract(j.value, '$.on') as day from json_each(${JSON.stringify(part)}) j
          cross join ${connection} c on c.user_id = ${userId} and c.client_id = json_extract(j.value, '$.cid')`,
      ),
    );

  const changedIds: number[] = [];
  const attachRows = [...attach].map(([id, normals]) => {
    const first = normals[0]?.values;
    const current = currentRows.get(id);
    const held = heldPoints.get(id) ?? [];
    const points = normals.flatMap((n) => n.points.map((p) => ({ ...p, preferred: false })));
    const newPoint = points.some(
      (p) => !held.some((h) => h.kind === p.kind && (p.key ? h.key === p.key : h.value === p.value)),
    );
    const filled = (["title", "company", "department", "role"] as const).some((k) => first?.[k] && !current?.[k]);
    const note = normals.map((n) => n.values.notes).find(Boolean) ?? null;
    const newNote = note !== null && !(current?.notes ?? "").includes(note);
    const newTag = [...sourceTags, ...normals.flatMap((n) => n.values.tags)].some(
      (t) => !(current?.tags ?? []).includes(t),
    );
    if (newPoint || filled || newNote || newTag || photoKeys.has(normals)) changedIds.push(id);
    return {
      id,
      image: photoKeys.get(normals) ?? null,
      connectedOn: normals.map((n) => n.connectedOn).find(Boolean) ?? null,
      title: first?.title ?? null,
      company: first?.company ?? null,
      department: first?.department ?? null,
      role: first?.role ?? null,
      email: first?.email ?? null,
      phone: first?.phone ?? null,
      website: first?.website ?? null,
      linkedin: first?.linkedin ?? null,
      note,
      tags: JSON.stringify([...sourceTags, ...normals.flatMap((n) => n.values.tags)]),
      points,
    };
  });
  for (const part of chunk(attachRows, ROWS_PER_STATEMENT)) {
    const json = JSON.stringify(part);
    const field = (column: string) =>
      sql.raw(`${column} = coalesce(nullif(connection.${column}, ''), json_extract(j.value, '$.${column}'))`);
    statements.push(
      rawSql(sql`update ${connection} set ${sql.join(
        ["title", "company", "department", "role", "email", "phone", "website", "linkedin", "image"].map(field),
        sql`, `,
      )},
        tags = (select json_group_array(value) from (select value from json_each(connection.tags)
          union select value from json_each(json_extract(j.value, '$.tags')))),
        notes = case when json_extract(j.value, '$.note') is null
            or instr(coalesce(connection.notes, ''), json_extract(j.value, '$.note')) > 0 then connection.notes
          else trim(coalesce(connection.notes, '') || char(10) || char(10) || json_extract(j.value, '$.note')) end
        from json_each(${json}) j
        where +connection.user_id = ${userId} and connection.id = json_extract(j.value, '$.id')`),
      rawSql(sql`insert into ${contactPoint} (user_id, connection_id, kind, label, value, key, service, preferred)
        select ${userId}, json_extract(j.value, '$.id'), json_extract(p.value, '$.kind'), json_extract(p.value, '$.label'),
          json_extract(p.value, '$.value'), json_extract(p.value, '$.key'), json_extract(p.value, '$.service'), 0
        from json_each(${json}) j, json_each(json_extract(j.value, '$.points')) p
        where json_extract(p.value, '$.key') is not null
          or not exists (select 1 from ${contactPoint} x where x.connection_id = json_extract(j.value, '$.id')
            and x.kind = json_extract(p.value, '$.kind') and x.value = json_extract(p.value, '$.value'))
        on conflict do nothing`),
      rawSql(sql`insert into person_history (user_id, connection_id, kind, source, detail, event_name)
        select ${userId}, json_extract(j.value, '$.id'), 'attached', ${arrival.source}, ${arrival.detail}, ${eventName}
        from json_each(${json}) j`),
      rawSql(sql`insert into person_history (user_id, connection_id, kind, source, detail, created_at)
        select ${userId}, json_extract(j.value, '$.id'), 'connected', ${arrival.source},
          'Connected (as the imported file says)', unixepoch(json_extract(j.value, '$.connectedOn') || ' 12:00:00') * 1000
        from json_each(${json}) j
        where json_extract(j.value, '$.connectedOn') is not null and not exists (select 1 from person_history h
          where +h.user_id = ${userId} and h.connection_id = json_extract(j.value, '$.id') and h.kind = 'connected')`),
      ...connectedEntries(
        userId,
        sql`select json_extract(j.value, '$.id') as connection_id, json_extract(j.value, '$.connectedOn') as day
          from json_each(${json}) j where json_extract(j.value, '$.connectedOn') is not null`,
      ),
    );
  }
  const added = fresh.length;
  const attached = attachRows.length;
  if (arrival.notify && (await getSettings(db, userId)).notifyImports)
    statements.push(
      notifyWorkspace(db, userId, {
        title: "Import finished",
        message: `${added} added, ${attached} merged, ${skipped + (arrival.alsoSkipped ?? 0)} skipped.`,
        type: "success",
        actionLabel: "View connections",
        actionUrl: "/connections",
      }),
    );
  const abort = async () => {
    if (arrival.photos) await deletePhotos(arrival.photos, [...photoKeys.values()]);
  };
  const finish = async (): Promise<BatchResult> => {
    const ids: number[] = [...attach.keys()];
    for (const part of chunk(
      fresh.map((p) => p.cid),
      ROWS_PER_STATEMENT,
    )) {
      const rows = await db.all<{ id: number }>(
        sql`select c.id from json_each(${JSON.stringify(part)}) j cross join ${connection} c on c.user_id = ${userId} and c.client_id = j.value`,
      );
      ids.push(...rows.map((r) => r.id));
    }
    const createdIds = ids.slice(attach.size);
    await emitPeopleEvents(arrival.events, userId, [
      ...createdIds.map((id) => ({ type: "person.created" as const, id })),
      ...changedIds.map((id) => ({ type: "person.updated" as const, id })),
    ]);
    return { added, attached, skipped, ids };
  };
  return { statements, refs, abort, finish };
}

function samePoint(a: PointValues, b: PointValues) {
  return a.kind === b.kind && (a.key ? a.key === b.key : a.value === b.value);
}

function pointsByClientId(_db: Database, userId: string, points: (PointValues & { cid: string })[]) {
  return rawSql(sql`insert into ${contactPoint} (user_id, connection_id, kind, label, value, key, service, preferred)
    select ${userId}, c.id, json_extract(j.value, '$.kind'), json_extract(j.value, '$.label'),
      json_extract(j.value, '$.value'), json_extract(j.value, '$.key'), json_extract(j.value, '$.service'),
      json_extract(j.value, '$.preferred')
    from json_each(${JSON.stringify(points)}) j
    cross join ${connection} c on c.user_id = ${userId} and c.client_id = json_extract(j.value, '$.cid')
    where true on conflict do nothing`);
}

/**
 * When the imported file says they connected (LinkedIn's Connected On), that day is contact: a timeline
 * entry (once per person) and last contacted moves to it if it is the latest. `pairs` selects
 * (connection_id, day) rows.
 */
function connectedEntries(userId: string, pairs: SQL) {
  return [
    rawSql(sql`insert into ${interaction} (user_id, connection_id, kind, source, occurred_at, text, client_id)
      select ${userId}, p.connection_id, 'connected', 'import', unixepoch(p.day || ' 12:00:00') * 1000,
        'Connected (as the imported file says)', 'connected-' || p.connection_id
      from (${pairs}) p where unixepoch(p.day || ' 12:00:00') is not null
      on conflict (user_id, client_id) do nothing`),
    rawSql(sql`update ${connection} set last_contact_at = (select max(i.occurred_at) from ${interaction} i
        where i.user_id = ${userId} and i.connection_id = connection.id and ${isContactSql})
      where +user_id = ${userId} and id in (select p.connection_id from (${pairs}) p)`),
  ];
}
