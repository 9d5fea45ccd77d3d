import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { EMPTY_AUDIENCE } from "~/lib/mailings/rules";
import { createDb } from "~/server/db/db.server";
import { resolveAudience } from "~/server/mailings/audience.server";
import { call, confirmEmail, form, signUp, testAddress } from "./helpers";
import { joinSignedIn as joinAs } from "./organiser-helpers";

/** A local wall-clock time `days` from now, as the event form takes it. */
const local = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString().slice(0, 16);

const EVENT = {
  title: "Open Data Summit",
  description: "Two days on open data for nonprofits.",
  timeZone: "America/Chicago",
  type: "in-person",
  venue: "Navy Pier, Chicago",
  organiserName: "Civic Data Org",
};

type Owner = { cookie: string; email: string };

async function publish(owner: Owner, values: Record<string, string> = {}) {
  const res = await call("/organiser", {
    ...form({ ...EVENT, startsAt: local(-1), endsAt: local(2), ...values }),
    headers: { cookie: owner.cookie },
  });
  expect(res.status).toBe(302);
  const id = Number(res.headers.get("location")?.split("/").pop());
  const row = await env.DB.prepare("select slug from org_event where id = ?").bind(id).first<{ slug: string }>();
  if (!row) throw new Error("event not stored");
  return { id, slug: row.slug };
}

const visitorJoin = (slug: string, values: Record<string, string>, ip = testAddress()) =>
  call(`/e/${slug}`, { ...form(values), headers: { "cf-connecting-ip": ip } });

async function passOf(email: string) {
  const mail = await env.DB.prepare("select text from outbox where `to` = ? and kind = 'event-pass' order by id desc")
    .bind(email)
    .first<{ text: string }>();
  const token = mail?.text.match(/\/pass\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no pass mailed to ${email}`);
  return token;
}

/** A signed-up person joined to the event (organiser-helpers.ts), landing on its directory. */
async function joinSignedIn(slug: string, name: string, extra: Parameters<typeof joinAs>[2] = {}) {
  const person = await joinAs(slug, name, extra);
  expect(person.joinedAt).toBe(`/e/${slug}/directory`);
  return person;
}

const attendee = (slug: string, email: string) =>
  env.DB.prepare(
    "select a.* from org_attendee a join org_event e on e.id = a.event_id where e.slug = ? and a.email = ?",
  )
    .bind(slug, email.toLowerCase())
    .first<{ id: number; badge_code: string; pass_token: string; user_id: string | null; listed: number }>();

/** The link a pass's QR carries, read from the pass page as a scanner reads it off the screen. */
async function badgeLink(slug: string, email: string) {
  const target = await attendee(slug, email);
  const page = await (await call(`/pass/${target?.pass_token}`)).text();
  const link = page.match(/data-badge-link[^>]*>https?:\/\/[^/]+(\/e\/[^<]+)</)?.[1];
  if (!link) throw new Error(`no badge link on ${email}'s pass`);
  return link;
}

const scan = async (cookie: string, slug: string, email: string, body: Record<string, string> = {}) =>
  call(await badgeLink(slug, email), { ...form(body), headers: { cookie } });

const peopleOf = (email: string) =>
  env.DB.prepare(
    "select c.name, c.tags, c.event_name from connection c join user u on u.id = c.user_id where u.email = ? order by c.id",
  )
    .bind(email)
    .all<{ name: string; tags: string; event_name: string | null }>()
    .then((r) => r.results);

describe("publishing an organiser event", () => {
  it("refuses a bad form with each message beside its field", async () => {
    const owner = await signUp();
    const res = await call("/organiser.data", {
      ...form({ title: "", startsAt: "tomorrow", endsAt: local(1), timeZone: "Mars/Olympus", organiserName: "X" }),
      headers: { cookie: owner.cookie },
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("Title is required");
    expect(text).toContain("Enter the start date and time");
    expect(text).toContain("Choose a time zone from the list");
    const ends = await call("/organiser.data", {
      ...form({ ...EVENT, startsAt: local(2), endsAt: local(1), capacity: "-3" }),
      headers: { cookie: owner.cookie },
    });
    expect(ends.status).toBe(400);
    const t2 = await ends.text();
    expect(t2).toContain("The end must be after the start");
    expect(t2).toContain("Capacity must be a whole number from 1 to 100000");
  });

  it("serves a small public page without script, with status, count and share QR, from the edge cache", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner, { title: `<script>alert(1)</script> Summit` });
    const first = await call(`/e/${slug}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(new TextEncoder().encode(html).length).toBeLessThan(15_000);
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Summit");
    expect(html).toMatch(/class="badge active"[^>]*>Active</);
    expect(html).toContain("Scan QR");
    expect(html).toContain('data-attendees="0"');
    expect(html).toContain(`/e/${slug}/qr.svg`);
    expect(html).toContain("Organised by Civic Data Org");
    // A first visit finds the icon named, and search results a description from the event's own details.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    const description = html.match(/<meta name="description" content="([^"]*)"\/>/)?.[1];
    expect(description).toContain("In person event organised by Civic Data Org");
    expect(description).toContain("Navy Pier, Chicago. Two days on open data for nonprofits.");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    // The copy is stored after the response (waitUntil); once the pool has settled it, the next read is a hit.
    await waitForGlobalWaitUntil();
    const second = await call(`/e/${slug}`);
    expect(second.headers.get("x-edge-cache")).toBe("HIT");
    const qr = await call(`/e/${slug}/qr.svg`);
    expect(qr.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("stops offering the join form on the cached page once the last place is taken", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner, { capacity: "1" });
    expect(await (await call(`/e/${slug}`)).text()).toContain(`action="/e/${slug}"`);
    await waitForGlobalWaitUntil();
    const joined = await visitorJoin(slug, { name: "Last Place", email: `last-${crypto.randomUUID()}@example.org` });
    expect(joined.status).toBe(303);
    await waitForGlobalWaitUntil();
    const page = await (await call(`/e/${slug}`)).text();
    expect(page).toContain("This event is full.");
    expect(page).not.toContain(`action="/e/${slug}"`);
  });

  it("shows the event's link to share as its whole address", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const page = await (await call(`/e/${slug}`)).text();
    expect(page).toContain(`<a href="http://localhost/e/${slug}">http://localhost/e/${slug}</a>`);
  });

  it("shows upcoming with Prepare and past with View Details, from the event's own dates", async () => {
    const owner = await signUp();
    const soon = await publish(owner, { startsAt: local(5), endsAt: local(6) });
    const done = await publish(owner, { startsAt: local(-6), endsAt: local(-5) });
    const upcoming = await (await call(`/e/${soon.slug}`)).text();
    expect(upcoming).toMatch(/class="badge upcoming"[^>]*>Upcoming</);
    expect(upcoming).toContain(">Prepare</a>");
    const past = await (await call(`/e/${done.slug}`)).text();
    expect(past).toMatch(/class="badge past"[^>]*>Past</);
    expect(past).toContain("View Details");
    expect(past).toContain("This event has ended, so it no longer takes attendees.");
  });

  it("answers an unknown event with a clear page and a way home", async () => {
    const res = await call("/e/no-such-event-zz");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Event not found");
    expect(html).toContain('href="/"');
  });

  it("lists a published event on the landing page and sends /events/{slug} to its page", async () => {
    const owner = await signUp();
    // Started before every other open event the file publishes (a day ago), so it is among the landing's
    // four soonest whichever tests ran first.
    const { slug } = await publish(owner, {
      title: `Landing Fair ${crypto.randomUUID().slice(0, 6)}`,
      startsAt: local(-3),
    });
    const home = await (await call("/", { headers: { cookie: owner.cookie } })).text();
    expect(home).toContain(`/e/${slug}`);
    const moved = await call(`/events/${slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/e/${slug}`);
  });
});

describe("joining", () => {
  it("joins a visitor without JavaScript, mails the pass, and joining twice keeps one attendee", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const email = `Visitor-${crypto.randomUUID().slice(0, 8)}@Example.org`;
    const res = await visitorJoin(slug, { name: "Vera Visitor", email, company: "Riverbend", listed: "on" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/e/${slug}/joined`);
    const token = await passOf(email.toLowerCase());
    const pass = await call(`/pass/${token}`);
    expect(pass.status).toBe(200);
    const html = await pass.text();
    expect(html).toContain("Vera Visitor");
    expect(html).toContain("<svg");
    expect(pass.headers.get("cache-control")).toContain("no-store");
    // The token stays on this site, and the pass's forms still carry their Origin (no-referrer sends "null").
    expect(pass.headers.get("referrer-policy")).toBe("same-origin");

    const again = await visitorJoin(slug, { name: "Vera V", email: email.toUpperCase() });
    expect(again.status).toBe(303);
    const rows = await env.DB.prepare(
      "select count(*) as n from org_attendee a join org_event e on e.id = a.event_id where e.slug = ?",
    )
      .bind(slug)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    const consent = await env.DB.prepare("select listed, shown, created_at from org_consent where email = ?")
      .bind(email.toLowerCase())
      .all<{ listed: number; shown: string; created_at: number }>();
    expect(consent.results).toHaveLength(1);
    expect(consent.results[0]?.listed).toBe(1);
    expect(consent.results[0]?.shown).toContain("List me in this event's attendee directory");
    expect(consent.results[0]?.created_at).toBeGreaterThan(0);
  });

  it("refuses bad input with the specification's words beside the field and keeps what was typed", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const res = await visitorJoin(slug, { name: "<b>Bo</b>", email: "not-an-email", company: "Acme & Co" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain('value="&lt;b&gt;Bo&lt;/b&gt;"');
    expect(html).toContain('value="Acme &amp; Co"');
    const short = await visitorJoin(slug, { name: "B", email: "b@example.org" });
    expect(await short.text()).toContain("Name must be at least 2 characters");
    const malformed = await call(`/e/${slug}`, {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json", "cf-connecting-ip": testAddress() },
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });

  it("says beside each field when it is too long, keeping every typed value, on the join form and the pass", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const company = "C".repeat(130);
    const interests = "i".repeat(350);
    const res = await visitorJoin(slug, { name: "Long Fields", email: "long@example.org", company, interests });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="j-company-err"[^>]*>Must be at most 120 characters</);
    expect(html).toMatch(/id="j-interests-err"[^>]*>Must be at most 300 characters</);
    expect(html).toContain(`value="${company}"`);
    expect(html).toContain(`value="${interests}"`);
    const longName = await (await visitorJoin(slug, { name: "N".repeat(140), email: "n@example.org" })).text();
    expect(longName).toMatch(/id="j-name-err"[^>]*>Name must be at most 100 characters</);
    expect(longName).not.toContain("at least 2");

    const email = `settings-${crypto.randomUUID()}@example.org`;
    await visitorJoin(slug, { name: "Sam Settings", email, listed: "on" });
    const token = await passOf(email);
    const goals = "g".repeat(600);
    const saved = await call(`/pass/${token}`, {
      ...form({ intent: "settings", visibility: "exchanged", interests, goals }),
    });
    expect(saved.status).toBe(400);
    expect(saved.headers.get("content-type")).toContain("text/html");
    const pass = await saved.text();
    expect(pass).toMatch(/id="p-interests-err"[^>]*>Must be at most 300 characters</);
    expect(pass).toMatch(/id="p-goals-err"[^>]*>Must be at most 500 characters</);
    expect(pass).toContain(`value="${interests}"`);
    expect(pass).toContain(`value="${goals}"`);
    expect(pass).toMatch(/<input type="radio" name="visibility" checked="" value="exchanged"\/>/);
    expect((await attendee(slug, email))?.listed).toBe(1);
  });

  it("says plainly when an event is full or closed", async () => {
    const owner = await signUp();
    const { id, slug } = await publish(owner, { capacity: "1" });
    expect((await visitorJoin(slug, { name: "First One", email: `f-${crypto.randomUUID()}@example.org` })).status).toBe(
      303,
    );
    const full = await visitorJoin(slug, { name: "Second One", email: `s-${crypto.randomUUID()}@example.org` });
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("This event is full.");
    const other = await publish(owner);
    const closed = await call(`/organiser/${other.id}`, {
      ...form({ intent: "close" }),
      headers: { cookie: owner.cookie },
    });
    expect(closed.status).toBe(302);
    const page = await (await call(`/e/${other.slug}`)).text();
    expect(page).toContain("This event is closed to new attendees.");
    const refused = await visitorJoin(other.slug, {
      name: "Late Comer",
      email: `l-${crypto.randomUUID()}@example.org`,
    });
    expect(refused.status).toBe(409);
    expect(id).toBeGreaterThan(0);
  });

  it("answers a full event alike for an attendee's address and a stranger's", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner, { capacity: "1" });
    const known = `k-${crypto.randomUUID()}@example.org`;
    expect((await visitorJoin(slug, { name: "Known One", email: known })).status).toBe(303);
    const mails = async () =>
      (
        await env.DB.prepare("select count(*) as n from outbox where `to` = ? and kind = 'event-pass'")
          .bind(known)
          .first<{ n: number }>()
      )?.n;
    const before = await mails();
    const attendeeAnswer = await visitorJoin(slug, { name: "Known One", email: known });
    const strangerAnswer = await visitorJoin(slug, {
      name: "Known One",
      email: `s-${crypto.randomUUID()}@example.org`,
    });
    expect(attendeeAnswer.status).toBe(409);
    expect(strangerAnswer.status).toBe(409);
    expect(attendeeAnswer.headers.get("location")).toBeNull();
    const [a, b] = [await attendeeAnswer.text(), await strangerAnswer.text()];
    expect(a).toContain("This event is full.");
    expect(b).toContain("This event is full.");
    // The pages differ only by the address typed into the form.
    const scrub = (html: string) => html.replace(/value="[^"]*@example\.org"/g, "");
    expect(scrub(a)).toBe(scrub(b));
    await waitForGlobalWaitUntil();
    expect(await mails()).toBe(before);
  });

  it("mails a known address its pass once an hour however often it joins", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const emails = Array.from({ length: 10 }, (_, i) => `often-${i}-${crypto.randomUUID().slice(0, 6)}@example.org`);
    const passMails = async (to: string[]) =>
      (
        await env.DB.prepare(
          `select count(*) as n from outbox where kind = 'event-pass' and \`to\` in (${to.map(() => "?").join(",")})`,
        )
          .bind(...to)
          .first<{ n: number }>()
      )?.n;
    for (let round = 0; round < 5; round++) {
      // Before the last round, an hour passes for the first address: a person who lost the mail has it again.
      if (round === 4)
        await env.DB.prepare("update org_attendee set pass_mailed_at = pass_mailed_at - 3600001 where email = ?")
          .bind(emails[0])
          .run();
      for (const email of emails) expect((await visitorJoin(slug, { name: "Often Joins", email })).status).toBe(303);
    }
    await waitForGlobalWaitUntil();
    expect(await passMails(emails.slice(1))).toBe(9);
    expect(await passMails(emails.slice(0, 1))).toBe(2);
  });

  it("lets a crowd behind one address join, and limits one person's repeats", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const ip = testAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        visitorJoin(slug, { name: `Crowd ${i}`, email: `crowd-${i}-${slug}@example.org` }, ip),
      ),
    );
    expect(answers.every((r) => r.status === 303)).toBe(true);
    const email = `repeat-${crypto.randomUUID()}@example.org`;
    const repeats = [];
    for (let i = 0; i < 7; i++) repeats.push((await visitorJoin(slug, { name: "Re Peat", email })).status);
    expect(repeats.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(repeats[0]).toBe(303);
  });

  it("joins signed in with one tap as the chosen card, and a later account keeps a visitor's pass", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const person = await joinSignedIn(slug, "Sam Signed");
    const row = await attendee(slug, person.email);
    expect(row?.user_id).toBeTruthy();
    expect(row?.listed).toBe(1);

    const later = await signUp("Lee Later");
    await confirmEmail(later.cookie, later.email);
    await visitorJoin(slug, { name: "Lee Later", email: later.email });
    const token = await passOf(later.email);
    // A forwarded pass opened in someone else's account stays the visitor's.
    await call(`/pass/${token}`, { headers: { cookie: person.cookie } });
    expect((await attendee(slug, later.email))?.user_id).toBeNull();
    await call(`/pass/${token}`, { headers: { cookie: later.cookie } });
    expect((await attendee(slug, later.email))?.user_id).toBeTruthy();
    const dir = await call(`/e/${slug}/directory`, { headers: { cookie: later.cookie } });
    expect(dir.status).toBe(200);
  });
});

describe("the attendee directory", () => {
  it("shows each attendee only to whom they chose, and never an email before an exchange", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const open = await joinSignedIn(slug, "Olive Open", { company: "Openworks" });
    const shy = await joinSignedIn(slug, "Sid Shy", { visibility: "exchanged" });
    await joinSignedIn(slug, "Una Unlisted", { listed: "" });
    const viewer = await joinSignedIn(slug, "Vic Viewer");
    const page = await (await call(`/e/${slug}/directory.data`, { headers: { cookie: viewer.cookie } })).text();
    expect(page).toContain("Olive Open");
    expect(page).not.toContain("Sid Shy");
    expect(page).not.toContain("Una Unlisted");
    expect(page).not.toContain(open.email);

    const filtered = await (
      await call(`/e/${slug}/directory.data?company=openw`, { headers: { cookie: viewer.cookie } })
    ).text();
    expect(filtered).toContain("Olive Open");
    const none = await (await call(`/e/${slug}/directory.data?q=zzzz`, { headers: { cookie: viewer.cookie } })).text();
    expect(none).not.toContain("Olive Open");

    expect((await scan(viewer.cookie, slug, shy.email)).status).toBe(200);
    const after = await (await call(`/e/${slug}/directory.data`, { headers: { cookie: viewer.cookie } })).text();
    expect(after).toContain("Sid Shy");
    expect(after).toContain(shy.email);
  });

  it("is closed to people who did not join, and another account cannot read the organiser's view", async () => {
    const owner = await signUp();
    const { id, slug } = await publish(owner);
    const stranger = await signUp("Stan Stranger");
    const dir = await call(`/e/${slug}/directory`, { headers: { cookie: stranger.cookie } });
    expect(dir.status).toBe(302);
    expect(dir.headers.get("location")).toBe(`/e/${slug}/join`);
    expect((await call(`/organiser/${id}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await call(`/organiser/${id}/attendees/csv`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    for (const step of [{}, { confirmed: "yes" }] as Record<string, string>[]) {
      const close = await call(`/organiser/${id}`, {
        ...form({ intent: "archive", ...step }),
        headers: { cookie: stranger.cookie },
      });
      expect(close.status).toBe(404);
    }
    expect((await call(`/e/${slug}`)).status).toBe(200);
    const grant = await call(`/organiser/${id}`, {
      ...form({ intent: "exhibitor", email: stranger.email, rights: "two-way" }),
      headers: { cookie: stranger.cookie },
    });
    expect(grant.status).toBe(404);
  });

  it("lets an attendee leave: removed from the event, the withdrawal kept on record", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const email = `leaver-${crypto.randomUUID()}@example.org`;
    await visitorJoin(slug, { name: "Lea Leaver", email, listed: "on" });
    const token = await passOf(email);
    // One tap asks on a page of its own (no script needed) and removes nothing.
    const asked = await call(`/pass/${token}`, { ...form({ intent: "leave" }) });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain("Leave Open Data Summit?");
    expect(question).toContain('name="confirmed" value="yes"');
    expect(await attendee(slug, email)).not.toBeNull();
    const left = await call(`/pass/${token}`, { ...form({ intent: "leave", confirmed: "yes" }) });
    expect(left.status).toBe(200);
    expect(await left.text()).toContain("You left");
    expect(await attendee(slug, email)).toBeNull();
    const records = await env.DB.prepare("select listed from org_consent where email = ? order by id")
      .bind(email)
      .all<{ listed: number }>();
    expect(records.results.map((r) => r.listed)).toEqual([1, 0]);
    expect((await call(`/pass/${token}`)).status).toBe(404);
  });
});

describe("the event page for its own attendee", () => {
  it("shows a signed-in attendee their pass instead of the form, uncached, and everyone else the cached page", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const person = await joinSignedIn(slug, "Jo Joined");
    const stranger = await signUp("Sam Stranger");
    const open = (cookie?: string) => call(`/e/${slug}`, { headers: cookie ? { cookie } : {} });
    const pass = (await attendee(slug, person.email))?.pass_token as string;

    const mine = await open(person.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const text = await mine.text();
    expect(text).toContain("You joined this event");
    expect(text).toContain(`href="/pass/${pass}"`);
    expect(text).not.toContain("Join this event");
    expect(text).not.toContain('name="email"');
    // Nobody else is served the attendee's copy, before or after the shared one is cached.
    for (const cookie of [undefined, undefined, stranger.cookie]) {
      const theirs = await open(cookie);
      const body = await theirs.text();
      expect(body).toContain("Join this event");
      expect(body).not.toContain(pass);
      expect(theirs.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    }
    expect((await open(person.cookie)).headers.get("x-edge-cache")).toBeNull();
  });
});

describe("leaving from the directory", () => {
  it("asks once more before a signed-in attendee leaves, and leaves on the confirmed tap", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const person = await joinSignedIn(slug, "Dee Directory");
    const leave = (extra: Record<string, string> = {}) =>
      call(`/e/${slug}/directory`, { ...form({ intent: "leave", ...extra }), headers: { cookie: person.cookie } });
    const asked = await leave();
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('data-confirm-step="leave"');
    expect(await attendee(slug, person.email)).not.toBeNull();
    const left = await leave({ confirmed: "yes" });
    expect(left.status).toBe(302);
    expect(await attendee(slug, person.email)).toBeNull();
  });
});

describe("exchanging at the event", () => {
  it("a pass scan gives both sides the other as one person tagged with the event, once", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner, { title: `Exchange Expo ${crypto.randomUUID().slice(0, 4)}` });
    const title = (
      await env.DB.prepare("select title from org_event where slug = ?").bind(slug).first<{ title: string }>()
    )?.title as string;
    const ann = await joinSignedIn(slug, "Ann Able");
    const ben = await joinSignedIn(slug, "Ben Baker");
    const first = await scan(ann.cookie, slug, ben.email);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ kind: "exchange", created: true, name: "Ben Baker" });
    const again = await scan(ann.cookie, slug, ben.email);
    expect(await again.json()).toMatchObject({ created: false });
    const annPeople = await peopleOf(ann.email);
    const benPeople = await peopleOf(ben.email);
    expect(annPeople.map((p) => p.name)).toEqual(["Ben Baker"]);
    expect(benPeople.map((p) => p.name)).toEqual(["Ann Able"]);
    expect(JSON.parse(annPeople[0]?.tags ?? "[]")).toContain(title);
    const history = await env.DB.prepare(
      "select h.kind from person_history h join user u on u.id = h.user_id where u.email = ? order by h.id",
    )
      .bind(ann.email)
      .all<{ kind: string }>();
    expect(history.results.map((h) => h.kind)).toContain("created");
    // What they agreed to is an exchange with each other, not email from each other (decision 0180).
    const consents = await env.DB.prepare(
      "select r.purpose, r.state from consent_record r join user u on u.id = r.sender_workspace_id where u.email = ?",
    )
      .bind(ann.email)
      .all<{ purpose: string; state: string }>();
    expect(consents.results).toEqual([{ purpose: "exchange", state: "yes" }]);
    const timeline = await env.DB.prepare(
      "select count(*) as n from interaction i join user u on u.id = i.user_id where u.email = ?",
    )
      .bind(ben.email)
      .first<{ n: number }>();
    expect(timeline?.n).toBeGreaterThan(0);
  });

  it("refuses scans from people who did not join, of one's own pass, and unsigned", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const ann = await joinSignedIn(slug, "Ann Able");
    const outsider = await signUp("Out Sider");
    expect((await scan(outsider.cookie, slug, ann.email)).status).toBe(403);
    expect((await scan(ann.cookie, slug, ann.email)).status).toBe(409);
    const link = await badgeLink(slug, ann.email);
    expect((await call(link, form({}))).status).toBe(401);
    const other = await publish(owner);
    expect(
      (await call(link.replace(`/e/${slug}/`, `/e/${other.slug}/`), { ...form({}), headers: { cookie: ann.cookie } }))
        .status,
    ).toBe(404);
  });

  it("Connect in the directory waits for the other side, then exchanges", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const ann = await joinSignedIn(slug, "Ann Able");
    const ben = await joinSignedIn(slug, "Ben Baker");
    const benRow = await attendee(slug, ben.email);
    const annRow = await attendee(slug, ann.email);
    const asked = await call(`/e/${slug}/directory`, {
      ...form({ intent: "connect", id: String(benRow?.id) }),
      headers: { cookie: ann.cookie },
    });
    expect(asked.status).toBe(302);
    expect(await peopleOf(ann.email)).toHaveLength(0);
    const accepted = await call(`/e/${slug}/directory`, {
      ...form({ intent: "accept", id: String(annRow?.id) }),
      headers: { cookie: ben.cookie },
    });
    expect(accepted.status).toBe(302);
    expect((await peopleOf(ann.email)).map((p) => p.name)).toEqual(["Ben Baker"]);
    expect((await peopleOf(ben.email)).map((p) => p.name)).toEqual(["Ann Able"]);
  });

  it("an exhibitor's scan is a lead: one-way gives the attendee nothing, two-way gives the card", async () => {
    const owner = await signUp();
    const { id, slug } = await publish(owner);
    const stand = await joinSignedIn(slug, "Stan Stand", { company: "Booth Co" });
    const guest = await joinSignedIn(slug, "Gia Guest");
    const grant = (rights: string) =>
      call(`/organiser/${id}`, {
        ...form({ intent: "exhibitor", email: stand.email, rights }),
        headers: { cookie: owner.cookie },
      });
    expect((await grant("one-way")).status).toBe(302);
    const lead = await scan(stand.cookie, slug, guest.email, { rating: "4", notes: "Wants a demo" });
    expect(await lead.json()).toMatchObject({ kind: "lead" });
    expect((await peopleOf(stand.email)).map((p) => p.name)).toEqual(["Gia Guest"]);
    expect(await peopleOf(guest.email)).toHaveLength(0);
    const token = (await attendee(slug, guest.email))?.pass_token;
    expect(await (await call(`/pass/${token}`)).text()).toContain("Stan Stand");
    const bad = await scan(stand.cookie, slug, guest.email, { rating: "9" });
    expect(bad.status).toBe(400);

    const second = await joinSignedIn(slug, "Tia Twoway");
    expect((await grant("two-way")).status).toBe(302);
    await scan(stand.cookie, slug, second.email);
    expect((await peopleOf(second.email)).map((p) => p.name)).toEqual(["Stan Stand"]);
  });
});

describe("matchmaking and the organiser's view", () => {
  it("lists attendees worth meeting, only among those visible, each with its reason", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const me = await joinSignedIn(slug, "Mia Match");
    await joinSignedIn(slug, "Gus Grants", { title: "Grants manager" });
    await joinSignedIn(slug, "Hal Hidden", { title: "Grants lead", visibility: "exchanged" });
    const token = (await attendee(slug, me.email))?.pass_token;
    await call(`/pass/${token}`, {
      ...form({ intent: "settings", listed: "on", visibility: "everyone", interests: "", goals: "Meet grants people" }),
    });
    const page = await (await call(`/e/${slug}/directory.data`, { headers: { cookie: me.cookie } })).text();
    expect(page).toContain("Gus Grants");
    expect(page).toContain("Their title mentions grants");
    expect(page).not.toContain("Hal Hidden");
  });

  it("counts joins, exchanges, opt-ins and leads, and exports only consenting attendees, escaped", async () => {
    const owner = await signUp();
    const { id, slug } = await publish(owner);
    await visitorJoin(slug, { name: '=HYPERLINK("x")', email: `csv-${crypto.randomUUID()}@example.org`, listed: "on" });
    await visitorJoin(slug, { name: "Quiet Person", email: `quiet-${crypto.randomUUID()}@example.org` });
    const a = await joinSignedIn(slug, "Ann Able");
    const b = await joinSignedIn(slug, "Ben Baker");
    await scan(a.cookie, slug, b.email);
    const view = await (await call(`/organiser/${id}`, { headers: { cookie: owner.cookie } })).text();
    const count = (key: string) =>
      view.match(new RegExp(`data-count="${key}"><dt[^>]*>[^<]*</dt><dd[^>]*>([^<]*)</dd>`))?.[1];
    expect(count("attendees")).toBe("4");
    expect(count("exchanges")).toBe("1");
    expect(count("opt-in")).toBe("75%");
    // Counts only: the organiser never sees who exchanged with whom, on the page or in their data download.
    expect(view).not.toContain("Ben Baker");
    const download = (await (
      await call("/api/account/export", { headers: { cookie: owner.cookie } })
    ).json()) as Record<string, unknown[]>;
    expect(download.eventAttendees?.length).toBe(4);
    expect(download.eventExchanges).toEqual([]);
    // An exhibitor's scan is counted as its stand's lead.
    const stand = await joinSignedIn(slug, "Cal Stand");
    const granted = await call(`/organiser/${id}`, {
      ...form({ intent: "exhibitor", email: stand.email, rights: "one-way" }),
      headers: { cookie: owner.cookie },
    });
    expect(granted.status).toBe(302);
    expect((await scan(stand.cookie, slug, a.email)).status).toBe(200);
    const later = await (await call(`/organiser/${id}`, { headers: { cookie: owner.cookie } })).text();
    expect(later.match(/data-count="leads"><dt[^>]*>[^<]*<\/dt><dd[^>]*>([^<]*)<\/dd>/)?.[1]).toBe("1");
    // The public page counts this event's attendees, all five.
    expect(await (await call(`/e/${slug}`)).text()).toContain('data-attendees="5"');
    const csv = await (await call(`/organiser/${id}/attendees/csv`, { headers: { cookie: owner.cookie } })).text();
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).not.toContain("Quiet Person");
    expect(csv).toContain("Ann Able");
    // Moments on the event's clock as a spreadsheet reads dates, not ISO text; a phone column beside the email.
    expect(csv.split("\n")[0]).toContain('"Email","Phone"');
    expect(csv.split("\n")[0]).toContain('"Joined (America/Chicago)","Consented (America/Chicago)"');
    expect(csv).toMatch(/"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"/);
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    const xlsx = await call(`/organiser/${id}/attendees/xlsx`, { headers: { cookie: owner.cookie } });
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    const book = new Uint8Array(await xlsx.arrayBuffer());
    expect(book.slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    const sheet = strFromU8(unzipSync(book)["xl/worksheets/sheet1.xml"] ?? new Uint8Array());
    // Each attendee's two moments are date cells (style 1, a serial), in a column the workbook formats as dates.
    expect(sheet.match(/<c s="1"><v>\d+\.?\d*<\/v><\/c>/g)?.length).toBe(2 * (sheet.match(/<row /g)?.length ?? 1) - 2);
  });
});

describe("consent by purpose and badge codes that are not keys", () => {
  const userIdOf = async (email: string) =>
    (await env.DB.prepare("select id from user where email = ?").bind(email).first<{ id: string }>())?.id ?? "";
  const audienceOf = async (email: string) => {
    const { included, leftOut } = await resolveAudience(createDb(env.DB), await userIdOf(email), EMPTY_AUDIENCE);
    return { included: included.map((m) => m.name), leftOut: leftOut.map((l) => `${l.name}: ${l.reason}`) };
  };

  it("a scan, a Connect and an exhibitor's lead never make anyone mailable", async () => {
    const owner = await signUp();
    const { id, slug } = await publish(owner);
    const ann = await joinSignedIn(slug, "Ann Able");
    const ben = await joinSignedIn(slug, "Ben Baker");
    const cat = await joinSignedIn(slug, "Cat Connect");
    const stand = await joinSignedIn(slug, "Stan Stand", { company: "Booth Co" });
    expect((await scan(ann.cookie, slug, ben.email)).status).toBe(200);
    const catRow = await attendee(slug, cat.email);
    const annRow = await attendee(slug, ann.email);
    await call(`/e/${slug}/directory`, {
      ...form({ intent: "connect", id: String(catRow?.id) }),
      headers: { cookie: ann.cookie },
    });
    await call(`/e/${slug}/directory`, {
      ...form({ intent: "accept", id: String(annRow?.id) }),
      headers: { cookie: cat.cookie },
    });
    await call(`/organiser/${id}`, {
      ...form({ intent: "exhibitor", email: stand.email, rights: "two-way" }),
      headers: { cookie: owner.cookie },
    });
    expect(await (await scan(stand.cookie, slug, ann.email)).json()).toMatchObject({ kind: "lead" });
    // Ann has the others in her network (one person here: their cards share a phone), with three exchanges on
    // record and no "email" record, so nobody may be mailed.
    const annConsents = await env.DB.prepare(
      "select r.purpose, r.source from consent_record r where r.sender_workspace_id = ? order by r.id",
    )
      .bind(await userIdOf(ann.email))
      .all<{ purpose: string; source: string }>();
    expect(annConsents.results).toEqual([
      { purpose: "exchange", source: "scan" },
      { purpose: "exchange", source: "share" },
      { purpose: "exchange", source: "scan" },
    ]);
    const annAudience = await audienceOf(ann.email);
    expect(annAudience.included).toEqual([]);
    expect(annAudience.leftOut).toEqual(["Ben Baker: no-consent"]);
    expect((await audienceOf(ben.email)).included).toEqual([]);
    expect((await audienceOf(stand.email)).included).toEqual([]);
  });

  it("an organiser who joins their own event cannot exchange with attendees by their badge codes", async () => {
    const owner = await signUp("Org Owner");
    // Joining keeps the pass under the address: it is proved first.
    await confirmEmail(owner.cookie, owner.email);
    const { id, slug } = await publish(owner);
    const hidden = `hidden-${crypto.randomUUID()}@example.org`;
    await visitorJoin(slug, { name: "Hana Hidden", email: hidden });
    const listedNo = `listed-${crypto.randomUUID()}@example.org`;
    await visitorJoin(slug, { name: "Lee Listed", email: listedNo, listed: "on" });
    const yes = `yes-${crypto.randomUUID()}@example.org`;
    await visitorJoin(slug, { name: "Yan Yes", email: yes, listed: "on", updates: "on" });
    // The organiser joins too, then reads their data download.
    const card = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
    const cardId = Number(card.headers.get("location")?.split("/").pop());
    await call(`/e/${slug}/join`, {
      ...form({ card: String(cardId), listed: "on", visibility: "everyone" }),
      headers: { cookie: owner.cookie, "cf-connecting-ip": testAddress() },
    });
    const download = await (await call("/api/account/export", { headers: { cookie: owner.cookie } })).text();
    const codes = await env.DB.prepare(
      "select badge_code from org_attendee a join org_event e on e.id = a.event_id where e.slug = ?",
    )
      .bind(slug)
      .all<{ badge_code: string }>();
    expect(codes.results.length).toBeGreaterThanOrEqual(3);
    for (const { badge_code } of codes.results) expect(download).not.toContain(badge_code);
    expect(download).not.toMatch(/badgeCode|badge_code/);
    // Even with the codes from the database, a post without the pass's proof reaches nobody.
    for (const { badge_code } of codes.results) {
      const res = await call(`/e/${slug}/a/${badge_code}`, { ...form({}), headers: { cookie: owner.cookie } });
      expect([404, 409]).toContain(res.status);
      expect(
        (
          await call(`/e/${slug}/a/${badge_code}?k=${"0".repeat(32)}`, {
            ...form({}),
            headers: { cookie: owner.cookie },
          })
        ).status,
      ).not.toBe(200);
      // The badge page of a bare code names nobody.
      expect((await call(`/e/${slug}/a/${badge_code}`)).status).toBe(404);
    }
    expect(await peopleOf(owner.email)).toEqual([]);
    // The export holds each attendee's email only with a yes to the organiser's news.
    const csv = await (await call(`/organiser/${id}/attendees/csv`, { headers: { cookie: owner.cookie } })).text();
    expect(csv).toContain("Email me news");
    expect(csv).toContain(yes);
    expect(csv).toContain("Lee Listed");
    expect(csv).not.toContain(listedNo);
    expect(csv).not.toContain("Hana Hidden");
    for (const { badge_code } of codes.results) expect(csv).not.toContain(badge_code);
  });
});

describe("the sitemap", () => {
  it("lists published organiser events, and drops one once archived", async () => {
    const owner = await signUp();
    const kept = await publish(owner);
    const gone = await publish(owner, { title: "Archived Meetup" });
    // One tap asks first and leaves the event as it was; the confirmed second tap archives.
    const asked = await call(`/organiser/${gone.id}`, {
      ...form({ intent: "archive" }),
      headers: { cookie: owner.cookie },
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('data-confirm-step="archive"');
    const state = () =>
      env.DB.prepare("select state from org_event where id = ?").bind(gone.id).first<{ state: string }>();
    expect((await state())?.state).toBe("open");
    const archived = await call(`/organiser/${gone.id}`, {
      ...form({ intent: "archive", confirmed: "yes" }),
      headers: { cookie: owner.cookie },
    });
    expect(archived.status).toBe(302);
    const xml = await (await call("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>http://localhost/e/${kept.slug}</loc>`);
    expect(xml).not.toContain(`/e/${gone.slug}<`);
  });
});

describe("meeting requests", () => {
  const userOf = (email: string) =>
    env.DB.prepare("select id from user where email = ?")
      .bind(email)
      .first<{ id: string }>()
      .then((r) => r?.id);
  const feedOf = async (cookie: string) => {
    const settings = await call("/settings", { ...form({ intent: "feed" }), headers: { cookie } });
    const token = (await settings.text()).match(/\/api\/calendar\/([A-Za-z0-9_-]+)\.ics/)?.[1];
    expect(token).toBeTruthy();
    return (await call(`/api/calendar/${token}.ics`)).text();
  };
  const ask = (cookie: string, slug: string, id: number, values: Record<string, string>) =>
    call(`/e/${slug}/directory`, { ...form({ intent: "meet", id: String(id), ...values }), headers: { cookie } });

  it("refuses a time outside the event or no place beside each field, keeping what was typed", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const asker = await joinSignedIn(slug, "Ann Asker");
    const other = await joinSignedIn(slug, "Ben Asked");
    const to = (await attendee(slug, other.email))?.id as number;
    const res = await ask(asker.cookie, slug, to, {
      startsAt: local(9),
      minutes: "30",
      place: "",
      note: "<b>hello</b>",
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("Choose a time during the event");
    expect(text).toContain("Enter where to meet");
    expect(text).toContain('value="&lt;b&gt;hello&lt;/b&gt;"');
    const minutes = await ask(asker.cookie, slug, to, { startsAt: local(0), minutes: "999", place: "Hall" });
    expect(minutes.status).toBe(400);
    expect(await minutes.text()).toContain("Choose how long to meet");
    // This event's meetings only: the database is shared with the file's other tests, in any order.
    const stored = await env.DB.prepare("select count(*) as n from org_meeting where to_id = ?")
      .bind(to)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("asks only a visible attendee, and only the asked attendee can answer", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const asker = await joinSignedIn(slug, "Cy Asker");
    const hidden = await joinSignedIn(slug, "Hidi Hidden", { visibility: "exchanged" });
    const asked = await joinSignedIn(slug, "Dee Asked");
    const third = await joinSignedIn(slug, "Eli Third");
    const meeting = { startsAt: local(0), minutes: "30", place: "Stand 4" };
    const hiddenId = (await attendee(slug, hidden.email))?.id as number;
    expect((await ask(asker.cookie, slug, hiddenId, meeting)).status).toBe(404);
    const askedId = (await attendee(slug, asked.email))?.id as number;
    expect((await ask(asker.cookie, slug, askedId, meeting)).status).toBe(302);
    // A double tap stores one request.
    expect((await ask(asker.cookie, slug, askedId, meeting)).status).toBe(302);
    const rows = await env.DB.prepare("select id, state from org_meeting where to_id = ?")
      .bind(askedId)
      .all<{ id: number; state: string }>();
    expect(rows.results).toHaveLength(1);
    const id = String(rows.results[0]?.id);
    for (const cookie of [asker.cookie, third.cookie]) {
      const tried = await call(`/e/${slug}/directory.data`, {
        ...form({ intent: "meeting-accept", id }),
        headers: { cookie },
      });
      expect(tried.status).toBe(404);
    }
    const stranger = await signUp("Stu Stranger");
    const outside = await call(`/e/${slug}/directory`, {
      ...form({ intent: "meeting-accept", id }),
      headers: { cookie: stranger.cookie },
    });
    expect(outside.status).toBe(404);
    const state = await env.DB.prepare("select state from org_meeting where id = ?")
      .bind(id)
      .first<{ state: string }>();
    expect(state?.state).toBe("pending");
    const declined = await call(`/e/${slug}/directory`, {
      ...form({ intent: "meeting-decline", id }),
      headers: { cookie: asked.cookie },
    });
    expect(declined.status).toBe(302);
    const again = await call(`/e/${slug}/directory.data`, {
      ...form({ intent: "meeting-accept", id }),
      headers: { cookie: asked.cookie },
    });
    expect(again.status).toBe(404);
  });

  it("accepted: on both timelines and in both calendar feeds, escaped, under one stable UID", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const asker = await joinSignedIn(slug, "Fay Asker");
    const asked = await joinSignedIn(slug, "Gil Asked");
    const askedId = (await attendee(slug, asked.email))?.id as number;
    const sent = await ask(asker.cookie, slug, askedId, {
      startsAt: local(0),
      minutes: "45",
      place: "Hall B; Stand 12, by the\nwindow",
      note: "Talk grants",
    });
    expect(sent.status).toBe(302);
    const listed = await (await call(`/e/${slug}/directory.data`, { headers: { cookie: asked.cookie } })).text();
    expect(listed).toContain("Fay Asker");
    const meeting = await env.DB.prepare("select id, uid from org_meeting where to_id = ?")
      .bind(askedId)
      .first<{ id: number; uid: string }>();
    const accepted = await call(`/e/${slug}/directory`, {
      ...form({ intent: "meeting-accept", id: String(meeting?.id) }),
      headers: { cookie: asked.cookie },
    });
    expect(accepted.status).toBe(302);
    for (const [who, other] of [
      [asker, "Gil Asked"],
      [asked, "Fay Asker"],
    ] as const) {
      const userId = await userOf(who.email);
      const entry = await env.DB.prepare(
        "select c.name, i.text from interaction i join connection c on c.id = i.connection_id where i.user_id = ? and i.kind = 'meeting-planned'",
      )
        .bind(userId)
        .all<{ name: string; text: string }>();
      expect(entry.results).toHaveLength(1);
      expect(entry.results[0]?.name).toBe(other);
      expect(entry.results[0]?.text).toContain("Hall B; Stand 12");
      const ics = await feedOf(who.cookie);
      const unfolded = ics.replace(/\r\n /g, "");
      expect(unfolded).toContain(`UID:meeting-${meeting?.uid}@localhost`);
      expect(unfolded).toContain("LOCATION:Hall B\\; Stand 12\\, by the\\nwindow");
      expect(unfolded).toContain(`SUMMARY:Meeting: ${other} (Acme)`);
      expect(unfolded).toContain("DURATION:PT45M");
      // The same UID on every fetch: calendar apps update the meeting rather than add another.
      expect((await feedOf(who.cookie)).replace(/\r\n /g, "")).toContain(`UID:meeting-${meeting?.uid}@localhost`);
    }
    const people = await peopleOf(asker.email);
    expect(people.filter((p) => p.name === "Gil Asked")).toHaveLength(1);
  });
});

describe("editing a published event", () => {
  it("saves the organiser's changes through the publish form's rules, purges the page, and refuses another account", async () => {
    const owner = await signUp();
    const { id, slug } = await publish(owner);
    expect(await (await call(`/e/${slug}`)).text()).toContain("Open Data Summit");
    const bad = await call(`/organiser/${id}`, {
      ...form({ intent: "edit", ...EVENT, title: "", startsAt: local(-1), endsAt: local(2) }),
      headers: { cookie: owner.cookie },
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("Title is required");
    const ends = await call(`/organiser/${id}`, {
      ...form({ intent: "edit", ...EVENT, startsAt: local(2), endsAt: local(1) }),
      headers: { cookie: owner.cookie },
    });
    expect(ends.status).toBe(400);
    expect(await ends.text()).toContain("The end must be after the start");
    // What was typed stays in the form.
    expect(text).toContain("Navy Pier, Chicago");
    const other = await signUp("Other Owner");
    const foreign = await call(`/organiser/${id}`, {
      ...form({ intent: "edit", ...EVENT, title: "Taken Over", startsAt: local(-1), endsAt: local(2) }),
      headers: { cookie: other.cookie },
    });
    expect(foreign.status).toBe(404);
    const saved = await call(`/organiser/${id}`, {
      ...form({ intent: "edit", ...EVENT, title: "Open Data Summit & Fair", startsAt: local(-1), endsAt: local(2) }),
      headers: { cookie: owner.cookie },
    });
    expect(saved.status).toBe(302);
    const page = await (await call(`/e/${slug}`)).text();
    expect(page).toContain("Open Data Summit &amp; Fair");
    expect(page).not.toContain("Taken Over");
  });
});

describe("the attendee's plan in their own event hub", () => {
  it("makes one private hub whose strategy plan ranks the attendees visible to them, with reasons", async () => {
    const owner = await signUp();
    const { slug } = await publish(owner);
    const me = await joinSignedIn(slug, "Pia Planner");
    await joinSignedIn(slug, "Gus Grants", { title: "Grants manager" });
    await joinSignedIn(slug, "Hal Hidden", { title: "Grants lead", visibility: "exchanged" });
    const made = await call(`/e/${slug}/directory`, { ...form({ intent: "hub" }), headers: { cookie: me.cookie } });
    expect(made.status).toBe(302);
    const hubId = Number(made.headers.get("location")?.split("/").pop());
    const stored = await env.DB.prepare("select title, attendees, org_event_id from event where id = ?")
      .bind(hubId)
      .first<{ title: string; attendees: string; org_event_id: number | null }>();
    expect(stored?.title).toBe("Open Data Summit");
    expect(stored?.org_event_id).not.toBeNull();
    const names = JSON.parse(stored?.attendees ?? "[]").map((a: { name: string }) => a.name);
    expect(names).toContain("Gus Grants");
    expect(names).not.toContain("Hal Hidden");
    expect(stored?.attendees).not.toContain("@example.org");
    // Pressing it again refreshes the same hub.
    const again = await call(`/e/${slug}/directory`, { ...form({ intent: "hub" }), headers: { cookie: me.cookie } });
    expect(again.headers.get("location")).toBe(`/events/${hubId}`);
    const planned = await call(`/events/${hubId}`, {
      ...form({ intent: "generate-plan", goals: "Meet grants people" }),
      headers: { cookie: me.cookie },
    });
    expect(planned.status).toBe(302);
    const plan = await env.DB.prepare("select plan from event where id = ?").bind(hubId).first<{ plan: string }>();
    const targets = JSON.parse(plan?.plan ?? "{}").targets as { name: string; source: string; reason: string }[];
    expect(targets.find((t) => t.name === "Gus Grants")).toMatchObject({ source: "attendees" });
    const dir = await (await call(`/e/${slug}/directory`, { headers: { cookie: me.cookie } })).text();
    expect(dir).toContain(`href="/events/${hubId}"`);
    // The hub stays its owner's: another attendee's account cannot open it.
    const other = await joinSignedIn(slug, "Ola Other");
    expect((await call(`/events/${hubId}`, { headers: { cookie: other.cookie } })).status).toBe(404);
  });
});
