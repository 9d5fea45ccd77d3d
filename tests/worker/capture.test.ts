import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, json, signUp } from "./helpers";

const rows = (userEmail: string) =>
  env.DB.prepare(
    "select c.name, c.email, c.phone, c.source, c.tags, c.company from connection c join user u on u.id = c.user_id where u.email = ?",
  )
    .bind(userEmail)
    .all<{ name: string; email: string; phone: string; source: string; tags: string; company: string }>();

describe("capture", () => {
  it("requires a session", async () => {
    const res = await call("/api/capture", json({ name: "Ana" }));
    expect(res.status).toBe(401);
    expect((await call("/capture")).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("stores a replayed capture once, per owner", async () => {
    const a = await signUp();
    const b = await signUp();
    const capture = {
      clientId: "c0ffee00-1234-4abc-8def-000000000001",
      name: "DANA WHITFIELD",
      email: "Dana@Harbor.org",
      phone: "(415) 555-2671",
      source: "qr",
    };
    expect((await call("/api/capture", json(capture, a.cookie))).status).toBe(201);
    const replay = await call("/api/capture", json(capture, a.cookie));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ duplicate: true });
    // The same client id from another account is that account's own capture.
    expect((await call("/api/capture", json(capture, b.cookie))).status).toBe(201);

    const { results } = await rows(a.email);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      // Stored as written (issue 29): no re-casing of anyone's name.
      name: "DANA WHITFIELD",
      email: "dana@harbor.org",
      phone: "+14155552671",
      source: "scan",
      // Guessed from the email domain: offered on the person's page, never stored as given.
      company: null,
    });
    expect(JSON.parse(results[0]?.tags ?? "[]")).toEqual(["Scanned"]);
  });

  it("merges a capture of someone already in the network instead of adding them twice", async () => {
    const a = await signUp();
    const b = await signUp();
    const first = { name: "Rosa Diaz", email: "rosa@harbor.org", notes: "Met at the keynote", source: "quick" };
    const other = await call("/api/capture", json(first, b.cookie));
    expect(other.status).toBe(201);
    expect((await call("/api/capture", json(first, a.cookie))).status).toBe(201);
    const again = await call(
      "/api/capture",
      json(
        { name: "Rosa D.", email: "ROSA@harbor.org", phone: "415 555 0100", notes: "Wants a demo", source: "qr" },
        a.cookie,
      ),
    );
    expect(again.status).toBe(200);
    const answer = await again.json<{ mergedInto: { id: number; name: string } }>();
    expect(answer.mergedInto.name).toBe("Rosa Diaz");

    const { results } = await rows(a.email);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ name: "Rosa Diaz", phone: "+14155550100" });
    expect(JSON.parse(results[0]?.tags ?? "[]")).toEqual(["Quick add", "Scanned"]);
    const notes = await env.DB.prepare("select notes from connection where id = ?")
      .bind(answer.mergedInto.id)
      .first<{ notes: string }>();
    expect(notes?.notes).toBe("Met at the keynote\n\nWants a demo");
    // The other account's Rosa is untouched.
    expect((await rows(b.email)).results).toHaveLength(1);
    expect((await rows(b.email)).results[0]?.phone).toBeNull();
  });

  it("rejects bad input with field messages and never stores it", async () => {
    const a = await signUp();
    const bad = [
      {},
      { name: "x".repeat(500) },
      { email: "not-an-email" },
      { name: "Ok", website: "javascript:alert(1)" },
      { name: "Ok", clientId: "../../etc" },
      "just a string",
    ];
    for (const body of bad) {
      const res = await call("/api/capture", json(body, a.cookie));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const broken = await call("/api/capture", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json", cookie: a.cookie },
    });
    expect(broken.status).toBe(400);
    expect((await rows(a.email)).results).toHaveLength(0);
  });

  it("saves from the plain form, with the field message and typed values on error", async () => {
    const a = await signUp();
    const res = await call("/capture.data", {
      ...form({ name: "", email: "nope", company: "Harbor <b>Trust</b>" }),
      headers: { cookie: a.cookie },
    });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Please enter a valid email address");
    expect(body).toContain("Harbor <b>Trust</b>");
    const ok = await call("/capture.data", {
      ...form({ name: "Lee Park", email: "lee@park.org", source: "quick" }),
      headers: { cookie: a.cookie },
    });
    expect(ok.status).toBe(202);
    expect((await rows(a.email)).results.map((r) => r.name)).toEqual(["Lee Park"]);
  });

  it("the quick-add page saves on its own, comes back to itself, and draws no QR code", async () => {
    const a = await signUp();
    expect((await call("/capture/quick")).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const page = await call("/capture/quick", { headers: { cookie: a.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Quick add");
    expect(html).not.toContain("Scan a QR code");
    const refused = await call("/capture/quick", {
      ...form({ name: "", email: "nope", company: "Harbor <b>Trust</b>" }),
      headers: { cookie: a.cookie },
    });
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain("Please enter a valid email address");
    expect(body).toContain("Harbor &lt;b&gt;Trust&lt;/b&gt;");
    const ok = await call("/capture/quick", {
      ...form({ name: "Rae Okafor", email: "rae@okafor.org", source: "quick" }),
      headers: { cookie: a.cookie },
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/capture/quick");
    expect((await rows(a.email)).results.map((r) => r.name)).toEqual(["Rae Okafor"]);
  });
});
