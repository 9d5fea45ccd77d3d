import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import type { AiBinding } from "~/server/assistant/assistant.server";
import { createDb } from "~/server/db/db.server";
import { savedDrafts, writeDraft } from "~/server/follow/drafts.server";
import { dueToReconnect, notifyDueRhythms } from "~/server/follow/rhythm.server";
import { addEndpoint } from "~/server/integrations/webhooks.server";
import { mergePeople, undoMerge } from "~/server/people/merge.server";
import { edgeGet } from "~/server/platform/edge-cache.server";
import { parseEnv } from "~/server/platform/env.server";
import { d1Columns, seedAsOf } from "../seed-as-of";
import { call, form, json, signUp } from "./helpers";

const db = () => createDb(parseEnv(env).DB);

async function owner(name = "Follow Owner", timeZone = "UTC") {
  const session = await signUp(name);
  const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
  const userId = row?.id ?? "";
  await env.DB.prepare("update user_settings set time_zone = ? where user_id = ?").bind(timeZone, userId).run();
  return { ...session, userId };
}

async function capture(cookie: string, person: Record<string, string>) {
  const res = await call("/api/capture", json(person, cookie));
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: number };
  return body.id;
}

const post = (path: string, cookie: string, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie } });

const entries = (personId: number) =>
  env.DB.prepare(
    "select kind, source, text, occurred_at from interaction where connection_id = ? order by occurred_at, id",
  )
    .bind(personId)
    .all<{ kind: string; source: string; text: string; occurred_at: number }>()
    .then((r) => r.results);

const lastContact = (personId: number) =>
  env.DB.prepare("select last_contact_at as at from connection where id = ?")
    .bind(personId)
    .first<{ at: number | null }>()
    .then((r) => r?.at ?? null);

describe("the timeline", () => {
  it("writes an entry for a capture, logs one by hand from the person's page, and derives last contacted", async () => {
    const a = await owner();
    const id = await capture(a.cookie, { name: "Tia Moreno", email: "tia@example.org" });
    const [arrival] = await entries(id);
    expect(arrival).toMatchObject({ kind: "capture", source: "scan" });
    expect(await lastContact(id)).toBe(arrival?.occurred_at);

    const res = await post(`/connections/${id}`, a.cookie, {
      intent: "log",
      kind: "call",
      date: "2026-01-05",
      time: "15:30",
      text: "Talked about the <b>grant</b>",
    });
    expect(res.status).toBe(302);
    const logged = (await entries(id)).find((e) => e.kind === "call");
    expect(logged?.text).toBe("Talked about the <b>grant</b>");
    expect(new Date(logged?.occurred_at ?? 0).toISOString()).toBe("2026-01-05T15:30:00.000Z");
    // An entry in the past does not move last contacted back: it stays the latest entry.
    expect(await lastContact(id)).toBe(arrival?.occurred_at);
    const page = await (await call(`/connections/${id}`, { headers: { cookie: a.cookie } })).text();
    expect(page).toContain("Talked about the &lt;b&gt;grant&lt;/b&gt;");
    expect(page).not.toContain("<b>grant</b>");
  });

  it("answers bad input with 400 and keeps what was typed", async () => {
    const a = await owner();
    const id = await capture(a.cookie, { name: "Bad Input", email: "bad@example.org" });
    const res = await post(`/connections/${id}`, a.cookie, {
      intent: "log",
      kind: "call",
      date: "2999-01-01",
      text: "keep me",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("That date is in the future");
    expect(html).toContain("keep me");
    expect((await post(`/connections/${id}`, a.cookie, { intent: "log", kind: "lunch" })).status).toBe(400);
    expect((await entries(id)).filter((e) => e.source === "manual")).toHaveLength(0);
  });

  it("keeps every entry through a merge and its undo, and notes the merge", async () => {
    const a = await owner();
    const one = await capture(a.cookie, { name: "Sam Ortiz", email: "sam1@example.org" });
    const two = await capture(a.cookie, { name: "Sam Ortiz", email: "sam2@example.org" });
    await post(`/connections/${two}`, a.cookie, { intent: "log", kind: "meeting", text: "Coffee" });
    const merged = await mergePeople(db(), a.userId, one, [two], {}, null);
    const after = await entries(one);
    expect(after.map((e) => e.kind).sort()).toEqual(["capture", "capture", "meeting", "merge"]);
    // The merge entry is on the timeline but is not contact: last contacted stays the latest real one.
    expect(await lastContact(one)).toBe(Math.max(...after.filter((e) => e.kind !== "merge").map((e) => e.occurred_at)));
    await undoMerge(db(), a.userId, merged && "mergeId" in merged ? (merged.mergeId ?? 0) : 0, null);
    expect((await entries(two)).map((e) => e.kind).sort()).toEqual(["capture", "meeting"]);
    expect(await lastContact(two)).toBe(Math.max(...(await entries(two)).map((e) => e.occurred_at)));
  });
});

describe("keep-in-touch rhythms", () => {
  it("moves the next due day when an interaction is logged, and snoozes", async () => {
    const a = await owner("Rhythm Owner", "America/New_York");
    const id = await capture(a.cookie, { name: "Ravi Patel", email: "ravi@example.org" });
    // Contacted 40 days ago (the only entry), monthly rhythm: overdue.
    const old = Date.now() - 40 * 86_400_000;
    await env.DB.prepare("update interaction set occurred_at = ? where connection_id = ?").bind(old, id).run();
    await env.DB.prepare("update connection set last_contact_at = ?, created_at = ? where id = ?")
      .bind(old, old, id)
      .run();
    expect((await post(`/connections/${id}`, a.cookie, { intent: "rhythm", every: "monthly" })).status).toBe(302);
    let due = await dueToReconnect(db(), a.userId, "America/New_York");
    expect(due.map((p) => [p.id, p.due.state])).toEqual([[id, "overdue"]]);
    expect(due[0]?.reasons.join(" ")).toMatch(/Every month · Last contact 40 days ago|Every month/);
    const dashboard = await (await call("/dashboard", { headers: { cookie: a.cookie } })).text();
    expect(dashboard).toContain("Ravi Patel");
    expect(dashboard).toContain("Overdue");

    // Logging from the dashboard (two taps: Log, then Call) moves the due day a month on.
    const res = await post("/dashboard", a.cookie, {
      intent: "log",
      personId: String(id),
      kind: "call",
      returnTo: "/dashboard",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    due = await dueToReconnect(db(), a.userId, "America/New_York", { withinDays: 40 });
    expect(due[0]?.due.state).toBe("upcoming");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect((due[0]?.due.dueDay ?? "") > today).toBe(true);

    // Snooze: an overdue person leaves the list until the snooze day.
    await env.DB.prepare("update interaction set occurred_at = ? where connection_id = ?").bind(old, id).run();
    await env.DB.prepare("update connection set last_contact_at = ? where id = ?").bind(old, id).run();
    expect((await dueToReconnect(db(), a.userId, "America/New_York")).length).toBe(1);
    await post(`/connections/${id}`, a.cookie, { intent: "snooze", days: "7" });
    expect((await dueToReconnect(db(), a.userId, "America/New_York")).length).toBe(0);
    expect((await post(`/connections/${id}`, a.cookie, { intent: "snooze", days: "5000" })).status).toBe(400);
  });

  it("applies a tag's rhythm, ranks by priority and strength, and notifies once per due day", async () => {
    const a = await owner();
    const low = await capture(a.cookie, { name: "Low Donor", email: "low@example.org", tags: "Donor" });
    const high = await capture(a.cookie, { name: "High Donor", email: "high@example.org", tags: "Donor" });
    const old = Date.now() - 100 * 86_400_000;
    await env.DB.prepare("update interaction set occurred_at = ? where user_id = ?").bind(old, a.userId).run();
    await env.DB.prepare(
      "update connection set last_contact_at = ?, created_at = ?, tags = '[\"Donor\"]' where user_id = ?",
    )
      .bind(old, old, a.userId)
      .run();
    await env.DB.prepare("update connection set priority = 'high', strength = 90 where id = ?").bind(high).run();
    const saved = await post("/settings/keep-in-touch", a.cookie, { intent: "save", tag: "Donor", every: "quarterly" });
    expect(saved.status).toBe(302);
    const due = await dueToReconnect(db(), a.userId, "UTC");
    expect(due.map((p) => p.id)).toEqual([high, low]);
    expect(due[0]?.reasons).toContain("High priority");
    expect(due[0]?.via).toBe("Donor");
    expect(await notifyDueRhythms(db(), new Date(), 10_000)).toBeGreaterThanOrEqual(2);
    const count = () =>
      env.DB.prepare("select count(*) as n from notification where user_id = ? and title like 'Reconnect with%'")
        .bind(a.userId)
        .first<{ n: number }>();
    expect((await count())?.n).toBe(2);
    await notifyDueRhythms(db(), new Date(), 10_000);
    expect((await count())?.n).toBe(2);
    const page = await (await call("/notifications", { headers: { cookie: a.cookie } })).text();
    expect(page).toContain("Due to reconnect");
    expect(page).toContain("High Donor");
  });

  it("asks once before removing a tag's rhythm, and another account's confirmed tap is a 404", async () => {
    const a = await owner();
    const b = await owner();
    expect(
      (await post("/settings/keep-in-touch", a.cookie, { intent: "save", tag: "Board", every: "monthly" })).status,
    ).toBe(302);
    const kept = () =>
      env.DB.prepare("select count(*) as n from tag_rhythm where user_id = ? and tag = 'Board'")
        .bind(a.userId)
        .first<{ n: number }>();
    const asked = await post("/settings/keep-in-touch", a.cookie, { intent: "remove", tag: "Board" });
    expect(await asked.text()).toContain('data-confirm-step="remove"');
    expect((await kept())?.n).toBe(1);
    const confirmed = { intent: "remove", tag: "Board", confirmed: "yes" };
    expect((await post("/settings/keep-in-touch", b.cookie, confirmed)).status).toBe(404);
    expect((await kept())?.n).toBe(1);
    expect((await post("/settings/keep-in-touch", a.cookie, confirmed)).status).toBe(302);
    expect((await kept())?.n).toBe(0);
  });

  it("puts due people in the calendar feed", async () => {
    const a = await owner();
    const id = await capture(a.cookie, { name: "Feed; Person", email: "feed@example.org" });
    await post(`/connections/${id}`, a.cookie, { intent: "rhythm", every: "days", days: "3" });
    const settings = await call("/settings", { ...form({ intent: "feed" }), headers: { cookie: a.cookie } });
    const token = (await settings.text()).match(/\/api\/calendar\/([A-Za-z0-9_-]+)\.ics/)?.[1];
    expect(token).toBeTruthy();
    const ics = await (await call(`/api/calendar/${token}.ics`)).text();
    expect(ics).toContain("SUMMARY:Reconnect: Feed\\; Person");
    expect(ics).toContain(`UID:keep-in-touch-${id}@localhost`);
  });

  it("refuses another account's person on every follow-through form", async () => {
    const a = await owner("Owner A");
    const b = await owner("Owner B");
    const id = await capture(a.cookie, { name: "Private Person", email: "private@example.org" });
    const forms: Record<string, string>[] = [
      { intent: "log", kind: "call" },
      { intent: "rhythm", every: "weekly" },
      { intent: "snooze", days: "7" },
      { intent: "draft-write" },
      { intent: "draft-sent" },
    ];
    for (const values of forms) {
      expect((await post(`/connections/${id}`, b.cookie, values)).status, values.intent).toBe(404);
      for (const path of ["/dashboard", "/notifications"]) {
        const res = await post(path, b.cookie, { ...values, personId: String(id) });
        expect(res.status, `${path} ${values.intent}`).toBe(404);
      }
    }
    expect((await entries(id)).filter((e) => e.source !== "scan")).toHaveLength(0);
    expect(
      await env.DB.prepare("select count(*) as n from keep_in_touch where connection_id = ?").bind(id).first(),
    ).toEqual({ n: 0 });
    expect((await call(`/connections/${id}`, { headers: { cookie: b.cookie } })).status).toBe(404);
  });
});

describe("follow-up drafts", () => {
  it("uses the notes' promises, is saved, not rewritten on view, edited in place, and logged when sent", async () => {
    const a = await owner("Dana Owner");
    const id = await capture(a.cookie, {
      name: "Lee Chen",
      email: "lee@example.org",
      notes: "Send LOI by Dec 10\nLikes trail running",
    });
    await post(`/connections/${id}`, a.cookie, { intent: "log", kind: "meeting", text: "Lunch at the summit" });
    expect((await post(`/connections/${id}`, a.cookie, { intent: "draft-write" })).status).toBe(302);
    const stored = await env.DB.prepare(
      "select subject, body, engine, updated_at from follow_up_draft where connection_id = ?",
    )
      .bind(id)
      .first<{ subject: string; body: string; engine: string; updated_at: number }>();
    expect(stored?.engine).toBe("built-in");
    // The note's commitment is offered in the owner's voice; the note itself stays private.
    expect(stored?.body).toContain("I'll get the letter of inquiry over to you by December 10.");
    expect(stored?.body).not.toMatch(/Send LOI|trail running/);
    const page = await (await call(`/connections/${id}`, { headers: { cookie: a.cookie } })).text();
    expect(page).toContain("Written by the built-in assistant");
    const again = await env.DB.prepare("select updated_at from follow_up_draft where connection_id = ?")
      .bind(id)
      .first();
    expect(again).toEqual({ updated_at: stored?.updated_at });

    const edit = await post(`/connections/${id}`, a.cookie, {
      intent: "draft-save",
      subject: "LOI",
      body: "My own words",
    });
    expect(edit.status).toBe(302);
    expect((await post(`/connections/${id}`, a.cookie, { intent: "draft-save", subject: "", body: "x" })).status).toBe(
      400,
    );
    const edited = await (await call(`/connections/${id}`, { headers: { cookie: a.cookie } })).text();
    expect(edited).toContain("My own words");
    expect(edited).toContain("edited by you");
    await post(`/connections/${id}`, a.cookie, { intent: "draft-sent" });
    await post(`/connections/${id}`, a.cookie, { intent: "draft-sent" });
    expect((await entries(id)).filter((e) => e.kind === "follow-up-sent")).toEqual([
      expect.objectContaining({ source: "assistant", text: "LOI" }),
    ]);
  });
});

describe("the personal API's interactions", () => {
  async function token(cookie: string, scope: "read" | "write") {
    const res = await call("/settings/integrations", {
      ...form({ intent: "create-token", name: scope, scope }),
      headers: { cookie },
    });
    return (await res.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0] ?? "";
  }

  it("lists and logs with a write token, refuses writes with a read token, and never reaches another account", async () => {
    const a = await owner("API A");
    const b = await owner("API B");
    const id = await capture(a.cookie, { name: "Api Person", email: "api@example.org" });
    const write = { authorization: `Bearer ${await token(a.cookie, "write")}` };
    const read = { authorization: `Bearer ${await token(a.cookie, "read")}` };
    const other = { authorization: `Bearer ${await token(b.cookie, "write")}` };
    const body = (payload: unknown, headers: Record<string, string>) => ({
      method: "POST",
      body: JSON.stringify(payload),
      headers: { ...headers, "content-type": "application/json" },
    });
    const created = await call(
      `/api/v1/people/${id}/interactions`,
      body({ kind: "email", text: "Sent the deck", idempotencyKey: "deck-2026-11" }, write),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ personId: id, kind: "email", source: "api", text: "Sent the deck" });
    const replay = await call(
      `/api/v1/people/${id}/interactions`,
      body({ kind: "email", text: "Sent the deck", idempotencyKey: "deck-2026-11" }, write),
    );
    expect(replay.status).toBe(201);
    expect((await entries(id)).filter((e) => e.source === "api")).toHaveLength(1);

    const list = (await (await call(`/api/v1/people/${id}/interactions`, { headers: read })).json()) as {
      data: { kind: string }[];
    };
    expect(list.data.map((e) => e.kind)).toEqual(["email", "capture"]);
    const refused = await call(`/api/v1/people/${id}/interactions`, body({ kind: "call" }, read));
    expect(refused.status).toBe(403);
    const bad = await call(`/api/v1/people/${id}/interactions`, body({ kind: "lunch" }, write));
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
    expect(
      (await call(`/api/v1/people/${id}/interactions`, { ...body({ kind: "call" }, write), body: "{" })).status,
    ).toBe(400);

    expect((await call(`/api/v1/people/${id}/interactions`, { headers: other })).status).toBe(404);
    expect((await call(`/api/v1/people/${id}/interactions`, body({ kind: "call" }, other))).status).toBe(404);
    expect((await entries(id)).filter((e) => e.source === "api")).toHaveLength(1);
  });

  it("tells the owner's webhooks that an interaction was logged", async () => {
    const a = await owner();
    const id = await capture(a.cookie, { name: "Hooked Person", email: "hooked@example.org" });
    const parsed = parseEnv(env);
    const hook = `follow-${crypto.randomUUID()}`;
    const added = await addEndpoint({ env: parsed, db: createDb(parsed.DB) }, a.userId, {
      url: `${inject("fakeServices")}/hooks/${hook}`,
      events: ["interaction.logged"],
    });
    expect(added).not.toHaveProperty("error");
    await post(`/connections/${id}`, a.cookie, { intent: "log", kind: "message", text: "Texted" });
    await vi.waitFor(async () => {
      const row = await env.DB.prepare("select event_type, payload from webhook_delivery where user_id = ?")
        .bind(a.userId)
        .first<{ event_type: string; payload: string }>();
      expect(row?.event_type).toBe("interaction.logged");
      expect(JSON.parse(row?.payload ?? "{}").data).toMatchObject({
        interaction: { kind: "message", text: "Texted" },
        person: { id, name: "Hooked Person" },
      });
    });
  });
});

describe("card analytics", () => {
  async function publishedCard(slug: string) {
    const owner = await signUp("Ana Card");
    const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
    const id = Number(created.headers.get("location")?.split("/").pop());
    await call(`/card/${id}`, {
      ...form({
        intent: "save",
        name: "Ana Card",
        label: "Work",
        email: "ana@example.org",
        template: "classic",
        colour: "#4f46e5",
      }),
      headers: { cookie: owner.cookie },
    });
    await call(`/card/${id}`, { ...form({ intent: "publish", slug }), headers: { cookie: owner.cookie } });
    return { owner, id };
  }

  it("counts an edge-cache hit by the source in its URL without reading D1, and keeps one cache key", async () => {
    const { owner, id } = await publishedCard("ana-stats");
    expect((await call("/c/ana-stats?src=qr")).headers.get("x-edge-cache")).toBe("MISS");
    await vi.waitFor(async () => expect(await edgeGet("/c/ana-stats")).not.toBeNull());
    // Changed behind the app's back: a hit that read D1 would show it.
    await env.DB.prepare("update card set title = 'Read from D1' where id = ?").bind(id).run();
    for (const src of ["signature", "nfc", "wallet", "bogus"]) {
      const hit = await call(`/c/ana-stats?src=${src}`);
      expect(hit.headers.get("x-edge-cache")).toBe("HIT");
      expect(await hit.text()).not.toContain("Read from D1");
    }
    await call("/c/ana-stats/contact.vcf?src=qr");
    await call("/c/ana-stats/share?src=nfc", {
      ...form({ name: "Visitor", email: "visitor@example.org", consent: "on" }),
      headers: { accept: "application/json", "cf-connecting-ip": "198.51.100.99" },
    });
    await vi.waitFor(
      async () => {
        const rows = await env.DB.prepare(
          "select source, views, saves, shares from card_source_stat where card_id = ? order by source",
        )
          .bind(id)
          .all();
        expect(rows.results).toEqual([
          { source: "link", views: 1, saves: 0, shares: 0 },
          { source: "nfc", views: 1, saves: 0, shares: 1 },
          { source: "qr", views: 1, saves: 1, shares: 0 },
          { source: "signature", views: 1, saves: 0, shares: 0 },
          { source: "wallet", views: 1, saves: 0, shares: 0 },
        ]);
      },
      { timeout: 5000, interval: 200 },
    );
    const page = await call(`/card/${id}/analytics`, { headers: { cookie: owner.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("What your card does");
    expect(html).toContain("20%");
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain("Email signature");
    // No cookie for the visitor, and nothing about them stored.
    expect((await call("/c/ana-stats?src=qr")).headers.get("set-cookie")).toBeNull();
    const other = await signUp("Someone Else");
    expect((await call(`/card/${id}/analytics`, { headers: { cookie: other.cookie } })).status).toBe(404);
  });
});

describe("the follow-through migration", () => {
  it("keeps every connection and carries each stored last-contact time over as a timeline entry", async () => {
    const mdb = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("follow-through"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(mdb, env.TEST_MIGRATIONS.slice(0, at));
    await mdb.exec(await seedAsOf(d1Columns(mdb)));
    const user = await mdb.prepare("select id from user order by id limit 1").first<{ id: string }>();
    await mdb
      .prepare("insert into connection (user_id, name, last_contact_at) values (?, 'Never Contacted', null)")
      .bind(user?.id)
      .run();
    const columns = "id, user_id, name, email, tags, notes, last_contact_at, created_at";
    const before = (await mdb.prepare(`select ${columns} from connection order by id`).all()).results;
    expect(before.length).toBeGreaterThan(3);
    await applyD1Migrations(mdb, env.TEST_MIGRATIONS.slice(at));
    const after = (await mdb.prepare(`select ${columns} from connection order by id`).all()).results;
    expect(after).toEqual(before);
    const carried = (
      await mdb
        .prepare("select connection_id as id, occurred_at as at, source from interaction order by connection_id")
        .all<{ id: number; at: number; source: string }>()
    ).results;
    const contacted = (before as { id: number; last_contact_at: number | null }[]).filter((r) => r.last_contact_at);
    expect(carried).toEqual(contacted.map((r) => ({ id: r.id, at: r.last_contact_at, source: "earlier" })));
  });
});

describe("drafts with Workers AI", () => {
  const fakeAi = (response: unknown): AiBinding => ({ run: async () => ({ response }) });

  it("stores a valid model draft as written by Workers AI, and falls back to the built-in engine on bad output", async () => {
    const session = await owner("Ai Owner");
    const a = { id: session.userId, name: "Ai Owner" };
    const id = await capture(session.cookie, {
      name: "Mo Diaz",
      email: "mo@example.org",
      notes: "Call back by Friday",
    });
    const good = await writeDraft(
      db(),
      fakeAi('{"subject": "Hello Mo", "body": "Hi Mo, good to meet you."}'),
      a,
      id,
      "UTC",
    );
    expect(good).toMatchObject({ engine: "workers-ai", subject: "Hello Mo" });
    const bad = await writeDraft(db(), fakeAi('{"subject": ""}'), a, id, "UTC");
    expect(bad?.engine).toBe("built-in");
    expect(bad?.body).toContain("I'll give you a ring by Friday.");
    const stored = await env.DB.prepare("select engine from follow_up_draft where connection_id = ?").bind(id).first();
    expect(stored).toEqual({ engine: "built-in" });
    const other = await owner("Not The Owner");
    expect(await writeDraft(db(), undefined, { id: other.userId, name: "Not The Owner" }, id, "UTC")).toBeNull();
  });

  it("gives the event report saved drafts: the model is asked once, later views read what was saved", async () => {
    const session = await owner("Report Owner");
    const me = { id: session.userId, name: "Report Owner" };
    const id = await capture(session.cookie, { name: "Kim Report", email: "kim@example.org" });
    let calls = 0;
    const ai: AiBinding = {
      run: async () => ({ response: `{"subject": "Draft ${++calls}", "body": "Hi Kim, version ${calls}."}` }),
    };
    const first = await savedDrafts(db(), ai, me, [id], "UTC");
    const second = await savedDrafts(db(), ai, me, [id], "UTC");
    expect(first.get(id)).toMatchObject({ subject: "Draft 1", engine: "workers-ai" });
    expect(second.get(id)).toEqual(first.get(id));
    expect(calls).toBe(1);
  });
});
