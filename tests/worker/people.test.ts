import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, json, signUp } from "./helpers";

/** Signs up an owner with a published card at /c/{slug}. */
async function publishedCard(slug: string, fields: Record<string, string> = {}) {
  const owner = await signUp("Ann Lee");
  const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
  const id = Number(created.headers.get("location")?.split("/").pop());
  // A card needs a way to reach its owner before it can be published.
  const values = {
    label: "Work",
    name: "Ann Lee",
    template: "classic",
    colour: "#4f46e5",
    website: "https://ann.example.org",
    // The visitor's optional questions this card asks (the editor's checkboxes).
    "shareFields[0]": "company",
    "shareFields[1]": "title",
    "shareFields[2]": "note",
    ...fields,
  };
  await call(`/card/${id}`, { ...form({ intent: "save", ...values }), headers: { cookie: owner.cookie } });
  const published = await call(`/card/${id}`, {
    ...form({ intent: "publish", slug }),
    headers: { cookie: owner.cookie },
  });
  expect(published.status).toBe(302);
  return owner;
}

const share = (slug: string, values: Record<string, string>, ip: string) =>
  call(`/c/${slug}/share`, { ...form(values), headers: { accept: "application/json", "cf-connecting-ip": ip } });

const people = (email: string) =>
  env.DB.prepare(
    "select c.id, c.name, c.email, c.phone, c.notes, c.tags from connection c join user u on u.id = c.user_id where u.email = ? order by c.id",
  )
    .bind(email)
    .all<{ id: number; name: string; email: string | null; phone: string | null; notes: string | null; tags: string }>()
    .then((r) => r.results);

const points = (id: number) =>
  env.DB.prepare("select kind, value from contact_point where connection_id = ? order by id")
    .bind(id)
    .all<{ kind: string; value: string }>()
    .then((r) => r.results);

/** Imports a file the way the page does: a preview kept server-side, then a confirm by its id. */
async function upload(cookie: string, text: string, filename: string, extra: Record<string, string>) {
  const body = new FormData();
  body.set("file", new File([text], filename, { type: "text/plain" }));
  body.set("intent", "preview");
  const preview = await call("/connections/import.data", { method: "POST", body, headers: { cookie } });
  const id = (await preview.text()).match(/"([0-9a-f]{32})"/)?.[1] ?? "";
  const confirm = new URLSearchParams({ ...extra, preview: id });
  return call("/connections/import.data", { method: "POST", body: confirm, headers: { cookie } });
}

describe("the people core", () => {
  it("finds one person after the same person comes through every path", { timeout: 30_000 }, async () => {
    const owner = await publishedCard("core-every-path");
    const cookie = owner.cookie;
    // Share-back from the owner's card.
    expect(
      (
        await share(
          "core-every-path",
          { name: "Tomás Reyes", email: "tomas@reyes.example", phone: "+1 415 555 0101", consent: "on" },
          "198.51.100.61",
        )
      ).status,
    ).toBe(200);
    // Quick add, a QR capture by phone only, and the offline replay of that capture.
    const quick = await call(
      "/api/capture",
      json({ name: "tomas", email: "TOMAS@reyes.example", source: "quick" }, cookie),
    );
    expect(quick.status).toBe(200);
    const qr = {
      clientId: "offline-capture-0001",
      name: "T. Reyes",
      phone: "(415) 555-0101",
      notes: "Wants a demo",
      source: "qr",
    };
    expect((await call("/api/capture", json(qr, cookie))).status).toBe(200);
    expect((await call("/api/capture", json(qr, cookie))).status).toBe(200);
    // Saving Tomás's own card (another account's published card with the same email).
    const tomas = await publishedCard("core-tomas", {
      name: "Tomás Reyes",
      email: "tomas@reyes.example",
      phone: "+1 415 555 0199",
    });
    const saved = await call("/api/cards/core-tomas/save", {
      method: "POST",
      headers: { cookie, origin: "http://localhost" },
    });
    expect(saved.status).toBe(200);
    // Adding by hand asks first, then attaches.
    const [person] = await people(owner.email);
    const byHand = { name: "Tomas Reyes", email: "tomas@reyes.example", phone: "+44 20 7946 0958" };
    const asked = await call("/connections/new", { ...form(byHand), headers: { cookie } });
    expect(asked.status).toBe(409);
    await call("/connections/new", { ...form({ ...byHand, resolve: `merge:${person?.id}` }), headers: { cookie } });
    // Import (writes through the batch) with a new email for the same phone.
    const csv = "Name,Email,Phone\nTomás Reyes,t.reyes@work.example,+1 415 555 0101\n";
    const imported = await upload(cookie, csv, "people.csv", { intent: "import", duplicates: "merge" });
    expect([200, 202, 302]).toContain(imported.status);

    const all = await people(owner.email);
    expect(all).toHaveLength(1);
    expect(all[0]?.name).toBe("Tomás Reyes");
    const held = (await points(all[0]?.id ?? 0)).map((p) => p.value);
    expect(held).toEqual(
      expect.arrayContaining([
        "tomas@reyes.example",
        "t.reyes@work.example",
        "+14155550101",
        "+14155550199",
        "+442079460958",
      ]),
    );
    expect(JSON.parse(all[0]?.tags ?? "[]")).toEqual(
      expect.arrayContaining(["Shared", "Quick add", "Scanned", "Saved Contact", "Imported"]),
    );
    // The other account's Tomás is untouched by any of this.
    expect((await people(tomas.email)).length).toBe(0);
    const history = await env.DB.prepare("select kind, source from person_history where connection_id = ? order by id")
      .bind(all[0]?.id)
      .all<{ kind: string; source: string }>();
    expect(history.results.map((h) => h.source)).toEqual(["share", "scan", "scan", "saved", "manual", "import"]);
  });

  it("leaves one person and one notification after 20 simultaneous share-backs", { timeout: 30_000 }, async () => {
    const owner = await publishedCard("core-burst");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        share(
          "core-burst",
          {
            name: "Burst Person",
            email: "burst@example.org",
            // Each a different phone, so each is a share of its own (identical ones are one share: below).
            phone: `+1 415 555 0${100 + i}`,
            consent: "on",
          },
          `203.0.113.${100 + i}`,
        ),
      ),
    );
    // The venue policy lets one person share a few times a minute; the rest are refused with 429.
    const stored = answers.filter((a) => a.status === 200).length;
    expect(stored).toBeGreaterThanOrEqual(2);
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    const all = await people(owner.email);
    expect(all).toHaveLength(1);
    const counts = await env.DB.prepare(
      `select (select count(*) from notification n join user u on u.id = n.user_id where u.email = ?1) as notifications,
              (select count(*) from shared_contacts s join user u on u.id = s.recipient_user_id where u.email = ?1) as shares`,
    )
      .bind(owner.email)
      .first();
    expect(counts).toEqual({ notifications: 1, shares: stored });
  });

  it("stores a share-back sent again (a flaky connection, a double tap) once, even at the same moment", async () => {
    const owner = await publishedCard("core-resend");
    const same = { name: "Rita Resend", email: "rita@x.example", phone: "+1 415 555 0150", consent: "on" };
    const first = await Promise.all([
      share("core-resend", same, "198.51.100.81"),
      share("core-resend", same, "198.51.100.82"),
    ]);
    const again = await share("core-resend", { ...same, name: "rita resend " }, "198.51.100.83");
    expect([...first, again].map((a) => a.status)).toEqual([200, 200, 200]);
    const counts = await env.DB.prepare(
      `select (select count(*) from notification n join user u on u.id = n.user_id where u.email = ?1) as notifications,
              (select count(*) from shared_contacts s join user u on u.id = s.recipient_user_id where u.email = ?1) as shares,
              (select count(*) from connection c join user u on u.id = c.user_id where u.email = ?1) as people`,
    )
      .bind(owner.email)
      .first();
    expect(counts).toEqual({ notifications: 1, shares: 1, people: 1 });
    // Something new is a new share.
    await share("core-resend", { ...same, consent: "" }, "198.51.100.84");
    expect(
      (
        await env.DB.prepare(
          "select count(*) as n from shared_contacts s join user u on u.id = s.recipient_user_id where u.email = ?",
        )
          .bind(owner.email)
          .first()
      )?.n,
    ).toBe(2);
  });

  it("never renames or blanks the owner's person on a repeat share-back, and keeps consent per share", async () => {
    const owner = await publishedCard("core-repeat");
    await share(
      "core-repeat",
      { name: "Tomás Reyes", email: "tomas@x.example", phone: "+1 415 555 0104", consent: "on" },
      "198.51.100.71",
    );
    await share(
      "core-repeat",
      { name: "Tomas", email: "tomas@x.example", company: "Reyes Co", note: "Talked about grants" },
      "198.51.100.72",
    );
    const [p] = await people(owner.email);
    expect(p).toMatchObject({ name: "Tomás Reyes", phone: "+14155550104" });
    expect(p?.notes).toContain("Talked about grants");
    expect(p?.notes ?? "").not.toContain("Agreed to be contacted");
    const consents = await env.DB.prepare("select consent from shared_contacts where connection_id = ? order by id")
      .bind(p?.id)
      .all<{ consent: number }>();
    expect(consents.results.map((c) => c.consent)).toEqual([1, 0]);
    const page = await (await call(`/connections/${p?.id}`, { headers: { cookie: owner.cookie } })).text();
    // Each share is its own exchange record with what was ticked; neither lets the owner mail them.
    expect(page).toContain("may contact me about what we discussed.”");
    expect(page.match(/Exchange details: yes/g)).toHaveLength(2);
    expect(page).toContain("You may not email them: they have not agreed to hear from you by email.");
  });

  it("merges after the preview, keeping everything, and undoes it exactly; another account can do neither", async () => {
    const a = await signUp();
    const b = await signUp();
    const add = (values: Record<string, string>) =>
      call("/connections/new", { ...form({ resolve: "new", ...values }), headers: { cookie: a.cookie } });
    await add({ name: "Dana Whitfield", email: "dana@harbor.org", company: "Harbor", notes: "Gala", tags: "Donor" });
    await add({
      name: "Dana Whitfield",
      email: "dana.w@home.example",
      phone: "+1 503 555 0177",
      title: "Director",
      tags: "Board",
    });
    const [one, two] = (await people(a.email)).map((p) => p.id);
    await call(`/connections/${two}`, {
      ...form({ intent: "remind", preset: "24h", type: "Call" }),
      headers: { cookie: a.cookie },
    });
    const preview = await call(`/connections/merge?id=${one}&id=${two}`, { headers: { cookie: a.cookie } });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("dana.w@home.example");
    expect(html).toContain("Director");

    const body = new URLSearchParams([
      ["id", String(one)],
      ["id", String(two)],
      ["primary", String(one)],
      ["pick-title", String(two)],
    ]);
    expect((await call("/connections/merge", { method: "POST", body, headers: { cookie: b.cookie } })).status).toBe(
      404,
    );
    const merged = await call("/connections/merge", { method: "POST", body, headers: { cookie: a.cookie } });
    expect(merged.headers.get("location")).toBe(`/connections/${one}`);
    const after = await people(a.email);
    expect(after).toHaveLength(1);
    expect(after[0]?.notes).toBe("Gala");
    expect(JSON.parse(after[0]?.tags ?? "[]")).toEqual(["Donor", "Board"]);
    expect((await points(one ?? 0)).map((p) => p.value)).toEqual(
      expect.arrayContaining(["dana@harbor.org", "dana.w@home.example", "+15035550177"]),
    );
    const title = await env.DB.prepare("select title from connection where id = ?").bind(one).first();
    expect(title).toEqual({ title: "Director" });
    const reminderOwner = await env.DB.prepare(
      "select connection_id as id from reminder where user_id = (select id from user where email = ?)",
    )
      .bind(a.email)
      .first();
    expect(reminderOwner).toEqual({ id: one });

    const mergeId = (
      await env.DB.prepare("select id from person_merge where primary_id = ?").bind(one).first<{ id: number }>()
    )?.id;
    const undo = (cookie: string) =>
      call(`/connections/${one}`, { ...form({ intent: "undo-merge", mergeId: String(mergeId) }), headers: { cookie } });
    expect((await undo(b.cookie)).status).toBe(404);
    expect(await people(a.email)).toHaveLength(1);
    expect((await undo(a.cookie)).status).toBe(302);
    const restored = await people(a.email);
    expect(restored.map((p) => p.id)).toEqual([one, two]);
    expect((await points(one ?? 0)).map((p) => p.value)).toEqual(["dana@harbor.org"]);
    expect((await points(two ?? 0)).map((p) => p.value)).toEqual(["dana.w@home.example", "+15035550177"]);
    const back = await env.DB.prepare("select id, title, tags from connection where id in (?, ?) order by id")
      .bind(one, two)
      .all();
    expect(back.results).toEqual([
      { id: one, title: null, tags: '["Donor"]' },
      { id: two, title: "Director", tags: '["Board"]' },
    ]);
    expect(
      await env.DB.prepare(
        "select connection_id as id from reminder where user_id = (select id from user where email = ?)",
      )
        .bind(a.email)
        .first(),
    ).toEqual({ id: two });
    // Undone once: a second undo changes nothing.
    await undo(a.cookie);
    expect(await people(a.email)).toHaveLength(2);
  });

  it("changes and exports 150 chosen people (D1 binds at most 100 parameters)", { timeout: 30_000 }, async () => {
    const a = await signUp();
    const csv = ["Name,Email", ...Array.from({ length: 150 }, (_, i) => `Person ${i},p${i}@bulk.example`)].join("\n");
    await upload(a.cookie, csv, "bulk.csv", { intent: "import", duplicates: "merge" });
    const ids = (await people(a.email)).map((p) => p.id);
    expect(ids).toHaveLength(150);
    const bulk = await call("/connections", {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "bulk"],
        ["change", "priority:high"],
        ...ids.map((id) => ["id", String(id)]),
      ]),
      headers: { cookie: a.cookie },
    });
    expect(bulk.status).toBe(302);
    const high = await env.DB.prepare(
      "select count(*) as n from connection c join user u on u.id = c.user_id where u.email = ? and c.priority = 'high'",
    )
      .bind(a.email)
      .first();
    expect(high).toEqual({ n: 150 });
    const exported = await call(`/api/connections/export?format=csv&ids=${ids.join(",")}`, {
      headers: { cookie: a.cookie },
    });
    expect(exported.status).toBe(200);
    expect((await exported.text()).split("\n").filter((l) => l.includes("@bulk.example"))).toHaveLength(150);
  });
});
