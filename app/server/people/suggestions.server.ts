import { and, asc, eq } from "drizzle-orm";
import { foldName, type normalisePerson, splitName } from "~/lib/people/normalise";
import { connection, personHistory, personSuggestion } from "~db/schema";
import { compiled, type Slots } from "../db/compiled.server";
import type { Database } from "../db/db.server";
import { type Statement, writeBatch } from "../db/write.server";
import { emitPeopleEvents, type PeopleEvents } from "./events.server";

export const SUGGESTED_FIELDS = ["name", "company", "title"] as const;
export type SuggestedField = (typeof SUGGESTED_FIELDS)[number];
export const SUGGESTED_FIELD_LABEL: Record<SuggestedField, string> = {
  name: "Name",
  company: "Company",
  title: "Title",
};

type Current = Pick<typeof connection.$inferSelect, "name" | "company" | "title">;
type Values = ReturnType<typeof normalisePerson>["values"];

/**
 * What an arrival says differently from what the owner has: a fuller name, a new company or title. Empty
 * fields are filled by the attach itself; a field the owner has is never overwritten, so the difference
 * is kept as a suggestion (insert-or-ignore on person, field and value: the same one is offered once).
 */
export function suggestionStatements(
  db: Database,
  userId: string,
  personId: number,
  current: Current,
  values: Values,
  source: string,
  detail: string,
): { statements: Statement[]; offered: string[] } {
  const differs = (field: SuggestedField) => {
    const given = values[field];
    const have = current[field];
    return given && have && foldName(given) !== foldName(have) ? given : null;
  };
  const rows = SUGGESTED_FIELDS.flatMap((field) => {
    const value = differs(field);
    return value ? [{ userId, connectionId: personId, field, value, source, detail: detail.slice(0, 300) }] : [];
  });
  return {
    statements: rows.length ? [db.insert(personSuggestion).values(rows).onConflictDoNothing()] : [],
    offered: rows.map((r) => `${SUGGESTED_FIELD_LABEL[r.field].toLowerCase()} “${r.value}”`),
  };
}

export async function suggestionsFor(db: Database, userId: string, personId: number) {
  return suggestionsRead(db, { userId, personId });
}

// Built once per isolate (compiled.server.ts).
const suggestionsRead = compiled((db, slot: Slots<"userId" | "personId">) =>
  db
    .select({
      id: personSuggestion.id,
      field: personSuggestion.field,
      value: personSuggestion.value,
      detail: personSuggestion.detail,
      createdAt: personSuggestion.createdAt,
    })
    .from(personSuggestion)
    .where(and(eq(personSuggestion.userId, slot.userId), eq(personSuggestion.connectionId, slot.personId)))
    .orderBy(asc(personSuggestion.createdAt), asc(personSuggestion.id)),
);

async function ownSuggestion(db: Database, userId: string, personId: number, suggestionId: number) {
  if (!Number.isSafeInteger(suggestionId)) return null;
  const [row] = await db
    .select()
    .from(personSuggestion)
    .where(
      and(
        eq(personSuggestion.id, suggestionId),
        eq(personSuggestion.userId, userId),
        eq(personSuggestion.connectionId, personId),
      ),
    );
  return row ?? null;
}

/**
 * The owner takes a suggestion: the field becomes the suggested value (a name also sets its given and
 * family parts), the suggestion goes, and the history says so, in one batch.
 */
export async function acceptSuggestion(
  db: Database,
  userId: string,
  personId: number,
  suggestionId: number,
  events: PeopleEvents,
): Promise<boolean> {
  const row = await ownSuggestion(db, userId, personId, suggestionId);
  if (!row) return false;
  const parts = row.field === "name" ? splitName(row.value) : null;
  const set =
    row.field === "name"
      ? { name: row.value, givenName: parts?.given ?? null, familyName: parts?.family ?? null }
      : { [row.field]: row.value };
  await writeBatch(db, [
    db
      .update(connection)
      .set(set)
      .where(and(eq(connection.id, personId), eq(connection.userId, userId))),
    db.delete(personSuggestion).where(and(eq(personSuggestion.id, row.id), eq(personSuggestion.userId, userId))),
    db.insert(personHistory).values({
      userId,
      connectionId: personId,
      kind: "edited",
      source: "manual",
      detail: `Accepted the suggested ${SUGGESTED_FIELD_LABEL[row.field].toLowerCase()} “${row.value}”`.slice(0, 1000),
    }),
  ]);
  await emitPeopleEvents(events, userId, [{ type: "person.updated", id: personId }]);
  return true;
}

export async function dismissSuggestion(db: Database, userId: string, personId: number, suggestionId: number) {
  const row = await ownSuggestion(db, userId, personId, suggestionId);
  if (!row) return false;
  await db.delete(personSuggestion).where(and(eq(personSuggestion.id, row.id), eq(personSuggestion.userId, userId)));
  return true;
}
