import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LOCKED_FIELD_MESSAGE } from "~/lib/card/brand";
import { call, form, json } from "./helpers";
import { type Account, account, get, post, switchTo, teamOf } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/** Cards on brand (decision 0236): templates, cards issued to members, locked fields, and paused cards. */

const BRAND = {
  intent: "save-template",
  name: "Sales",
  company: "Acme Trust",
  address: "1 Harbour St",
  website: "https://acme.example.org",
  headline: "We keep promises",
  colour: "#0f766e",
  rule_company: "locked",
  rule_address: "editable",
  rule_website: "locked",
  rule_headline: "editable",
  rule_colour: "locked",
};

async function makeTemplate(team: string, admin: Account) {
  expect((await post(`/teams/${team}/cards`, admin, BRAND)).status).toBe(302);
  const row = await env.DB.prepare("select id from card_template where workspace_id = ?")
    .bind(team)
    .first<{ id: string }>();
  return row?.id ?? "";
}

async function claimLink(email: string) {
  const mail = await env.DB.prepare(
    "select text from outbox where \"to\" = lower(?) and kind = 'team-card' order by id desc limit 1",
  )
    .bind(email)
    .first<{ text: string }>();
  const url = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "http://x/");
  return url.pathname + url.search;
}

/** The card editor's whole form, as the browser posts it, with `changes` on top. */
async function editorForm(cardId: number, changes: Record<string, string>) {
  const row = await env.DB.prepare("select * from card where id = ?").bind(cardId).first<Record<string, string>>();
  return {
    intent: "save",
    label: row?.label ?? "",
    name: row?.name ?? "",
    company: row?.company ?? "",
    location: row?.location ?? "",
    website: row?.website ?? "",
    headline: row?.headline ?? "",
    colour: row?.colour ?? "",
    template: "classic",
    ...changes,
  };
}

async function issueAndClaim(team: string, admin: Account, holder: Account, template: string) {
  expect((await post(`/teams/${team}/cards`, admin, { intent: "issue", template, member: holder.id })).status).toBe(
    302,
  );
  const link = await claimLink(holder.email);
  expect(link).toContain("/teams/claim?token=");
  const claimed = await post(link, holder, { intent: "claim" });
  expect(claimed.status).toBe(302);
  const cardId = Number(claimed.headers.get("location")?.split("/").pop());
  expect(cardId).toBeGreaterThan(0);
  return { cardId, link };
}

describe("cards on brand", () => {
  it("issues a card a member claims once, for their own address only, and keeps locked fields locked", async () => {
    const admin = await account("Ada Admin");
    const mia = await account("Mia Member");
    const stranger = await account("Sam Stranger");
    const team = await teamOf(admin, [mia]);
    const template = await makeTemplate(team, admin);
    expect(template).toMatch(/^tpl_/);

    expect((await post(`/teams/${team}/cards`, admin, { intent: "issue", template, member: mia.id })).status).toBe(302);
    // Until she takes it, the team's list says whose it is to be, not that it is nobody's.
    const waiting = await (await get(`/teams/${team}/cards`, admin)).text();
    expect(waiting).toContain(`Issued to ${mia.email}, not taken yet`);
    expect(waiting).not.toContain("Held by nobody");
    const link = await claimLink(mia.email);
    // Forwarded to another account: refused, and the card stays unclaimed.
    expect((await post(link, stranger, { intent: "claim" })).status).toBe(403);
    const claimed = await post(link, mia, { intent: "claim" });
    expect(claimed.status).toBe(302);
    const cardId = Number(claimed.headers.get("location")?.split("/").pop());
    const row = await env.DB.prepare(
      "select user_id, holder_id, email, company, website, colour from card where id = ?",
    )
      .bind(cardId)
      .first();
    expect(row).toEqual({
      user_id: team,
      holder_id: mia.id,
      email: mia.email.toLowerCase(),
      company: "Acme Trust",
      website: "https://acme.example.org",
      colour: "#0f766e",
    });
    // It works once.
    expect((await post(link, mia, { intent: "claim" })).status).toBe(404);

    // A locked field posted by hand is refused beside the field, and the typed values come back.
    const refused = await post(
      `/card/${cardId}`,
      mia,
      await editorForm(cardId, { company: "Mia's Side Hustle", headline: "My own words" }),
    );
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain(LOCKED_FIELD_MESSAGE.replaceAll("'", "&#x27;").slice(0, 20));
    expect(body).toContain("Mia&#x27;s Side Hustle");
    expect(await env.DB.prepare("select company, headline from card where id = ?").bind(cardId).first()).toEqual({
      company: "Acme Trust",
      headline: "We keep promises",
    });
    // An unlocked field is hers to change.
    const saved = await post(`/card/${cardId}`, mia, await editorForm(cardId, { headline: "My own words" }));
    expect(saved.status).toBe(302);
    expect(await env.DB.prepare("select headline from card where id = ?").bind(cardId).first()).toEqual({
      headline: "My own words",
    });
  });

  it("lists for a member the cards they may edit: theirs and the team's own, not a colleague's", async () => {
    const admin = await account("Ada Admin");
    const mia = await account("Mia Member");
    const noah = await account("Noah Member");
    const team = await teamOf(admin, [mia, noah], { working: [admin, mia, noah] });
    const template = await makeTemplate(team, admin);
    const { cardId: miaCard } = await issueAndClaim(team, admin, mia, template);
    const { cardId: noahCard } = await issueAndClaim(team, admin, noah, template);
    const cards = async (who: Account) => {
      const html = await (await get("/card", who)).text();
      return [miaCard, noahCard].filter((id) => html.includes(`href="/card/${id}"`));
    };
    expect(await cards(mia)).toEqual([miaCard]);
    expect(await cards(noah)).toEqual([noahCard]);
    // The team's owners and admins edit every card, so they see them all.
    expect(await cards(admin)).toEqual([miaCard, noahCard]);
  });

  it("writes the hand-over mail in the member's own language, and in English word for word without one", async () => {
    const admin = await account("Ada Admin");
    const kenji = await account("Kenji Member");
    const mia = await account("Mia Member");
    const team = await teamOf(admin, [kenji, mia]);
    const template = await makeTemplate(team, admin);
    await env.DB.prepare("update user set locale = 'ja' where id = ?").bind(kenji.id).run();
    const teamName = (
      await env.DB.prepare("select name from workspace where id = ?").bind(team).first<{ name: string }>()
    )?.name;
    const mail = (email: string) =>
      env.DB.prepare("select subject, text from outbox where \"to\" = lower(?) and kind = 'team-card'")
        .bind(email)
        .first<{ subject: string; text: string }>();
    for (const holder of [kenji, mia])
      expect((await post(`/teams/${team}/cards`, admin, { intent: "issue", template, member: holder.id })).status).toBe(
        302,
      );
    const ja = await mail(kenji.email);
    expect(ja?.subject).toBe(`KnowWho で ${teamName} の名刺が用意されました`);
    expect(ja?.text).toContain("こちらのリンクを開いてください：");
    expect(ja?.text).toMatch(/\n\nhttps?:\/\/\S+\/teams\/claim\?token=\S+\n\n/);
    const en = await mail(mia.email);
    const link = en?.text.match(/https?:\/\/\S+/)?.[0];
    expect(en?.subject).toBe(`Your ${teamName} card on KnowWho`);
    expect(en?.text).toBe(
      `Hi,\n\n${teamName} made a business card for you on KnowWho.\n\nOpen this link to take it:\n\n${link}\n\nThe link works once, for 7 days, and only for the account with the address ${mia.email.toLowerCase()}, once that address is confirmed.`,
    );
  });

  it("changes every linked card in one batch, keeps a member's own entry, purges their pages and audits it", async () => {
    const admin = await account("Ada Brander");
    const mia = await account("Mia Holder");
    const team = await teamOf(admin, [mia]);
    const template = await makeTemplate(team, admin);
    const { cardId } = await issueAndClaim(team, admin, mia, template);
    // Mia writes her own headline; her address stays the template's.
    expect((await post(`/card/${cardId}`, mia, await editorForm(cardId, { headline: "Mine" }))).status).toBe(302);
    const slug = `brand-${crypto.randomUUID().slice(0, 8)}`;
    expect((await post(`/card/${cardId}`, mia, { intent: "publish", slug })).status).toBe(302);
    // A visitor's read stores the page at the edge.
    expect(await (await call(`/c/${slug}`)).text()).toContain("Acme Trust");

    const changed = await post(`/teams/${team}/cards`, admin, {
      ...BRAND,
      id: template,
      company: "Acme Group",
      address: "2 New Quay",
      headline: "New promise",
    });
    expect(changed.status).toBe(302);
    expect(
      await env.DB.prepare("select company, location, headline from card where id = ?").bind(cardId).first(),
    ).toEqual({ company: "Acme Group", location: "2 New Quay", headline: "Mine" });
    const page = await (await call(`/c/${slug}`)).text();
    expect(page).toContain("Acme Group");
    expect(page).not.toContain("Acme Trust");
    const audit = await env.DB.prepare(
      "select count(*) as n from workspace_audit where workspace_id = ? and action = 'template.changed'",
    )
      .bind(team)
      .first<{ n: number }>();
    expect(audit?.n).toBe(2);
  });

  it("is the owners' and admins' page alone: a member and another team's admin get 404 and change nothing", async () => {
    const admin = await account("Ada Keeper");
    const mia = await account("Mia Plain");
    const other = await account("Oto Otherteam");
    const team = await teamOf(admin, [mia]);
    const otherTeam = await teamOf(other, []);
    const template = await makeTemplate(team, admin);
    expect((await get(`/teams/${team}/cards`, mia)).status).toBe(404);
    expect((await get(`/teams/${team}/cards`, other)).status).toBe(404);
    expect((await post(`/teams/${team}/cards`, mia, { ...BRAND, id: template, company: "Hijack" })).status).toBe(404);
    // Another team's admin posting this team's template id on their own team's page changes nothing.
    expect((await post(`/teams/${otherTeam}/cards`, other, { ...BRAND, id: template, company: "Hijack" })).status).toBe(
      403,
    );
    expect(await env.DB.prepare("select company from card_template where id = ?").bind(template).first()).toEqual({
      company: "Acme Trust",
    });
  });
});

describe("a removed member's team cards", () => {
  it("pause: the visitor page says so and offers the team's main card, never a 404 or another card", async () => {
    const admin = await account("Ada Remover");
    const mia = await account("Mia Leaving");
    const ben = await account("Ben Next");
    const team = await teamOf(admin, [mia, ben]);
    const template = await makeTemplate(team, admin);
    const { cardId } = await issueAndClaim(team, admin, mia, template);
    const slug = `paused-${crypto.randomUUID().slice(0, 8)}`;
    expect((await post(`/card/${cardId}`, mia, { intent: "publish", slug })).status).toBe(302);
    expect((await call(`/c/${slug}`)).status).toBe(200);

    // The team's own card, held by nobody: the organisation's main card.
    await post("/teams", admin, { intent: "switch", workspace: team });
    const made = await call("/card", { method: "POST", headers: { cookie: admin.cookie } });
    const mainId = Number(made.headers.get("location")?.split("/").pop());
    const mainSlug = `main-${crypto.randomUUID().slice(0, 8)}`;
    // Published as it stands: a team on Basic publishes one card through the editor, and Mia's is that one.
    await env.DB.prepare("update card set slug = ?, published = 1 where id = ? and user_id = ?")
      .bind(mainSlug, mainId, team)
      .run();
    expect(await (await call(`/c/${mainSlug}`)).text()).toContain("Ada Remover");

    // A member cannot remove anyone: nothing pauses.
    expect((await post(`/teams/${team}`, ben, { intent: "remove", user: mia.id })).status).toBe(403);
    expect((await call(`/c/${slug}`)).status).toBe(200);

    expect((await post(`/teams/${team}`, admin, { intent: "remove", user: mia.id })).status).toBe(302);
    expect(
      (await env.DB.prepare("select paused_at from card where id = ?").bind(cardId).first<{ paused_at: number }>())
        ?.paused_at,
    ).toBeGreaterThan(0);
    const visit = await call(`/c/${slug}`);
    expect(visit.status).toBe(200);
    const page = await visit.text();
    expect(page).toContain("This card is no longer active");
    expect(page).toContain(`href="/c/${mainSlug}"`);
    expect(page).not.toContain("Mia Leaving");
    // Nobody can share back into a paused card.
    expect((await call(`/c/${slug}/share`, form({ name: "V", email: "v@example.org" }))).status).toBe(404);

    // Handed to Ben, it runs again under him.
    expect(
      (await post(`/teams/${team}/cards`, admin, { intent: "issue", card: String(cardId), member: ben.id })).status,
    ).toBe(302);
    expect((await post(await claimLink(ben.email), ben, { intent: "claim" })).status).toBe(302);
    const again = await env.DB.prepare("select holder_id, paused_at from card where id = ?").bind(cardId).first();
    expect(again).toEqual({ holder_id: ben.id, paused_at: null });
    expect(await (await call(`/c/${slug}`)).text()).not.toContain("This card is no longer active");
  });

  it("pause with no main card offers the home page, and a member who leaves pauses theirs too", async () => {
    const admin = await account("Ada Lone");
    const mia = await account("Mia Quitter");
    const team = await teamOf(admin, [mia]);
    const template = await makeTemplate(team, admin);
    const { cardId } = await issueAndClaim(team, admin, mia, template);
    const slug = `left-${crypto.randomUUID().slice(0, 8)}`;
    expect((await post(`/card/${cardId}`, mia, { intent: "publish", slug })).status).toBe(302);
    expect((await post(`/teams/${team}`, mia, { intent: "leave" })).status).toBe(302);
    const page = await (await call(`/c/${slug}`)).text();
    expect(page).toContain("This card is no longer active");
    expect(page).toContain('href="/"');
  });
});

describe("team analytics", () => {
  it("counts views, saves and share-backs per member and for the team, by source, and only the team's cards", async () => {
    const admin = await account("Ada Analyst");
    const mia = await account("Mia Counted");
    const other = await account("Oz Elsewhere");
    const team = await teamOf(admin, [mia]);
    const template = await makeTemplate(team, admin);
    const { cardId } = await issueAndClaim(team, admin, mia, template);
    const day = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    // Another account's card, counted heavily: never the team's.
    const foreign = await env.DB.prepare("insert into card (user_id, name) values (?, 'Oz') returning id")
      .bind(other.id)
      .first<{ id: number }>();
    const stat = (card: number, d: string, source: string, views: number, saves: number, shares: number) =>
      env.DB.prepare(
        "insert into card_source_stat (card_id, day, source, views, saves, shares) values (?, ?, ?, ?, ?, ?)",
      ).bind(card, d, source, views, saves, shares);
    await env.DB.batch([
      stat(cardId, day, "qr", 37, 4, 2),
      stat(cardId, day, "nfc", 11, 1, 0),
      stat(cardId, old, "qr", 500, 50, 5),
      stat(foreign?.id ?? 0, day, "qr", 900, 90, 9),
    ]);
    const page = await get(`/teams/${team}/analytics`, admin);
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Mia Counted");
    expect(html).toContain("QR code 37 · NFC tag 11");
    // Team totals over the last 30 days: 48 views, 5 saves, 2 share-backs; the 60-day-old and foreign rows are not in.
    expect(html).toMatch(/All<\/td><td[^>]*>48<\/td><td[^>]*>5<\/td><td[^>]*>2<\/td>/);
    expect(html).not.toContain(">900<");
    // Ninety days take the old row in.
    expect(await (await get(`/teams/${team}/analytics?days=90`, admin)).text()).toMatch(/All<\/td><td[^>]*>548</);
    // A member, and anyone outside, get the one 404.
    expect((await get(`/teams/${team}/analytics`, mia)).status).toBe(404);
    expect((await get(`/teams/${team}/analytics`, other)).status).toBe(404);
  });
});

describe("a template's logo (decision 0254)", () => {
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  const upload = (team: string, who: Account, id: string, bytes: Uint8Array, type = "image/png") => {
    const body = new FormData();
    body.set("intent", "template-logo");
    body.set("id", id);
    body.set("logo", new File([bytes as BlobPart], "logo.png", { type }));
    return call(`/teams/${team}/cards`, { method: "POST", body, headers: { cookie: who.cookie } });
  };

  it("is checked, kept in KV, shown on every linked card's page and in its vCard, and refreshes their cached pages", async () => {
    const admin = await account("Lou Logo");
    const mia = await account("Mia Logo");
    const team = await teamOf(admin, [mia]);
    const template = await makeTemplate(team, admin);
    const { cardId } = await issueAndClaim(team, admin, mia, template);
    const slug = `logo-${crypto.randomUUID().slice(0, 8)}`;
    expect((await post(`/card/${cardId}`, mia, { intent: "publish", slug })).status).toBe(302);
    // The page and the vCard, stored at the edge before the logo exists.
    expect(await (await call(`/c/${slug}`)).text()).not.toContain(`class="card-brand"`);
    expect(await (await call(`/c/${slug}/contact.vcf`)).text()).not.toContain("LOGO");

    // Not an image: refused with the photo's own message, nothing stored.
    const bad = await upload(team, admin, template, new TextEncoder().encode("<svg onload=alert(1)>"), "image/png");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose a JPEG, PNG or WebP image");
    // A member, and an admin of another team, cannot set it.
    expect((await upload(team, mia, template, PNG)).status).toBe(404);
    const other = await account("Oz Other");
    const otherTeam = await teamOf(other, []);
    expect((await upload(otherTeam, other, template, PNG)).status).toBe(404);
    const unset = await env.DB.prepare("select logo_key from card_template where id = ?")
      .bind(template)
      .first<{ logo_key: string | null }>();
    expect(unset?.logo_key).toBeNull();

    expect((await upload(team, admin, template, PNG)).status).toBe(302);
    const row = await env.DB.prepare("select logo_key from card_template where id = ?")
      .bind(template)
      .first<{ logo_key: string }>();
    expect(row?.logo_key).toMatch(/^logo-[0-9a-f]{24}$/);
    const served = await call(`/avatars/${row?.logo_key}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const page = await (await call(`/c/${slug}`)).text();
    expect(page).toContain(`<div class="card-brand"><img src="/avatars/${row?.logo_key}"`);
    const vcard = await (await call(`/c/${slug}/contact.vcf`)).text();
    expect(vcard).toContain(`LOGO;VALUE=uri:http://localhost/avatars/${row?.logo_key}\r\n`);
    const audit = await env.DB.prepare(
      "select detail from workspace_audit where workspace_id = ? and action = 'template.changed' order by id desc limit 1",
    )
      .bind(team)
      .first<{ detail: string }>();
    expect(audit?.detail).toBe("Logo changed: its cards follow");

    // Removed: the pages follow, and the image is gone from KV.
    const removed = await post(`/teams/${team}/cards`, admin, { intent: "remove-logo", id: template });
    expect(removed.status).toBe(302);
    expect(await (await call(`/c/${slug}`)).text()).not.toContain(`class="card-brand"`);
    expect(await (await call(`/c/${slug}/contact.vcf`)).text()).not.toContain("LOGO");
    expect((await call(`/avatars/${row?.logo_key}`)).status).toBe(404);
  });

  const logoOf = async (template: string) =>
    (
      await env.DB.prepare("select logo_key from card_template where id = ?")
        .bind(template)
        .first<{ logo_key: string | null }>()
    )?.logo_key ?? "";

  it("leaves KV with its template, which is deleted only on a confirmed post by the team's managers (decision 0272)", async () => {
    const admin = await account("Del Template");
    const mia = await account("Mia Template");
    const team = await teamOf(admin, [mia]);
    const template = await makeTemplate(team, admin);
    const { cardId } = await issueAndClaim(team, admin, mia, template);
    const slug = `deltpl-${crypto.randomUUID().slice(0, 8)}`;
    expect((await post(`/card/${cardId}`, mia, { intent: "publish", slug })).status).toBe(302);
    expect((await upload(team, admin, template, PNG)).status).toBe(302);
    const key = await logoOf(template);
    expect(await env.CACHE.get(`avatar:${key}`)).not.toBeNull();
    expect(await (await call(`/c/${slug}`)).text()).toContain(`/avatars/${key}`);

    // One post asks first; a member, and another team's admin, get the page's 404; nothing goes.
    const asked = await post(`/teams/${team}/cards`, admin, { intent: "delete-template", id: template });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('data-confirm-step="delete-template"');
    expect(
      (await post(`/teams/${team}/cards`, mia, { intent: "delete-template", id: template, confirmed: "yes" })).status,
    ).toBe(404);
    const other = await account("Oz Template");
    const otherTeam = await teamOf(other, []);
    expect(
      (await post(`/teams/${otherTeam}/cards`, other, { intent: "delete-template", id: template, confirmed: "yes" }))
        .status,
    ).toBe(404);
    expect(await logoOf(template)).toBe(key);

    const done = await post(`/teams/${team}/cards`, admin, {
      intent: "delete-template",
      id: template,
      confirmed: "yes",
    });
    expect(done.status).toBe(302);
    expect(await env.DB.prepare("select id from card_template where id = ?").bind(template).first()).toBeNull();
    expect(await env.CACHE.get(`avatar:${key}`)).toBeNull();
    // The card keeps its values and loses the link and the logo, on a page refreshed at once.
    const card = await env.DB.prepare("select company, template_id from card where id = ?").bind(cardId).first();
    expect(card).toEqual({ company: BRAND.company, template_id: null });
    const page = await (await call(`/c/${slug}`)).text();
    expect(page).toContain(BRAND.company);
    expect(page).not.toContain(`/avatars/${key}`);
    const audit = await env.DB.prepare(
      "select subject, detail from workspace_audit where workspace_id = ? and action = 'template.changed' order by id desc limit 1",
    )
      .bind(team)
      .first();
    expect(audit).toEqual({ subject: BRAND.name, detail: "Deleted: its cards keep their values" });
  });

  it("and every key a team keeps in KV leave with the team, when its last member's account goes (decision 0272)", async () => {
    const admin = await account("Lone Admin");
    const mia = await account("Mia Stays");
    const alone = await teamOf(admin, []);
    const shared = await teamOf(admin, [mia]);
    const [gone, kept] = [await makeTemplate(alone, admin), await makeTemplate(shared, admin)];
    expect((await upload(alone, admin, gone, PNG)).status).toBe(302);
    expect((await upload(shared, admin, kept, PNG)).status).toBe(302);
    const [goneKey, keptKey] = [await logoOf(gone), await logoOf(kept)];
    // A person with a photo in each team.
    const photo = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...crypto.getRandomValues(new Uint8Array(64)),
      0xff,
      0xd9,
    ]);
    for (const team of [alone, shared]) {
      await switchTo(admin, team);
      const made = await call("/api/capture", json({ source: "quick", name: "Pia Photo" }, admin.cookie));
      expect(made.status).toBe(201);
      const { id } = (await made.json()) as { id: number };
      const put = await call(`/api/people/${id}/photo`, {
        method: "PUT",
        body: photo,
        headers: { cookie: admin.cookie, "content-type": "image/jpeg" },
      });
      expect(put.status).toBeLessThan(300);
    }
    const photos = async (team: string) => (await env.CACHE.list({ prefix: `person-photo:${team}:` })).keys.length;
    expect([await photos(alone), await photos(shared)]).toEqual([1, 1]);

    // Mia's team needs another owner before the admin may go.
    await switchTo(admin, shared);
    expect((await post(`/teams/${shared}`, admin, { intent: "role", user: mia.id, role: "owner" })).status).toBe(302);
    const deleted = await call("/settings", {
      ...form({ intent: "delete-account", confirm: admin.email }),
      headers: { cookie: admin.cookie },
    });
    expect(deleted.status).toBe(302);
    expect(await env.DB.prepare("select id from workspace where id = ?").bind(alone).first()).toBeNull();
    expect(await env.CACHE.get(`avatar:${goneKey}`)).toBeNull();
    expect(await photos(alone)).toBe(0);
    // The team Mia is still in keeps its logo and its photos.
    expect(await env.CACHE.get(`avatar:${keptKey}`)).not.toBeNull();
    expect(await photos(shared)).toBe(1);
  });
});
