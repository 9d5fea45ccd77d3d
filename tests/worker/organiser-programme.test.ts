import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { zonedLocal } from "~/lib/time/time";
import { createDb } from "~/server/db/db.server";
import { remindMeetings } from "~/server/organiser-events/meeting-slots.server";
import { REQUEST_MAIL_WINDOW_MS, sendRequestDigests } from "~/server/organiser-events/requests.server";
import { call, form, signUp, testAddress } from "./helpers";
import { joinSignedIn, mailsTo } from "./organiser-helpers";

/** A local wall-clock time `days` from now, as the event form takes it. */
const local = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString().slice(0, 16);

type Owner = { cookie: string; email: string };

async function publish(owner: Owner, values: Record<string, string> = {}) {
  const res = await call("/organiser", {
    ...form({
      title: "Programme Summit",
      timeZone: "Europe/Berlin",
      type: "in-person",
      venue: "Messe, Hall 3",
      organiserName: "Summit Org",
      startsAt: local(1),
      endsAt: local(3),
      ...values,
    }),
    headers: { cookie: owner.cookie },
  });
  expect(res.status).toBe(302);
  const id = Number(res.headers.get("location")?.split("/").pop());
  const row = await env.DB.prepare("select slug, starts_at as startsAt from org_event where id = ?")
    .bind(id)
    .first<{ slug: string; startsAt: string }>();
  if (!row) throw new Error("event not stored");
  return { id, ...row };
}

/** A wall-clock time `hours` after the event's start, on its own clock. */
const at = (startsAt: string, hours: number) =>
  new Date(Date.parse(`${startsAt}:00Z`) + hours * 3_600_000).toISOString().slice(0, 16);

const addSession = (cookie: string, id: number, values: Record<string, string>) =>
  call(`/organiser/${id}/programme`, { ...form({ intent: "add", ...values }), headers: { cookie } });

async function sessionId(eventId: number, title: string) {
  const row = await env.DB.prepare("select id from org_session where event_id = ? and title = ?")
    .bind(eventId, title)
    .first<{ id: number }>();
  if (!row) throw new Error(`no session ${title}`);
  return row.id;
}

/** A visitor joins without an account; their pass token, read from the mailed link. */
async function joinWithPass(slug: string, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const res = await call(`/e/${slug}`, {
    ...form({ name, email, listed: "on" }),
    headers: { "cf-connecting-ip": testAddress() },
  });
  expect(res.status).toBe(303);
  const mail = await env.DB.prepare("select text from outbox where `to` = ? and kind = 'event-pass' order by id desc")
    .bind(email)
    .first<{ text: string }>();
  const token = mail?.text.match(/\/pass\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no pass mailed to ${email}`);
  return { email, token };
}

const onPass = (token: string, values: Record<string, string>) => call(`/pass/${token}`, form(values));

describe("the organiser's programme", () => {
  it("refuses bad sessions beside each field, keeping what was typed, and never for another account", async () => {
    const owner = await signUp("Pat Programme");
    const e = await publish(owner);
    const bad = await addSession(owner.cookie, e.id, {
      title: "",
      startsAt: local(9),
      endsAt: "soon",
      capacity: "0",
      description: "<b>kept</b>",
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("Enter the session's title");
    expect(text).toContain("Choose a time during the event");
    expect(text).toContain("Enter the end date and time");
    expect(text).toContain("Capacity must be a whole number from 1 to 100000");
    expect(text).toContain("&lt;b&gt;kept&lt;/b&gt;");
    const backwards = await addSession(owner.cookie, e.id, {
      title: "Backwards",
      startsAt: at(e.startsAt, 2),
      endsAt: at(e.startsAt, 1),
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("The end must be after the start");
    const stranger = await addSession(owner.cookie, e.id, {
      title: "Keynote",
      startsAt: at(e.startsAt, 1),
      endsAt: at(e.startsAt, 2),
      speakers: "nobody-here@example.org",
    });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain("No attendee of this event has the address nobody-here@example.org");
    const other = await signUp("Oscar Other");
    const intruder = await addSession(other.cookie, e.id, {
      title: "Hijack",
      startsAt: at(e.startsAt, 1),
      endsAt: at(e.startsAt, 2),
    });
    expect(intruder.status).toBe(404);
    const stored = await env.DB.prepare("select count(*) as n from org_session where event_id = ?")
      .bind(e.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("refuses a room already taken at that time, by the database, and lets the next slot have it", async () => {
    const owner = await signUp("Rita Rooms");
    const e = await publish(owner);
    const first = { title: "Opening", startsAt: at(e.startsAt, 1), endsAt: at(e.startsAt, 2), room: "Hall A" };
    expect((await addSession(owner.cookie, e.id, first)).status).toBe(302);
    const clash = await addSession(owner.cookie, e.id, {
      ...first,
      title: "Clash",
      room: "hall a",
      startsAt: at(e.startsAt, 1.5),
    });
    expect(clash.status).toBe(400);
    const text = await clash.text();
    expect(text).toContain("Another session is in this room at that time");
    expect(text).toContain('value="Clash"');
    const next = await addSession(owner.cookie, e.id, {
      ...first,
      title: "Next",
      startsAt: at(e.startsAt, 2),
      endsAt: at(e.startsAt, 3),
    });
    expect(next.status).toBe(302);
    // Two organisers' tabs saving the same room at once: one session is stored.
    const same = { title: "Race", room: "Hall B", startsAt: at(e.startsAt, 4), endsAt: at(e.startsAt, 5) };
    const raced = await Promise.all([addSession(owner.cookie, e.id, same), addSession(owner.cookie, e.id, same)]);
    expect(raced.map((r) => r.status).sort()).toEqual([302, 400]);
    // Moving a session onto a taken room is refused the same way.
    const nextId = await sessionId(e.id, "Next");
    const moved = await call(`/organiser/${e.id}/programme/${nextId}`, {
      ...form({ intent: "edit", ...first, title: "Next" }),
      headers: { cookie: owner.cookie },
    });
    expect(moved.status).toBe(400);
    expect(await moved.text()).toContain("Another session is in this room at that time");
  });

  it("shows the agenda on the cached event page, escaped and without script, and purges it on each change", async () => {
    const owner = await signUp("Alma Agenda");
    const e = await publish(owner);
    const speaker = await joinWithPass(e.slug, "Sam Speaker");
    expect(
      (
        await addSession(owner.cookie, e.id, {
          title: "<script>alert(1)</script> Keynote",
          description: "Why open data, & how",
          startsAt: at(e.startsAt, 1),
          endsAt: at(e.startsAt, 2),
          room: "Main stage",
          track: "Data",
          capacity: "200",
          speakers: `${speaker.email}\nGuest Voice`,
        })
      ).status,
    ).toBe(302);
    const page = await call(`/e/${e.slug}`);
    const html = await page.text();
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Keynote");
    expect(html).toContain("Programme");
    expect(html).toContain("Main stage · Data");
    expect(html).toContain("Sam Speaker");
    expect(html).toContain("Guest Voice");
    expect(html).toContain("Up to 200 people");
    await waitForGlobalWaitUntil();
    const hit = await call(`/e/${e.slug}`);
    expect(hit.headers.get("x-edge-cache")).toBe("HIT");
    await hit.text();
    const id = await sessionId(e.id, "<script>alert(1)</script> Keynote");
    const edit = await call(`/organiser/${e.id}/programme/${id}`, {
      ...form({ intent: "edit", title: "Renamed keynote", startsAt: at(e.startsAt, 1), endsAt: at(e.startsAt, 2) }),
      headers: { cookie: owner.cookie },
    });
    expect(edit.status).toBe(302);
    const after = await call(`/e/${e.slug}`);
    expect(after.headers.get("x-edge-cache")).toBe("MISS");
    expect(await after.text()).toContain("Renamed keynote");
    await waitForGlobalWaitUntil();
    // Deleting asks once more, then takes it off the page.
    const ask = await call(`/organiser/${e.id}/programme/${id}`, {
      ...form({ intent: "delete" }),
      headers: { cookie: owner.cookie },
    });
    expect(await ask.text()).toContain('data-confirm-step="delete"');
    expect(await sessionId(e.id, "Renamed keynote")).toBe(id);
    const gone = await call(`/organiser/${e.id}/programme/${id}`, {
      ...form({ intent: "delete", confirmed: "yes" }),
      headers: { cookie: owner.cookie },
    });
    expect(gone.status).toBe(302);
    expect(await (await call(`/e/${e.slug}`)).text()).not.toContain("Renamed keynote");
    const other = await signUp("Olga Other");
    expect((await call(`/organiser/${e.id}/programme`, { headers: { cookie: other.cookie } })).status).toBe(404);
  });
});

describe("an attendee's schedule", () => {
  it("adds and removes sessions on the pass without an account or script", async () => {
    const owner = await signUp("Sid Schedule");
    const e = await publish(owner);
    await addSession(owner.cookie, e.id, { title: "Workshop", startsAt: at(e.startsAt, 1), endsAt: at(e.startsAt, 2) });
    const id = await sessionId(e.id, "Workshop");
    const a = await joinWithPass(e.slug, "Ada Attendee");
    const pass = await (await call(`/pass/${a.token}`)).text();
    expect(pass).not.toContain("<script");
    expect(pass).toContain("Add to my schedule");
    const added = await onPass(a.token, { intent: "schedule-add", session: String(id) });
    expect(added.status).toBe(200);
    const text = await added.text();
    expect(text).toContain("Added to your schedule.");
    expect(text).toContain("data-on-schedule");
    // A double tap keeps one seat.
    expect((await onPass(a.token, { intent: "schedule-add", session: String(id) })).status).toBe(200);
    const seats = await env.DB.prepare("select count(*) as n from org_schedule where session_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(seats?.n).toBe(1);
    const removed = await onPass(a.token, { intent: "schedule-remove", session: String(id) });
    expect(await removed.text()).toContain("Removed from your schedule.");
    for (const session of ["abc", "-1", ""])
      expect((await onPass(a.token, { intent: "schedule-add", session })).status).toBe(400);
  });

  it("refuses a session of another event, storing nothing", async () => {
    const owner = await signUp("Ola Owner");
    const mine = await publish(owner);
    const theirs = await publish(owner, { title: "Another Summit" });
    await addSession(owner.cookie, theirs.id, {
      title: "Elsewhere",
      startsAt: at(theirs.startsAt, 1),
      endsAt: at(theirs.startsAt, 2),
    });
    const id = await sessionId(theirs.id, "Elsewhere");
    const a = await joinWithPass(mine.slug, "Ivo Inside");
    const res = await onPass(a.token, { intent: "schedule-add", session: String(id) });
    expect(res.status).toBe(404);
    const seats = await env.DB.prepare("select count(*) as n from org_schedule where session_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(seats?.n).toBe(0);
  });

  it("gives the last seat to one of two people adding it at once, and the page says full", async () => {
    const owner = await signUp("Lena Last");
    const e = await publish(owner);
    await addSession(owner.cookie, e.id, {
      title: "Small room",
      startsAt: at(e.startsAt, 1),
      endsAt: at(e.startsAt, 2),
      capacity: "1",
    });
    const id = await sessionId(e.id, "Small room");
    // Read whole, as a browser would: the cached copy is a branch of the same body.
    await (await call(`/e/${e.slug}`)).text();
    await waitForGlobalWaitUntil();
    const one = await joinWithPass(e.slug, "One First");
    const two = await joinWithPass(e.slug, "Two Second");
    const [r1, r2] = await Promise.all([
      onPass(one.token, { intent: "schedule-add", session: String(id) }),
      onPass(two.token, { intent: "schedule-add", session: String(id) }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const loser = r1.status === 409 ? r1 : r2;
    expect(await loser.text()).toContain("This session is full.");
    const seats = await env.DB.prepare("select count(*) as n from org_schedule where session_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(seats?.n).toBe(1);
    await waitForGlobalWaitUntil();
    const page = await call(`/e/${e.slug}`);
    expect(page.headers.get("x-edge-cache")).toBe("MISS");
    expect(await page.text()).toContain("This session is full.");
  });

  it("writes a calendar file per session and one feed of the schedule, every field escaped", async () => {
    const owner = await signUp("Cal Endar");
    const e = await publish(owner);
    await addSession(owner.cookie, e.id, {
      title: "Data; ethics, and you\\now",
      description: "Line one\nLine two",
      startsAt: at(e.startsAt, 1),
      endsAt: at(e.startsAt, 2.5),
      room: "Room 1, upstairs",
    });
    await addSession(owner.cookie, e.id, {
      title: "Not mine",
      startsAt: at(e.startsAt, 3),
      endsAt: at(e.startsAt, 4),
    });
    const id = await sessionId(e.id, "Data; ethics, and you\\now");
    const file = await call(`/e/${e.slug}/sessions/${id}.ics`);
    expect(file.headers.get("content-type")).toContain("text/calendar");
    const ics = await file.text();
    expect(ics).toContain("SUMMARY:Data\\; ethics\\, and you\\\\now");
    expect(ics).toContain("LOCATION:Room 1\\, upstairs\\, Messe\\, Hall 3");
    expect(ics).toContain("Line one\\nLine two");
    expect(ics).toContain("DURATION:PT90M");
    // Berlin is one or two hours ahead of UTC: the file is in UTC.
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect((await call(`/e/${e.slug}/sessions/999999999.ics`)).status).toBe(404);

    const a = await joinWithPass(e.slug, "Fee Feed");
    await onPass(a.token, { intent: "schedule-add", session: String(id) });
    const pass = await (await call(`/pass/${a.token}`)).text();
    const feed = pass.match(/href="https?:\/\/[^/]+(\/e\/[^"]+\/schedule\.ics\?k=[0-9a-f]+)"/)?.[1];
    expect(feed).toBeTruthy();
    expect(feed).not.toContain(a.token);
    const body = await (await call(String(feed).replaceAll("&amp;", "&"))).text();
    expect(body).toContain("SUMMARY:Data\\; ethics");
    expect(body).not.toContain("Not mine");
    const wrong = String(feed).replace(/k=[0-9a-f]+/, "k=0123456789abcdef0123456789abcdef");
    expect((await call(wrong)).status).toBe(404);
  });
});

describe("requests reach the person asked", () => {
  const attendeeId = (slug: string, email: string) =>
    env.DB.prepare(
      "select a.id from org_attendee a join org_event e on e.id = a.event_id where e.slug = ? and a.email = ?",
    )
      .bind(slug, email)
      .first<{ id: number }>()
      .then((r) => r?.id as number);
  const connect = (cookie: string, slug: string, id: number) =>
    call(`/e/${slug}/directory`, { ...form({ intent: "connect", id: String(id) }), headers: { cookie } });

  it("mails a visitor without an account, who accepts on the pass without script; a double tap tells once", async () => {
    const owner = await signUp("Rae Requests");
    const e = await publish(owner);
    const asker = await joinSignedIn(e.slug, "Ann <Asker>");
    const visitor = await joinWithPass(e.slug, "Vic Visitor");
    const to = await attendeeId(e.slug, visitor.email);
    expect((await connect(asker.cookie, e.slug, to)).status).toBe(302);
    expect((await connect(asker.cookie, e.slug, to)).status).toBe(302);
    const mails = await mailsTo(visitor.email, "event-request");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Ann <Asker> asks to connect at Programme Summit");
    expect(mails[0]?.text).toContain(`/pass/${visitor.token}#requests`);
    expect(mails[0]?.text).toContain("You get this because you joined Programme Summit");
    const pass = await (await call(`/pass/${visitor.token}`)).text();
    expect(pass).toContain("Requests waiting for you");
    expect(pass).toContain("<strong>Ann &lt;Asker&gt;</strong>");
    expect(pass).not.toContain("<script");
    const accepted = await onPass(visitor.token, { intent: "accept", from: String(asker.id) });
    expect(accepted.status).toBe(200);
    const after = await accepted.text();
    expect(after).toContain("Details exchanged.");
    expect(after).not.toContain("Requests waiting for you");
    expect((await onPass(visitor.token, { intent: "accept", from: String(asker.id) })).status).toBe(404);
  });

  it("sends one mail per window and a digest of the rest, and tells an account holder in /notifications", async () => {
    const owner = await signUp("Dee Digest");
    const e = await publish(owner);
    const asked = await joinSignedIn(e.slug, "Popular Person");
    const askers = [];
    for (const name of ["First Fan", "Second Fan", "Third Fan"]) askers.push(await joinSignedIn(e.slug, name));
    for (const a of askers) expect((await connect(a.cookie, e.slug, asked.id)).status).toBe(302);
    expect(await mailsTo(asked.email, "event-request")).toHaveLength(1);
    const db = createDb(env.DB);
    // The window has not ended: no digest yet.
    await sendRequestDigests(db, new Date());
    expect(await mailsTo(asked.email, "event-request-digest")).toHaveLength(0);
    await sendRequestDigests(db, new Date(Date.now() + REQUEST_MAIL_WINDOW_MS + 1000));
    const digests = await mailsTo(asked.email, "event-request-digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe("3 requests waiting for you at Programme Summit");
    for (const name of ["First Fan", "Second Fan", "Third Fan"]) expect(digests[0]?.text).toContain(name);
    // Nothing new: no second digest.
    await sendRequestDigests(db, new Date(Date.now() + 3 * REQUEST_MAIL_WINDOW_MS));
    expect(await mailsTo(asked.email, "event-request-digest")).toHaveLength(1);
    const inbox = await (await call("/notifications", { headers: { cookie: asked.cookie } })).text();
    expect(inbox).toContain("Third Fan asks to connect");
    expect(inbox).toContain(`/e/${e.slug}/directory`);
    const dashboard = await (await call("/dashboard", { headers: { cookie: asked.cookie } })).text();
    expect(dashboard).toContain("asks to connect");
    const other = await (await call("/notifications", { headers: { cookie: askers[0]?.cookie ?? "" } })).text();
    expect(other).not.toContain("asks to connect");
  });

  it("brings a meeting request to the pass, where it is accepted without an account", async () => {
    const owner = await signUp("Mo Meetings");
    const e = await publish(owner);
    const asker = await joinSignedIn(e.slug, "Mia Meeter");
    const visitor = await joinWithPass(e.slug, "Pat Pass");
    const to = await attendeeId(e.slug, visitor.email);
    const asked = await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "meet", id: String(to), startsAt: at(e.startsAt, 2), minutes: "30", place: "Table 7" }),
      headers: { cookie: asker.cookie },
    });
    expect(asked.status).toBe(302);
    const mails = await mailsTo(visitor.email, "event-request");
    expect(mails[0]?.subject).toBe("Mia Meeter asks to meet at Programme Summit");
    expect(mails[0]?.text).toContain("30 min at Table 7");
    const pass = await (await call(`/pass/${visitor.token}`)).text();
    const id = pass.match(/name="id" value="(\d+)"/)?.[1];
    expect(id).toBeTruthy();
    for (const bad of ["x", "0"])
      expect((await onPass(visitor.token, { intent: "meeting-accept", id: bad })).status).toBe(400);
    const ok = await onPass(visitor.token, { intent: "meeting-accept", id: String(id) });
    expect(await ok.text()).toContain("Meeting accepted.");
    const state = await env.DB.prepare("select state from org_meeting where id = ?")
      .bind(id)
      .first<{ state: string }>();
    expect(state?.state).toBe("accepted");
    // Another attendee's pass cannot answer it.
    const third = await joinWithPass(e.slug, "Tom Third");
    expect((await onPass(third.token, { intent: "meeting-decline", id: String(id) })).status).toBe(404);
  });
});

describe("meetings in the organiser's slots", () => {
  const openSlots = (cookie: string, id: number, values: Record<string, string>) =>
    call(`/organiser/${id}/meetings`, { ...form({ intent: "open", ...values }), headers: { cookie } });
  const slotOf = (eventId: number, startsAt: string, place: string) =>
    env.DB.prepare("select id from org_meeting_slot where event_id = ? and starts_at = ? and place = ?")
      .bind(eventId, startsAt, place)
      .first<{ id: number }>()
      .then((r) => r?.id as number);
  const offered = async (cookie: string, slug: string, other: number, query = "") => {
    const page = await (await call(`/e/${slug}/meet/${other}${query}`, { headers: { cookie } })).text();
    return [...page.matchAll(/name="slot" value="(\d+)"/g)].map((m) => Number(m[1]));
  };
  const book = (cookie: string, slug: string, other: number, slot: number, extra: Record<string, string> = {}) =>
    call(`/e/${slug}/meet/${other}`, { ...form({ slot: String(slot), ...extra }), headers: { cookie } });

  it("refuses bad slot forms beside each field, and another account's", async () => {
    const owner = await signUp("Sol Slots");
    const e = await publish(owner);
    const bad = await openSlots(owner.cookie, e.id, {
      from: at(e.startsAt, 2),
      until: at(e.startsAt, 1),
      minutes: "7",
      places: "",
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("Choose how long each meeting lasts");
    expect(text).toContain("List the tables or rooms, one per line");
    const outside = await openSlots(owner.cookie, e.id, {
      from: at(e.startsAt, -5),
      until: at(e.startsAt, 1),
      minutes: "30",
      places: "Table <1>",
    });
    expect(outside.status).toBe(400);
    const t2 = await outside.text();
    expect(t2).toContain("Choose a time during the event");
    expect(t2).toContain("Table &lt;1&gt;");
    const many = await openSlots(owner.cookie, e.id, {
      from: at(e.startsAt, 0),
      until: at(e.startsAt, 40),
      minutes: "15",
      places: "A\nB\nC",
    });
    expect(many.status).toBe(400);
    expect(await many.text()).toContain("That makes more than 400 slots");
    const other = await signUp("Oz Other");
    expect(
      (
        await openSlots(other.cookie, e.id, {
          from: at(e.startsAt, 1),
          until: at(e.startsAt, 2),
          minutes: "30",
          places: "T",
        })
      ).status,
    ).toBe(404);
    const n = await env.DB.prepare("select count(*) as n from org_meeting_slot where event_id = ?")
      .bind(e.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("offers only times both are free: not past, not in a session, within stated availability", async () => {
    const owner = await signUp("Fay Free");
    const e = await publish(owner, { startsAt: local(-1), endsAt: local(2) });
    // Yesterday's slots are past; tomorrow's are open.
    const tomorrow = at(e.startsAt, 48);
    expect(
      (
        await openSlots(owner.cookie, e.id, {
          from: at(e.startsAt, 1),
          until: at(e.startsAt, 2),
          minutes: "30",
          places: "T1",
        })
      ).status,
    ).toBe(302);
    expect(
      (await openSlots(owner.cookie, e.id, { from: tomorrow, until: at(tomorrow, 2), minutes: "30", places: "T1\nT2" }))
        .status,
    ).toBe(302);
    await addSession(owner.cookie, e.id, { title: "Busy talk", startsAt: tomorrow, endsAt: at(tomorrow, 0.5) });
    const a = await joinSignedIn(e.slug, "Al Asker");
    const b = await joinSignedIn(e.slug, "Bo Busy");
    await onPass(b.token, { intent: "schedule-add", session: String(await sessionId(e.id, "Busy talk")) });
    const times = [0.5, 1, 1.5].map((h) => at(tomorrow, h));
    const free = await offered(a.cookie, e.slug, b.id);
    // One table per time, the session's half hour left out, nothing from yesterday.
    expect(free).toEqual(await Promise.all(times.map((t) => slotOf(e.id, t, "T1"))));
    const pass = await (await call(`/pass/${b.token}`)).text();
    expect(pass).toContain("When you can meet");
    const saved = await call(`/pass/${b.token}`, {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "availability"],
        ["at", times[2] as string],
        ["at", "not-a-time"],
      ]),
    });
    expect(await saved.text()).toContain("Your meeting times are saved.");
    expect(await offered(a.cookie, e.slug, b.id)).toEqual([await slotOf(e.id, times[2] as string, "T1")]);
    // A time outside what is offered is refused, and a free-form request too.
    const refused = await book(a.cookie, e.slug, b.id, await slotOf(e.id, times[0] as string, "T1"));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Choose one of the free times");
    const freeForm = await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "meet", id: String(b.id), startsAt: times[0] as string, minutes: "30", place: "Bar" }),
      headers: { cookie: a.cookie },
    });
    expect(freeForm.status).toBe(400);
  });

  it("books the last table once when two ask at once, and never one person twice at a time", async () => {
    const owner = await signUp("Lu Last");
    const e = await publish(owner);
    const t = at(e.startsAt, 3);
    await openSlots(owner.cookie, e.id, { from: t, until: at(t, 0.5), minutes: "30", places: "Only table" });
    const slot = await slotOf(e.id, t, "Only table");
    const [a, b, c, d] = [
      await joinSignedIn(e.slug, "Ana One"),
      await joinSignedIn(e.slug, "Ben Two"),
      await joinSignedIn(e.slug, "Cal Three"),
      await joinSignedIn(e.slug, "Dot Four"),
    ];
    const raced = await Promise.all([book(a.cookie, e.slug, b.id, slot), book(c.cookie, e.slug, d.id, slot)]);
    expect(raced.map((r) => r.status).sort()).toEqual([302, 409]);
    const live = await env.DB.prepare(
      "select count(*) as n from org_meeting where slot_id = ? and state in ('pending', 'accepted')",
    )
      .bind(slot)
      .first<{ n: number }>();
    expect(live?.n).toBe(1);
    // Sent after it was taken, by the pair that lost: refused with the message, nothing stored.
    const winner = raced[0]?.status === 302 ? [a, b] : [c, d];
    const loser = winner[0] === a ? [c, d] : [a, b];
    const late = await book(loser[0]?.cookie ?? "", e.slug, loser[1]?.id ?? 0, slot);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("Choose one of the free times");
    // The database itself refuses a second meeting of one person at an overlapping time.
    const row = await env.DB.prepare("select * from org_meeting where slot_id = ?")
      .bind(slot)
      .first<{ event_id: number }>();
    await env.DB.prepare("insert into org_meeting_slot (event_id, starts_at, minutes, place) values (?, ?, 30, 'Side')")
      .bind(e.id, at(t, 0.25))
      .run();
    const side = await slotOf(e.id, at(t, 0.25), "Side");
    await expect(
      env.DB.prepare(
        "insert into org_meeting (event_id, from_id, to_id, starts_at, minutes, place, uid, slot_id) values (?, ?, ?, ?, 30, 'Side', ?, ?)",
      )
        .bind(row?.event_id, winner[0]?.id, (winner[0] === a ? c : a).id, at(t, 0.25), crypto.randomUUID(), side)
        .run(),
    ).rejects.toThrow(/org_meeting_clash/);
  });

  it("tells the other side of each accept, move and cancel, and shows the organiser the tables' bookings", async () => {
    const owner = await signUp("Ned Notify");
    const e = await publish(owner);
    const t = at(e.startsAt, 5);
    await openSlots(owner.cookie, e.id, { from: t, until: at(t, 1), minutes: "30", places: "Table 9" });
    const a = await joinSignedIn(e.slug, "Asa Asker");
    const b = await joinSignedIn(e.slug, "Bea Asked");
    const first = await slotOf(e.id, t, "Table 9");
    const second = await slotOf(e.id, at(t, 0.5), "Table 9");
    expect((await book(a.cookie, e.slug, b.id, first, { note: "About <grants>" })).status).toBe(302);
    const id = (
      await env.DB.prepare("select id from org_meeting where slot_id = ?").bind(first).first<{ id: number }>()
    )?.id as number;
    const board = await (await call(`/organiser/${e.id}/meetings`, { headers: { cookie: owner.cookie } })).text();
    expect(board).toContain("Asa Asker &amp; Bea Asked (pending)");
    const dir = (cookie: string, intent: string) =>
      call(`/e/${e.slug}/directory`, { ...form({ intent, id: String(id) }), headers: { cookie } });
    expect((await dir(b.cookie, "meeting-accept")).status).toBe(302);
    expect((await mailsTo(a.email, "event-meeting"))[0]?.subject).toBe(
      `Bea Asked accepted your meeting at Programme Summit`,
    );
    // Moving it: offered times leave out its own slot's clash, and the other side must accept again.
    expect(await offered(b.cookie, e.slug, a.id, `?meeting=${id}`)).toContain(second);
    expect((await book(b.cookie, e.slug, a.id, second, { meeting: String(id) })).status).toBe(302);
    const moved = await env.DB.prepare("select state, slot_id, from_id from org_meeting where id = ?")
      .bind(id)
      .first<{ state: string; slot_id: number; from_id: number }>();
    expect(moved).toEqual({ state: "pending", slot_id: second, from_id: b.id });
    expect((await mailsTo(a.email, "event-meeting")).map((m) => m.subject)).toContain(
      "Bea Asked asks to move your meeting at Programme Summit",
    );
    expect((await dir(a.cookie, "meeting-cancel")).status).toBe(302);
    expect((await mailsTo(b.email, "event-meeting")).map((m) => m.subject)).toContain(
      "Asa Asker cancelled your meeting at Programme Summit",
    );
    const inbox = await (await call("/notifications", { headers: { cookie: b.cookie } })).text();
    expect(inbox).toContain("Asa Asker cancelled your meeting");
    const after = await (await call(`/organiser/${e.id}/meetings`, { headers: { cookie: owner.cookie } })).text();
    expect(after).not.toContain("(pending)");
    // Cancelled twice, or by a stranger: nothing to cancel.
    expect((await dir(a.cookie, "meeting-cancel")).status).toBe(404);
  });
});

describe("a reminder before each meeting", () => {
  it("reminds both people of an accepted meeting half an hour before, once, on the event's clock", async () => {
    const owner = await signUp("Rem Inder");
    const e = await publish(owner, { startsAt: local(-1), endsAt: local(2), timeZone: "Asia/Tokyo" });
    const a = await joinSignedIn(e.slug, "Ida Early");
    const b = await joinWithPass(e.slug, "Jo Later");
    const bId = (
      await env.DB.prepare("select id from org_attendee where email = ?").bind(b.email).first<{ id: number }>()
    )?.id;
    const soon = zonedLocal(new Date(Date.now() + 20 * 60_000), "Asia/Tokyo");
    const later = zonedLocal(new Date(Date.now() + 3 * 3_600_000), "Asia/Tokyo");
    const insert = (startsAt: string, state: string) =>
      env.DB.prepare(
        "insert into org_meeting (event_id, from_id, to_id, starts_at, minutes, place, state, uid) values (?, ?, ?, ?, 30, 'Table <2>', ?, ?)",
      )
        .bind(e.id, a.id, bId, startsAt, state, crypto.randomUUID())
        .run();
    await insert(soon, "accepted");
    await insert(later, "accepted");
    await insert(zonedLocal(new Date(Date.now() + 10 * 60_000), "Asia/Tokyo"), "declined");
    const db = createDb(env.DB);
    await remindMeetings(db, new Date());
    await remindMeetings(db, new Date());
    const toB = await mailsTo(b.email, "event-meeting-reminder");
    expect(toB).toHaveLength(1);
    expect(toB[0]?.subject).toBe("Soon: your meeting with Ida Early at Programme Summit");
    expect(toB[0]?.text).toContain("30 min at Table <2>");
    expect(await mailsTo(a.email, "event-meeting-reminder")).toHaveLength(1);
    const inbox = await (await call("/notifications", { headers: { cookie: a.cookie } })).text();
    expect(inbox).toContain("Meeting with Jo Later soon");
  });
});

describe("the programme migration", () => {
  it("keeps every event and attendee, and brings the room and seat rules", async () => {
    const { applyD1Migrations } = await import("cloudflare:test");
    const db = env.MIGRATION_DB;
    const at0057 = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith("0057"));
    expect(at0057).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at0057));
    const { d1Columns, seedAsOf } = await import("../seed-as-of");
    await db.exec(await seedAsOf(d1Columns(db)));
    const user = await db.prepare("select id from user limit 1").first<{ id: string }>();
    await db
      .prepare(
        "insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name) values ('m-1', ?, 'Kept', '2030-05-01T09:00', '2030-05-01T18:00', 'UTC', 'Org')",
      )
      .bind(user?.id)
      .run();
    const ev = await db.prepare("select id from org_event where slug = 'm-1'").first<{ id: number }>();
    for (const [email, code] of [
      ["a@example.org", "badge-aaaa"],
      ["b@example.org", "badge-bbbb"],
    ])
      await db
        .prepare("insert into org_attendee (event_id, email, name, pass_token, badge_code) values (?, ?, 'N', ?, ?)")
        .bind(ev?.id, email, `pass-${code}-0123456789`, code)
        .run();
    const [x, y] = (await db.prepare("select id from org_attendee order by id").all<{ id: number }>()).results;
    await db
      .prepare(
        "insert into org_meeting (event_id, from_id, to_id, starts_at, place, uid) values (?, ?, ?, '2030-05-01T10:00', 'Bar', 'u-kept')",
      )
      .bind(ev?.id, x?.id, y?.id)
      .run();
    const before = (await db.prepare("select * from org_event order by id").all()).results;
    const meetings = (await db.prepare("select * from org_meeting order by id").all()).results;
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at0057));
    // Every column the events had keeps its value (later migrations add columns of their own).
    const after = (await db.prepare("select * from org_event order by id").all()).results;
    expect(after.map((row, i) => Object.fromEntries(Object.keys(before[i] ?? {}).map((k) => [k, row[k]])))).toEqual(
      before,
    );
    // Meetings made before slots keep every value, with no slot.
    expect((await db.prepare("select * from org_meeting order by id").all()).results).toEqual(
      meetings.map((m) => ({ ...m, slot_id: null, reminded_at: null })),
    );
    const event = before[0] as { id: number };
    const insert = (room: string, start: string, end: string, uid: string) =>
      db
        .prepare(
          "insert into org_session (event_id, title, starts_at, ends_at, room, capacity, uid) values (?, 't', ?, ?, ?, 1, ?)",
        )
        .bind(event.id, start, end, room, uid)
        .run();
    await insert("A", "2030-05-01T09:00", "2030-05-01T10:00", "u1");
    await expect(insert("a", "2030-05-01T09:30", "2030-05-01T10:30", "u2")).rejects.toThrow(/org_session_room_taken/);
    await insert("A", "2030-05-01T10:00", "2030-05-01T11:00", "u3");
  });
});
