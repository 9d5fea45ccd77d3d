import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { badgePath } from "~/lib/organiser-events/badge";
import { badgeProof } from "~/server/organiser-events/attendees.server";
import { call, form, signUp, testAddress, userIdOf } from "./helpers";
import { joinSignedIn, publishNow } from "./organiser-helpers";
import { type Account, account, located, teamOf } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/**
 * Everyone met through a team card lands in the team's network, met by and owned by the member who holds the card,
 * through the people core (decisions 0234, 0252): a visitor's share-back, and an organiser-event exchange.
 */

/** A team of `owner` and `members`, everyone working in it. */
const team = (owner: Account, members: Account[]) =>
  teamOf(owner, members, { label: "Cards", working: [owner, ...members] });

const personByEmail = (workspace: string, email: string) =>
  env.DB.prepare(
    "select c.id, c.user_id, c.met_by, c.owner_id from connection c join contact_point p on p.connection_id = c.id where c.user_id = ? and p.kind = 'email' and p.value = ?",
  )
    .bind(workspace, email.toLowerCase())
    .all<{ id: number; user_id: string; met_by: string | null; owner_id: string | null }>()
    .then((r) => r.results);

describe("met through a team card", () => {
  it("a share-back lands in the team, met by and owned by the card's holder, once however often it is sent", async () => {
    const owner = await account("Ana Owner");
    const mia = await account("Mia Holder");
    const ben = await account("Ben Member");
    const t = await team(owner, [mia, ben]);
    // Mia's card in the team, held by her and published.
    const made = await call("/card", { method: "POST", headers: { cookie: mia.cookie } });
    const cardId = Number(located(made));
    const slug = `held-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      "update card set holder_id = ?, slug = ?, published = 1, name = 'Mia Holder' where id = ? and user_id = ?",
    )
      .bind(mia.id, slug, cardId, t)
      .run();

    const email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const share = () =>
      call(`/c/${slug}/share`, {
        ...form({ name: "Vic Visitor", email }),
        headers: { "cf-connecting-ip": testAddress() },
      });
    expect((await share()).status).toBe(303);
    expect((await share()).status).toBe(303);
    const people = await personByEmail(t, email);
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ user_id: t, met_by: mia.id, owner_id: mia.id });
    // Each share is on record, received by the holder (the same details twice on one day are one share).
    const shares = await env.DB.prepare("select recipient_user_id from shared_contacts where connection_id = ?")
      .bind(people[0]?.id)
      .all();
    expect(shares.results).toEqual([{ recipient_user_id: mia.id }]);
    // Nobody's personal network got them.
    expect(await personByEmail(mia.id, email)).toEqual([]);

    // Mia's person: hers to see, not another member's; the owner sees it; the page says who met them.
    const id = people[0]?.id;
    const page = await call(`/connections/${id}`, { headers: { cookie: mia.cookie } });
    expect(page.status).toBe(200);
    expect((await page.text()).includes("Mia Holder")).toBe(true);
    expect((await call(`/connections/${id}`, { headers: { cookie: ben.cookie } })).status).toBe(404);
    expect((await call(`/connections/${id}`, { headers: { cookie: owner.cookie } })).status).toBe(200);
  });

  it("an organiser-event exchange made with a team card lands in the team, met by its holder; a personal card's stays personal", async () => {
    const organiser = await signUp("Ora Organiser");
    const { slug } = await publishNow(organiser, `Team Expo ${crypto.randomUUID().slice(0, 4)}`);
    const ann = await joinSignedIn(slug, "Ann Able");
    const ben = await joinSignedIn(slug, "Ben Baker");
    const annId = await userIdOf(ann.email);
    const benId = await userIdOf(ben.email);
    const owner = await account("Tia Owner");
    const t = await team(owner, [{ ...ann, id: annId }]);
    // Ann's card is the team's, held by her (as an issued card is): she attends with it.
    await env.DB.prepare(
      "update card set user_id = ?, holder_id = ? where id = (select card_id from org_attendee where id = ?)",
    )
      .bind(t, annId, ann.id)
      .run();

    const target = await env.DB.prepare("select badge_code, pass_token from org_attendee where id = ?")
      .bind(ben.id)
      .first<{ badge_code: string; pass_token: string }>();
    const link = badgePath(slug, target?.badge_code ?? "", await badgeProof(target?.pass_token ?? ""));
    const scanned = await call(link, { ...form({}), headers: { cookie: ann.cookie } });
    expect(scanned.status).toBe(200);
    expect(await scanned.json()).toMatchObject({ kind: "exchange", created: true });

    const inTeam = await personByEmail(t, ben.email);
    expect(inTeam).toHaveLength(1);
    expect(inTeam[0]).toMatchObject({ user_id: t, met_by: annId, owner_id: annId });
    expect(await personByEmail(annId, ben.email)).toEqual([]);
    // Ben attended with his own card: Ann lands in his network, as before.
    expect(await personByEmail(benId, ann.email)).toHaveLength(1);
    expect(await personByEmail(t, ann.email)).toEqual([]);
  });
});
