import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./db.server";
import { rawSql, type Statement } from "./write.server";

/**
 * Writes that may happen once (docs/decisions/0026). The claim row goes into the write's own batch: of two
 * concurrent writes of the same thing, the second batch fails whole on the key and changes nothing.
 * `onlyIf` also fails the batch when it is false at write time (the people a merge read are gone).
 */
export function claimStatement(userId: string, key: string, onlyIf?: SQL): Statement {
  const owner = onlyIf ? sql`case when ${onlyIf} then ${userId} end` : sql`${userId}`;
  return rawSql(sql`insert into write_claim (key, user_id) values (${key}, ${owner})`);
}

/** Whether a batch failed on its claim: another write of the same thing won, or what it read is gone. */
export function lostClaim(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e.message.includes("write_claim")) return true;
  return false;
}

/** The claim key of person `id` after `version` earlier merges or undos touched them. */
export const personClaim = (id: number, version: number) => `person:${id}:${version}`;

/**
 * How many merges and undos have touched each person, read before the people themselves: a merge or undo
 * claims the next number for everyone it changes, so one that read them before another changed them loses.
 */
export async function personVersions(db: Database, userId: string, ids: number[]) {
  const rows = await db.all<{ id: number; n: number }>(
    sql`select j.value as id, (select count(*) from write_claim w where w.user_id = ${userId}
      and w.key >= 'person:' || j.value || ':' and w.key < 'person:' || j.value || ';') as n
      from json_each(${JSON.stringify(ids)}) j`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** Claims every person a merge or undo changes at the version it read them, in that write's batch. */
export function personClaims(userId: string, versions: Map<number, number>, onlyIf?: SQL): Statement[] {
  return [...versions].map(([id, n], i) => claimStatement(userId, personClaim(id, n), i === 0 ? onlyIf : undefined));
}
