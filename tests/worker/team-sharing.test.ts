import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/server/db/db.server";
import { setShared } from "~/server/people/share.server";
import { call, cookieOf } from "./helpers";
import { type Account, account, get, located, post, teamOf } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/**
 * Sharing a team person with the whole team from their page (decision 0288): who may share or stop, what a member
 * sees after, and the member's kept number of people beside a real count of what they see (decision 0278).
 */

async function personBy(who: Account, name: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  const res = await post("/connections/new", who, { name: `${name} ${tag}`, email: `${tag}@share.example.org` });
  expect(res.status).toBe(302);
  return { id: Number(located(res)), name: `${name} ${tag}` };
}

const sharedOf = (id: number) =>
  env.DB.prepare("select shared from connection where id = ?").bind(id).first<number>("shared");

const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

/** The member's kept total (the team's shared people and their own) beside a real count of the people they see. */
async function keptAndReal(team: string, who: Account) {
  const kept = await env.DB.prepare(
    `select coalesce((select shared from people_stats where user_id = ?1), 0)
      + coalesce((select people from member_people where workspace_id = ?1 and user_id = ?2), 0) as n`,
  )
    .bind(team, who.id)
    .first<number>("n");
  const real = await env.DB.prepare(
    "select count(*) as n from connection where user_id = ?1 and (owner_id = ?2 or met_by = ?2 or shared = 1)",
  )
    .bind(team, who.id)
    .first<number>("n");
  const shown = Number((await html(await get("/connections", who))).match(/>(\d+) (?:people|person)</)?.[1] ?? -1);
  return { kept, real, shown };
}

/** A post of the page's header form, and the toast it leaves for the next page. */
async function share(id: number, who: Account, intent: "share" | "unshare", back?: string) {
  const res = await post(`/connections/${id}`, who, { intent, ...(back ? { back } : {}) });
  const flash = cookieOf(res, "toast");
  return { status: res.status, location: res.headers.get("location"), flash };
}

describe("sharing a team person with the team", () => {
  it("the owner shares a member's person, a member then sees it, cannot stop it, and loses it when it stops", async () => {
    const a = await account("Share Owner");
    const b = await account("Share Ben");
    const c = await account("Share Cal");
    const team = await teamOf(a, [b, c], { label: "Share", working: [a, b, c] });
    const met = await personBy(b, "Met By Ben");
    await personBy(c, "Cal Own");

    // Cal did not meet Ben's person: not on the list, not on their page, and not his to share.
    expect(await html(await get("/connections", c))).not.toContain(met.name);
    expect((await get(`/connections/${met.id}`, c)).status).toBe(404);
    expect((await share(met.id, c, "share")).status).toBe(404);
    expect(await sharedOf(met.id)).toBe(0);
    // Nor can the list's bulk bar change them by a posted id.
    const priority = () =>
      env.DB.prepare("select priority from connection where id = ?").bind(met.id).first<string>("priority");
    const before = await priority();
    const change = before === "high" ? "priority:low" : "priority:high";
    expect((await post("/connections", c, { intent: "bulk", change, id: String(met.id) })).status).toBe(302);
    expect(await priority()).toBe(before);
    expect(await keptAndReal(team, c)).toEqual({ kept: 1, real: 1, shown: 1 });

    // Ben, who met them, is offered the button; the team's owner, who did not, is too.
    expect(await html(await get(`/connections/${met.id}`, b))).toContain("Share with the team");
    const ownerPage = await html(await get(`/connections/${met.id}`, a));
    expect(ownerPage).toContain("Not shared with the team.");
    expect(ownerPage).toContain('value="share"');

    const shared = await share(met.id, a, "share");
    expect(shared).toMatchObject({ status: 302, location: `/connections/${met.id}` });
    expect(await sharedOf(met.id)).toBe(1);
    const after = await html(
      await call(`/connections/${met.id}`, {
        headers: { cookie: `${a.cookie}; ${shared.flash}`, accept: "text/html" },
      }),
    );
    expect(after).toContain("Shared with the team");
    expect(after).toContain('value="unshare"');

    // Cal sees them now: list, page, and a total that counts them, which a real count agrees with.
    expect(await html(await get("/connections", c))).toContain(met.name);
    const calPage = await get(`/connections/${met.id}`, c);
    expect(calPage.status).toBe(200);
    const calHtml = await html(calPage);
    expect(calHtml).toContain("Shared with the team: every member sees them.");
    expect(calHtml).not.toContain('value="unshare"');
    expect(await keptAndReal(team, c)).toEqual({ kept: 2, real: 2, shown: 2 });
    expect(await keptAndReal(team, b)).toEqual({ kept: 1, real: 1, shown: 1 });

    // Seeing it shared is not owning it: Cal's hand-posted stop is refused and changes nothing.
    expect((await share(met.id, c, "unshare")).status).toBe(403);
    expect(await sharedOf(met.id)).toBe(1);

    // Ben stops it (sharing twice is harmless first): Cal loses them again, and the counts follow.
    // From a section's page the header's form comes back to it; an address not of this person's pages is ignored.
    expect(await share(met.id, b, "share", `/connections/${met.id}/details`)).toMatchObject({
      status: 302,
      location: `/connections/${met.id}/details`,
    });
    expect((await share(met.id, b, "share", "https://evil.example/")).location).toBe(`/connections/${met.id}`);
    const stopped = await share(met.id, b, "unshare");
    expect(stopped.status).toBe(302);
    const stoppedPage = await html(
      await call(`/connections/${met.id}`, {
        headers: { cookie: `${b.cookie}; ${stopped.flash}`, accept: "text/html" },
      }),
    );
    expect(stoppedPage).toContain("No longer shared with the team");
    expect(await sharedOf(met.id)).toBe(0);
    expect((await get(`/connections/${met.id}`, c)).status).toBe(404);
    expect(await html(await get("/connections", c))).not.toContain(met.name);
    expect(await keptAndReal(team, c)).toEqual({ kept: 1, real: 1, shown: 1 });

    // The statement reads the member table itself: once Ben is removed, the person he met is no longer his to share.
    expect((await post(`/teams/${team}`, a, { intent: "remove", user: b.id, heir: a.id })).status).toBe(302);
    expect(await setShared(createDb(env.DB), { workspaceId: team, userId: b.id }, met.id, true)).toBe(false);
    expect(await sharedOf(met.id)).toBe(0);
  });

  it("another workspace's person is not found, and a personal workspace has nothing to share", async () => {
    const a = await account("Share Other Owner");
    await teamOf(a, [], { label: "Share Other", working: [a] });
    const teamPerson = await personBy(a, "Team Person");
    const x = await account("Share Stranger");
    const own = await personBy(x, "Own Person");

    // A stranger, in their personal workspace or their own team, cannot reach the team's person by its id.
    expect((await share(teamPerson.id, x, "share")).status).toBe(404);
    await teamOf(x, [], { label: "Share Stranger", working: [x] });
    expect((await share(teamPerson.id, x, "share")).status).toBe(404);
    expect(await sharedOf(teamPerson.id)).toBe(0);

    // Back in the personal workspace: no control on the page, and a hand-posted intent is refused.
    expect((await post("/teams", x, { intent: "switch", workspace: x.id })).status).toBe(302);
    const page = await html(await get(`/connections/${own.id}`, x));
    expect(page).toContain(own.name);
    expect(page).not.toContain("Share with the team");
    const refused = await share(own.id, x, "share");
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await sharedOf(own.id)).toBe(0);
    // The statement alone refuses a personal workspace too, whoever asks.
    expect(await setShared(createDb(env.DB), { workspaceId: x.id, userId: x.id }, own.id, true)).toBe(false);
    expect(await sharedOf(own.id)).toBe(0);
  });
});
