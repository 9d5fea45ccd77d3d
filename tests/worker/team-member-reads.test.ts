import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { fetchOver, observed, rowsRead, type Trip } from "./d1-count";
import { type Account, account, get, teamOf } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/**
 * A plain member's /connections reads about what it shows (decision 0277): each part of who they see (owned, met,
 * shared) rides its own index, so a team ten times larger costs them no more rows, and they still see only their own.
 */

/** `count` people of `team` met and owned by `by`, one second apart, `shared` or not, named `tag i`. */
async function fill(team: string, by: string, count: number, tag: string, shared = false, start = 0) {
  const at = Date.UTC(2026, 10, 1) + start * 1000;
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into connection (user_id, name, email, met_by, owner_id, shared, created_at, updated_at)
     select ?, ? || ' ' || i, lower(?) || i || '@member-reads.example.org', ?, ?, ?, ? + i * 1000, ? + i * 1000 from n`,
  )
    .bind(count, team, tag, tag, by, by, shared ? 1 : 0, at, at)
    .run();
}

/** The rows D1 read for the people's statements of `who`'s /connections, and the page's text. */
async function connectionsPage(who: Account, pick = (sql: string) => /"connection"/.test(sql)) {
  const trips: Trip[] = [];
  const res = await fetchOver(observed(env.DB, { before: (t) => trips.push(t) }), "/connections", {
    headers: { cookie: who.cookie, accept: "text/html" },
  });
  expect(res.status).toBe(200);
  const read = await rowsRead(env.DB, trips, pick);
  return { read };
}

describe("a team member's people list", () => {
  it("reads a bounded number of rows for the first page whether the team has N or 10N people", async () => {
    const owner = await account("Reads Owner");
    const member = await account("Reads Member");
    const team = await teamOf(owner, [member], { label: "Reads", working: [owner, member] });
    const tag = crypto.randomUUID().slice(0, 6);
    // The member met 40 people and sees 5 the owner shared; the owner's other people are not theirs to see.
    await fill(team, member.id, 40, `Mine ${tag}`);
    await fill(team, owner.id, 5, `Shared ${tag}`, true, 100_000);
    await fill(team, owner.id, 150, `Hidden ${tag}`, false, 200_000);
    // The owner's page and count, leaving out the filter menus (one who sees all reads every tag, kept per version).
    const page = (sql: string) => /"connection"/.test(sql) && !/^select distinct/.test(sql);
    const small = await connectionsPage(member);
    const ownerSmall = await connectionsPage(owner, page);
    await fill(team, owner.id, 1_350, `Hidden more ${tag}`, false, 300_000);
    const large = await connectionsPage(member);
    const ownerLarge = await connectionsPage(owner, page);
    // One who sees all counts nobody: the kept total says how many.
    expect(ownerLarge.read).toBeLessThanOrEqual(ownerSmall.read + 10);
    expect(ownerLarge.read).toBeLessThan(200);
    // Before each part had its own index, these read 610 rows, then 4,660.
    expect(large.read).toBeLessThanOrEqual(small.read + 10);
    // About what the member sees (45 people, read by the page, its count and its filter menus), not the team.
    expect(large.read).toBeLessThan(1_000);
  });

  it("still shows a member only the people they met and those shared, newest first, with their count", async () => {
    const owner = await account("Sees Owner");
    const member = await account("Sees Member");
    const other = await account("Sees Other");
    const team = await teamOf(owner, [member, other], { label: "Sees", working: [owner, member, other] });
    const tag = crypto.randomUUID().slice(0, 6);
    await fill(team, member.id, 3, `Mine ${tag}`);
    await fill(team, owner.id, 2, `Shared ${tag}`, true, 10);
    // The newest of all, so a list walking the team newest-first meets them first.
    await fill(team, other.id, 30, `Theirs ${tag}`, false, 100);
    await fill(team, owner.id, 30, `Owners ${tag}`, false, 200);
    // Met by the member, owned now by the owner: still the member's (met_by), once only.
    await env.DB.prepare("update connection set owner_id = ? where name = ?").bind(owner.id, `Mine ${tag} 1`).run();
    // Owned by the member, met by another: theirs too.
    await env.DB.prepare("update connection set owner_id = ? where name = ?").bind(member.id, `Theirs ${tag} 1`).run();

    const html = await (await get(`/connections?q=${encodeURIComponent(tag)}`, member)).text();
    const shown = [...html.matchAll(new RegExp(`(Mine|Shared|Theirs|Owners) ${tag} \\d+`, "g"))].map((m) => m[0]);
    const names = [...new Set(shown)];
    expect(names).toEqual([
      `Theirs ${tag} 1`,
      `Shared ${tag} 2`,
      `Shared ${tag} 1`,
      `Mine ${tag} 3`,
      `Mine ${tag} 2`,
      `Mine ${tag} 1`,
    ]);
    // The unfiltered list and its count: the same six, and never a person of the others'.
    const all = (await (await get("/connections", member)).text()).replaceAll("<!-- -->", "");
    expect(all).not.toContain(`Theirs ${tag} 2`);
    expect(all).not.toContain(`Owners ${tag}`);
    expect(all).toMatch(/>6 people</);
    // The owner sees every one of them.
    const owners = await (await get(`/connections?q=${encodeURIComponent(tag)}`, owner)).text();
    expect(owners).toContain(`Owners ${tag} 30`);
    expect(owners.replaceAll("<!-- -->", "")).toMatch(/>65 people</);
  });
});
