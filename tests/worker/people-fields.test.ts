import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, importFile, json, signUp } from "./helpers";

describe("what a person holds", () => {
  it("keeps LinkedIn's Position as the title and Connected On as a dated history line, and exports it back", async () => {
    const a = await signUp("LinkedIn Owner");
    const tag = crypto.randomUUID().slice(0, 8);
    const csv = [
      "Notes:",
      '"When exporting your connection data, you may notice that some of the email addresses are missing."',
      "",
      "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
      `Priya,Shah,https://www.linkedin.com/in/priya-${tag},priya-${tag}@example.org,Harbor Trust,Head of Giving,14 Mar 2024`,
      `Omar,Farouk,https://www.linkedin.com/in/omar-${tag},,Acme,Engineer,sometime last spring`,
      "",
    ].join("\n");
    const preview = (await importFile(a.cookie, csv, "Connections.csv")).previewText;
    // What cannot be read as a date is said in the preview, not dropped silently.
    expect(preview).toContain('Connected On \\"sometime last spring\\" is not a date; left out');
    const priya = await env.DB.prepare("select id, title, company from connection where email = ?")
      .bind(`priya-${tag}@example.org`)
      .first<{ id: number; title: string; company: string }>();
    expect(priya).toMatchObject({ title: "Head of Giving", company: "Harbor Trust" });
    const line = await env.DB.prepare(
      "select detail, created_at from person_history where connection_id = ? and kind = 'connected'",
    )
      .bind(priya?.id)
      .first<{ detail: string; created_at: number }>();
    expect(new Date(line?.created_at ?? 0).toISOString().slice(0, 10)).toBe("2024-03-14");

    const page = await (await call(`/connections/${priya?.id}`, { headers: { cookie: a.cookie } })).text();
    expect(page).toContain("Connected (as the imported file says)");
    const exported = await (await call("/api/connections/export?format=csv", { headers: { cookie: a.cookie } })).text();
    const [header, ...rows] = exported.replace(/^\uFEFF/, "").split(/\r?\n/);
    const column =
      header
        ?.split(",")
        .map((h) => h.replace(/"/g, ""))
        .indexOf("Connected On") ?? -1;
    expect(column).toBeGreaterThan(-1);
    expect(
      rows
        .find((r) => r.includes(`priya-${tag}`))
        ?.split(",")
        [column]?.replace(/"/g, ""),
    ).toBe("2024-03-14");

    // Importing the same file again does not add a second line.
    await importFile(a.cookie, csv, "Connections.csv");
    const lines = await env.DB.prepare(
      "select count(*) as n from person_history where connection_id = ? and kind = 'connected'",
    )
      .bind(priya?.id)
      .first<{ n: number }>();
    expect(lines?.n).toBe(1);
  });

  it("has a role the owner sets on the person page, and history lines with formatted phones", async () => {
    const a = await signUp("Role Owner");
    const email = `role-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const res = await call("/api/capture", json({ source: "quick", name: "Ada Role", email }, a.cookie));
    const { id } = (await res.json()) as { id: number };
    await call("/api/capture", json({ source: "quick", name: "Ada Role", email, phone: "+1 503 555 0177" }, a.cookie));
    const saved = await call(`/connections/${id}`, {
      ...form({
        intent: "save",
        name: "Ada Role",
        email,
        phone: "+15035550177",
        role: "Board member",
        priority: "medium",
        status: "Active",
      }),
      headers: { cookie: a.cookie },
    });
    expect(saved.status).toBe(302);
    const row = await env.DB.prepare("select role from connection where id = ?").bind(id).first<{ role: string }>();
    expect(row?.role).toBe("Board member");
    const page = await (await call(`/connections/${id}`, { headers: { cookie: a.cookie } })).text();
    expect(page).toContain('value="Board member"');
    expect(page).toContain("added (503) 555-0177");
    expect(page).not.toContain("added +15035550177");
  });

  it("checks captures with the shared field rules, in the same words, keeping what was typed", async () => {
    const a = await signUp("Capture Owner");
    const typed = {
      source: "quick",
      name: "Ines Capture",
      email: "ines@",
      website: "ines.example.org",
      linkedin: "x.com/ines",
    };
    const refused = await call("/capture", { ...form(typed), headers: { cookie: a.cookie } });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Use a linkedin.com profile link");
    expect(html).toContain('value="ines.example.org"');
    expect(html).toContain('value="x.com/ines"');
    // The API the offline queue replays to answers the same.
    const api = await call("/api/capture", json({ ...typed, email: "ines@example.org" }, a.cookie));
    expect(api.status).toBe(400);
    expect(JSON.stringify(await api.json())).toContain("Use a linkedin.com profile link");

    // A bare domain gets https://, as in every person form.
    const saved = await call("/capture", {
      ...form({ ...typed, email: "ines@example.org", linkedin: "linkedin.com/in/ines" }),
      headers: { cookie: a.cookie },
    });
    expect(saved.status).toBe(302);
    const row = await env.DB.prepare("select website, linkedin from connection where email = ?")
      .bind("ines@example.org")
      .first();
    expect(row).toEqual({ website: "https://ines.example.org", linkedin: "https://www.linkedin.com/in/ines" });
  });
});
