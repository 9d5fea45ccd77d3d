import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, json, signUp } from "./helpers";

const EVENT = {
  title: "Riverside Gala",
  description: "Annual fundraising dinner",
  date: "2030-05-01",
  time: "7:00 PM",
  location: "Portland, OR",
  type: "in-person",
  attendeeCount: "250",
};

async function createEvent(cookie: string, values: Record<string, string> = {}) {
  const res = await call("/events/new", { ...form({ ...EVENT, ...values }), headers: { cookie } });
  expect(res.status).toBe(302);
  const id = Number(res.headers.get("location")?.split("/").pop());
  expect(id).toBeGreaterThan(0);
  return id;
}

const post = (cookie: string, path: string, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie } });

const activeIds = async (email: string) =>
  (
    await env.DB.prepare("select e.id from event e join user u on u.id = e.user_id where u.email = ? and e.active = 1")
      .bind(email)
      .all<{ id: number }>()
  ).results.map((r) => r.id);

describe("events", () => {
  it("validates the form with field messages and keeps https links only", async () => {
    const a = await signUp();
    const bad = await call("/events/new.data", {
      ...form({ title: "", date: "tomorrow", type: "virtual", url: "javascript:alert(1)", attendeeCount: "-4" }),
      headers: { cookie: a.cookie },
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    for (const message of [
      "Title is required",
      "Enter the date as YYYY-MM-DD",
      "Links must start with https://",
      "Attendees is a whole number from 0 to 1,000,000",
    ])
      expect(text).toContain(message);
    expect(await env.DB.prepare("select count(*) as n from event where title = ''").first("n")).toBe(0);

    // Titles are unique per owner (the report finds people by "Met at"), but not across owners.
    const first = await createEvent(a.cookie, { title: "Spring Mixer" });
    const again = await call("/events/new.data", {
      ...form({ ...EVENT, title: "spring mixer" }),
      headers: { cookie: a.cookie },
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("You already have an event with this title");
    expect((await post(a.cookie, `/events/${first}/edit`, { ...EVENT, title: "Spring Mixer" })).status).toBe(302);
    await createEvent((await signUp()).cookie, { title: "Spring Mixer" });
  });

  it("are their owner's alone: another account cannot read, change, activate or delete them", async () => {
    const a = await signUp("Owner A");
    const b = await signUp("Owner B");
    const id = await createEvent(a.cookie, { title: "Private Board Dinner" });
    expect((await call(`/events/${id}`, { headers: { cookie: a.cookie } })).status).toBe(200);
    const other = await call(`/events/${id}`, { headers: { cookie: b.cookie } });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("Private Board Dinner");
    expect(await (await call("/events", { headers: { cookie: b.cookie } })).text()).not.toContain(
      "Private Board Dinner",
    );
    expect((await call(`/events/${id}/edit`, { headers: { cookie: b.cookie } })).status).toBe(404);
    expect((await call(`/events/${id}/report`, { headers: { cookie: b.cookie } })).status).toBe(404);
    expect((await post(b.cookie, `/events/${id}/edit`, { ...EVENT, title: "Hijacked" })).status).toBe(404);
    expect((await post(b.cookie, `/events/${id}`, { intent: "toggle-active" })).status).toBe(404);
    expect((await post(b.cookie, `/events/${id}`, { intent: "delete", confirmed: "yes" })).status).toBe(404);
    expect((await post(b.cookie, `/events/${id}`, { intent: "generate-plan", goals: "x" })).status).toBe(404);
    const row = await env.DB.prepare("select title, active from event where id = ?").bind(id).first();
    expect(row).toEqual({ title: "Private Board Dinner", active: 0 });
    // Signed out: sent to sign in.
    expect((await call(`/events/${id}`)).headers.get("location")).toMatch(/^\/auth/);
    expect((await call("/events")).headers.get("location")).toMatch(/^\/auth/);
  });

  it("keeps one active event per owner: pressing again deactivates, another replaces", async () => {
    const a = await signUp();
    const b = await signUp();
    const first = await createEvent(a.cookie, { title: "First" });
    const second = await createEvent(a.cookie, { title: "Second" });
    const theirs = await createEvent(b.cookie, { title: "Theirs" });
    await post(b.cookie, `/events/${theirs}`, { intent: "toggle-active" });

    expect((await post(a.cookie, `/events/${first}`, { intent: "toggle-active" })).status).toBe(302);
    expect(await activeIds(a.email)).toEqual([first]);
    await post(a.cookie, `/events/${second}`, { intent: "toggle-active" });
    expect(await activeIds(a.email)).toEqual([second]);
    await post(a.cookie, `/events/${second}`, { intent: "toggle-active" });
    expect(await activeIds(a.email)).toEqual([]);
    // The other account's active event was never touched.
    expect(await activeIds(b.email)).toEqual([theirs]);

    await post(a.cookie, `/events/${first}`, { intent: "toggle-active" });
    const page = await (await call("/connections", { headers: { cookie: a.cookie } })).text();
    expect(page).toContain("Active event:");
    expect(page).toContain(`href="/events/${first}"`);
  });

  it("tags captures with the active event, and not another owner's", async () => {
    const a = await signUp();
    const b = await signUp();
    const id = await createEvent(a.cookie, { title: "Harbor Summit" });
    await post(a.cookie, `/events/${id}`, { intent: "toggle-active" });
    await call("/api/capture", json({ name: "Tagged Person", email: "tag@x.org", source: "quick" }, a.cookie));
    await call("/api/capture", json({ name: "Untagged Person", source: "quick" }, b.cookie));
    const rows = await env.DB.prepare("select name, event_name, tags from connection where name like '%Person'").all<{
      name: string;
      event_name: string | null;
      tags: string;
    }>();
    const tagged = rows.results.find((r) => r.name === "Tagged Person");
    expect(tagged?.event_name).toBe("Harbor Summit");
    expect(JSON.parse(tagged?.tags ?? "[]")).toContain("Harbor Summit");
    expect(rows.results.find((r) => r.name === "Untagged Person")?.event_name).toBeNull();

    // Renaming the event keeps the people met there with it, by "Met at" and by tag.
    await post(a.cookie, `/events/${id}/edit`, { ...EVENT, title: "Harbor Summit 2030" });
    const renamed = await env.DB.prepare("select event_name, tags from connection where name = 'Tagged Person'").first<{
      event_name: string;
      tags: string;
    }>();
    expect(renamed?.event_name).toBe("Harbor Summit 2030");
    expect(JSON.parse(renamed?.tags ?? "[]")).toEqual(["Quick add", "Harbor Summit 2030"]);
  });

  it("keeps the event a capture was made at when it syncs later, and only the owner's own events", async () => {
    const a = await signUp();
    const b = await signUp();
    await createEvent(a.cookie, { title: "Offline Gala" });
    await createEvent(b.cookie, { title: "Their Fair" });
    const later = await createEvent(a.cookie, { title: "Later Meetup" });
    await post(a.cookie, `/events/${later}`, { intent: "toggle-active" });
    const sync = (name: string, eventName: string | null) =>
      call("/api/capture", json({ name, source: "quick", eventName }, a.cookie));
    for (const [name, at] of [
      ["Met Offline", "Offline Gala"],
      ["Met Nowhere", null],
      ["Forged Event", "Their Fair"],
    ] as const)
      expect((await sync(name, at)).status).toBe(201);
    const metAt = async (name: string) =>
      env.DB.prepare("select event_name from connection where name = ?").bind(name).first("event_name");
    expect(await metAt("Met Offline")).toBe("Offline Gala");
    expect(await metAt("Met Nowhere")).toBeNull();
    expect(await metAt("Forged Event")).toBe("Later Meetup");
  });

  it("reports someone known before and met again at the active event, and fits a long title in the tag", async () => {
    const a = await signUp();
    const title = `The ${"Very ".repeat(12)}Long Annual Community Foundation Gala`;
    await call("/api/capture", json({ name: "Old Friend", email: "old@x.org", source: "quick" }, a.cookie));
    const id = await createEvent(a.cookie, { title });
    await post(a.cookie, `/events/${id}`, { intent: "toggle-active" });
    const again = await call("/api/capture", json({ name: "Old Friend", email: "old@x.org", source: "qr" }, a.cookie));
    expect((await again.json<{ mergedInto: { name: string } }>()).mergedInto.name).toBe("Old Friend");
    const html = await (await call(`/events/${id}/report`, { headers: { cookie: a.cookie } })).text();
    expect(html).toContain("Old Friend");
    const tags = await env.DB.prepare("select tags from connection where email = 'old@x.org'").first<string>("tags");
    expect(JSON.parse(tags ?? "[]")).toContain(title);
  });

  it("tags share-backs with the active event and names it on the visitor card page", async () => {
    const owner = await signUp("Cara Event");
    const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
    const cardId = Number(created.headers.get("location")?.split("/").pop());
    const cardValues = {
      intent: "save",
      name: "Cara Event",
      email: "cara@x.org",
      label: "Work",
      template: "classic",
      colour: "#4f46e5",
    };
    await post(owner.cookie, `/card/${cardId}`, cardValues);
    await post(owner.cookie, `/card/${cardId}`, { intent: "publish", slug: "cara-event" });
    expect(await (await call("/c/cara-event")).text()).not.toContain("Meeting at");

    const id = await createEvent(owner.cookie, { title: "Dockside Mixer" });
    await post(owner.cookie, `/events/${id}`, { intent: "toggle-active" });
    expect(await (await call("/c/cara-event")).text()).toMatch(/Meeting at (<!-- -->)?Dockside Mixer/);
    const shared = await call("/c/cara-event/share", {
      ...form({ name: "Visitor Vee", email: "vee@x.org" }),
      headers: { accept: "application/json", "cf-connecting-ip": "198.51.100.61" },
    });
    expect(shared.status).toBe(200);
    const row = await env.DB.prepare(
      "select c.event_name, c.tags, s.event_name as shared_event from connection c join shared_contacts s on s.connection_id = c.id where c.name = 'Visitor Vee'",
    ).first<{ event_name: string; tags: string; shared_event: string }>();
    expect(row?.event_name).toBe("Dockside Mixer");
    expect(row?.shared_event).toBe("Dockside Mixer");
    expect(JSON.parse(row?.tags ?? "[]")).toContain("Dockside Mixer");

    // Deactivated: the banner goes and new share-backs are not tagged.
    await post(owner.cookie, `/events/${id}`, { intent: "toggle-active" });
    expect(await (await call("/c/cara-event")).text()).not.toContain("Meeting at");
  });

  it("imports an attendee CSV row by row, then generates, edits and saves the plan", async () => {
    const a = await signUp("Plan Owner");
    await call("/api/capture", json({ name: "Nia Sponsor", title: "Head of Sponsorships", source: "quick" }, a.cookie));
    const id = await createEvent(a.cookie, { title: "Sponsor Expo" });
    const upload = (csv: string) => {
      const body = new FormData();
      body.set("intent", "import-attendees");
      body.set("attendees", new File([csv], "attendees.csv", { type: "text/csv" }));
      return call(`/events/${id}.data`, { method: "POST", body, headers: { cookie: a.cookie } });
    };
    const csv = [
      "Name,Title,Company,Email",
      "Omar Grant,Sponsorship Manager,Delta Bank,omar@delta.example",
      ",No Name,Nowhere,none@x.org",
      "Bad Mail,Director,Acme,not-an-email",
      "Omar Grant,Sponsorship Manager,Delta Bank,omar@delta.example",
      `${"x".repeat(200)},Title,Co,`,
    ].join("\n");
    const imported = await upload(csv);
    expect(imported.status).toBe(200);
    const report = await imported.text();
    expect(report).toContain("Name is missing");
    expect(report).toContain("not a valid email address");
    expect(report).toContain("Omar Grant is already in the list");
    expect(report).toContain("A value is longer than 120 characters");
    const stored = await env.DB.prepare("select attendees from event where id = ?")
      .bind(id)
      .first<{ attendees: string }>();
    expect(JSON.parse(stored?.attendees ?? "[]")).toEqual([
      { name: "Omar Grant", title: "Sponsorship Manager", company: "Delta Bank", email: "omar@delta.example" },
    ]);
    expect((await upload("Title,Company\nCEO,Acme")).status).toBe(400);
    expect((await upload(`Name\n${"a\n".repeat(600)}`)).status).toBe(400);
    expect((await upload("x".repeat(250_000))).status).toBe(400);

    expect(
      (await post(a.cookie, `/events/${id}`, { intent: "generate-plan", goals: "Meet sponsorship leads" })).status,
    ).toBe(302);
    const planned = await env.DB.prepare("select plan from event where id = ?").bind(id).first<{ plan: string }>();
    const plan = JSON.parse(planned?.plan ?? "{}");
    expect(plan.engine).toBe("built-in");
    expect(plan.goals).toEqual(["Meet sponsorship leads"]);
    expect(plan.targets.map((t: { name: string; source: string }) => [t.name, t.source])).toEqual(
      expect.arrayContaining([
        ["Omar Grant", "attendees"],
        ["Nia Sponsor", "network"],
      ]),
    );
    const hub = await (await call(`/events/${id}`, { headers: { cookie: a.cookie } })).text();
    expect(hub).toContain("Generated by the built-in assistant");

    const bad = await call(`/events/${id}.data`, {
      ...form({ intent: "save-plan", goals: "", targets: "no colon here", talkingPoints: "Hi", checklist: "Go" }),
      headers: { cookie: a.cookie },
    });
    expect(bad.status).toBe(400);
    const badText = await bad.text();
    expect(badText).toContain("Add at least one line to goals");
    expect(badText).toContain("Write each target as");
    const saved = await post(a.cookie, `/events/${id}`, {
      intent: "save-plan",
      goals: "Meet sponsorship leads\nFind a venue partner",
      targets: "Omar Grant: runs Delta Bank's sponsorships\nNew Person: met online",
      talkingPoints: "Ask about next year's budget",
      checklist: "Print badges",
    });
    expect(saved.status).toBe(302);
    const edited = JSON.parse(
      (await env.DB.prepare("select plan from event where id = ?").bind(id).first<{ plan: string }>())?.plan ?? "{}",
    );
    expect(edited).toMatchObject({
      goals: ["Meet sponsorship leads", "Find a venue partner"],
      targets: [
        { name: "Omar Grant", reason: "runs Delta Bank's sponsorships", source: "attendees" },
        { name: "New Person", reason: "met online", source: "network" },
      ],
      edited: true,
      engine: "built-in",
    });
  });

  it("reports the people met with leads ranked, and sets reminders only for the owner's own contacts", async () => {
    const a = await signUp("Report Owner");
    const b = await signUp();
    const id = await createEvent(a.cookie, { title: "Report Fair" });
    await post(a.cookie, `/events/${id}`, { intent: "toggle-active" });
    await call("/api/capture", json({ name: "Low Lead", email: "low@x.org", source: "quick" }, a.cookie));
    await call("/api/capture", json({ name: "Top Lead", email: "top@x.org", source: "quick" }, a.cookie));
    await env.DB.prepare("update connection set priority = 'high', strength = 80 where name = 'Top Lead'").run();
    await env.DB.prepare("update connection set priority = 'low' where name = 'Low Lead'").run();
    await call("/api/capture", json({ name: "Elsewhere", source: "quick" }, b.cookie));

    const html = await (await call(`/events/${id}/report`, { headers: { cookie: a.cookie } })).text();
    expect(html).toContain('role="img"');
    expect(html.indexOf("Top Lead")).toBeLessThan(html.indexOf("Low Lead"));
    expect(html).toContain("High priority");
    expect(html).toContain("Relationship strength 80/100");
    expect(html).toContain("mailto:top@x.org?subject=Great%20meeting%20you%20at%20Report%20Fair");
    expect(html).not.toContain("Elsewhere");

    const ids = await env.DB.prepare("select id, name from connection where name in ('Top Lead', 'Elsewhere')").all<{
      id: number;
      name: string;
    }>();
    const top = ids.results.find((r) => r.name === "Top Lead")?.id ?? 0;
    const theirs = ids.results.find((r) => r.name === "Elsewhere")?.id ?? 0;
    expect((await post(a.cookie, `/events/${id}/report`, { intent: "remind", connectionId: String(top) })).status).toBe(
      302,
    );
    expect(
      (await post(a.cookie, `/events/${id}/report`, { intent: "remind", connectionId: String(theirs) })).status,
    ).toBe(404);
    expect((await post(b.cookie, `/events/${id}/report`, { intent: "remind", connectionId: String(top) })).status).toBe(
      404,
    );
    const reminders = await env.DB.prepare(
      "select connection_id, type, notes from reminder where connection_id in (?, ?)",
    )
      .bind(top, theirs)
      .all();
    expect(reminders.results).toEqual([{ connection_id: top, type: "Email", notes: "Follow up after Report Fair" }]);
  });
});
