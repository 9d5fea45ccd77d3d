import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, joinTeam } from "./helpers";
import { type Account, account, located, post } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/**
 * The one rule of what a team member sees (decisions 0234, 0252), beyond the people list: the dashboard, keep in
 * touch, the notifications' reconnect list, the mailing audience, fundraising's gift lists and the filter menus
 * name none of another member's private people, while an admin sees them all.
 */

const page = async (path: string, who: Account) => {
  const res = await call(path, { headers: { cookie: who.cookie, accept: "text/html" } });
  expect(res.status).toBe(200);
  return res.text();
};
/** Whether a page names `what`: a yes or no, so a failure does not print the whole page. */
const shows = (html: string, what: string) => html.includes(what);

/**
 * A team of an owner, an admin and two members, the setting "members see all team people" off; the second member
 * meets a private person with a tag, an event, a follow-up due and an unthanked gift; the first meets one of their own.
 */
async function scene() {
  const [owner, admin, ben, cal] = await Promise.all([
    account("Ana Owner"),
    account("Dee Admin"),
    account("Ben Member"),
    account("Cal Member"),
  ]);
  const team = located(
    await post("/teams", owner, { intent: "create", name: `Reach ${crypto.randomUUID().slice(0, 6)}` }),
  );
  for (const m of [ben, cal, admin]) await joinTeam(team, owner, m);
  expect((await post(`/teams/${team}`, owner, { intent: "role", user: admin.id, role: "admin" })).status).toBe(302);
  // Every feature on for the team, so each page is there to look at.
  await env.DB.prepare(
    "insert into account_plan (user_id, complimentary) values (?, 1) on conflict (user_id) do update set complimentary = 1",
  )
    .bind(team)
    .run();

  const tag = crypto.randomUUID().slice(0, 8);
  async function meet(who: Account, name: string) {
    const res = await post("/connections/new", who, {
      name: `${name} ${tag}`,
      email: `${name.length}${tag}@example.org`,
    });
    expect(res.status).toBe(302);
    const id = Number(located(res));
    const label = `${name.split(" ")[0]}${tag}`;
    // A tag and an event of their own, so the filter menus have something to name or keep back.
    await env.DB.prepare("update connection set tags = json_array(?), event_name = ? where id = ?")
      .bind(`tag-${label}`, `Summit ${label}`, id)
      .run();
    return { id, name: `${name} ${tag}`, tag: `tag-${label}`, event: `Summit ${label}` };
  }
  const hidden = await meet(cal, "Hidden Donor");
  const own = await meet(ben, "Bens Own");
  expect((await post(`/connections/${hidden.id}`, cal, { intent: "remind", preset: "24h", type: "Call" })).status).toBe(
    302,
  );
  // The follow-up is overdue, and the person gave a gift nobody has thanked yet.
  await env.DB.prepare("update reminder set due_at = ? where connection_id = ?")
    .bind(Date.now() - 3_600_000, hidden.id)
    .run();
  await env.DB.prepare(
    `insert into gift (user_id, connection_id, amount, currency, date, method, source, donor_name, donor_email, external_key)
      values (?, ?, 5000, 'USD', ?, 'cash', 'manual', ?, ?, ?)`,
  )
    .bind(team, hidden.id, new Date().toISOString().slice(0, 10), hidden.name, `gift${tag}@example.org`, `k-${tag}`)
    .run();
  // A weekly rhythm, last in touch a month ago: overdue to reconnect.
  await env.DB.prepare("insert into keep_in_touch (user_id, connection_id, every) values (?, ?, 'weekly')")
    .bind(team, hidden.id)
    .run();
  await env.DB.prepare("update connection set last_contact_at = ? where id = ?")
    .bind(Date.now() - 30 * 86_400_000, hidden.id)
    .run();
  // They agreed to hear from the team by email, so a mailing would reach them.
  await env.DB.prepare(
    `insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, created_at)
      values (?, ?, 'email', 'yes', 'Reach', 'Agreed to hear from you by email (recorded by you)', 'owner', ?)`,
  )
    .bind(team, hidden.id, Date.now() - 60_000)
    .run();
  for (const who of [owner, admin, ben, cal])
    expect((await post("/teams", who, { intent: "switch", workspace: team })).status).toBe(302);
  return { owner, admin, ben, cal, team, hidden, own };
}

describe("a member of a team that keeps people private", () => {
  it("sees none of another member's private people on the dashboard, keep in touch, reminders, mailings and gifts; an admin sees them", async () => {
    const { admin, ben, hidden, own } = await scene();

    // The dashboard: recent people, the follow-up due, who to reconnect with, the unthanked gift.
    const benHome = await page("/dashboard", ben);
    expect(shows(benHome, own.name)).toBe(true);
    expect(shows(benHome, hidden.name)).toBe(false);
    const adminHome = await page("/dashboard", admin);
    expect(shows(adminHome, own.name)).toBe(true);
    expect(adminHome.split(hidden.name).length - 1).toBeGreaterThanOrEqual(3);

    // Keep in touch: the tags offered for a rhythm.
    const benRhythms = await page("/settings/keep-in-touch", ben);
    expect(shows(benRhythms, own.tag)).toBe(true);
    expect(shows(benRhythms, hidden.tag)).toBe(false);
    expect(shows(await page("/settings/keep-in-touch", admin), hidden.tag)).toBe(true);

    // The notifications' reconnect list: the team's people, as each sees them.
    expect(shows(await page("/notifications", ben), hidden.name)).toBe(false);
    expect(shows(await page("/notifications", admin), hidden.name)).toBe(true);

    // The mailing audience: neither the choice nor the people it reaches, even asked for by tag or by id.
    const benChoices = await page("/mailings/new", ben);
    expect(shows(benChoices, own.tag)).toBe(true);
    expect(shows(benChoices, hidden.tag)).toBe(false);
    const benCompose = await page(`/mailings/new?tag=${hidden.tag}&people=${hidden.id}`, ben);
    expect(shows(benCompose, hidden.name)).toBe(false);
    expect(/id="audience-count">0</.test(benCompose)).toBe(true);
    const adminCompose = await page(`/mailings/new?tag=${hidden.tag}`, admin);
    expect(shows(adminCompose, hidden.tag)).toBe(true);
    expect(shows(adminCompose, hidden.name)).toBe(true);
    const sent = await post("/mailings/new", ben, {
      intent: "send",
      subject: "Hello",
      body: "Hello there",
      tags: hidden.tag,
      key: crypto.randomUUID(),
      confirmed: "yes",
    });
    expect(sent.status).toBe(400);
    expect(
      await env.DB.prepare("select count(*) as n from mailing_recipient where connection_id = ?")
        .bind(hidden.id)
        .first(),
    ).toEqual({ n: 0 });

    // Fundraising: the gifts waiting for thanks.
    expect(shows(await page("/campaigns", ben), hidden.name)).toBe(false);
    expect(shows(await page("/campaigns", admin), hidden.name)).toBe(true);
  });

  it("sees only their own people's tags and events in the people list's filter menus, until the team opens them", async () => {
    const { owner, admin, ben, team, hidden, own } = await scene();
    const menus = (who: Account) => page("/connections", who);
    const benList = await menus(ben);
    expect(shows(benList, own.tag)).toBe(true);
    expect(shows(benList, own.event)).toBe(true);
    expect(shows(benList, hidden.tag)).toBe(false);
    expect(shows(benList, hidden.event)).toBe(false);
    const adminList = await menus(admin);
    expect(shows(adminList, hidden.tag)).toBe(true);
    expect(shows(adminList, hidden.event)).toBe(true);

    // Shared with the team, the person's tag is in the member's menu; the setting on opens every one.
    await env.DB.prepare("update connection set shared = 1 where id = ?").bind(hidden.id).run();
    expect(shows(await menus(ben), hidden.tag)).toBe(true);
    await env.DB.prepare("update connection set shared = 0 where id = ?").bind(hidden.id).run();
    expect(shows(await menus(ben), hidden.tag)).toBe(false);
    expect((await post(`/teams/${team}`, owner, { intent: "members-see-all", on: "on" })).status).toBe(302);
    expect(shows(await menus(ben), hidden.event)).toBe(true);
    expect((await post(`/teams/${team}`, owner, { intent: "members-see-all", on: "off" })).status).toBe(302);
    expect(shows(await menus(ben), hidden.event)).toBe(false);
  });
});
