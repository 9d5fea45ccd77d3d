import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/server/db/db.server";
import { encodeCursor, listConnections, PAGE_SIZE } from "~/server/people/list.server";
import { call, signUp } from "./helpers";

/** The connections list pages by cursor: stable while people arrive, and only ever the owner's. */

const db = () => createDb(env.DB);

async function owner(name: string) {
  const session = await signUp(name);
  const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
  return { ...session, id: row?.id as string };
}

/** `count` people; every third shares one moment (fractions of a millisecond apart) to test ties. */
async function fill(userId: string, count: number) {
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into connection (user_id, name, priority, created_at, updated_at)
     select ?, 'Person ' || printf('%03d', (i * 37) % ?), case i % 3 when 0 then 'high' when 1 then 'medium' else 'low' end,
       ? - (i / 3) * 1000 + (i % 3) * 0.25, 0 from n`,
  )
    .bind(count, userId, count, Date.UTC(2026, 10, 20))
    .run();
}

const ORDER: Record<string, string> = {
  newest: "created_at desc, id desc",
  oldest: "created_at asc, id asc",
  name: "lower(name) asc, id asc",
  priority: "case priority when 'high' then 0 when 'medium' then 1 else 2 end, created_at desc, id desc",
};

describe("the connections list by cursor", () => {
  it.each(Object.keys(ORDER))("walks every person once in %s order, forward and back", async (sort) => {
    const o = await owner(`Keyset ${sort}`);
    await fill(o.id, 2 * PAGE_SIZE + 7);
    const expected = (
      await env.DB.prepare(`select id from connection where user_id = ? order by ${ORDER[sort]}`)
        .bind(o.id)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    const pages: number[][] = [];
    let page = await listConnections(db(), o.id, { sort });
    expect(page.prev).toBeNull();
    pages.push(page.rows.map((r) => r.id));
    while (page.next) {
      page = await listConnections(db(), o.id, { sort, after: page.next });
      pages.push(page.rows.map((r) => r.id));
    }
    expect(pages.flat()).toEqual(expected);
    expect(pages.map((p) => p.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 7]);
    // Back from the last page: the same pages, in reverse.
    const back = await listConnections(db(), o.id, { sort, before: page.prev ?? "" });
    expect(back.rows.map((r) => r.id)).toEqual(pages[1]);
    const first = await listConnections(db(), o.id, { sort, before: back.prev ?? "" });
    expect(first.rows.map((r) => r.id)).toEqual(pages[0]);
    expect(first.prev).toBeNull();
  });

  it("neither repeats nor skips anyone when people arrive between pages", async () => {
    const o = await owner("Keyset Arrivals");
    await fill(o.id, 2 * PAGE_SIZE);
    const one = await listConnections(db(), o.id, {});
    // A keynote's share-backs land while the owner reads page one.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 5)
       insert into connection (user_id, name) select ?, 'Newcomer ' || i from n`,
    )
      .bind(o.id)
      .run();
    const two = await listConnections(db(), o.id, { after: one.next ?? "" });
    const ids = [...one.rows, ...two.rows].map((r) => r.id);
    expect(new Set(ids).size).toBe(2 * PAGE_SIZE);
    expect(two.rows.some((r) => r.name.startsWith("Newcomer"))).toBe(false);
    expect(two.next).toBeNull();
  });

  it("answers a forged or foreign cursor with the owner's own first page, never another account's rows", async () => {
    const a = await owner("Keyset A");
    const b = await owner("Keyset B");
    await fill(a.id, 30);
    await fill(b.id, 3);
    const aPage = await listConnections(db(), a.id, {});
    const aIds = (
      await env.DB.prepare("select id from connection where user_id = ?").bind(a.id).all<{ id: number }>()
    ).results.map((r) => r.id);
    const shown = (html: string) => [...html.matchAll(/href="\/connections\/(\d+)"/g)].map((m) => Number(m[1]));
    // A's own cursor, used by B: a position only, so it shows B's rows from there, none of A's.
    const foreign = await call(`/connections?after=${aPage.next}`, { headers: { cookie: b.cookie } });
    expect(foreign.status).toBe(200);
    expect(shown(await foreign.text()).filter((id) => aIds.includes(id))).toEqual([]);
    for (const cursor of ["%%%", "bm90IGpzb24", encodeCursor(["x", "y", "z"]), encodeCursor([1]), "A".repeat(500)]) {
      const res = await call(`/connections?after=${encodeURIComponent(cursor)}`, { headers: { cookie: b.cookie } });
      expect(res.status, cursor).toBe(200);
      // Not a cursor this sort could have written: B's own first page, all three of B's people.
      const ids = shown(await res.text());
      expect(ids, cursor).toHaveLength(3);
      expect(ids.filter((id) => aIds.includes(id))).toEqual([]);
    }
  });

  it("links Next and Previous by cursor on the page, and the links lead to the next people", async () => {
    const o = await owner("Keyset Links");
    await fill(o.id, PAGE_SIZE + 3);
    // React writes "Page <!-- -->1<!-- --> of" between text parts; read the text as a person sees it.
    const text = (html: string) => html.replace(/<!-- -->/g, "");
    const html = text(await (await call("/connections", { headers: { cookie: o.cookie } })).text());
    expect(html).toContain("Page 1 of 2");
    const next = html.match(/href="(\/connections\?after=[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(next).toMatch(/page=2/);
    const second = text(await (await call(next ?? "", { headers: { cookie: o.cookie } })).text());
    expect(second).toContain("Page 2 of 2");
    expect(second).toContain("← Previous");
    expect(second).not.toContain("Next →");
    expect((second.match(/aria-label="Select /g) ?? []).length).toBe(3);
  });

  it("shows a tag in the filter menu as soon as the owner adds it, and drops it when the last person with it goes", async () => {
    const o = await owner("Facet Owner");
    await fill(o.id, 3);
    const before = await listConnections(db(), o.id, {});
    expect(before.tags).toEqual([]);
    expect(await listConnections(db(), o.id, {})).toMatchObject({ tags: [] });
    const [first] = before.rows;
    const res = await call("/connections", {
      method: "POST",
      body: new URLSearchParams({ intent: "bulk", change: "add-tag", tag: "Keynote", id: String(first?.id) }),
      headers: { cookie: o.cookie },
    });
    expect(res.status).toBe(302);
    expect((await listConnections(db(), o.id, {})).tags).toEqual(["Keynote"]);
    await env.DB.prepare("delete from connection where id = ?").bind(first?.id).run();
    expect((await listConnections(db(), o.id, {})).tags).toEqual([]);
  });
});
