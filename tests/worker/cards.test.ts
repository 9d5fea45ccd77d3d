import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { slugSchema } from "~/lib/card/card";
import { readVCardFile } from "~/lib/formats/vcard-read";
import { signedCardPath } from "~/server/cards/card-link.server";
import { edgeGet, edgePut, edgeTicket, purgeCards } from "~/server/platform/edge-cache.server";
import { parseEnv } from "~/server/platform/env.server";
import { call, form, signUp } from "./helpers";

const cardForm = (over: Record<string, string> = {}) =>
  form({
    intent: "save",
    name: "Ann Lee",
    label: "Work",
    title: "Director",
    company: "Acme",
    email: "ann@acme.org",
    template: "classic",
    colour: "#4f46e5",
    ...over,
  });

async function createPublishedCard(slug: string, fields: Record<string, string> = {}) {
  const owner = await signUp("Ann Lee");
  const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
  const id = Number(created.headers.get("location")?.split("/").pop());
  expect(id).toBeGreaterThan(0);
  const saved = await call(`/card/${id}`, { ...cardForm(fields), headers: { cookie: owner.cookie } });
  expect(saved.status).toBe(302);
  const published = await call(`/card/${id}`, {
    ...form({ intent: "publish", slug }),
    headers: { cookie: owner.cookie },
  });
  expect(published.status).toBe(302);
  return { owner, id };
}

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

describe("visitor card page", () => {
  it("serves the demo card with the tagline and both actions, and no cookies", async () => {
    const res = await call("/c/demo?src=qr");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    const html = await res.text();
    for (const text of [
      "Know Where. Know Who. Know How.",
      "Save Contact",
      "Share Your Info",
      "Share Your Contact Information",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('action="/c/demo/share#share"');
    // No nonce, so one rendering serves every visitor; only same-origin script files may run.
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self';");
    expect(res.headers.get("content-security-policy")).not.toContain("nonce-");
    expect(html).not.toContain("nonce=");
    expect(html).toContain('<script src="/card.js" defer></script>');
  });

  it("answers an unknown slug and an unpublished card the same way", async () => {
    const { owner, id } = await createPublishedCard("ann-unpub");
    await call(`/card/${id}`, { ...form({ intent: "unpublish" }), headers: { cookie: owner.cookie } });
    const unpublished = await call("/c/ann-unpub");
    const unknown = await call("/c/never-existed");
    expect(unpublished.status).toBe(404);
    expect(unknown.status).toBe(404);
    const [a, b] = [await unpublished.text(), await unknown.text()];
    expect(a.replace(/nonce="[^"]+"/g, "")).toBe(b.replace(/nonce="[^"]+"/g, ""));
    expect(a).toContain("Business Card Not Found");
    expect(a).toContain("The business card you're looking for is either invalid or has been removed.");
    expect(a).toContain("Go Home");
  });

  it("serves a published card from the edge cache without D1, until the owner edits, unpublishes or deletes it", async () => {
    const { owner, id } = await createPublishedCard("ann-cache");
    const first = await call("/c/ann-cache");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    await vi.waitFor(async () => expect(await edgeGet("/c/ann-cache")).not.toBeNull());
    // A change made behind the app's back is not seen while the cached copy stands: the hit skipped D1.
    await env.DB.prepare("update card set title = 'Changed directly' where id = ?").bind(id).run();
    const hit = await call("/c/ann-cache");
    expect(hit.headers.get("x-edge-cache")).toBe("HIT");
    expect(hit.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(hit.headers.get("x-card-id")).toBeNull();
    expect(hit.headers.get("cache-tag")).toBeNull();
    expect(await hit.text()).not.toContain("Changed directly");
    await call("/c/ann-cache/contact.vcf");
    await vi.waitFor(async () => expect(await edgeGet("/c/ann-cache/contact.vcf")).not.toBeNull());

    // Edit: the very next visitor reads the new version, page and vCard alike.
    await call(`/card/${id}`, {
      ...cardForm({ title: "Chief Partnerships Officer" }),
      headers: { cookie: owner.cookie },
    });
    expect(await edgeGet("/c/ann-cache")).toBeNull();
    expect(await edgeGet("/c/ann-cache/contact.vcf")).toBeNull();
    expect(await (await call("/c/ann-cache")).text()).toContain("Chief Partnerships Officer");
    expect(await (await call("/c/ann-cache/contact.vcf")).text()).toContain("TITLE:Chief Partnerships Officer");
    await vi.waitFor(async () => expect(await edgeGet("/c/ann-cache")).not.toBeNull());

    // Unpublish: gone at once, page, vCard and share-back.
    await call(`/card/${id}`, { ...form({ intent: "unpublish" }), headers: { cookie: owner.cookie } });
    expect((await call("/c/ann-cache")).status).toBe(404);
    expect((await call("/c/ann-cache/contact.vcf")).status).toBe(404);
    const share = await call("/c/ann-cache/share", {
      ...form({ name: "Late Visitor", email: "late@example.org" }),
      headers: { "cf-connecting-ip": "192.0.2.77" },
    });
    expect(share.status).toBe(404);

    // Publish again, cache it, delete: gone at once.
    await call(`/card/${id}`, { ...form({ intent: "publish", slug: "ann-cache" }), headers: { cookie: owner.cookie } });
    expect((await call("/c/ann-cache")).status).toBe(200);
    await vi.waitFor(async () => expect(await edgeGet("/c/ann-cache")).not.toBeNull());
    await call(`/card/${id}`, { ...form({ intent: "delete", confirmed: "yes" }), headers: { cookie: owner.cookie } });
    expect((await call("/c/ann-cache")).status).toBe(404);
  });

  it("drops a copy rendered from data read before a purge that ran while it was being stored", async () => {
    // The race KV's eventual consistency would lose: a slow miss reads the card, the owner unpublishes and
    // purges, then the miss stores what it read. The purge changed the tag's mark, so the put takes it back.
    const ticket = await edgeTicket(["card:ann-race"]);
    await purgeCards(parseEnv(env as unknown as Env), ["ann-race"]);
    await edgePut(
      "/c/ann-race",
      new Response("stale page", { headers: { "content-type": "text/html" } }),
      ["card:ann-race"],
      {},
      ticket,
    );
    expect(await edgeGet("/c/ann-race")).toBeNull();
    // Without a purge in between, the copy stays.
    const calm = await edgeTicket(["card:ann-race"]);
    await edgePut(
      "/c/ann-race",
      new Response("fresh page", { headers: { "content-type": "text/html" } }),
      ["card:ann-race"],
      {},
      calm,
    );
    expect(await (await edgeGet("/c/ann-race"))?.text()).toBe("fresh page");
    await purgeCards(parseEnv(env as unknown as Env), ["ann-race"]);
  });

  it("escapes hostile card fields in HTML and refuses unsafe links", async () => {
    const bad = await (async () => {
      const owner = await signUp();
      const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
      const id = created.headers.get("location")?.split("/").pop();
      return call(`/card/${id}`, {
        ...cardForm({ website: "javascript:alert(1)" }),
        headers: { cookie: owner.cookie },
      });
    })();
    expect(bad.status).toBe(400);

    const { id } = await createPublishedCard("ann-hostile", {
      name: '<img src=x onerror=alert(1)> "Ann"',
      notes: "</script><script>alert(2)</script>",
    });
    // Even a link stored by other means is dropped when shown.
    await env.DB.prepare("update card set website = 'javascript:alert(3)' where id = ?").bind(id).run();
    await purgeCards(parseEnv(env as unknown as Env), ["ann-hostile"]);
    const html = await (await call("/c/ann-hostile")).text();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<script>alert(2)");
    expect(html).not.toContain("javascript:");
  });

  it("downloads a vCard 3.0 named after the card, escaped", async () => {
    await createPublishedCard("ann-vcard", { name: "Ann Lee", company: "Acme; Sons, Ltd" });
    const res = await call("/c/ann-vcard/contact.vcf");
    expect(res.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('filename="Ann_Lee_contact.vcf"');
    const text = await res.text();
    expect(text.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toBe(true);
    expect(text).toContain("ORG:Acme\\; Sons\\, Ltd");
  });

  it("files the owner under the family name they give in the editor, kept through a vCard round trip", async () => {
    // Before the owner gives them, the name is split as written: one given name, the rest the family name.
    await createPublishedCard("ann-n-default", { name: "María de la Cruz Ortega" });
    const first = await call("/c/ann-n-default/contact.vcf");
    expect(first.headers.get("content-disposition")).toBe(
      `attachment; filename="Maria_de_la_Cruz_Ortega_contact.vcf"; filename*=UTF-8''Mar%C3%ADa_de_la_Cruz_Ortega_contact.vcf`,
    );
    const split = await first.text();
    expect(split).toContain("\r\nN:de la Cruz Ortega;María;;;\r\n");
    // María José is her given name and de la Cruz Ortega her family name: the editor's two fields say so.
    const { owner, id } = await createPublishedCard("ann-n-given", {
      name: "María José de la Cruz Ortega",
      givenName: "María José",
      familyName: "de la Cruz Ortega",
    });
    const text = await (await call("/c/ann-n-given/contact.vcf")).text();
    expect(text).toContain("\r\nFN:María José de la Cruz Ortega\r\n");
    expect(text).toContain("\r\nN:de la Cruz Ortega;María José;;;\r\n");
    const back = readVCardFile(new TextEncoder().encode(text)).people[0]?.draft;
    expect(back?.name).toEqual({ given: "María José", family: "de la Cruz Ortega" });
    // The editor shows what was saved, and another account can neither see nor change it.
    const page = await (await call(`/card/${id}`, { headers: { cookie: owner.cookie } })).text();
    expect(page).toContain('value="María José"');
    const stranger = await signUp("Eve Stranger");
    const attempt = await call(`/card/${id}`, {
      ...cardForm({ name: "Eve", givenName: "Eve", familyName: "Stranger" }),
      headers: { cookie: stranger.cookie },
    });
    expect(attempt.status).toBe(404);
    expect(await (await call("/c/ann-n-given/contact.vcf")).text()).toContain("N:de la Cruz Ortega;María José;;;");
    // Too long a family name is refused beside its field, not stored.
    const long = await call(`/card/${id}`, {
      ...cardForm({ name: "Ann Lee", familyName: "x".repeat(101) }),
      headers: { cookie: owner.cookie },
    });
    expect(long.status).toBe(400);
  });

  it("counts views and sources per day without storing anything about visitors", async () => {
    const { id } = await createPublishedCard("ann-stats");
    await call("/c/ann-stats?src=qr");
    await call("/c/ann-stats?src=nfc");
    await call("/c/ann-stats");
    await call("/c/ann-stats/contact.vcf");
    // Counted in the isolate and written as one batch a moment later; hits from the edge cache count too.
    await vi.waitFor(
      async () => {
        const row = await env.DB.prepare(
          "select views, saves, from_qr, from_nfc, from_link from card_stat where card_id = ?",
        )
          .bind(id)
          .first();
        expect(row).toEqual({ views: 3, saves: 1, from_qr: 1, from_nfc: 1, from_link: 1 });
      },
      { timeout: 5000, interval: 200 },
    );
  });
});

describe("share-back", () => {
  const share = (slug: string, values: Record<string, string>, ip = "198.51.100.7") =>
    call(`/c/${slug}/share`, { ...form(values), headers: { accept: "application/json", "cf-connecting-ip": ip } });

  it("adds the person but no notification for an owner who turned share-back notifications off", async () => {
    const { owner } = await createPublishedCard("ann-quiet");
    const saved = await call("/settings", {
      ...form({ intent: "preferences", timeZone: "UTC", country: "US", notifyReminders: "on", notifyImports: "on" }),
      headers: { cookie: owner.cookie },
    });
    expect(saved.status).toBe(302);
    expect((await share("ann-quiet", { name: "Quiet Visitor", email: "quiet@x.org" }, "198.51.100.77")).status).toBe(
      200,
    );
    const counts = await env.DB.prepare(
      `select (select count(*) from connection c join user u on u.id = c.user_id where u.email = ?1) as connections,
              (select count(*) from notification n join user u on u.id = n.user_id where u.email = ?1) as notifications`,
    )
      .bind(owner.email)
      .first();
    expect(counts).toEqual({ connections: 1, notifications: 0 });
  });

  it("writes the shared contact, a Pending connection and a notification together", async () => {
    const { owner } = await createPublishedCard("ann-share");
    const res = await share("ann-share", {
      name: "Bo Chen",
      email: "Bo@Beta.io",
      phone: "+1 415 555 0100",
      consent: "on",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      title: "Contact shared successfully",
      description: "Bo Chen's contact info has been shared with Ann Lee.",
    });
    const ownerId = (
      await env.DB.prepare("select id from user where email = ?").bind(owner.email).first<{ id: string }>()
    )?.id;
    const shared = await env.DB.prepare("select * from shared_contacts where recipient_user_id = ?")
      .bind(ownerId)
      .all();
    expect(shared.results).toHaveLength(1);
    expect(shared.results[0]).toMatchObject({
      sender_name: "Bo Chen",
      sender_email: "bo@beta.io",
      recipient_name: "Ann Lee",
      consent: 1,
    });
    expect(shared.results[0]?.consent_at).toBeTypeOf("number");
    const conn = await env.DB.prepare("select id, status, priority, tags, source from connection where user_id = ?")
      .bind(ownerId)
      .first<{ id: number; status: string; priority: string; tags: string; source: string }>();
    expect(conn).toMatchObject({ status: "Pending", priority: "medium", source: "share" });
    expect(JSON.parse(conn?.tags ?? "[]")).toEqual(["Shared", "New Contact"]);
    expect(shared.results[0]?.connection_id).toBe(conn?.id);
    const note = await env.DB.prepare("select title, action_url from notification where user_id = ?")
      .bind(ownerId)
      .first();
    expect(note).toEqual({ title: "New contact shared", action_url: `/connections/${conn?.id}` });

    // The same person again is one person; each share is its own record with its own consent.
    await share("ann-share", { name: "Bo Chen", email: "bo@beta.io", phone: "+1 415 555 0199" }, "198.51.100.8");
    const again = await env.DB.prepare(
      "select count(*) as n, max(sender_phone) as phone from shared_contacts where recipient_user_id = ?",
    )
      .bind(ownerId)
      .first();
    expect(again).toEqual({ n: 2, phone: "+1 415 555 0199" });
    expect(
      (await env.DB.prepare("select count(*) as n from connection where user_id = ?").bind(ownerId).first())?.n,
    ).toBe(1);
  });

  it("answers missing and invalid fields with the specification's message, keeping typed values", async () => {
    await createPublishedCard("ann-missing");
    const missing = await share("ann-missing", { name: "", email: "" }, "198.51.100.20");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      title: "Missing information",
      description: "Please provide your name and email address.",
    });
    const page = await call("/c/ann-missing/share", {
      ...form({ name: "Bo <b>", email: "not-an-email" }),
      headers: { "cf-connecting-ip": "198.51.100.21" },
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('value="Bo &lt;b&gt;"');
    expect(html).toContain('value="not-an-email"');
  });

  it("drops honeypot submissions silently and limits one person's repeated attempts with 429", {
    timeout: 30_000,
  }, async () => {
    const { owner } = await createPublishedCard("ann-abuse");
    const bot = await share(
      "ann-abuse",
      { name: "Bot", email: "bot@spam.test", company_website: "http://spam" },
      "203.0.113.5",
    );
    expect(bot.status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await share("ann-abuse", { name: `P${i}`, email: "p@x.org" }, "203.0.113.9")).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const ownerId = (
      await env.DB.prepare("select id from user where email = ?").bind(owner.email).first<{ id: string }>()
    )?.id;
    const names = await env.DB.prepare("select sender_name from shared_contacts where recipient_user_id = ?")
      .bind(ownerId)
      .all<{ sender_name: string }>();
    expect(names.results.map((r) => r.sender_name)).not.toContain("Bot");
  });
});

describe("owner isolation", () => {
  it("another account can neither read nor change a card", async () => {
    const { id } = await createPublishedCard("ann-private", { title: "Original" });
    const other = await signUp("Mallory");
    expect((await call(`/card/${id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
    for (const body of [
      cardForm({ title: "Hijacked" }),
      form({ intent: "unpublish" }),
      form({ intent: "delete", confirmed: "yes" }),
      form({ intent: "publish", slug: "stolen" }),
    ]) {
      const res = await call(`/card/${id}`, { ...body, headers: { cookie: other.cookie } });
      expect(res.status).toBe(404);
    }
    const row = await env.DB.prepare("select title, published, slug from card where id = ?").bind(id).first();
    expect(row).toEqual({ title: "Original", published: 1, slug: "ann-private" });
    // Signed-out visitors are sent to sign in.
    expect((await call(`/card/${id}`)).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("refuses a slug someone else holds and reserved or malformed slugs", async () => {
    await createPublishedCard("taken-slug");
    const owner = await signUp();
    const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
    const id = created.headers.get("location")?.split("/").pop();
    for (const slug of ["taken-slug", "admin", "A B", "-x-", "ab"]) {
      const res = await call(`/card/${id}.data`, {
        ...form({ intent: "publish", slug }),
        headers: { cookie: owner.cookie },
      });
      expect(res.status, slug).toBe(400);
    }
  });

  it("saves a card to a signed-in visitor's connections once, and never the owner's own", async () => {
    const { owner } = await createPublishedCard("ann-save");
    expect((await call("/api/cards/ann-save/save", { method: "POST" })).status).toBe(401);
    expect((await call("/api/cards/ann-save/save", { method: "POST", headers: { cookie: owner.cookie } })).status).toBe(
      409,
    );
    const visitor = await signUp("Visitor");
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const res = await call("/api/cards/ann-save/save", { method: "POST", headers: { cookie: visitor.cookie } });
      expect(res.status).toBe(200);
      answers.push(await res.json<{ created: boolean; id: number; name: string }>());
    }
    expect(answers[0]).toMatchObject({ created: true, name: "Ann Lee" });
    expect(answers[1]).toEqual({ ...answers[0], created: false });
    const rows = await env.DB.prepare(
      "select c.tags, c.priority, c.status from connection c join user u on u.id = c.user_id where u.email = ?",
    )
      .bind(visitor.email)
      .all<{ tags: string; priority: string; status: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]).toMatchObject({ priority: "medium", status: "Pending", tags: '["Saved Contact"]' });
  });
});

describe("profile visibility", () => {
  it("asks search engines not to list the cards of an owner who chose connections only, at once", async () => {
    const { owner } = await createPublishedCard("ann-unlisted");
    const choose = (visibility: string) =>
      call("/settings", {
        ...form({ intent: "preferences", timeZone: "UTC", country: "US", visibility }),
        headers: { cookie: owner.cookie },
      });
    const robots = async () =>
      (await (await call("/c/ann-unlisted")).text()).includes('name="robots" content="noindex"');
    expect(await robots()).toBe(false);
    expect((await choose("connections")).status).toBe(302);
    expect(await robots()).toBe(true);
    expect((await choose("all")).status).toBe(302);
    expect(await robots()).toBe(false);
  });
});

describe("encoded card links", () => {
  it("shows not-found for undecodable links and unverified for unsigned or tampered ones", async () => {
    for (const bad of ["@@@", "bm90LWpzb24", b64url({ title: "no name" }), "x".repeat(9000)]) {
      const res = await call(`/c/v/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(await res.text()).toContain("Business Card Not Found");
    }
    const payload = b64url({ name: "Zoe Park", email: "zoe@x.org" });
    const unsigned = await (await call(`/c/v/${payload}`)).text();
    expect(unsigned).toContain("Unverified card");
    expect(unsigned).not.toContain("<form");
    expect(unsigned).toContain("Zoe Park");
    const tampered = await (await call(`/c/v/${payload}.AAAA`)).text();
    expect(tampered).toContain("Unverified card");
    const refused = await call(`/c/v/${payload}/share`, {
      ...form({ name: "Bo", email: "bo@x.org" }),
      headers: { accept: "application/json" },
    });
    expect(refused.status).toBe(403);
  });

  it("routes share-backs from a link the server signed", async () => {
    const { owner, id } = await createPublishedCard("ann-signed");
    const ownerId =
      (await env.DB.prepare("select id from user where email = ?").bind(owner.email).first<{ id: string }>())?.id ?? "";
    const path = await signedCardPath(
      {
        id,
        slug: null,
        ownerId,
        ownerName: "Ann Lee",
        name: "Ann Lee",
        title: null,
        company: null,
        email: null,
        phone: null,
        website: null,
        linkedin: null,
        location: null,
        avatarUrl: null,
        notes: "",
        template: "classic",
        colour: "#4f46e5",
        socialAccounts: [],
        additionalContacts: [],
        activeEvent: null,
      },
      (await env.DB.prepare("select ref from card where id = ?").bind(id).first<{ ref: string }>())?.ref ?? "",
      env.CARD_SIGNING_SECRET,
    );
    const page = await (await call(path)).text();
    expect(page).not.toContain("Unverified card");
    const res = await call(`${path}/share`, {
      ...form({ name: "Cy", email: "cy@x.org" }),
      headers: { accept: "application/json", "cf-connecting-ip": "192.0.2.44" },
    });
    expect(res.status).toBe(200);
    // Changing one byte of the payload breaks the signature.
    expect(path.startsWith("/c/v/")).toBe(true);
    const [p, s] = path.slice("/c/v/".length).split(".");
    const flipped = `${p?.slice(0, -2)}${p?.at(-2) === "A" ? "B" : "A"}${p?.at(-1)}.${s}`;
    expect(await (await call(`/c/v/${flipped}`)).text()).toMatch(/Unverified card|Business Card Not Found/);

    // A link handed out before the move (/card/v/…) still works: a permanent redirect keeps payload,
    // signature and query, and a share posted from an old page keeps its method and body (308).
    const old = `/card/v/${path.slice("/c/v/".length)}`;
    const moved = await call(`${old}?src=qr`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`${path}?src=qr`);
    const vcard = await call(`${old}/contact.vcf`);
    expect(vcard.status).toBe(301);
    expect(vcard.headers.get("location")).toBe(`${path}/contact.vcf`);
    const posted = await call(`${old}/share`, {
      ...form({ name: "Di", email: "di@x.org" }),
      headers: { accept: "application/json", "cf-connecting-ip": "192.0.2.45" },
    });
    expect(posted.status).toBe(308);
    const location = posted.headers.get("location") ?? "";
    expect(location).toBe(`${path}/share`);
    const resent = await call(location, {
      ...form({ name: "Di", email: "di@x.org" }),
      headers: { accept: "application/json", "cf-connecting-ip": "192.0.2.45" },
    });
    expect(resent.status).toBe(200);
    expect((await call(`/card/v/${flipped}`)).headers.get("location")).toBe(`/c/v/${flipped}`);
    // The owner's pages stay where they were.
    expect((await call("/card")).headers.get("location") ?? "").not.toContain("/c/v/");
  });

  it("never takes a published card's slug for an encoded link, nor the reverse", async () => {
    expect(slugSchema.safeParse("v").success).toBe(false);
    const res = await call("/c/v");
    expect(res.status).toBe(404);
  });
});

describe("avatars", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 64 }, (_, i) => i)]);
  const put = (id: number, body: Uint8Array, cookie: string, type = "image/jpeg") =>
    call(`/api/cards/${id}/avatar`, {
      method: "PUT",
      body: body as BodyInit,
      headers: { "content-type": type, cookie },
    });

  it("stores the owner's image under a content hash, serves it cached, and shows it on the card", async () => {
    const { owner, id } = await createPublishedCard("ann-avatar");
    const res = await put(id, jpeg, owner.cookie);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^/avatars/${id}-[0-9a-f]{24}$`));
    const image = await call(url);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(jpeg);
    expect(await (await call("/c/ann-avatar")).text()).toContain(`src="${url}"`);
    expect((await call(`/avatars/${id}-${"0".repeat(24)}`)).status).toBe(404);
  });

  it("puts the small copy inline in the card's vCard, for its owner's uploads only", async () => {
    const { owner, id } = await createPublishedCard("ann-photo-vcf");
    const other = await signUp();
    expect((await call("/c/ann-photo-vcf/contact.vcf").then((r) => r.text())).includes("PHOTO")).toBe(false);
    await put(id, jpeg, owner.cookie);
    const small = (body: Uint8Array, cookie: string) =>
      call(`/api/cards/${id}/avatar?size=vcard`, {
        method: "PUT",
        body: body as BodyInit,
        headers: { "content-type": "image/jpeg", cookie },
      });
    expect((await small(jpeg, other.cookie)).status).toBe(404);
    expect((await small(new Uint8Array(50_000).fill(0xff), owner.cookie)).status).toBe(400);
    expect((await small(jpeg, owner.cookie)).status).toBe(204);
    const vcf = (await (await call("/c/ann-photo-vcf/contact.vcf")).text()).replace(/\r\n /g, "");
    const base64 = btoa(String.fromCharCode(...jpeg));
    expect(vcf).toContain(`PHOTO;ENCODING=b;TYPE=JPEG:${base64}\r\n`);
    expect(vcf).toMatch(/^UID:card-ann-photo-vcf@localhost\r$/m);
    // A new photo drops the old small copy until its own arrives.
    await put(id, new Uint8Array([...jpeg, 1]), owner.cookie);
    expect((await (await call("/c/ann-photo-vcf/contact.vcf")).text()).includes("PHOTO")).toBe(false);
  });

  it("refuses other accounts, non-images and oversized files", async () => {
    const { owner, id } = await createPublishedCard("ann-avatar2");
    const other = await signUp();
    expect((await put(id, jpeg, other.cookie)).status).toBe(404);
    expect(
      (await call(`/api/cards/${id}/avatar`, { method: "DELETE", headers: { cookie: other.cookie } })).status,
    ).toBe(404);
    expect((await put(id, new TextEncoder().encode("<svg onload=alert(1)>"), owner.cookie)).status).toBe(400);
    expect((await put(id, jpeg, owner.cookie, "image/svg+xml")).status).toBe(415);
    expect((await put(id, new Uint8Array(700_000).fill(0xff), owner.cookie)).status).toBe(413);
    expect(
      (
        await call(`/api/cards/${id}/avatar`, {
          method: "PUT",
          body: jpeg as BodyInit,
          headers: { "content-type": "image/jpeg" },
        })
      ).status,
    ).toBe(401);
  });
});

describe("a card worth sharing", () => {
  const page = (html: string) => ({
    card: html.slice(html.indexOf("<article"), html.indexOf("</article>")),
    footer: html.slice(html.indexOf("<footer"), html.indexOf("</footer>")),
  });

  it("shows the owner's headline and bio on the card and KnowWho's tagline only in the footer", async () => {
    await createPublishedCard("ann-words", {
      headline: "Books in every <classroom>",
      bio: "Fifteen years in literacy.",
      website: "riverbendliteracy.org",
    });
    const html = await (await call("/c/ann-words")).text();
    const { card, footer } = page(html);
    expect(card).toContain("Books in every &lt;classroom&gt;");
    expect(card).toContain("Fifteen years in literacy.");
    expect(card).toContain('href="https://riverbendliteracy.org/"');
    expect(card).not.toContain("Know Where");
    expect(footer).toContain("Know Where. Know Who. Know How.");
    // The share form sits inside the element that carries the card's colours.
    expect(html).toMatch(/<main class="kw" style="--c:#4f46e5;--fg:#ffffff"/);
    expect(html.indexOf('id="share"')).toBeGreaterThan(html.indexOf("<main"));
  });

  it("after a share-back without JavaScript, redirects to a confirmation a reload does not re-post", async () => {
    const { owner, id } = await createPublishedCard("ann-prg");
    const body = new URLSearchParams({ intent: "save", name: "Ann Lee", email: "ann@acme.org" });
    for (const field of ["company", "title", "note"]) body.append("shareFields", field);
    expect((await call(`/card/${id}`, { method: "POST", body, headers: { cookie: owner.cookie } })).status).toBe(302);
    const posted = await call("/c/ann-prg/share", {
      ...form({ name: "Dee Lopez", email: "dee@lopez.org", company: "Lopez Co", title: "Founder", note: "Book drive" }),
      headers: { "cf-connecting-ip": "198.51.100.61" },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/c/ann-prg/shared#shared");
    const cookie = posted.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^kw_shared=Dee%20Lopez; Path=\/c\/ann-prg; Max-Age=600; HttpOnly; SameSite=Lax/);
    for (let i = 0; i < 2; i++) {
      const shown = await call("/c/ann-prg/shared", { headers: { cookie: cookie.split(";")[0] ?? "" } });
      expect(shown.status).toBe(200);
      expect(shown.headers.get("cache-control")).toBe("private, no-store");
      const html = await shown.text();
      const main = html.indexOf("<main");
      // First thing in the page, before the card.
      expect(html.indexOf("Contact shared successfully", main)).toBeGreaterThan(main);
      expect(html.indexOf("Contact shared successfully", main)).toBeLessThan(html.indexOf("<article"));
      expect(html).toContain("Dee Lopez&#x27;s contact info has been shared with Ann Lee.");
      expect(html).not.toContain('id="share"');
    }
    expect((await call("/c/ann-prg/shared")).headers.get("location")).toBe("/c/ann-prg");
    const rows = await env.DB.prepare(
      `select c.company, c.title, c.notes, s.notes as shared_note from connection c
       join shared_contacts s on s.connection_id = c.id join user u on u.id = c.user_id where u.email = ?`,
    )
      .bind(owner.email)
      .all<{ company: string; title: string; notes: string; shared_note: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]).toMatchObject({ company: "Lopez Co", title: "Founder", shared_note: "Book drive" });
    expect(rows.results[0]?.notes).toMatch(/What we talked about \(shared \d{4}-\d{2}-\d{2}\): Book drive/);
  });

  it("asks only the optional questions the owner chose, and ignores the others", async () => {
    const { owner } = await createPublishedCard("ann-ask", { shareFields: "note" });
    const html = await (await call("/c/ann-ask")).text();
    expect(html).toContain('name="note"');
    expect(html).not.toContain('name="company"');
    expect(html).not.toContain('name="title"');
    await call("/c/ann-ask/share", {
      ...form({ name: "Eve", email: "eve@x.org", company: "Sneaky", note: "Hi" }),
      headers: { accept: "application/json", "cf-connecting-ip": "198.51.100.62" },
    });
    const row = await env.DB.prepare(
      "select c.company from connection c join user u on u.id = c.user_id where u.email = ?",
    )
      .bind(owner.email)
      .first();
    expect(row).toEqual({ company: null });
  });

  it("publishing saves the form first and refuses a card with nothing but a name", async () => {
    const owner = await signUp("Nia Name");
    const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
    const id = Number(created.headers.get("location")?.split("/").pop());
    const bare = await call(`/card/${id}`, {
      ...form({ intent: "publish", slug: "nia-bare", name: "Nia Name", template: "classic", colour: "#4f46e5" }),
      headers: { cookie: owner.cookie },
    });
    expect(bare.status).toBe(400);
    expect((await call("/c/nia-bare")).status).toBe(404);
    const withEmail = await call(`/card/${id}`, {
      ...form({
        intent: "publish",
        slug: "nia-email",
        name: "Nia Name",
        email: "nia@example.org",
        headline: "Unsaved words",
        template: "classic",
        colour: "#4f46e5",
      }),
      headers: { cookie: owner.cookie },
    });
    expect(withEmail.status).toBe(302);
    expect(await (await call("/c/nia-email")).text()).toContain("Unsaved words");
  });

  it("serves the card's QR code as a PNG for email signatures", async () => {
    const res = await call("/c/demo/qr.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Array.from(new Uint8Array(await res.arrayBuffer()).slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("offers no wallet pass when wallets are not configured", async () => {
    const { owner, id } = await createPublishedCard("ann-wallet");
    const editor = await (await call(`/card/${id}`, { headers: { cookie: owner.cookie } })).text();
    expect(editor).not.toContain("Add to Apple Wallet");
    expect(editor).not.toContain("Save to Google Wallet");
    expect((await call(`/api/cards/${id}/wallet.pkpass`, { headers: { cookie: owner.cookie } })).status).toBe(404);
    expect((await call(`/api/cards/${id}/google-wallet`, { headers: { cookie: owner.cookie } })).status).toBe(404);
  });
});
