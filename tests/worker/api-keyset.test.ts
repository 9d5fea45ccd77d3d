import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp } from "./helpers";

/** The people API pages by cursor: every person once, even when their changes share a millisecond. */

async function owner(name: string) {
  const session = await signUp(name);
  const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
  const res = await call("/settings/integrations", {
    ...form({ intent: "create-token", name: "Pager", scope: "read" }),
    headers: { cookie: session.cookie },
  });
  const token = (await res.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0] ?? "";
  return { ...session, id: row?.id as string, token };
}

const people = async (token: string, query: string) => {
  const res = await call(`/api/v1/people?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, query).toBe(200);
  return (await res.json()) as { data: { id: number }[]; next: string | null };
};

describe("/api/v1/people by cursor", () => {
  it("gives each person once when their changes fall in the same millisecond", async () => {
    const o = await owner("Api Pager");
    // Written by SQL defaults, updated_at keeps fractions of a millisecond; three share each millisecond.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 11)
       insert into connection (user_id, name, updated_at) select ?, 'Paged ' || i, ? + (i / 3) + (i % 3) * 0.25 from n`,
    )
      .bind(o.id, Date.UTC(2026, 10, 20))
      .run();
    const all = (
      await env.DB.prepare("select id from connection where user_id = ? order by updated_at, id")
        .bind(o.id)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    const seen: number[] = [];
    let page = await people(o.token, "limit=2");
    seen.push(...page.data.map((p) => p.id));
    let turns = 0;
    while (page.next && turns++ < 20) {
      page = await people(o.token, `limit=2&cursor=${page.next}`);
      seen.push(...page.data.map((p) => p.id));
    }
    expect(seen).toEqual(all);
  });

  it("still reads a cursor handed out in the earlier <ms>.<id> form", async () => {
    const o = await owner("Api Old Cursor");
    await env.DB.prepare(
      "insert into connection (user_id, name, updated_at) values (?, 'Before', 1000), (?, 'After', 2000)",
    )
      .bind(o.id, o.id)
      .run();
    const before = await env.DB.prepare("select id from connection where user_id = ? and name = 'Before'")
      .bind(o.id)
      .first<{ id: number }>();
    const page = await people(o.token, `cursor=${btoa(`1000.${before?.id}`).replace(/=+$/, "")}`);
    expect(page.data).toHaveLength(1);
  });
});
