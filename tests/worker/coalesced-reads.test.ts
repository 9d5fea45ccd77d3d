import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coalescing } from "~/server/db/coalesce.server";
import { createDb } from "~/server/db/db.server";
import { connection } from "~db/schema";
import { fetchOver, observed } from "./d1-count";
import { call, json, signUp, userIdOf } from "./helpers";

/**
 * Reads started together go to D1 as one batch (decision 0169), and each caller gets what it would have got
 * alone: the same rows, mapped the same way, and its own error.
 */

/** A database over D1 that tells each round trip: "batch of N" or "alone". */
function watched() {
  const trips: string[] = [];
  const d1 = observed(env.DB, { before: ({ sqls, batch }) => trips.push(batch ? `batch of ${sqls.length}` : "alone") });
  return { d1, trips };
}

describe("coalesced reads", () => {
  it("answer as they would alone, in one round trip, and keep each read's error its own", async () => {
    const owner = await userIdOf((await signUp("Coalesced Owner")).email);
    const now = Date.now();
    await env.DB.prepare(
      "insert into connection (user_id, name, company, created_at, updated_at) values (?1, 'Ada Lovelace', 'Engines', ?2, ?2), (?1, 'Ben Two', null, ?2, ?2)",
    )
      .bind(owner, now)
      .run();
    const reads = (db: ReturnType<typeof createDb>) =>
      Promise.allSettled([
        // Dates and nulls mapped by the columns; one row, none, and every row.
        db
          .select({ name: connection.name, company: connection.company, createdAt: connection.createdAt })
          .from(connection)
          .where(eq(connection.userId, owner))
          .orderBy(connection.name),
        db
          .select({ id: connection.id })
          .from(connection)
          .where(and(eq(connection.userId, owner), eq(connection.name, "Nobody")))
          .get(),
        db.select({ name: connection.name }).from(connection).where(eq(connection.name, "Ada Lovelace")).get(),
        // Two columns of one name, and one named like a number: a batch's object rows cannot carry them.
        db
          .select({ a: connection.name, b: sql<string>`${connection.name}`, one: sql<number>`1` })
          .from(connection)
          .where(eq(connection.userId, owner))
          .orderBy(connection.name),
        db.all(sql`select name from connection where user_id = ${owner} order by name`),
        // A read that fails: its error is its own, its neighbours still answer.
        db.all(sql`select nothing from no_such_table`),
      ]);

    const plain = await reads(createDb(env.DB));
    const { d1, trips } = watched();
    const gathered = await reads(coalescing(createDb(d1)));
    expect(gathered.map((r) => r.status)).toEqual(plain.map((r) => r.status));
    expect(gathered.slice(0, 5)).toEqual(plain.slice(0, 5));
    expect(plain[5]?.status).toBe("rejected");
    expect(plain[0]).toMatchObject({ value: [{ name: "Ada Lovelace", company: "Engines" }, { company: null }] });
    expect((plain[0] as PromiseFulfilledResult<{ createdAt: Date }[]>).value[0]?.createdAt).toBeInstanceOf(Date);
    // The batch failed on the missing table, so each read went again alone.
    expect(trips).toEqual(["batch of 6", ...Array(6).fill("alone")]);

    // Without a failing read: one batch, and the select whose row an object cannot carry read again alone.
    const clean = watched();
    const db = coalescing(createDb(clean.d1));
    const [rows, twice] = await Promise.all([
      db.select({ name: connection.name }).from(connection).where(eq(connection.userId, owner)),
      db
        .select({ a: connection.name, b: sql<string>`${connection.name}` })
        .from(connection)
        .where(eq(connection.userId, owner)),
    ]);
    expect(rows).toHaveLength(2);
    expect(twice).toEqual([
      { a: "Ada Lovelace", b: "Ada Lovelace" },
      { a: "Ben Two", b: "Ben Two" },
    ]);
    expect(clean.trips).toEqual(["batch of 2", "alone"]);

    // Writes go at once, never gathered.
    const writes = watched();
    await coalescing(createDb(writes.d1))
      .update(connection)
      .set({ company: "Engines Ltd" })
      .where(eq(connection.userId, owner));
    expect(writes.trips).toEqual(["alone"]);
  });

  it("make a person's page a few round trips, not one per read", async () => {
    const { cookie } = await signUp("Person Round Trips");
    expect((await call("/api/capture", json({ name: "Dee Four", email: "dee@example.org" }, cookie))).ok).toBe(true);
    const id = (
      await env.DB.prepare("select id from connection where email = 'dee@example.org'").first<{ id: number }>()
    )?.id;
    for (const path of [`/connections/${id}`, `/connections/${id}.data`]) {
      const { d1, trips } = watched();
      const res = await fetchOver(d1, path, { headers: { cookie, accept: "text/html" } });
      expect(res.status, path).toBe(200);
      // The session with the shell (the settings and the switcher's teams among its reads) and the person with
      // their contact points (0168); then side by side the sections' sixteen reads and the rhythm's own batch. Each
      // read on its own was 21 round trips, in four steps.
      expect(trips, path).toEqual(["batch of 9", "batch of 2", "batch of 16"]);
    }
    // Another account's person, and an id that names nobody: a 404, with nothing of theirs read.
    const other = await signUp("Person Round Trips Other");
    for (const path of [`/connections/${id}`, "/connections/99999999", `/connections/${id}/history`]) {
      const res = await call(path, { headers: { cookie: other.cookie, accept: "text/html" } });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("dee@example.org");
    }
  });
});
