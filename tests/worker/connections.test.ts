import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, signUp } from "./helpers";

describe("connections", () => {
  it("are their owner's alone", async () => {
    const a = await signUp("Owner A");
    const b = await signUp("Owner B");
    await call(
      "/api/capture",
      json({ name: "Secret Contact", email: "secret@x.org", notes: "private note" }, a.cookie),
    );
    const id = (
      await env.DB.prepare("select c.id from connection c join user u on u.id = c.user_id where u.email = ?")
        .bind(a.email)
        .first<{ id: number }>()
    )?.id;
    expect((await call(`/connections/${id}`, { headers: { cookie: a.cookie } })).status).toBe(200);
    const other = await call(`/connections/${id}`, { headers: { cookie: b.cookie } });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("Secret Contact");
    const list = await (await call("/connections?q=secret", { headers: { cookie: b.cookie } })).text();
    expect(list).not.toContain("Secret Contact");
    expect((await call(`/connections/${id}`)).headers.get("location")).toMatch(/^\/auth/);
  });

  it("search treats wildcards as text and never fails on odd input", async () => {
    const a = await signUp();
    await call("/api/capture", json({ name: "Percent Person", notes: "100% committed" }, a.cookie));
    await call("/api/capture", json({ name: "Other Person", notes: "plain" }, a.cookie));
    const hit = await (
      await call(`/connections?q=${encodeURIComponent("100%")}`, { headers: { cookie: a.cookie } })
    ).text();
    expect(hit).toContain("Percent Person");
    expect(hit).not.toContain("Other Person");
    const wildcard = await (await call("/connections?q=%25", { headers: { cookie: a.cookie } })).text();
    expect(wildcard).not.toContain("Other Person");
    for (const q of ["'", '"', "\\", "_", "x".repeat(500)]) {
      expect(
        (await call(`/connections?q=${encodeURIComponent(q)}&page=-3`, { headers: { cookie: a.cookie } })).status,
      ).toBe(200);
    }
    expect((await call("/connections/abc", { headers: { cookie: a.cookie } })).status).toBe(404);
  });
});

describe("export", () => {
  it("neutralises formula cells in CSV and exports only the owner's rows", async () => {
    const a = await signUp();
    const b = await signUp();
    await call(
      "/api/capture",
      json({ name: "Eve Formula", company: '=HYPERLINK("http://x","click")', notes: "@SUM(A1)" }, a.cookie),
    );
    await call("/api/capture", json({ name: "Other Owner's Contact" }, b.cookie));
    const res = await call("/api/connections/export?format=csv", { headers: { cookie: a.cookie } });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const csv = await res.text();
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(csv).toContain(`"'@SUM(A1)"`);
    expect(csv).not.toContain("Other Owner");
    const hubspot = await (
      await call("/api/connections/export?format=hubspot", { headers: { cookie: a.cookie } })
    ).text();
    expect(hubspot.replace(/^\uFEFF/, "").startsWith('"First Name","Last Name","Email"')).toBe(true);
    const vcf = await (await call("/api/connections/export?format=vcf", { headers: { cookie: a.cookie } })).text();
    expect(vcf).toContain("FN:Eve Formula");
    expect((await call("/api/connections/export?format=xml", { headers: { cookie: a.cookie } })).status).toBe(400);
    expect((await call("/api/connections/export?format=csv")).status).toBe(401);
  });
});

describe("filters and bulk changes", () => {
  it("filter by tag, priority and status from the URL, and change only the owner's selected rows", async () => {
    const a = await signUp();
    const b = await signUp();
    for (const name of ["Ann One", "Bea Two", "Cy Three"]) await call("/api/capture", json({ name }, a.cookie));
    await call("/api/capture", json({ name: "Other Person" }, b.cookie));
    const ids = async (email: string) =>
      (
        await env.DB.prepare(
          "select c.id from connection c join user u on u.id = c.user_id where u.email = ? order by c.id",
        )
          .bind(email)
          .all<{ id: number }>()
      ).results.map((r) => r.id);
    const [ann, bea] = await ids(a.email);
    const [other] = await ids(b.email);
    const bulk = (values: [string, string][]) =>
      call("/connections", { method: "POST", body: new URLSearchParams(values), headers: { cookie: a.cookie } });
    await bulk([
      ["change", "priority:high"],
      ["id", String(ann)],
      ["id", String(bea)],
      ["id", String(other)],
    ]);
    await bulk([
      ["change", "add-tag"],
      ["tag", "VIP"],
      ["id", String(ann)],
      ["id", String(other)],
    ]);
    const otherRow = await env.DB.prepare("select priority, tags from connection where id = ?").bind(other).first();
    expect(otherRow).toEqual({ priority: "medium", tags: '["Quick add"]' });

    const page = async (query: string) =>
      (await call(`/connections?${query}`, { headers: { cookie: a.cookie } })).text();
    const high = await page("priority=high");
    expect(high).toContain("Ann One");
    expect(high).toContain("Bea Two");
    expect(high).not.toContain("Cy Three");
    const vip = await page("tag=VIP");
    expect(vip).toContain("Ann One");
    expect(vip).not.toContain("Bea Two");
    const sorted = await page("sort=name");
    expect(sorted.indexOf("Ann One")).toBeLessThan(sorted.indexOf("Cy Three"));
    for (const query of ["priority=urgent", "status=%3Cscript%3E", "from=yesterday", "tag=%27%22", "sort=drop"]) {
      expect((await call(`/connections?${query}`, { headers: { cookie: a.cookie } })).status).toBe(200);
    }
  });
});
