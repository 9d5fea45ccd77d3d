import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAppPassword } from "~/server/dav/app-passwords.server";
import { createDb } from "~/server/db/db.server";
import { call, confirmEmail, importFile, signUp } from "./helpers";

/** Contacts, part two: SIP, a second organisation and title, labels of the person's own, Outlook's Priority. */

const ADA = [
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Ada Lovelace",
  "N:Lovelace;Ada;;;",
  "ORG:Analytical Engines;Research",
  "TITLE:Mathematician",
  "ORG:Royal Society",
  "TITLE:Fellow",
  "IMPP;TYPE=WORK:sip:ada@voip.example",
  "X-SIP:888",
  "item1.EMAIL;TYPE=INTERNET:ada@gym.example",
  "item1.X-ABLabel:Gym <b>",
  "EMAIL;TYPE=INTERNET,WORK:ada@engines.example",
  "END:VCARD",
  "",
].join("\r\n");

const points = (email: string) =>
  env.DB.prepare(
    "select p.kind, p.label, p.value from contact_point p join user u on u.id = p.user_id where u.email = ? order by p.id",
  )
    .bind(email)
    .all<{ kind: string; label: string; value: string }>();

async function personId(email: string): Promise<number> {
  const row = await env.DB.prepare(
    "select c.id from connection c join user u on u.id = c.user_id where u.email = ? order by c.id limit 1",
  )
    .bind(email)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

const text = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());

describe("SIP addresses, further organisations and custom labels", () => {
  it("are stored as contact points, shown on the person page and carried by every export and CardDAV", async () => {
    const a = await signUp();
    const { result } = await importFile(a.cookie, ADA, "ada.vcf");
    expect(result.status).toBeLessThan(400);
    const stored = (await points(a.email)).results;
    expect(stored.filter((p) => p.kind === "sip").sort((x, y) => x.value.localeCompare(y.value))).toEqual([
      { kind: "sip", label: "other", value: "sip:888" },
      { kind: "sip", label: "work", value: "sip:ada@voip.example" },
    ]);
    expect(stored.filter((p) => p.kind === "role").map((p) => JSON.parse(p.value))).toEqual([
      { organization: "Royal Society", title: "Fellow" },
    ]);
    expect(stored.find((p) => p.value === "ada@gym.example")?.label).toBe("Gym <b>");
    const note = await env.DB.prepare(
      "select c.notes from connection c join user u on u.id = c.user_id where u.email = ?",
    )
      .bind(a.email)
      .first<{ notes: string | null }>();
    expect(note?.notes).toBeNull();

    const id = await personId(a.email);
    const page = await text(await call(`/connections/${id}`, { headers: { cookie: a.cookie } }));
    expect(page).toContain("sip:ada@voip.example");
    expect(page).toContain("Fellow, Royal Society");
    // The person's own label is shown as text, escaped, never as markup.
    expect(page).toContain("Gym &lt;b&gt;");
    expect(page).not.toContain("Gym <b>");

    for (const format of ["vcf", "vcf4"]) {
      const vcf = await text(await call(`/api/connections/export?format=${format}`, { headers: { cookie: a.cookie } }));
      expect(vcf, format).toMatch(/IMPP;TYPE=work:sip:ada@voip\.example/i);
      expect(vcf, format).toMatch(/\r\nIMPP[;A-Za-z=,0-9]*:sip:888\r\n/);
      expect(vcf, format).toMatch(/item\d+\.ORG:Royal Society\r\nitem\d+\.TITLE:Fellow/);
      expect(vcf, format).toMatch(/item\d+\.X-ABLabel:Gym <b>/);
    }
    for (const format of ["csv", "google"]) {
      const csv = await text(await call(`/api/connections/export?format=${format}`, { headers: { cookie: a.cookie } }));
      // Google knows no SIP column: there a SIP address is a custom field, which Google keeps (issue 42).
      expect(csv, format).toContain(format === "google" ? '"Custom Field 1 - Value"' : '"SIP 1 - Value"');
      if (format === "google") expect(csv).not.toContain('"SIP 1 - ');
      expect(csv, format).toContain('"sip:ada@voip.example"');
      expect(csv, format).toContain('"Organization 2 - Name"');
      expect(csv, format).toContain('"Royal Society"');
    }
    for (const format of ["csv", "google"])
      expect(
        await text(await call(`/api/connections/export?format=${format}`, { headers: { cookie: a.cookie } })),
        format,
      ).toMatch(/"(\* )?Gym <b>","ada@gym\.example"/);

    // CardDAV serves the same card (an app password signs in only for a confirmed address).
    await confirmEmail(a.cookie, a.email);
    const row = await env.DB.prepare("select id from user where email = ?").bind(a.email).first<{ id: string }>();
    const userId = row?.id ?? "";
    const password = (await createAppPassword(createDb(env.DB), userId, "Phone")) as string;
    const auth = `Basic ${btoa(`${a.email}:${password}`)}`;
    const listing = await (
      await call(`/dav/books/${encodeURIComponent(userId)}/people/`, {
        method: "PROPFIND",
        headers: { authorization: auth, depth: "1", "content-type": "application/xml" },
        body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
      })
    ).text();
    const href = listing.match(/<d:href>([^<]+\.vcf)<\/d:href>/)?.[1] ?? "";
    const card = await (await call(href, { headers: { authorization: auth } })).text();
    expect(card).toContain("IMPP;TYPE=WORK:sip:ada@voip.example");
    expect(card).toMatch(/item\d+\.TITLE:Fellow/);

    // Another account sees none of it.
    const b = await signUp();
    expect((await call(`/connections/${id}`, { headers: { cookie: b.cookie } })).status).toBe(404);
    expect(
      await text(await call("/api/connections/export?format=vcf", { headers: { cookie: b.cookie } })),
    ).not.toContain("sip:ada");
  });
});

describe("Outlook's Priority column", () => {
  it("is named in the preview as not kept and never becomes the person's priority", async () => {
    const a = await signUp();
    const csv = [
      "First Name,Last Name,E-mail Address,Business Phone,Priority",
      "Amara,Reyes,amara@reyes.example,+1 212 555 0199,High",
    ].join("\r\n");
    const { previewText, result } = await importFile(a.cookie, csv, "contacts.csv");
    expect(result.status).toBeLessThan(400);
    expect(previewText).toContain(
      `Column \\"Priority\\" is Outlook's email priority, not the person's priority; not kept`,
    );
    const row = await env.DB.prepare(
      "select c.priority from connection c join user u on u.id = c.user_id where u.email = ?",
    )
      .bind(a.email)
      .first<{ priority: string }>();
    expect(row?.priority).toBe("medium");
  });
});
