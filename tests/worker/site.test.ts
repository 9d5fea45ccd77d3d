import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form } from "./helpers";

const validReview = {
  intent: "review",
  name: "Jo Tester",
  email: "jo@example.org",
  rating: "5",
  review: "Great for following up after events.",
};

async function reviewRows(name: string) {
  const { results } = await env.DB.prepare("SELECT id, verified, hidden, email FROM review WHERE name = ?")
    .bind(name)
    .all();
  return results as { id: number; verified: number; hidden: number; email: string }[];
}

describe("reviews", () => {
  it("answers 400 with the specification's exact messages and stores nothing", async () => {
    const res = await call(
      "/reviews",
      form({ intent: "review", name: "J", email: "nope", rating: "0", review: "short" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Please select a rating",
      "Review must be at least 10 characters",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('value="J"');
    expect(await reviewRows("J")).toHaveLength(0);
  });

  it("rejects a rating above 5 without a server error", async () => {
    const res = await call("/reviews", form({ ...validReview, name: "Too Many Stars", rating: "6" }));
    expect(res.status).toBe(400);
    expect(await reviewRows("Too Many Stars")).toHaveLength(0);
  });

  it("stores a valid review unverified, lists it first, and never shows the email", async () => {
    const res = await call("/reviews", form({ ...validReview, name: "Newest Reviewer" }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Thank you for your review!");
    const [row] = await reviewRows("Newest Reviewer");
    expect(row?.verified).toBe(0);
    const page = await (await call("/reviews")).text();
    expect(page).toContain("Newest Reviewer");
    expect(page).not.toContain("jo@example.org");
  });

  it("hides moderated reviews", async () => {
    await env.DB.prepare(
      "INSERT INTO review (name, email, rating, body, hidden) VALUES ('Abusive Poster', 'x@example.org', 1, 'spam spam spam spam', 1)",
    ).run();
    expect(await (await call("/reviews")).text()).not.toContain("Abusive Poster");
  });

  it("toggles helpful once per visitor cookie and keeps the count on the server", async () => {
    const { meta } = await env.DB.prepare(
      "INSERT INTO review (name, email, rating, body) VALUES ('Helpful Target', 'h@example.org', 4, 'Useful review text here')",
    ).run();
    const id = String(meta.last_row_id);
    const count = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM review_helpful WHERE review_id = ?")
          .bind(id)
          .first<{ n: number }>()
      )?.n;

    const first = await call("/reviews", form({ intent: "helpful", reviewId: id }));
    expect(first.status).toBe(200);
    const cookie = first.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^kw_visitor=/);
    expect(await count()).toBe(1);

    const other = await call("/reviews", form({ intent: "helpful", reviewId: id }));
    expect(other.status).toBe(200);
    expect(await count()).toBe(2);

    const again = await call("/reviews", { ...form({ intent: "helpful", reviewId: id }), headers: { cookie } });
    expect(again.status).toBe(200);
    expect(await count()).toBe(1);
  });

  it("answers 404, not 500, for helpful on a missing review", async () => {
    const res = await call("/reviews", form({ intent: "helpful", reviewId: "999999" }));
    expect(res.status).toBe(404);
  });

  it("rate-limits review posts per client", { timeout: 30_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await call("/reviews", {
        ...form({ ...validReview, name: `Flood ${i}` }),
        headers: { "cf-connecting-ip": "203.0.113.77" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
  });
});

describe("help and contact", () => {
  it("stores a help request and mails it to the support outbox", async () => {
    const subject = "Publishing fails on my phone";
    const res = await call(
      "/help",
      form({
        name: "Robin",
        email: "robin@example.org",
        subject,
        message: "The publish button does nothing on Android.",
      }),
    );
    expect(res.status).toBe(200);
    const stored = await env.DB.prepare("SELECT source FROM help_request WHERE subject = ?").bind(subject).first();
    expect(stored?.source).toBe("help");
    const mail = await env.DB.prepare('SELECT "to", kind, text FROM outbox WHERE subject LIKE ?')
      .bind(`%${subject}`)
      .first<{ to: string; kind: string; text: string }>();
    expect(mail?.to).toBe("support@knowwho.app");
    expect(mail?.kind).toBe("support");
    expect(mail?.text).toContain("robin@example.org");
  });

  it("answers 400 with field messages on the contact form and keeps the typed values", async () => {
    const res = await call("/contact", form({ name: "Robin", email: "bad", subject: "Hi", message: "short" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Message must be at least 10 characters");
    expect(html).toContain('value="Robin"');
  });
});

describe("search engines and docs", () => {
  it("serves a sitemap built from the route table and content", async () => {
    await env.DB.prepare(
      "INSERT OR IGNORE INTO campaign (id, title, description, organization, organizer_name, location, category, status, goal, start_date, end_date, mission, impact, extended_description, listed) VALUES ('draft-one', 'Draft', 'd', 'o', 'n', 'l', 'arts', 'draft', 100, '2026-01-01', '2026-02-01', 'm', 'i', 'e', 1), ('live-one', 'Live', 'd', 'o', 'n', 'l', 'arts', 'active', 100, '2026-01-01', '2027-02-01', 'm', 'i', 'e', 1), ('unlisted-one', 'Unlisted', 'd', 'o', 'n', 'l', 'arts', 'active', 100, '2026-01-01', '2027-02-01', 'm', 'i', 'e', 0)",
    ).run();
    const res = await call("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    for (const path of [
      "/pricing",
      "/guides/event-hubs",
      "/docs/event-management",
      "/updates/event-hubs",
      "/fundraising/live-one",
    ]) {
      expect(xml).toContain(`<loc>http://localhost${path}</loc>`);
    }
    expect(xml).not.toContain("draft-one");
    // A campaign whose owner chose not to be listed is reached only by its own link.
    expect(xml).not.toContain("unlisted-one");
    expect(xml).not.toContain("/dashboard");
  });

  it("gives each page its title, canonical URL, Open Graph and Twitter tags, and nonce-bound structured data", async () => {
    const res = await call("/pricing?ref=newsletter");
    const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    const html = await res.text();
    expect(html).toContain("<title>Pricing | KnowWho</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost/pricing"/>');
    expect(html).toContain('property="og:image" content="http://localhost/og-image.png"');
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
    expect(html).toContain('"price":"7.99","priceCurrency":"USD"');
    expect(await (await call("/")).text()).toContain('"@type":"Organization"');
  });

  it("serves robots.txt pointing at the sitemap", async () => {
    const text = await (await call("/robots.txt")).text();
    expect(text).toContain("Sitemap: http://localhost/sitemap.xml");
    expect(text).toContain("Disallow: /dev/");
  });

  it("redirects an unknown doc id to the integration doc", async () => {
    const res = await call("/docs/not-a-doc");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/docs/krystal-integration");
    expect((await call("/docs/event-management")).status).toBe(200);
  });

  it("answers 404 for unknown guides, updates, events and campaigns", async () => {
    for (const path of ["/guides/nope", "/updates/nope", "/events/nope", "/fundraising/nope"]) {
      expect((await call(path)).status, path).toBe(404);
    }
  });

  it("shows public sample events at /events/{id} to anyone, and keeps numbered events private", async () => {
    const sample = await call("/events/nonprofit-tech-summit");
    expect(sample.status).toBe(200);
    expect(await sample.text()).toContain("Nonprofit Tech Summit");
    expect((await call("/events/1")).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("caps campaign progress at 100 percent", async () => {
    await env.DB.prepare(
      "INSERT OR IGNORE INTO campaign (id, title, description, organization, organizer_name, location, category, status, goal, amount_raised, start_date, end_date, mission, impact, extended_description) VALUES ('over-goal', 'Over Goal', 'd', 'o', 'n', 'l', 'arts', 'active', 100, 250, '2026-01-01', '2027-02-01', 'm', 'i', 'e')",
    ).run();
    const html = await (await call("/fundraising/over-goal")).text();
    expect(html).toContain('aria-valuenow="100"');
    expect(html).toContain("width:100%");
  });
});
