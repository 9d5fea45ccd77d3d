import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import { createDb } from "~/server/db/db.server";
import { connectHubspot, runHubspotSync } from "~/server/integrations/hubspot.server";
import { peopleChangedSince } from "~/server/integrations/people-source.server";
import { addEndpoint } from "~/server/integrations/webhooks.server";
import { emitPeopleEvents } from "~/server/people/events.server";
import { loadPeople } from "~/server/people/read.server";
import { parseEnv } from "~/server/platform/env.server";
import { observed } from "./d1-count";
import { call, signUp, userIdOf } from "./helpers";

/**
 * Every reader of "the owner's people" outside the exports (people-source for the API, HubSpot and Krystal;
 * webhook events; adding by hand) reads a page at a time with no row cap, and only the owner's people.
 * The page size is lowered through each reader's parameter, so "more than a page" needs only a few people.
 */

vi.setConfig({ testTimeout: 120_000 });

const FAKE = inject("fakeServices");
const ctx = () => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB) };
};

async function owner(name: string) {
  const session = await signUp(name);
  return { ...session, id: await userIdOf(session.email) };
}

/** `count` people with an email point and a "connected" history line each, a second apart, newest last. */
async function fill(userId: string, count: number, tag: string) {
  const at = Date.UTC(2026, 10, 1);
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into connection (user_id, name, email, created_at, updated_at)
     select ?, ? || ' ' || i, lower(?) || i || '@paged.example.org', ? + i * 1000, ? + i * 1000 from n`,
  )
    .bind(count, userId, tag, tag, at, at)
    .run();
  await env.DB.batch([
    env.DB.prepare(
      `insert into contact_point (user_id, connection_id, kind, label, value, key, preferred)
       select user_id, id, 'email', 'work', email, email, 1 from connection where user_id = ?`,
    ).bind(userId),
    env.DB.prepare(
      `insert into person_history (user_id, connection_id, kind, source, created_at)
       select user_id, id, 'connected', 'import', ? from connection where user_id = ?`,
    ).bind(Date.UTC(2024, 2, 5), userId),
  ]);
  return (
    await env.DB.prepare("select id from connection where user_id = ? order by created_at desc, id desc")
      .bind(userId)
      .all<{ id: number }>()
  ).results.map((r) => r.id);
}

/** The real D1, recording the most rows any one call (a statement, or a batch's statements) answered. */
const rowsPerCall = (d1: D1Database, rows: number[]) => observed(d1, { after: (_, n) => rows.push(n) });

describe("loadPeople", () => {
  it("reads the chosen people a page at a time, newest first, and never another account's", async () => {
    const a = await owner("Paged Reader A");
    const b = await owner("Paged Reader B");
    const mine = await fill(a.id, 5, "Mine");
    const theirs = await fill(b.id, 3, "Theirs");
    const chosen = await loadPeople(createDb(env.DB), a.id, [...theirs, ...mine.slice().reverse(), 999_999_999], 2);
    expect(chosen.map((p) => p.id)).toEqual(mine);
    expect(chosen.every((p) => p.emails?.[0]?.preferred && p.connectedOn === "2024-03-05")).toBe(true);
    const all = await loadPeople(createDb(env.DB), a.id, null, 2);
    expect(all.map((p) => p.displayName)).toEqual(["Mine 5", "Mine 4", "Mine 3", "Mine 2", "Mine 1"]);
    expect(await loadPeople(createDb(env.DB), a.id, theirs, 2)).toEqual([]);
  });

  it("reads a few chosen people without reading the rest of a large network", async () => {
    const o = await owner("Few Of Many");
    const ids = await fill(o.id, 2_500, "Many");
    const rows: number[] = [];
    const few = await loadPeople(createDb(rowsPerCall(env.DB, rows)), o.id, ids.slice(100, 103));
    expect(few.map((p) => p.id)).toEqual(ids.slice(100, 103));
    // Every row of the owner's "connected" history was read for three people before: 2,500 rows per call.
    expect(Math.max(...rows)).toBe(3);
  });
});

describe("integrations read people by change, a page at a time", () => {
  it("give every changed person once across pages, and only the owner's", async () => {
    const a = await owner("Changed Pages A");
    const b = await owner("Changed Pages B");
    const mine = await fill(a.id, 7, "Changed");
    await fill(b.id, 4, "Other");
    const seen: number[] = [];
    let pages = 0;
    for await (const page of peopleChangedSince(createDb(env.DB), a.id, null, 2)) {
      pages++;
      seen.push(...page.map((p) => p.id));
    }
    expect(seen).toEqual(mine.slice().reverse());
    expect(pages).toBe(4);
  });

  it("push every one of the owner's people to HubSpot past a page, and no one else's", async () => {
    const a = await owner("HubSpot Pages A");
    const b = await owner("HubSpot Pages B");
    await fill(a.id, 7, "Pushed");
    await fill(b.id, 4, "Kept");
    const token = `good-${crypto.randomUUID()}`;
    expect(await connectHubspot(ctx(), a.id, { token, schedule: "manual", baseUrl: FAKE, mapping: {} })).toEqual({
      ok: true,
    });
    expect(await runHubspotSync(ctx(), a.id, "manual", new Date(), { pageSize: 2 })).toMatchObject({
      status: "succeeded",
      created: 7,
      skipped: 0,
    });
    const state = (await (await fetch(`${FAKE}/_hubspot/${token}`)).json()) as {
      contacts: Record<string, unknown>;
    };
    expect(Object.keys(state.contacts).sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => `pushed${i + 1}@paged.example.org`).sort(),
    );
  });
});

describe("webhook events for a write's changes", () => {
  it("carry every changed person across pages, and none of another account's", async () => {
    const a = await owner("Event Pages A");
    const b = await owner("Event Pages B");
    const mine = await fill(a.id, 5, "Event");
    const theirs = await fill(b.id, 2, "Stranger");
    const added = await addEndpoint(ctx(), a.id, {
      url: `${FAKE}/hooks/paged-${crypto.randomUUID()}`,
      events: ["person.created"],
    });
    if ("error" in added) throw new Error(added.error);
    const changes = [...mine, ...theirs].map((id) => ({ type: "person.created" as const, id }));
    await emitPeopleEvents(ctx(), a.id, changes, 2);
    await waitForGlobalWaitUntil();
    const payloads = (
      await env.DB.prepare("select payload from webhook_delivery where endpoint_id = ? order by rowid")
        .bind(added.id)
        .all<{ payload: string }>()
    ).results.map((r) => JSON.parse(r.payload) as { data: { person: { id: number; displayName: string } } });
    expect(payloads.map((p) => p.data.person.id)).toEqual(mine);
    expect(payloads.every((p) => p.data.person.displayName.startsWith("Event "))).toBe(true);
  });
});

describe("adding someone by hand", () => {
  it("offers only the owner's own people as possible duplicates", async () => {
    const a = await owner("Hand Adder A");
    const b = await owner("Hand Adder B");
    for (const o of [a, b])
      await env.DB.prepare(
        "insert into connection (user_id, name, name_key, email) values (?, 'Dana Whitfield', 'dana whitfield', ?)",
      )
        .bind(o.id, `dana-${o.id}@example.org`)
        .run();
    const res = await call("/connections/new", {
      method: "POST",
      body: new URLSearchParams({ name: "Dana Whitfield", email: "dana.new@example.org" }),
      headers: { cookie: a.cookie },
    });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(`dana-${a.id}@example.org`);
    expect(html).not.toContain(`dana-${b.id}@example.org`);
  });
});
