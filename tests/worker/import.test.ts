import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, signUp } from "./helpers";

const VCF = [
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Dana Whitfield",
  "EMAIL:DANA@harbor.org",
  "NOTE:Met at the gala",
  "CATEGORIES:Donor",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:2.1",
  "N:Ng;Kim",
  "TEL;CELL:(415) 555-2671",
  "EMAIL;INTERNET:kim@ng.example",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:4.0",
  "ORG:Nameless Inc",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Kim Again",
  "EMAIL:KIM@ng.example",
  "END:VCARD",
].join("\r\n");

function upload(cookie: string, text: string, filename: string, extra: Record<string, string>) {
  const body = new FormData();
  body.set("file", new File([text], filename, { type: "text/plain" }));
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  return call("/connections/import.data", { method: "POST", body, headers: { cookie } });
}

const network = (email: string) =>
  env.DB.prepare(
    "select c.name, c.email, c.phone, c.notes, c.tags, c.source from connection c join user u on u.id = c.user_id where u.email = ? order by c.id",
  )
    .bind(email)
    .all<{ name: string; email: string; phone: string; notes: string; tags: string; source: string }>();

describe("import", () => {
  it("previews without writing, then imports, merging duplicates and reporting skipped rows", async () => {
    const a = await signUp();
    await call(
      "/api/capture",
      json({ name: "Dana Whitfield", email: "dana@harbor.org", notes: "Board prospect" }, a.cookie),
    );
    const preview = await upload(a.cookie, VCF, "contacts.vcf", { intent: "preview" });
    expect(preview.status).toBe(200);
    const text = await preview.text();
    expect(text).toContain("No name or email");
    expect(text).toContain("Same person as row 2 in this file");
    expect((await network(a.email)).results).toHaveLength(1);

    const done = await upload(a.cookie, VCF, "contacts.vcf", { intent: "import", duplicates: "merge" });
    expect([200, 202]).toContain(done.status);
    const rows = (await network(a.email)).results;
    expect(rows.map((r) => r.name)).toEqual(["Dana Whitfield", "Kim Ng"]);
    expect(rows[0]?.notes).toBe("Board prospect\n\nMet at the gala");
    expect(JSON.parse(rows[0]?.tags ?? "[]")).toEqual(expect.arrayContaining(["Quick add", "Donor", "Imported"]));
    expect(rows[1]).toMatchObject({ phone: "+14155552671", source: "import" });
    const note = await env.DB.prepare(
      "select message from notification n join user u on u.id = n.user_id where u.email = ? and n.title = 'Import finished'",
    )
      .bind(a.email)
      .first<{ message: string }>();
    expect(note?.message).toBe("1 added, 1 merged, 2 skipped.");
  });

  it("maps CSV columns from a Google export, neutral to hostile cells, and refuses other files", async () => {
    const a = await signUp();
    const csv =
      'First Name,Last Name,E-mail 1 - Value,Organization Name,Notes\nAna,Lima,ana@x.org,"=cmd|\' /C calc\'!A0","<script>alert(1)</script>"\n,,,,\n';
    const res = await upload(a.cookie, csv, "google.csv", { intent: "import", duplicates: "skip" });
    expect([200, 202]).toContain(res.status);
    const rows = (await network(a.email)).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ana Lima", email: "ana@x.org", notes: "<script>alert(1)</script>" });
    const exported = await (await call("/api/connections/export?format=csv", { headers: { cookie: a.cookie } })).text();
    expect(exported).toContain(`"'=cmd|' /C calc'!A0"`);
    expect((await upload(a.cookie, "MZ\u0000binary", "virus.exe", { intent: "preview" })).status).toBe(400);
  });

  it("matches duplicates only against the importer's own network", async () => {
    const a = await signUp();
    const b = await signUp();
    await call(
      "/api/capture",
      json({ name: "Dana Whitfield", email: "dana@harbor.org", notes: "A's private note" }, a.cookie),
    );
    const preview = await (await upload(b.cookie, VCF, "contacts.vcf", { intent: "preview" })).text();
    expect(preview).not.toContain("A's private note");
    expect(preview).not.toMatch(/duplicateOf":\{/);
  });
});
