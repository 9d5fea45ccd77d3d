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
      name: "Dana Whitfield",
      email: "dana@harbor.org",
      phone: "+14155552671",
      source: "scan",
      company: "Harbor",
    });
    expect(JSON.parse(results[0]?.tags ?? "[]")).toEqual(["Scanned"]);
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
});
