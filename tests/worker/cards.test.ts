import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedCardPath } from "~/server/card-link.server";
import { cacheKey } from "~/server/cards.server";
import { call, form, freshRateWindow, signUp } from "./helpers";

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
    expect(html).toContain('action="/c/demo/share"');
    expect(res.headers.get("content-security-policy")).toContain("nonce-");
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

  it("reads published cards from KV on a hit and drops the entry when the owner edits or unpublishes", async () => {
    const { owner, id } = await createPublishedCard("ann-cache");
    expect(await env.CACHE.get(cacheKey("ann-cache"))).toBeNull();
    await call("/c/ann-cache");
    expect(await env.CACHE.get(cacheKey("ann-cache"))).not.toBeNull();
    // A change made behind the app's back is not seen while the cached copy stands: the hit skipped D1.
    await env.DB.prepare("update card set title = 'Changed directly' where id = ?").bind(id).run();
    expect(await (await call("/c/ann-cache")).text()).not.toContain("Changed directly");
    await call(`/card/${id}`, {
      ...cardForm({ title: "Chief Partnerships Officer" }),
      headers: { cookie: owner.cookie },
    });
    expect(await env.CACHE.get(cacheKey("ann-cache"))).toBeNull();
    expect(await (await call("/c/ann-cache")).text()).toContain("Chief Partnerships Officer");
    await call(`/card/${id}`, { ...form({ intent: "unpublish" }), headers: { cookie: owner.cookie } });
    expect(await env.CACHE.get(cacheKey("ann-cache"))).toBeNull();
    expect((await call("/c/ann-cache")).status).toBe(404);
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
    await env.CACHE.delete(cacheKey("ann-hostile"));
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

  it("counts views and sources per day without storing anything about visitors", async () => {
    const { id } = await createPublishedCard("ann-stats");
    await call("/c/ann-stats?src=qr");
    await call("/c/ann-stats?src=nfc");
    await call("/c/ann-stats");
    await call("/c/ann-stats/contact.vcf");
    const row = await env.DB.prepare(
      "select views, saves, from_qr, from_nfc, from_link from card_stat where card_id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ views: 3, saves: 1, from_qr: 1, from_nfc: 1, from_link: 1 });
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
    await freshRateWindow();
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
      form({ intent: "delete" }),
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
      const res = await call(`/card/v/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(await res.text()).toContain("Business Card Not Found");
    }
    const payload = b64url({ name: "Zoe Park", email: "zoe@x.org" });
    const unsigned = await (await call(`/card/v/${payload}`)).text();
    expect(unsigned).toContain("Unverified card");
    expect(unsigned).not.toContain("<form");
    expect(unsigned).toContain("Zoe Park");
    const tampered = await (await call(`/card/v/${payload}.AAAA`)).text();
    expect(tampered).toContain("Unverified card");
    const refused = await call(`/card/v/${payload}/share`, {
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
    const [p, s] = path.slice("/card/v/".length).split(".");
    const flipped = `${p?.slice(0, -2)}${p?.at(-2) === "A" ? "B" : "A"}${p?.at(-1)}.${s}`;
    expect(await (await call(`/card/v/${flipped}`)).text()).toMatch(/Unverified card|Business Card Not Found/);
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
