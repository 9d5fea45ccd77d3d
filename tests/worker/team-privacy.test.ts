import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, joinTeam } from "./helpers";
import { type Account, account, get, located, post } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/** What stays private inside a team, who owns the people it meets, and what a removal hands on (decision 0234). */

/** A team made by `owner`, `admin` joined as an admin and the rest as members, everyone working in it. */
async function team(owner: Account, members: Account[], admin?: Account) {
  const id = located(
    await post("/teams", owner, { intent: "create", name: `Privacy ${crypto.randomUUID().slice(0, 6)}` }),
  );
  for (const m of [...members, ...(admin ? [admin] : [])]) await joinTeam(id, owner, m);
  if (admin)
    expect((await post(`/teams/${id}`, owner, { intent: "role", user: admin.id, role: "admin" })).status).toBe(302);
  expect((await post("/teams", owner, { intent: "switch", workspace: id })).status).toBe(302);
  return id;
}

async function personBy(who: Account, name: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  const res = await post("/connections/new", who, { name: `${name} ${tag}`, email: `${tag}@example.org` });
  expect(res.status).toBe(302);
  return { id: Number(located(res)), name: `${name} ${tag}`, email: `${tag}@example.org` };
}

const row = (id: number) =>
  env.DB.prepare("select user_id, met_by, owner_id, shared from connection where id = ?").bind(id).first();

/** An API token made by `who` in the team they work in (a new account's trial gives the API). */
async function token(who: Account) {
  const page = await post("/settings/integrations", who, { intent: "create-token", name: "CRM", scope: "write" });
  return (await page.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0] ?? "";
}

describe("inside a team", () => {
  it("a member sees the people they met, an admin sees every one, and the setting opens them to members", async () => {
    const a = await account("Ana Owner");
    const b = await account("Ben Member");
    const c = await account("Cal Member");
    const t = await team(a, [b, c]);
    const byB = await personBy(b, "Met By Ben");
    const byC = await personBy(c, "Met By Cal");
    expect(await row(byB.id)).toEqual({ user_id: t, met_by: b.id, owner_id: b.id, shared: 0 });

    // B: their own person everywhere, C's nowhere: page, list, search, export, API.
    expect((await get(`/connections/${byB.id}`, b)).status).toBe(200);
    expect((await get(`/connections/${byC.id}`, b)).status).toBe(404);
    const list = await (await get(`/connections?q=${encodeURIComponent("Met By")}`, b)).text();
    expect(list).toContain(byB.name);
    expect(list).not.toContain(byC.name);
    const csv = await (await call("/api/connections/export?format=csv", { headers: { cookie: b.cookie } })).text();
    expect(csv).toContain(byB.email);
    expect(csv).not.toContain(byC.email);
    // An action on C's person by its id is not found either, and changes nothing.
    expect((await post(`/connections/${byC.id}`, b, { intent: "log", kind: "note", text: "x" })).status).toBe(404);
    expect((await post(`/connections/${byC.id}`, b, { intent: "delete" })).status).toBe(404);
    expect(await row(byC.id)).not.toBeNull();

    const bearer = await token(b);
    expect(bearer).not.toBe("");
    const api = (path: string) => call(path, { headers: { authorization: `Bearer ${bearer}` } });
    const people = await (await api("/api/v1/people?limit=200")).text();
    expect(people).toContain(byB.name);
    expect(people).not.toContain(byC.name);
    expect((await api(`/api/v1/people/${byC.id}`)).status).toBe(404);

    // The owner sees both; a member sees both once the team says so, and not after it says no again.
    for (const p of [byB, byC]) expect((await get(`/connections/${p.id}`, a)).status).toBe(200);
    expect((await post(`/teams/${t}`, b, { intent: "members-see-all", on: "on" })).status).toBe(403);
    expect((await post(`/teams/${t}`, a, { intent: "members-see-all", on: "on" })).status).toBe(302);
    expect((await get(`/connections/${byC.id}`, b)).status).toBe(200);
    expect((await api(`/api/v1/people/${byC.id}`)).status).toBe(200);
    expect((await post(`/teams/${t}`, a, { intent: "members-see-all", on: "off" })).status).toBe(302);
    expect((await get(`/connections/${byC.id}`, b)).status).toBe(404);
    const log = await env.DB.prepare(
      "select action, detail from workspace_audit where workspace_id = ? and action = 'team.setting' order by id",
    )
      .bind(t)
      .all();
    expect(log.results).toEqual([
      { action: "team.setting", detail: "On" },
      { action: "team.setting", detail: "Off" },
    ]);
  });

  it("a member's note is theirs alone unless shared; another member cannot remove it by its id", async () => {
    const a = await account("Ana Owner");
    const b = await account("Ben Member");
    const t = await team(a, [b]);
    await post(`/teams/${t}`, a, { intent: "members-see-all", on: "on" });
    const p = await personBy(b, "Noted Person");
    expect(
      (await post(`/connections/${p.id}`, b, { intent: "log", kind: "note", text: "Private thought" })).status,
    ).toBe(302);
    expect(
      (await post(`/connections/${p.id}`, b, { intent: "log", kind: "note", text: "For everyone", shared: "on" }))
        .status,
    ).toBe(302);
    const note = await env.DB.prepare(
      "select id, author_id, private from interaction where connection_id = ? and text = 'Private thought'",
    )
      .bind(p.id)
      .first<{ id: number; author_id: string; private: number }>();
    expect(note).toMatchObject({ author_id: b.id, private: 1 });
    const page = (who: Account) => get(`/connections/${p.id}`, who).then((r) => r.text());
    expect(await page(b)).toContain("Private thought");
    const ownerView = await page(a);
    expect(ownerView).toContain("For everyone");
    expect(ownerView).not.toContain("Private thought");
    // The owner posts B's private note's id: not found, and the note stays.
    expect((await post(`/connections/${p.id}`, a, { intent: "entry-delete", entryId: String(note?.id) })).status).toBe(
      404,
    );
    expect(await env.DB.prepare("select count(*) as n from interaction where id = ?").bind(note?.id).first()).toEqual({
      n: 1,
    });
    // Its author removes it.
    expect((await post(`/connections/${p.id}`, b, { intent: "entry-delete", entryId: String(note?.id) })).status).toBe(
      302,
    );
  });

  it("admins reassign people in bulk, with their follow-ups, only to a member", async () => {
    const a = await account("Ana Owner");
    const b = await account("Ben Member");
    const c = await account("Cal Member");
    const outsider = await account("Oz Outsider");
    const t = await team(a, [b, c]);
    const p1 = await personBy(b, "Lead One");
    const p2 = await personBy(b, "Lead Two");
    expect((await post(`/connections/${p1.id}`, b, { intent: "remind", preset: "24h", type: "Call" })).status).toBe(
      302,
    );
    const reminder = () =>
      env.DB.prepare("select owner_id from reminder where connection_id = ? and done = 0").bind(p1.id).first();
    expect(await reminder()).toEqual({ owner_id: b.id });

    // A member cannot; a non-member is no heir; nothing moved.
    expect((await post(`/teams/${t}`, b, { intent: "reassign", from: b.id, to: c.id })).status).toBe(403);
    expect((await post(`/teams/${t}`, a, { intent: "reassign", from: b.id, to: outsider.id })).status).toBe(400);
    expect(await row(p1.id)).toMatchObject({ owner_id: b.id });

    expect((await post(`/teams/${t}`, a, { intent: "reassign", from: b.id, to: c.id })).status).toBe(302);
    for (const p of [p1, p2]) expect(await row(p.id)).toMatchObject({ met_by: b.id, owner_id: c.id });
    expect(await reminder()).toEqual({ owner_id: c.id });
    expect((await get(`/connections/${p1.id}`, c)).status).toBe(200);
    const entries = await env.DB.prepare(
      "select actor_id, detail from workspace_audit where workspace_id = ? and action = 'people.reassigned'",
    )
      .bind(t)
      .all();
    expect(entries.results).toEqual([{ actor_id: a.id, detail: "All of one member's people" }]);
  });
});

describe("removing a member", () => {
  it("keeps their people and history, hands them and their follow-ups to the chosen admin, and revokes their tokens", async () => {
    const a = await account("Ana Owner");
    const d = await account("Dee Admin");
    const b = await account("Ben Leaving");
    const t = await team(a, [b], d);
    const p = await personBy(b, "Donor Kept");
    await post(`/connections/${p.id}`, b, { intent: "log", kind: "call", text: "Talked about the gala" });
    await post(`/connections/${p.id}`, b, { intent: "remind", preset: "24h", type: "Call" });
    const bearer = await token(b);
    expect(bearer).not.toBe("");

    // A heir who is not an owner or admin is refused, and nothing happens.
    const refused = await post(`/teams/${t}`, a, { intent: "remove", user: b.id, heir: "nobody-here" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose an owner or admin of the team to take over their people");
    expect(
      await env.DB.prepare("select count(*) as n from member where workspace_id = ? and user_id = ?")
        .bind(t, b.id)
        .first(),
    ).toEqual({ n: 1 });

    // Two admins removing B at once, each naming a different heir: one removal, one hand-over, nothing doubled.
    const both = await Promise.all([
      post(`/teams/${t}`, a, { intent: "remove", user: b.id, heir: d.id }),
      post(`/teams/${t}`, d, { intent: "remove", user: b.id, heir: d.id }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await row(p.id)).toMatchObject({ user_id: t, met_by: b.id, owner_id: d.id });
    expect(
      await env.DB.prepare("select owner_id from reminder where connection_id = ? and done = 0").bind(p.id).first(),
    ).toEqual({ owner_id: d.id });
    // The history stays with the person.
    expect(
      await env.DB.prepare(
        "select count(*) as n from interaction where connection_id = ? and text = 'Talked about the gala'",
      )
        .bind(p.id)
        .first(),
    ).toEqual({ n: 1 });
    const log = await env.DB.prepare(
      "select action from workspace_audit where workspace_id = ? and action in ('member.removed', 'people.reassigned')",
    )
      .bind(t)
      .all();
    expect(log.results).toEqual([{ action: "member.removed" }, { action: "people.reassigned" }]);
    expect(
      await env.DB.prepare(
        "select count(*) as n from api_token where user_id = ? and created_by = ? and revoked_at is null",
      )
        .bind(t, b.id)
        .first(),
    ).toEqual({ n: 0 });
    expect((await call("/api/v1/people", { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(401);
    expect((await get(`/connections/${p.id}`, d)).status).toBe(200);
  });
});
