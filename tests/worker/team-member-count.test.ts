import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { fetchOver, observed, rowsRead, type Trip } from "./d1-count";
import { call, form, importFile, json } from "./helpers";
import { type Account, account, get, located, post, teamOf } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/**
 * A member's kept number of people (decision 0278): after every write of who owns, met or shares a person, the kept
 * total (the shared people plus the member's own) equals a real count of what they see, and their list shows it.
 */

/** Everyone the team's people or kept counts name, with members. */
async function named(team: string) {
  const { results } = await env.DB.prepare(
    `select id from user where id in (select user_id from member where workspace_id = ?1)
      or id in (select owner_id from connection where user_id = ?1) or id in (select met_by from connection where user_id = ?1)
      or id in (select user_id from member_people where workspace_id = ?1)`,
  )
    .bind(team)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** For each user the team's people name: the kept total beside a real count of the people the rule lets them see. */
async function keptAndReal(team: string) {
  const pairs: Record<string, [number, number]> = {};
  for (const id of await named(team)) {
    const kept = await env.DB.prepare(
      `select coalesce((select shared from people_stats where user_id = ?1), 0)
        + coalesce((select people from member_people where workspace_id = ?1 and user_id = ?2), 0) as n`,
    )
      .bind(team, id)
      .first<number>("n");
    const real = await env.DB.prepare(
      "select count(*) as n from connection where user_id = ?1 and (owner_id = ?2 or met_by = ?2 or shared = 1)",
    )
      .bind(team, id)
      .first<number>("n");
    pairs[id] = [kept ?? -1, real ?? -2];
  }
  return pairs;
}

/** The kept counts of everyone in `team` match a real count, and each of `readers` sees that total on their list. */
async function expectKept(team: string, step: string, readers: Account[]) {
  const pairs = await keptAndReal(team);
  for (const [id, [kept, real]] of Object.entries(pairs)) expect(kept, `${step}: ${id}`).toBe(real);
  for (const who of readers) {
    const page = (await (await get("/connections", who)).text()).replaceAll("<!-- -->", "");
    const shown = Number(page.match(/>(\d+) (?:people|person)</)?.[1] ?? -1);
    expect(shown, `${step}: ${who.email}'s list`).toBe(pairs[who.id]?.[0] ?? 0);
  }
  return pairs;
}

async function personBy(who: Account, name: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  const res = await post("/connections/new", who, { name: `${name} ${tag}`, email: `${tag}@count.example.org` });
  expect(res.status).toBe(302);
  return Number(located(res));
}

/** Shared or not from the person's page, by the team's owner, who may change any team person's (decision 0288). */
const share = async (owner: Account, id: number, on: boolean) =>
  expect((await post(`/connections/${id}`, owner, { intent: on ? "share" : "unshare" })).status).toBe(302);

describe("a team member's kept number of people", () => {
  it("follows adds, captures, imports, sharing, reassignment, deletes, merges and their undo, and removals", async () => {
    const a = await account("Count Owner");
    const b = await account("Count Ben");
    const c = await account("Count Cal");
    const team = await teamOf(a, [b, c], { label: "Count", working: [a, b, c] });

    // Added on the page (the owner default fills owner_id after the insert), captured, and imported.
    const b1 = await personBy(b, "Ben One");
    const b2 = await personBy(b, "Ben Two");
    const c1 = await personBy(c, "Cal One");
    await personBy(a, "Ana One");
    expect(
      (await call("/api/capture", json({ name: "Ben Captured", email: "cap@count.example.org" }, b.cookie))).status,
    ).toBeLessThan(300);
    const csv = ["name,email", "Imp One,imp1@count.example.org", "Imp Two,imp2@count.example.org"].join("\n");
    expect((await importFile(b.cookie, csv, "people.csv")).result.status).toBeLessThan(400);
    let pairs = await expectKept(team, "added", [b, c]);
    expect(pairs[b.id]).toEqual([5, 5]);
    expect(pairs[c.id]).toEqual([1, 1]);

    // Shared and unshared: one of Cal's counts once for everyone, one Ben met and owns stays once for Ben.
    await share(a, c1, true);
    await share(a, b1, true);
    pairs = await expectKept(team, "shared", [b, c]);
    expect(pairs[b.id]).toEqual([6, 6]);
    await share(a, b1, false);
    await expectKept(team, "unshared", [b, c]);

    // Ben's people handed to Cal in bulk: Ben still met them (once), Cal owns them now.
    expect((await post(`/teams/${team}`, a, { intent: "reassign", from: b.id, to: c.id })).status).toBe(302);
    pairs = await expectKept(team, "reassigned", [b, c]);
    expect(pairs[b.id]?.[0]).toBe(6);
    expect(pairs[c.id]?.[0]).toBe(6);

    // A delete by the member who met them.
    expect((await post(`/connections/${b2}`, b, { intent: "delete", confirmed: "yes" })).status).toBe(302);
    await expectKept(team, "deleted", [b, c]);

    // A merge by the owner of one of Ben's with one of the owner's, then its undo.
    const a2 = await personBy(a, "Ana Two");
    const merged = await call("/connections/merge", {
      method: "POST",
      body: new URLSearchParams([
        ["id", String(b1)],
        ["id", String(a2)],
        ["primary", String(a2)],
      ]),
      headers: { cookie: a.cookie },
    });
    expect(merged.headers.get("location")).toBe(`/connections/${a2}`);
    await expectKept(team, "merged", [b, c]);
    const mergeId = await env.DB.prepare("select id from person_merge where primary_id = ?")
      .bind(a2)
      .first<number>("id");
    expect(
      (
        await call(`/connections/${a2}`, {
          ...form({ intent: "undo-merge", mergeId: String(mergeId) }),
          headers: { cookie: a.cookie },
        })
      ).status,
    ).toBe(302);
    await expectKept(team, "merge undone", [b, c]);

    // Cal removed, his people handed to the owner; he still met the one he met.
    expect((await post(`/teams/${team}`, a, { intent: "remove", user: c.id, heir: a.id })).status).toBe(302);
    await expectKept(team, "removed", [b]);

    // Members who see all read the workspace's count, and the kept one again when the team says no.
    expect((await post(`/teams/${team}`, a, { intent: "members-see-all", on: "on" })).status).toBe(302);
    const all = await env.DB.prepare("select count(*) as n from connection where user_id = ?")
      .bind(team)
      .first<number>("n");
    const page = (await (await get("/connections", b)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(`>${all} people<`);
    expect((await post(`/teams/${team}`, a, { intent: "members-see-all", on: "off" })).status).toBe(302);
    await expectKept(team, "sees some again", [b]);
  });

  it("stays exact when a member who met people deletes their account, and for an owner who sees all", async () => {
    const a = await account("Gone Owner");
    const b = await account("Gone Ben");
    const d = await account("Gone Dee");
    const team = await teamOf(a, [b, d], { label: "Gone", working: [a, b, d] });
    const d1 = await personBy(d, "Dee One");
    await personBy(d, "Dee Two");
    await personBy(b, "Ben One");
    // Met by Dee, owned by Ben: Dee's deletion leaves it Ben's, once.
    await env.DB.prepare("update connection set owner_id = ? where id = ?").bind(b.id, d1).run();
    await expectKept(team, "before", [b, d]);
    const res = await call("/settings", {
      ...form({ intent: "delete-account", confirm: d.email }),
      headers: { cookie: d.cookie },
    });
    expect(res.status).toBe(302);
    const pairs = await expectKept(team, "account deleted", [b]);
    expect(pairs[b.id]).toEqual([2, 2]);
    expect(
      await env.DB.prepare("select count(*) as n from member_people where user_id = ?").bind(d.id).first("n"),
    ).toBe(0);
    // The owner sees every one of them, from the workspace's count.
    const page = (await (await get("/connections", a)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(">3 people<");
  });

  it("is read, not counted: a member's unfiltered page reads no more rows when they have ten times the people", async () => {
    const owner = await account("Read Owner");
    const member = await account("Read Member");
    const team = await teamOf(owner, [member], { label: "Read", working: [member] });
    const fill = (count: number, start: number) =>
      env.DB.prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
         insert into connection (user_id, name, met_by, owner_id, created_at, updated_at)
         select ?, 'Read ' || (? + i), ?, ?, ? + i * 1000, ? + i * 1000 from n`,
      )
        .bind(count, team, start, member.id, member.id, Date.UTC(2026, 10, 1) + start * 1000, Date.UTC(2026, 10, 1))
        .run();
    // The page's and count's statements, not the filter menus (they read the member's people once per version).
    const pageRows = async () => {
      const trips: Trip[] = [];
      await fetchOver(observed(env.DB, { before: (t) => trips.push(t) }), "/connections", {
        headers: { cookie: member.cookie, accept: "text/html" },
      });
      const html = (await (await get("/connections", member)).text()).replaceAll("<!-- -->", "");
      const counted = (sql: string) => /"connection"|member_people/.test(sql) && !/^select distinct/.test(sql);
      return { read: await rowsRead(env.DB, trips, counted), html };
    };
    await fill(50, 0);
    const small = await pageRows();
    expect(small.html).toContain(">50 people<");
    await fill(450, 1_000);
    const large = await pageRows();
    expect(large.html).toContain(">500 people<");
    // Counting them read each of their index entries twice (owned and met) and each person once: 1,350 more.
    expect(large.read).toBeLessThanOrEqual(small.read + 10);
  });
});
