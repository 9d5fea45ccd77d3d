import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/server/db/db.server";
import { MERGE_CONFLICT, MERGE_CONFLICT_MESSAGE, mergePeople, undoMerge } from "~/server/people/merge.server";
import { parseEnv } from "~/server/platform/env.server";
import { call, form, json, signUp } from "./helpers";

/** Merges and undos that overlap: each applies whole or answers that the other one won, never a 500. */

const db = () => createDb(parseEnv(env).DB);

async function ownerWith(count: number) {
  const session = await signUp("Race Owner");
  const userId =
    (await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>())?.id ?? "";
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(
      "/api/capture",
      json({ name: `Robin Race ${i}`, email: `robin${i}@race.example`, notes: `Note ${i}` }, session.cookie),
    );
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return { ...session, userId, ids };
}

/** Everyone the owner has, with the emails on each: what a merge must keep and an undo must give back. */
async function network(userId: string) {
  const rows = await env.DB.prepare(
    `select c.id, c.name, (select group_concat(p.value, ' ') from (select value from contact_point
       where connection_id = c.id order by value) p) as emails
     from connection c where c.user_id = ? order by c.id`,
  )
    .bind(userId)
    .all<{ id: number; name: string; emails: string }>();
  return rows.results;
}

describe("overlapping merges", () => {
  it("apply whole or answer that the other one won; every email is kept exactly once", async () => {
    const o = await ownerWith(4);
    const [a = 0, b = 0, c = 0, d = 0] = o.ids;
    // Every pair shares someone with another pair, and two name each other as the one kept.
    const outcomes = await Promise.all([
      mergePeople(db(), o.userId, a, [b], {}, null),
      mergePeople(db(), o.userId, b, [a], {}, null),
      mergePeople(db(), o.userId, b, [c], {}, null),
      mergePeople(db(), o.userId, c, [d], {}, null),
    ]);
    const won = outcomes.filter((x) => x && !("conflict" in x));
    expect(won.length).toBeGreaterThan(0);
    expect(outcomes.filter((x) => x === MERGE_CONFLICT).length).toBe(4 - won.length);
    const people = await network(o.userId);
    const emails = people.flatMap((p) => p.emails.split(" ")).sort();
    expect(emails).toEqual(o.ids.map((_, i) => `robin${i}@race.example`).sort());
    expect(people).toHaveLength(4 - won.reduce((n, x) => n + (x && "merged" in x ? x.merged : 0), 0));
    // Each merge that won has its record; undoing them all, newest first, gives back the four people.
    const records = await env.DB.prepare("select id from person_merge where user_id = ? order by id desc")
      .bind(o.userId)
      .all<{ id: number }>();
    expect(records.results).toHaveLength(won.length);
    for (const r of records.results) expect(await undoMerge(db(), o.userId, r.id, null)).not.toBeNull();
    expect((await network(o.userId)).map((p) => [p.id, p.emails])).toEqual(
      o.ids.map((id, i) => [id, `robin${i}@race.example`]),
    );
  });

  it("three concurrent undos of one merge restore exactly what was merged, once", async () => {
    const o = await ownerWith(3);
    const [a = 0, b = 0, c = 0] = o.ids;
    const before = await network(o.userId);
    const merged = await mergePeople(db(), o.userId, a, [b, c], {}, null);
    const mergeId = merged && "mergeId" in merged ? (merged.mergeId ?? 0) : 0;
    expect(mergeId).toBeGreaterThan(0);
    expect(await network(o.userId)).toHaveLength(1);
    const undone = await Promise.all([1, 2, 3].map(() => undoMerge(db(), o.userId, mergeId, null)));
    expect(undone.filter((x) => x && "restored" in x)).toHaveLength(1);
    // The others were told the merge was already undone (null) or that the other undo won.
    expect(undone.filter((x) => x === null || x === MERGE_CONFLICT)).toHaveLength(2);
    expect(await network(o.userId)).toEqual(before);
    const history = await env.DB.prepare(
      "select count(*) as n from person_history where connection_id = ? and kind = 'unmerged'",
    )
      .bind(a)
      .first<{ n: number }>();
    expect(history?.n).toBe(1);
  });

  it("an undo racing a new merge of the same person: one wins, nothing half-applied", async () => {
    const o = await ownerWith(3);
    const [a = 0, b = 0, c = 0] = o.ids;
    const first = await mergePeople(db(), o.userId, a, [b], {}, null);
    const mergeId = first && "mergeId" in first ? (first.mergeId ?? 0) : 0;
    const [undo, merge] = await Promise.all([
      undoMerge(db(), o.userId, mergeId, null),
      mergePeople(db(), o.userId, a, [c], {}, null),
    ]);
    expect([undo, merge].filter((x) => x === MERGE_CONFLICT)).toHaveLength(1);
    const emails = (await network(o.userId)).flatMap((p) => p.emails.split(" ")).sort();
    expect(emails).toEqual(["robin0@race.example", "robin1@race.example", "robin2@race.example"]);
  });

  it("the pages answer 409 with the message when the other one won", async () => {
    const o = await ownerWith(3);
    const [a = 0, b = 0, c = 0] = o.ids;
    const headers = { cookie: o.cookie };
    const merged = await mergePeople(db(), o.userId, a, [b], {}, null);
    const mergeId = merged && "mergeId" in merged ? (merged.mergeId ?? 0) : 0;
    // The claim the next write of person a will make, taken as if another request wrote a in between.
    const taken = await env.DB.prepare("select count(*) as n from write_claim where key like ?")
      .bind(`person:${a}:%`)
      .first<{ n: number }>();
    await env.DB.prepare("insert into write_claim (key, user_id) values (?, ?)")
      .bind(`person:${a}:${(taken?.n ?? 0) + 1}`, o.userId)
      .run();
    const undo = await call(`/connections/${a}`, {
      ...form({ intent: "undo-merge", mergeId: String(mergeId) }),
      headers,
    });
    expect(undo.status).toBe(409);
    expect((await undo.text()).replaceAll("&#x27;", "'")).toContain(MERGE_CONFLICT_MESSAGE);
    // The merge page posts to its own address, which names the people it shows.
    const merge = await call(`/connections/merge?id=${a}&id=${c}`, {
      method: "POST",
      body: new URLSearchParams([
        ["id", String(a)],
        ["id", String(c)],
        ["primary", String(a)],
      ]),
      headers,
    });
    expect(merge.status).toBe(409);
    expect((await merge.text()).replaceAll("&#x27;", "'")).toContain(MERGE_CONFLICT_MESSAGE);
    // Nothing was written by either.
    expect((await network(o.userId)).map((p) => p.id)).toEqual([a, c]);
  });
});
