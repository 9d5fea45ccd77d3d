import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/server/db/db.server";
import { addPeople } from "~/server/people/batch.server";
import { observed, rowsRead, type Trip } from "./d1-count";
import { signUp, userIdOf } from "./helpers";

/**
 * Re-importing people the owner already has (the merge path) reads each of them a bounded number of times:
 * 10× the people is about 10× the rows read, never 100× (a statement that walked all the owner's people once
 * per imported row made 2,000 known people a 110 s import). Rows read, not time: a busy machine changes time.
 */

vi.setConfig({ testTimeout: 300_000 });

/** `count` known people, each with an email point and a history line, as an earlier import left them. */
async function known(userId: string, count: number, tag: string) {
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into connection (user_id, name, email, source) select ?, ? || ' ' || i, ? || i || '@known.example.org', 'import' from n`,
  )
    .bind(count, userId, tag, tag)
    .run();
  await env.DB.batch([
    env.DB.prepare(
      `insert into contact_point (user_id, connection_id, kind, label, value, key, preferred)
       select user_id, id, 'email', 'work', email, email, 1 from connection where user_id = ?`,
    ).bind(userId),
    env.DB.prepare(
      `insert into person_history (user_id, connection_id, kind, source) select user_id, id, 'created', 'import'
       from connection where user_id = ?`,
    ).bind(userId),
  ]);
}

/** Re-imports the `count` known people with something new for each; answers D1's calls and the rows they read. */
async function reimport(count: number) {
  const tag = `k${count}x${crypto.randomUUID().slice(0, 6)}`;
  const { email } = await signUp(`Reimport ${count}`);
  const userId = await userIdOf(email);
  await known(userId, count, tag);
  const trips: { trip: Trip; read: number }[] = [];
  const d1 = observed(env.DB, { after: (trip, _rows, read) => trips.push({ trip, read }) });
  const drafts = Array.from({ length: count }, (_, i) => ({
    displayName: `${tag} ${i + 1}`,
    emails: [{ value: `${tag}${i + 1}@known.example.org`, label: "work" as const }],
    phones: [{ value: `+44 20 7946 ${String(i).padStart(4, "0")}`, label: "work" as const }],
    title: "Engineer",
    note: "Met again at the fair",
    tags: ["Fair"],
    connectedOn: "2024-03-05",
  }));
  const result = await addPeople(createDb(d1), userId, drafts, {
    source: "import",
    detail: "scale test",
    duplicates: "attach",
    events: null as never,
    photos: null,
  });
  const batchRead = trips.filter((t) => t.trip.batch).reduce((sum, t) => sum + t.read, 0);
  const selectRead = await rowsRead(
    env.DB,
    trips.filter((t) => !t.trip.batch).map((t) => t.trip),
    () => true,
  );
  const stored = await env.DB.prepare(
    `select count(*) as n, sum(title = 'Engineer') as titled, sum(notes like '%Met again%') as noted from connection
     where user_id = ?`,
  )
    .bind(userId)
    .first<{ n: number; titled: number; noted: number }>();
  return { result, stored, calls: trips.length, read: batchRead + selectRead };
}

describe("re-importing known people", () => {
  it("reads rows in proportion to the people, in a bounded number of D1 calls", async () => {
    const small = await reimport(200);
    const large = await reimport(2_000);
    for (const [n, run] of [
      [200, small],
      [2_000, large],
    ] as const) {
      expect(run.result).toMatchObject({ added: 0, attached: n, skipped: 0 });
      expect(run.stored).toEqual({ n, titled: n, noted: n });
    }
    console.info("re-import calls / rows read:", small.calls, small.read, large.calls, large.read);
    // One batch plus a couple of reads per hundred people, never a call per person.
    expect(large.calls).toBeLessThan(2_000 / 20);
    expect(large.calls).toBeLessThanOrEqual(small.calls * 11);
    expect(large.read / small.read).toBeLessThanOrEqual(11);
  });
});
