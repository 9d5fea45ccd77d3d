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

/** Follows next from the first page to the last: every id the pages gave, in order. */
async function walk(token: string, path: string, limit = 2) {
  const seen: (number | string)[] = [];
  let query = `limit=${limit}`;
  for (let turn = 0; turn < 30; turn++) {
    const res = await call(`${path}${path.includes("?") ? "&" : "?"}${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, query).toBe(200);
    const page = (await res.json()) as { data: { id: number | string }[]; next: string | null };
    seen.push(...page.data.map((row) => row.id));
    if (!page.next) return seen;
    query = `limit=${limit}&cursor=${page.next}`;
  }
  throw new Error("the pages never ended");
}

async function rows<T>(sql: string, ...binds: unknown[]) {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

describe("the API's other lists page by cursor on (time, id)", () => {
  it("a person's interactions: entries that share a moment each come once, newest first", async () => {
    const o = await owner("Api Timeline Ties");
    const person = await env.DB.prepare("insert into connection (user_id, name) values (?, 'Tied') returning id")
      .bind(o.id)
      .first<{ id: number }>();
    // Eleven entries on four moments: pages of two split every tie.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 11)
       insert into interaction (user_id, connection_id, kind, source, occurred_at, text)
       select ?, ?, 'note', 'manual', ? + (i % 4) * 60000, 'Entry ' || i from n`,
    )
      .bind(o.id, person?.id, Date.UTC(2026, 10, 20))
      .run();
    const expected = (
      await rows<{ id: number }>(
        "select id from interaction where user_id = ? order by occurred_at desc, id desc",
        o.id,
      )
    ).map((r) => r.id);
    expect(expected).toHaveLength(11);
    expect(await walk(o.token, `/api/v1/people/${person?.id}/interactions`)).toEqual(expected);
    // before still narrows the list, and pages inside it by the same cursor.
    const before = new Date(Date.UTC(2026, 10, 20) + 2 * 60000).toISOString();
    const older = (
      await rows<{ id: number }>(
        "select id from interaction where user_id = ? and occurred_at < ? order by occurred_at desc, id desc",
        o.id,
        Date.UTC(2026, 10, 20) + 2 * 60000,
      )
    ).map((r) => r.id);
    expect(await walk(o.token, `/api/v1/people/${person?.id}/interactions?before=${before}`)).toEqual(older);
  });

  it("events: every event once when many share a date, latest date first", async () => {
    const o = await owner("Api Event Ties");
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 9)
       insert into event (user_id, title, date) select ?, 'Event ' || i, '2030-01-0' || (1 + i % 3) from n`,
    )
      .bind(o.id)
      .run();
    const expected = (
      await rows<{ id: number }>("select id from event where user_id = ? order by date desc, id desc", o.id)
    ).map((r) => r.id);
    expect(expected).toHaveLength(9);
    expect(await walk(o.token, "/api/v1/events")).toEqual(expected);
  });

  it("webhook deliveries: every delivery once when many share a millisecond, newest first", async () => {
    const o = await owner("Api Delivery Ties");
    const hook = await env.DB.prepare(
      "insert into webhook_endpoint (user_id, url, secret_enc) values (?, 'https://example.org/hook', 'x') returning id",
    )
      .bind(o.id)
      .first<{ id: number }>();
    // Fractions of a millisecond, as SQL's default writes them, and ids that do not sort by time.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 9)
       insert into webhook_delivery (id, endpoint_id, user_id, event_type, payload, created_at)
       select 'msg_' || ((i * 7) % 10), ?, ?, 'person.created', '{}', ? + (i % 3) * 0.5 from n`,
    )
      .bind(hook?.id, o.id, Date.UTC(2026, 10, 20))
      .run();
    const expected = (
      await rows<{ id: string }>(
        "select id from webhook_delivery where user_id = ? order by created_at desc, id desc",
        o.id,
      )
    ).map((r) => r.id);
    expect(expected).toHaveLength(9);
    expect(await walk(o.token, `/api/v1/webhooks/${hook?.id}/deliveries`)).toEqual(expected);
  });

  it("a cursor from another account's list reads only the caller's own rows", async () => {
    const a = await owner("Api Cursor A");
    const b = await owner("Api Cursor B");
    await env.DB.prepare(
      "insert into event (user_id, title, date) values (?, 'A first', '2030-05-01'), (?, 'A second', '2030-04-01'), (?, 'B only', '2030-03-01')",
    )
      .bind(a.id, a.id, b.id)
      .run();
    const first = (await (
      await call("/api/v1/events?limit=1", { headers: { authorization: `Bearer ${a.token}` } })
    ).json()) as { next: string };
    expect(first.next).toBeTruthy();
    const res = await call(`/api/v1/events?cursor=${first.next}`, { headers: { authorization: `Bearer ${b.token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { title: string }[] };
    expect(body.data.map((e) => e.title)).toEqual(["B only"]);
  });

  it("a cursor that is not one of ours is a 400 naming the cursor, on every list", async () => {
    const o = await owner("Api Bad Cursor");
    const person = await env.DB.prepare("insert into connection (user_id, name) values (?, 'Someone') returning id")
      .bind(o.id)
      .first<{ id: number }>();
    const hook = await env.DB.prepare(
      "insert into webhook_endpoint (user_id, url, secret_enc) values (?, 'https://example.org/hook', 'x') returning id",
    )
      .bind(o.id)
      .first<{ id: number }>();
    const wrongTypes = btoa(JSON.stringify([{}, []]));
    for (const path of [
      `/api/v1/people/${person?.id}/interactions`,
      "/api/v1/events",
      `/api/v1/webhooks/${hook?.id}/deliveries`,
    ]) {
      for (const cursor of ["not-base64!", wrongTypes, btoa("[1,2,3]"), "x".repeat(300)]) {
        const res = await call(`${path}?cursor=${encodeURIComponent(cursor)}`, {
          headers: { authorization: `Bearer ${o.token}` },
        });
        expect(res.status, `${path} ${cursor}`).toBe(400);
        expect(JSON.stringify(await res.json())).toContain("#/query/cursor");
      }
    }
  });
});
