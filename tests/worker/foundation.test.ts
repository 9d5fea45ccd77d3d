import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form } from "./helpers";

describe("security baseline", () => {
  it("sends a nonce-bound CSP and the other headers on HTML", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=(self)");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("uses a fresh nonce for every request", async () => {
    const nonceOf = async () => (await call("/")).headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("refuses cross-origin form posts to actions and the API", async () => {
    for (const path of ["/newsletter", "/auth", "/api/health"]) {
      const res = await call(path, {
        ...form({ email_address: "a@b.co" }),
        headers: { origin: "https://evil.example" },
      });
      expect(res.status, path).toBe(403);
    }
    const fetchSite = await call("/newsletter", {
      ...form({ email_address: "a@b.co" }),
      headers: { origin: "", "sec-fetch-site": "cross-site" },
    });
    expect([403, 400]).toContain(fetchSite.status);
  });

  it("answers malformed input with 4xx, never 500", async () => {
    expect((await call("/%E0%A4%A")).status).toBe(400);
    expect(
      (
        await call("/newsletter", {
          method: "POST",
          body: "x".repeat(1_100_000),
          headers: { "content-type": "text/plain" },
        })
      ).status,
    ).toBe(413);
    expect(
      (await call("/newsletter", { method: "POST", body: "<x/>", headers: { "content-type": "application/xml" } }))
        .status,
    ).toBe(415);
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("a=".padEnd(1_200_000, "b")));
        controller.close();
      },
    });
    const streamed = await call("/newsletter", {
      method: "POST",
      body: chunked,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      // @ts-expect-error workerd accepts duplex for streamed bodies
      duplex: "half",
    });
    expect(streamed.status).toBe(413);
    const small = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email_address=streamed%40example.org&source=footer"));
        controller.close();
      },
    });
    const accepted = await call("/newsletter.data", {
      method: "POST",
      body: small,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      // @ts-expect-error workerd accepts duplex for streamed bodies
      duplex: "half",
    });
    expect(accepted.status).toBe(200);
    expect(
      (
        await call("/auth", {
          method: "POST",
          body: "%%%",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBeLessThan(500);
  });
});

describe("shell", () => {
  it("shows the landing page for an unknown path, answered 404 and noindex", async () => {
    const res = await call("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('name="robots" content="noindex"');
    expect(html).toContain("How It Works");
  });

  it("renders the error page with status and text, without a stack", async () => {
    const res = await call("/", form({ anything: "1" }));
    expect(res.status).toBe(405);
    const html = await res.text();
    expect(html).toContain("This page can&#x27;t do that");
    expect(html).toContain("Error 405");
    expect(html).not.toContain("Unexpected Application Error");
    expect(html).not.toMatch(/at \S+ \(/);
  });

  it("renders the theme from its cookie, defaulting to the system preference", async () => {
    expect(await (await call("/")).text()).toContain('data-theme="system"');
    expect(await (await call("/", { headers: { cookie: "theme=dark" } })).text()).toContain('data-theme="dark"');
    expect(await (await call("/", { headers: { cookie: "theme=<script>" } })).text()).toContain('data-theme="system"');
  });

  it("reports health from D1", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    expect((await call("/api/nope")).status).toBe(404);
  });
});

describe("newsletter double opt-in", () => {
  const subscribe = (email: string) =>
    call("/newsletter.data", form({ email_address: email, source: "footer", redirectTo: "/" }));

  it("keeps the subscriber pending, mails a confirmation and confirms with the token", async () => {
    const res = await subscribe("Reader@Example.org");
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("select status from newsletter_subscriber where email = ?")
      .bind("reader@example.org")
      .first<{ status: string }>();
    expect(row?.status).toBe("pending");
    const mail = await env.DB.prepare("select text from outbox where `to` = ? order by id desc")
      .bind("reader@example.org")
      .first<{ text: string }>();
    const token = mail?.text.match(/token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const confirm = await call("/newsletter/confirm.data", form({ token: token ?? "" }));
    expect(confirm.status).toBe(200);
    const after = await env.DB.prepare("select status from newsletter_subscriber where email = ?")
      .bind("reader@example.org")
      .first<{ status: string }>();
    expect(after?.status).toBe("confirmed");
    expect((await call("/newsletter/confirm.data", form({ token: token ?? "" }))).status).toBe(400);
  });

  it("answers an already-confirmed address exactly like a new one", async () => {
    const first = await (await subscribe("twice@example.org")).text();
    const again = await (await subscribe("twice@example.org")).text();
    expect(again).toBe(first);
  });

  it("rejects an invalid address with the field message and keeps the typed value", async () => {
    const res = await subscribe("not-an-email");
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Please enter a valid email address");
    expect(body).toContain("not-an-email");
  });
});
