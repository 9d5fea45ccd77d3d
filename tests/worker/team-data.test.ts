import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/server/db/db.server";
import { writeBatch } from "~/server/db/write.server";
import { getTemplate } from "~/server/fundraising/thank-you.server";
import { emailWithdrawal } from "~/server/people/consent.server";
import { call } from "./helpers";
import { type Account, account, get, located, post, switchTo, teamOf } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/** Data belongs to a workspace (decision 0207): a team's rows are its members', in the team, and nobody else's. */

const teamWith = (owner: Account, members: Account[]) => teamOf(owner, members, { working: [owner] });

/** A person, a card, a campaign and a mailing, made by `who` in the workspace they work in. */
async function rowsMadeBy(who: Account) {
  const tag = crypto.randomUUID().slice(0, 8);
  const person = Number(
    located(await post("/connections/new", who, { name: `Team Donor ${tag}`, email: `donor-${tag}@example.org` })),
  );
  const card = Number(located(await call("/card", { method: "POST", headers: { cookie: who.cookie } })));
  const campaign =
    (
      await post("/campaigns/new", who, {
        intent: "save",
        title: `Team Drive ${tag}`,
        description: "d",
        organization: "o",
        organizerName: "n",
        category: "arts",
        currency: "USD",
        goal: "100",
        startDate: "2026-01-01",
        endDate: "2030-01-01",
      })
    ).headers
      .get("location")
      ?.split("/")[2] ?? "";
  await post(`/connections/${person}`, who, { intent: "consent-given" });
  const mailing = Number(
    located(
      await post("/mailings/new", who, {
        intent: "send",
        confirmed: "yes",
        key: crypto.randomUUID(),
        subject: `Team news ${tag}`,
        body: "Hello {{first_name}}",
        people: String(person),
        schedule: "2030-01-01T10:00",
      }),
    ),
  );
  for (const [name, value] of Object.entries({ person, card, campaign, mailing }))
    expect([name, Boolean(value) && value !== "NaN"]).toEqual([name, true]);
  return {
    pages: [`/connections/${person}`, `/card/${card}`, `/campaigns/${campaign}`, `/mailings/${mailing}`],
    person,
    tag,
  };
}

const statuses = async (who: Account, pages: string[]) =>
  Promise.all(pages.map(async (p) => `${p} ${(await get(p, who)).status}`));
const all = (pages: string[], status: number) => pages.map((p) => `${p} ${status}`);

describe("a team's rows", () => {
  it("made by one member are every member's in the team, and nobody's in a personal workspace", async () => {
    const a = await account("Ana Teamowner");
    const b = await account("Ben Teammate");
    const team = await teamWith(a, [b]);
    // Members see every team person only with the team's setting on (decision 0234; team-privacy.test.ts has it off).
    expect((await post(`/teams/${team}`, a, { intent: "members-see-all", on: "on" })).status).toBe(302);
    const made = await rowsMadeBy(a);
    const rows = await env.DB.prepare("select user_id from connection where id = ?").bind(made.person).first();
    expect(rows).toEqual({ user_id: team });

    expect(await statuses(b, made.pages)).toEqual(all(made.pages, 200));
    expect(await (await get("/connections", b)).text()).toContain(`Team Donor ${made.tag}`);
    // And the other way round: B's person is A's too.
    const byB = await rowsMadeBy(b);
    expect(await statuses(a, byB.pages)).toEqual(all(byB.pages, 200));

    // A team's card, published by a member, is open to visitors like anyone's.
    const slug = `team-${made.tag}`;
    const card = made.pages[1] as string;
    const published = await post(card, b, {
      intent: "publish",
      slug,
      label: "Work",
      name: "Ben Teammate",
      template: "classic",
      colour: "#4f46e5",
      website: "https://team.example.org",
    });
    expect(published.status).toBe(302);
    const visitor = await call(`/c/${slug}`);
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).toContain("Ben Teammate");

    // From either member's personal workspace: not there at all.
    await switchTo(a, a.id);
    await switchTo(b, b.id);
    for (const who of [a, b]) {
      expect(await statuses(who, [...made.pages, ...byB.pages])).toEqual(all([...made.pages, ...byB.pages], 404));
      expect(await (await get("/connections", who)).text()).not.toContain(`Team Donor ${made.tag}`);
    }
    // A personal workspace's rows are not the team's either.
    const own = await rowsMadeBy(a);
    await switchTo(b, team);
    expect(await statuses(b, own.pages)).toEqual(all(own.pages, 404));
  });

  it("are closed to a removed member's old session, API token and app password", async () => {
    const a = await account("Ana Remover");
    const c = await account("Cy Leaver");
    const team = await teamWith(a, [c]);
    expect((await post(`/teams/${team}`, a, { intent: "members-see-all", on: "on" })).status).toBe(302);
    const made = await rowsMadeBy(a);
    // C makes a token and an app password while a member, in the team.
    const tokenPage = await post("/settings/integrations", c, {
      intent: "create-token",
      name: "Team CRM",
      scope: "read",
    });
    const token = (await tokenPage.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0] ?? "";
    expect(token).not.toBe("");
    const passwordPage = await post("/settings/integrations", c, { intent: "create-app-password", name: "Phone" });
    const shown = await passwordPage.text();
    const password = shown.match(/value="([a-z2-9]{4}(?:-[a-z2-9]{4}){4})"/)?.[1] ?? "";
    // The address book C is shown is the team's.
    expect(shown).toContain(`/dav/books/${encodeURIComponent(team)}/people/`);
    expect(password).not.toBe("");
    const api = () => call("/api/v1/people", { headers: { authorization: `Bearer ${token}` } });
    const dav = () =>
      call(`/dav/books/${encodeURIComponent(team)}/people/`, {
        method: "PROPFIND",
        headers: { authorization: `Basic ${btoa(`${c.email}:${password}`)}`, depth: "1" },
      });
    const listed = await api();
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain(`Team Donor ${made.tag}`);
    expect((await dav()).status).toBe(207);
    expect(await statuses(c, made.pages)).toEqual(all(made.pages, 200));

    expect((await post(`/teams/${team}`, a, { intent: "remove", user: c.id, heir: a.id })).status).toBe(302);
    // Revoked, not only shut out: were C invited back, the old token and password would stay dead.
    const live = await env.DB.prepare(
      "select (select count(*) from api_token where user_id = ?1 and created_by = ?2 and revoked_at is null) + (select count(*) from app_password where user_id = ?1 and created_by = ?2 and revoked_at is null) as n",
    )
      .bind(team, c.id)
      .first<{ n: number }>();
    expect(live?.n).toBe(0);

    // The old session is back in C's personal workspace: the team's rows are not found, and C's writes miss.
    expect(await statuses(c, made.pages)).toEqual(all(made.pages, 404));
    expect((await post(`/connections/${made.person}`, c, { intent: "delete", confirmed: "yes" })).status).toBe(404);
    expect((await api()).status).toBe(401);
    expect((await dav()).status).toBe(401);
    // Nothing of the team's was lost on the way.
    expect(await statuses(a, made.pages)).toEqual(all(made.pages, 200));
  });

  it("name the team as the sender of their consents and why-lines, and a personal workspace its owner", async () => {
    const a = await account("Ana Sendername");
    const teamName = `Harbour Trust ${crypto.randomUUID().slice(0, 6)}`;
    const team = located(await post("/teams", a, { intent: "create", name: teamName }));
    await switchTo(a, team);
    const db = createDb(env.DB);
    const senders = async (workspaceId: string, person: number) =>
      (
        await env.DB.prepare(
          "select state, sender_name as sender from consent_record where sender_workspace_id = ? and connection_id = ? and purpose = 'email' order by id",
        )
          .bind(workspaceId, person)
          .all<{ state: string; sender: string }>()
      ).results;
    const mailTo = async (person: number) => {
      const res = await post("/mailings/new", a, {
        intent: "send",
        confirmed: "yes",
        key: crypto.randomUUID(),
        subject: "Harbour news",
        body: "Hello {{first_name}}",
        people: String(person),
        schedule: "2030-01-01T10:00",
      });
      expect(res.status).toBe(302);
      const row = await env.DB.prepare("select reason from mailing_recipient where mailing_id = ?")
        .bind(Number(located(res)))
        .first<{ reason: string }>();
      return row?.reason ?? "";
    };
    const personIn = async () => {
      const tag = crypto.randomUUID().slice(0, 8);
      const res = await post("/connections/new", a, { name: `Tess ${tag}`, email: `tess-${tag}@example.org` });
      return Number(located(res));
    };

    // In the team: the owner's record, a lawful basis, and an unsubscribe all name the team.
    const agreed = await personIn();
    expect((await post(`/connections/${agreed}`, a, { intent: "consent-given" })).status).toBe(302);
    expect(await mailTo(agreed)).toMatch(new RegExp(`^You get this because ${teamName} recorded that you agreed`));
    const basis = await personIn();
    expect(
      (await post("/mailings/new", a, { intent: "lawful-basis", person: String(basis), reason: "Our members" })).status,
    ).toBe(200);
    expect(await mailTo(basis)).toBe(
      `You get this because ${teamName} recorded a reason to write to you without asking first: “Our members”.`,
    );
    await writeBatch(db, [emailWithdrawal(team, agreed, "Unsubscribed", "unsubscribe", Date.now())]);
    expect(await senders(team, agreed)).toEqual([
      { state: "yes", sender: teamName },
      { state: "no", sender: teamName },
    ]);
    expect(await senders(team, basis)).toEqual([{ state: "basis", sender: teamName }]);
    // A team's thank-you letter is signed by the team until it writes its own.
    expect((await getTemplate({ db }, team)).organization).toBe(teamName);

    // Back in the personal workspace: the owner, by name.
    await switchTo(a, a.id);
    const own = await personIn();
    expect((await post(`/connections/${own}`, a, { intent: "consent-given" })).status).toBe(302);
    expect(await mailTo(own)).toMatch(/^You get this because Ana Sendername recorded that you agreed/);
    expect(await senders(a.id, own)).toEqual([{ state: "yes", sender: "Ana Sendername" }]);
  });
});
