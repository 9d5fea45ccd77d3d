import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/server/db/db.server";
import { listConnections } from "~/server/people/list.server";
import { call, form, importFile, json, signUp } from "./helpers";

const userIdOf = async (email: string) =>
  (await env.DB.prepare("select id from user where email = ?").bind(email).first<{ id: string }>())?.id ?? "";

/** The kept count beside a rescan of the owner's people, and the total the list shows. */
async function counts(userId: string) {
  const kept = await env.DB.prepare("select people from people_stats where user_id = ?")
    .bind(userId)
    .first<{ people: number }>();
  const rescan = await env.DB.prepare("select count(*) as n from connection where user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  const listed = await listConnections(createDb(env.DB), userId, {});
  return { kept: kept?.people ?? 0, rescan: rescan?.n ?? -1, listed: listed.total };
}

const ids = async (userId: string) =>
  (
    await env.DB.prepare("select id from connection where user_id = ? order by id").bind(userId).all<{ id: number }>()
  ).results.map((r) => r.id);

describe("the people list's kept counts", () => {
  it("match a rescan after creates, imports, merges and deletes, and never count another account's people", async () => {
    const a = await signUp("Counts Owner");
    const b = await signUp("Counts Neighbour");
    const me = await userIdOf(a.email);
    const other = await userIdOf(b.email);
    expect(await counts(me)).toEqual({ kept: 0, rescan: 0, listed: 0 });

    for (const name of ["Ada One", "Ben Two", "Cy Three"])
      expect((await call("/api/capture", json({ name, email: `${name.split(" ")[0]}@x.org` }, a.cookie))).ok).toBe(
        true,
      );
    await call("/api/capture", json({ name: "Not Mine", email: "other@x.org" }, b.cookie));
    expect(await counts(me)).toEqual({ kept: 3, rescan: 3, listed: 3 });

    const csv = "Name,Email\nDee Four,dee@x.org\nEve Five,eve@x.org\nAda One,ada@x.org\n";
    const { result } = await importFile(a.cookie, csv, "people.csv");
    expect(result.status).toBeLessThan(400);
    expect(await counts(me)).toEqual({ kept: 5, rescan: 5, listed: 5 });

    const [one, two, three] = await ids(me);
    const merged = await call("/connections/merge", {
      method: "POST",
      body: new URLSearchParams([
        ["id", String(one)],
        ["id", String(two)],
        ["primary", String(one)],
      ]),
      headers: { cookie: a.cookie },
    });
    expect(merged.status).toBe(302);
    expect(await counts(me)).toEqual({ kept: 4, rescan: 4, listed: 4 });

    await call(`/connections/${three}`, {
      ...form({ intent: "delete", confirmed: "yes" }),
      headers: { cookie: a.cookie },
    });
    expect(await counts(me)).toEqual({ kept: 3, rescan: 3, listed: 3 });
    // Another account deleting my person's id changes nothing of mine.
    await call(`/connections/${one}`, {
      ...form({ intent: "delete", confirmed: "yes" }),
      headers: { cookie: b.cookie },
    });
    expect(await counts(me)).toEqual({ kept: 3, rescan: 3, listed: 3 });
    expect(await counts(other)).toEqual({ kept: 1, rescan: 1, listed: 1 });
  });

  it("counts only what a filter matches, not the kept total", async () => {
    const a = await signUp("Counts Filter");
    const me = await userIdOf(a.email);
    await call("/api/capture", json({ name: "Filter Match", email: "match@x.org" }, a.cookie));
    await call("/api/capture", json({ name: "Someone Else", email: "else@x.org" }, a.cookie));
    const db = createDb(env.DB);
    expect((await listConnections(db, me, { q: "Match" })).total).toBe(1);
    expect((await listConnections(db, me, {})).total).toBe(2);
  });

  it("sends the browser only what a row shows: no creation time in the page's data", async () => {
    const a = await signUp("Counts Payload");
    await call("/api/capture", json({ name: "Payload Person", email: "payload@x.org" }, a.cookie));
    const data = await (await call("/connections.data", { headers: { cookie: a.cookie } })).text();
    expect(data).toContain("Payload Person");
    expect(data).not.toContain("createdAt");
  });
});
