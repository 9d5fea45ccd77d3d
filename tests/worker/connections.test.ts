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

  it("pages by name through names in any script: the cursor carries them, the next page follows", async () => {
    const a = await signUp();
    const owner = await env.DB.prepare("select id from user where email = ?").bind(a.email).first<{ id: string }>();
    // A page and one more, every name outside Latin-1 (Polish, Chinese), so a page ends on one of them.
    const names = Array.from({ length: 26 }, (_, i) => `${i % 2 ? "李" : "Łukasz"} ${String(i).padStart(2, "0")}`);
    await env.DB.batch(
      names.map((name) => env.DB.prepare("insert into connection (user_id, name) values (?, ?)").bind(owner?.id, name)),
    );
    const first = await call("/connections?sort=name", { headers: { cookie: a.cookie } });
    expect(first.status).toBe(200);
    const html = await first.text();
    const next = /href="(\/connections\?[^"]*after=[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toBeTruthy();
    const second = await (await call(next as string, { headers: { cookie: a.cookie } })).text();
    expect(second).toContain("李 25");
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
    // Outlook's English template (issue 42), the owner's people only.
    const outlook = await call("/api/connections/export?format=outlook", { headers: { cookie: a.cookie } });
    expect(outlook.headers.get("content-disposition")).toContain("connections-outlook-");
    const outlookCsv = await outlook.text();
    expect(outlookCsv.replace(/^\uFEFF/, "").startsWith('"Title","First Name","Middle Name","Last Name"')).toBe(true);
    expect(outlookCsv).toContain('"Eve","","Formula"');
    expect(outlookCsv).not.toContain("Other Owner");
    const vcf = await (await call("/api/connections/export?format=vcf", { headers: { cookie: a.cookie } })).text();
    expect(vcf).toContain("FN:Eve Formula");
    expect(vcf).toMatch(/^UID:[0-9a-f-]{36}\r$/m);
    for (const format of ["csv", "google", "hubspot", "outlook", "xlsx", "vcf", "vcf4"]) {
      const res = await call(`/api/connections/export?format=${format}`, { headers: { cookie: a.cookie } });
      expect(res.status, format).toBe(200);
      expect(res.headers.get("cache-control"), format).toBe("no-store");
    }
    const xlsx = await call("/api/connections/export?format=xlsx", { headers: { cookie: a.cookie } });
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    // 150 ids: more than D1 binds in one statement.
    const many = Array.from({ length: 150 }, (_, i) => i + 1).join(",");
    expect(
      (await call(`/api/connections/export?format=csv&ids=${many}`, { headers: { cookie: a.cookie } })).status,
    ).toBe(200);
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
      call("/connections", {
        method: "POST",
        body: new URLSearchParams([["intent", "bulk"], ...values]),
        headers: { cookie: a.cookie },
      });
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

const idsOf = async (email: string) =>
  (
    await env.DB.prepare(
      "select c.id from connection c join user u on u.id = c.user_id where u.email = ? order by c.id",
    )
      .bind(email)
      .all<{ id: number }>()
  ).results.map((r) => r.id);

describe("adding by hand and merging duplicates", () => {
  const add = (values: Record<string, string>, cookie: string) =>
    call("/connections/new", { method: "POST", body: new URLSearchParams(values), headers: { cookie } });

  it("enriches what it can without a network and keeps typed values on a bad field", async () => {
    const a = await signUp();
    const bad = await add({ name: "Dana Ortiz", email: "not-an-email", notes: "Met at the gala" }, a.cookie);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Met at the gala");
    expect(await idsOf(a.email)).toEqual([]);

    const ok = await add(
      { name: "dana ortiz", email: "Dana@Acme-Foundation.org", phone: "(312) 555-0147", priority: "urgent" },
      a.cookie,
    );
    expect(ok.status).toBe(302);
    const [id] = await idsOf(a.email);
    expect(ok.headers.get("location")).toBe(`/connections/${id}`);
    const row = await env.DB.prepare(
      "select name, email, phone, company, website, priority, source from connection where id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({
      // Names are stored as written: re-casing turned names such as "de la Cruz" or "logo" into something else.
      name: "dana ortiz",
      email: "dana@acme-foundation.org",
      phone: "+13125550147",
      // A company and website read off the email are guesses: offered, not stored.
      company: null,
      website: null,
      priority: "medium",
      source: "manual",
    });
    const page = await (await call(`/connections/${id}`, { headers: { cookie: a.cookie } })).text();
    expect(page).toContain("Accept suggestion");
    expect(page).toContain("https://acme-foundation.org");
  });

  it("stops on the same email or phone until the owner merges or saves as new, keeping every note and tag", async () => {
    const a = await signUp();
    await add({ name: "Sam Lee", email: "sam@example.org", tags: "Donor", notes: "First note" }, a.cookie);
    const [first] = await idsOf(a.email);

    const again = await add(
      { name: "Samuel Lee", email: "SAM@example.org", tags: "Board", notes: "Second note" },
      a.cookie,
    );
    expect(again.status).toBe(409);
    const warning = await again.text();
    expect(warning).toContain("Already in your network");
    expect(warning).toContain(`merge:${first}`);
    expect(warning).toContain("Second note");
    expect(await idsOf(a.email)).toHaveLength(1);

    const merged = await add(
      { name: "Samuel Lee", email: "SAM@example.org", tags: "Board", notes: "Second note", resolve: `merge:${first}` },
      a.cookie,
    );
    expect(merged.headers.get("location")).toBe(`/connections/${first}`);
    expect(await idsOf(a.email)).toEqual([first]);
    const row = await env.DB.prepare("select name, notes, tags from connection where id = ?").bind(first).first();
    expect(row).toEqual({ name: "Sam Lee", notes: "First note\n\nSecond note", tags: '["Donor","Board"]' });

    // A phone written differently is the same number after normalisation, and one number is one person.
    await add({ name: "Phone One", phone: "+1 312 555 0100" }, a.cookie);
    expect((await add({ name: "Phone Two", phone: "(312) 555-0100" }, a.cookie)).status).toBe(409);
    expect((await add({ name: "Phone Two", phone: "(312) 555-0100", resolve: "new" }, a.cookie)).status).toBe(409);
    expect(await idsOf(a.email)).toHaveLength(2);
  });

  it("merges selected connections into the first one met, moving follow-ups, and never touches another account", async () => {
    const a = await signUp();
    const b = await signUp();
    await add({ name: "Kim Park", email: "kim@example.org", notes: "Likes data", tags: "Grants" }, a.cookie);
    await add(
      { name: "Kim Park", phone: "+1 415 555 0199", notes: "Board member", tags: "Board", resolve: "new" },
      a.cookie,
    );
    await add({ name: "Theirs", email: "theirs@example.org" }, b.cookie);
    const [kim1, kim2] = await idsOf(a.email);
    const [theirs] = await idsOf(b.email);
    await call(`/connections/${kim2}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "remind", preset: "24h", type: "Call" }),
      headers: { cookie: a.cookie },
    });
    const bulk = (cookie: string, ids: number[]) =>
      call("/connections", {
        method: "POST",
        body: new URLSearchParams([["intent", "merge"], ...ids.map((id) => ["id", String(id)])]),
        headers: { cookie },
      });
    const confirm = (cookie: string, ids: number[], primary: number) =>
      call("/connections/merge", {
        method: "POST",
        body: new URLSearchParams([["primary", String(primary)], ...ids.map((id) => ["id", String(id)])]),
        headers: { cookie },
      });

    // "Merge selected" only opens the preview; nothing is merged until the owner confirms there.
    const preview = await bulk(a.cookie, [kim2 ?? 0, kim1 ?? 0]);
    expect(preview.headers.get("location")).toBe(`/connections/merge?id=${kim2}&id=${kim1}`);
    expect(await idsOf(a.email)).toEqual([kim1, kim2]);
    expect((await call(`/connections/merge?id=${kim1}&id=${kim2}`, { headers: { cookie: b.cookie } })).status).toBe(
      404,
    );
    expect((await confirm(b.cookie, [kim1 ?? 0, kim2 ?? 0], kim1 ?? 0)).status).toBe(404);
    expect((await confirm(b.cookie, [theirs ?? 0, kim1 ?? 0], theirs ?? 0)).status).toBe(404);
    expect(await idsOf(a.email)).toEqual([kim1, kim2]);
    expect(await idsOf(b.email)).toEqual([theirs]);

    const res = await confirm(a.cookie, [kim2 ?? 0, kim1 ?? 0], kim1 ?? 0);
    expect(res.headers.get("location")).toBe(`/connections/${kim1}`);
    expect(await idsOf(a.email)).toEqual([kim1]);
    const row = await env.DB.prepare("select email, phone, notes, tags from connection where id = ?")
      .bind(kim1)
      .first();
    expect(row).toEqual({
      email: "kim@example.org",
      phone: "+14155550199",
      notes: "Likes data\n\nBoard member",
      tags: '["Grants","Board"]',
    });
    const reminder = await env.DB.prepare("select connection_id as id from reminder where connection_id = ?")
      .bind(kim1)
      .first();
    expect(reminder).toEqual({ id: kim1 });
  });

  it("flags a name that differs only by case or accents as a possible duplicate, the owner's rows only", async () => {
    const a = await signUp();
    const b = await signUp();
    await add({ name: "Rae Oné", email: "rae@example.org", notes: "one" }, a.cookie);
    expect((await add({ name: "RAE ONE", email: "rae.two@example.org", notes: "two" }, a.cookie)).status).toBe(409);
    await add({ name: "RAE ONE", email: "rae.two@example.org", notes: "two", resolve: "new" }, a.cookie);
    await add({ name: "Rae One", email: "rae@example.org" }, b.cookie);
    const [one, two] = await idsOf(a.email);
    const page = await (await call(`/connections/${one}`, { headers: { cookie: a.cookie } })).text();
    expect(page).toContain("Possible duplicates");
    expect(page).toContain(`/connections/merge?id=${one}&amp;id=${two}`);
    const dupes = await (await call("/connections/duplicates", { headers: { cookie: a.cookie } })).text();
    expect(dupes).toContain("Rae Oné");
    expect(dupes).toContain("rae.two@example.org");
    const theirs = await (await call("/connections/duplicates", { headers: { cookie: b.cookie } })).text();
    expect(theirs).toContain("No possible duplicates");
  });
});

describe("exporting a selection and all my data", () => {
  it("exports the checked rows only, refuses an empty selection, and downloads the account as JSON", async () => {
    const a = await signUp();
    const b = await signUp();
    for (const name of ["Pick Me", "Leave Me"]) await call("/api/capture", json({ name }, a.cookie));
    await call("/api/capture", json({ name: "Other Account Person" }, b.cookie));
    const [pick] = await idsOf(a.email);
    const [theirs] = await idsOf(b.email);
    const csv = await (
      await call(`/api/connections/export?format=csv&selection=1&id=${pick}&id=${theirs}`, {
        headers: { cookie: a.cookie },
      })
    ).text();
    expect(csv).toContain("Pick Me");
    expect(csv).not.toContain("Leave Me");
    expect(csv).not.toContain("Other Account Person");
    expect(
      (await call("/api/connections/export?format=csv&selection=1", { headers: { cookie: a.cookie } })).status,
    ).toBe(400);

    await call("/settings", {
      method: "POST",
      body: new URLSearchParams({ intent: "feed" }),
      headers: { cookie: a.cookie },
    });
    const res = await call("/api/account/export", { headers: { cookie: a.cookie } });
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="knowwho-data-/);
    const text = await res.text();
    const all = JSON.parse(text);
    expect(all.profile.email).toBe(a.email);
    expect(all.connections.map((c: { name: string }) => c.name).sort()).toEqual(["Leave Me", "Pick Me"]);
    expect(text).not.toContain("Other Account Person");
    expect(text).not.toContain("calendarTokenHash");
    expect(text).not.toContain("password");
    expect((await call("/api/account/export")).status).toBe(401);
  });
});
