import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, ORIGIN, signUp } from "./helpers";
import { joinByForm as join, joinSignedIn, type Owner, publishNow as publish } from "./organiser-helpers";

const mail = () => `door-${crypto.randomUUID().slice(0, 8)}@example.org`;

const as = (o: Owner, path: string, values?: Record<string, string>) =>
  call(path, values ? { ...form(values), headers: { cookie: o.cookie } } : { headers: { cookie: o.cookie } });

const checkins = (eventId: number) =>
  env.DB.prepare("select count(*) as n from org_checkin where event_id = ?").bind(eventId).first<number>("n");

describe("the organiser's attendee list", () => {
  it("lists every attendee with check-in and consent states, holding back what each did not agree to share", async () => {
    const owner = await signUp("List Owner");
    const e = await publish(owner);
    await join(e.slug, { name: "Ada Listed", email: mail(), company: "Lovelace Ltd", listed: "on", updates: "on" });
    const hidden = mail();
    await join(e.slug, { name: "Bo Private", email: hidden, company: "Secret Corp", title: "Spy" });
    const page = await (await as(owner, `/organiser/${e.id}/attendees`)).text();
    expect(page).toContain("Ada Listed");
    expect(page).toContain("Lovelace Ltd");
    expect(page).toContain("Bo Private");
    // Not listed and no yes to news: the organisation, title and address are not in the page at all.
    expect(page).not.toContain("Secret Corp");
    expect(page).not.toContain("Spy");
    expect(page).not.toContain(hidden);
    expect(page).toContain("0 of 2 checked in");
    // A search never finds someone by what the page holds back.
    const bySecret = await (await as(owner, `/organiser/${e.id}/attendees?q=Secret`)).text();
    expect(bySecret).not.toContain("Bo Private");
    expect(bySecret).toContain("Nobody matches this search.");
    const byName = await (await as(owner, `/organiser/${e.id}/attendees?q=private`)).text();
    expect(byName).toContain("Bo Private");
    expect(byName).not.toContain("Ada Listed");
    // A LIKE wildcard is a character to find, not a pattern.
    expect(await (await as(owner, `/organiser/${e.id}/attendees?q=%25`)).text()).toContain("Nobody matches");
  });

  it("pages fifty at a time and filters by check-in; bad query values are the defaults", async () => {
    const owner = await signUp("Page Owner");
    const e = await publish(owner);
    await env.DB.prepare(
      `insert into org_attendee (event_id, email, name, pass_token, badge_code)
       select ?, 'p' || value || '@example.org', 'Person ' || printf('%03d', value), 'pass-' || ? || '-' || value, 'badge-' || ? || '-' || value
       from json_each('[${Array.from({ length: 55 }, (_, i) => i).join(",")}]')`,
    )
      .bind(e.id, e.id, e.id)
      .run();
    const first = await (await as(owner, `/organiser/${e.id}/attendees`)).text();
    expect(first).toContain("Person 049");
    expect(first).not.toContain("Person 050");
    expect(first).toContain("Next →");
    const second = await (await as(owner, `/organiser/${e.id}/attendees?page=1`)).text();
    expect(second).toContain("Person 054");
    expect(second).not.toContain("Person 049");
    const odd = await as(owner, `/organiser/${e.id}/attendees?page=-3&in=maybe&q=${"x".repeat(5000)}`);
    expect(odd.status).toBe(200);
    const someone = await env.DB.prepare("select id from org_attendee where event_id = ? and name = 'Person 007'")
      .bind(e.id)
      .first<number>("id");
    expect(
      (await as(owner, `/organiser/${e.id}/attendees`, { intent: "checkin", attendee: String(someone) })).status,
    ).toBe(200);
    const inside = await (await as(owner, `/organiser/${e.id}/attendees?in=yes`)).text();
    expect(inside).toContain("Person 007");
    expect(inside).not.toContain("Person 008");
    expect(await (await as(owner, `/organiser/${e.id}/attendees?in=no`)).text()).not.toContain("Person 007");
    expect(
      (await as(owner, `/organiser/${e.id}/attendees`, { intent: "undo", attendee: String(someone) })).status,
    ).toBe(200);
    expect(await checkins(e.id)).toBe(0);
    expect(
      (await as(owner, `/organiser/${e.id}/attendees`, { intent: "undo", attendee: String(someone) })).status,
    ).toBe(404);
    expect((await as(owner, `/organiser/${e.id}/attendees`, { intent: "checkin", attendee: "abc" })).status).toBe(400);
    expect((await as(owner, `/organiser/${e.id}/attendees`, { intent: "nonsense" })).status).toBe(400);
  });

  it("exports the list as searched, formula-guarded, with held-back fields empty", async () => {
    const owner = await signUp("Export Owner");
    const e = await publish(owner);
    const open = mail();
    await join(e.slug, { name: "=HYPERLINK(1)", email: open, company: "Open Co", listed: "on", updates: "on" });
    await join(e.slug, { name: "Quiet Person", email: mail(), company: "Closed Co" });
    const res = await as(owner, `/organiser/${e.id}/attendees/list.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`${e.slug}-attendee-list.csv`);
    const csv = await res.text();
    expect(csv.split("\n")[0]).toContain("Checked in");
    expect(csv).toContain("'=HYPERLINK(1)");
    expect(csv).toContain(open);
    expect(csv).toContain("Open Co");
    expect(csv).toContain("Quiet Person");
    expect(csv).not.toContain("Closed Co");
    const searched = await (await as(owner, `/organiser/${e.id}/attendees/list.csv?q=quiet`)).text();
    expect(searched).toContain("Quiet Person");
    expect(searched).not.toContain("Open Co");
    const xlsx = await as(owner, `/organiser/${e.id}/attendees/list.xlsx`);
    expect(xlsx.status).toBe(200);
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    expect((await as(owner, `/organiser/${e.id}/attendees/list.pdf`)).status).toBe(404);
  });

  it("is the organiser's alone: another account reads and changes nothing", async () => {
    const owner = await signUp("Own Owner");
    const other = await signUp("Other Owner");
    const e = await publish(owner);
    const a = await join(e.slug, { name: "Kept Person", email: mail() });
    for (const path of ["attendees", "attendees/list.csv", "door", "badges"])
      expect((await as(other, `/organiser/${e.id}/${path}`)).status, path).toBe(404);
    expect(
      (await as(other, `/organiser/${e.id}/attendees`, { intent: "checkin", attendee: String(a.id) })).status,
    ).toBe(404);
    expect((await as(other, `/organiser/${e.id}/door`, { intent: "scan", code: a.qr })).status).toBe(404);
    expect(await checkins(e.id)).toBe(0);
  });
});

describe("a long search", () => {
  it("answers the organiser's list and an attendee's directory, cut to what the database takes", async () => {
    const owner = await signUp("Long Owner");
    const e = await publish(owner);
    const viewer = await joinSignedIn(e.slug, "Long Viewer");
    const long = encodeURIComponent("é%_".repeat(60));
    expect((await as(owner, `/organiser/${e.id}/attendees?q=${long}`)).status).toBe(200);
    expect((await as(owner, `/organiser/${e.id}/attendees/list.csv?q=${long}`)).status).toBe(200);
    expect((await call(`/e/${e.slug}/directory?q=${long}`, { headers: { cookie: viewer.cookie } })).status).toBe(200);
  });
});

describe("the door", () => {
  it("checks a pass in once, however often and on however many phones it is scanned", async () => {
    const owner = await signUp("Door Owner");
    const e = await publish(owner);
    const a = await join(e.slug, { name: "Cy Scanned", email: mail() });
    const first = await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: a.qr });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Cy Scanned: checked in");
    const again = await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: a.qr });
    expect(await again.text()).toContain("Cy Scanned: already checked in at");
    const b = await join(e.slug, { name: "Di Twice", email: mail() });
    const both = await Promise.all(
      [1, 2, 3].map(() => as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: b.qr })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
    const texts = await Promise.all(both.map((r) => r.text()));
    expect(texts.filter((t) => t.includes("Di Twice: checked in")).length).toBe(1);
    expect(await checkins(e.id)).toBe(2);
    expect(await (await as(owner, `/organiser/${e.id}/door`)).text()).toContain("2 of 2 in");
  });

  it("refuses a pass of another event, a code without its proof and anything that is no pass, keeping what was typed", async () => {
    const owner = await signUp("Strict Owner");
    const e = await publish(owner, "Strict Summit");
    const otherEvent = await publish(owner, "Elsewhere Expo");
    const stranger = await join(otherEvent.slug, { name: "Ed Elsewhere", email: mail() });
    const refused = await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: stranger.qr });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("That pass is for another event, not Strict Summit");
    const mine = await join(e.slug, { name: "Fay Forged", email: mail() });
    const forged = `${ORIGIN}/e/${e.slug}/a/${mine.code}?k=${"0".repeat(32)}`;
    const bad = await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: forged });
    expect(bad.status).toBe(409);
    expect(await bad.text()).toContain("That pass is not valid for Strict Summit");
    const bare = await as(owner, `/organiser/${e.id}/door`, {
      intent: "scan",
      code: `${ORIGIN}/e/${e.slug}/a/${mine.code}`,
    });
    expect(bare.status).toBe(409);
    const junk = await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: "<b>hello</b>" });
    expect(junk.status).toBe(400);
    const body = await junk.text();
    expect(body).toContain("That code is not an attendee pass");
    expect(body).not.toContain("<b>hello</b>");
    expect(body).toContain("&lt;b&gt;hello&lt;/b&gt;");
    expect((await as(owner, `/organiser/${e.id}/door`, { intent: "scan" })).status).toBe(400);
    expect(await checkins(e.id)).toBe(0);
    expect(await checkins(otherEvent.id)).toBe(0);
  });

  it("prints badges with each pass's own QR, on A4 or Letter, holding back unlisted organisations", async () => {
    const owner = await signUp("Badge Owner");
    const e = await publish(owner);
    await join(e.slug, { name: "Gil <Badge>", email: mail(), company: "Shown Co", listed: "on" });
    await join(e.slug, { name: "Hal Hidden", email: mail(), company: "Hidden Co" });
    // Only those with a place get a badge: someone waiting for an answer, on the waitlist or declined has none yet.
    for (const state of ["pending", "waitlist", "declined"])
      await env.DB.prepare(
        "insert into org_attendee (event_id, email, name, pass_token, badge_code, state) values (?, ?, ?, ?, ?, ?)",
      )
        .bind(e.id, mail(), `No Place ${state}`, `pass-${crypto.randomUUID()}`, `badge-${crypto.randomUUID()}`, state)
        .run();
    const a4 = await (await as(owner, `/organiser/${e.id}/badges`)).text();
    expect(a4).not.toContain("No Place");
    expect(a4).toContain("size: A4");
    expect(a4).toContain("Gil &lt;Badge&gt;");
    expect(a4).toContain("Shown Co");
    expect(a4).not.toContain("Hidden Co");
    expect(a4.match(/aria-label="Pass QR code of/g)?.length).toBe(2);
    expect(a4.match(/<svg/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(await (await as(owner, `/organiser/${e.id}/badges?paper=letter&run=x`)).text()).toContain("size: letter");
  });
});

describe("an exhibitor's leads", () => {
  it("keeps one lead per attendee with every note, and exports them to the exhibitor alone", async () => {
    const owner = await signUp("Lead Owner");
    const e = await publish(owner);
    const stand = await joinSignedIn(e.slug, "Sia Stand");
    const granted = await as(owner, `/organiser/${e.id}`, {
      intent: "exhibitor",
      email: stand.email,
      rights: "one-way",
    });
    expect(granted.status).toBe(302);
    const guest = await join(e.slug, { name: "=Gus Guest", email: mail(), company: "Guest Co" });
    const scan = (values: Record<string, string>) =>
      call(new URL(guest.qr).pathname + new URL(guest.qr).search, {
        ...form(values),
        headers: { cookie: stand.cookie },
      });
    expect((await scan({ rating: "4", notes: "Wants a demo" })).status).toBe(200);
    expect((await scan({ rating: "5", notes: "Call in May" })).status).toBe(200);
    // A replayed scan (a phone sending its queue twice) adds no note twice; a scan without a rating keeps it.
    expect((await scan({ notes: "Call in May" })).status).toBe(200);
    const rows = await env.DB.prepare(
      "select l.rating, n.notes from org_lead l join org_lead_note n on n.lead_id = l.id where l.event_id = ? and l.attendee_id = ?",
    )
      .bind(e.id, guest.id)
      .all<{ rating: number; notes: string }>();
    expect(rows.results).toEqual([{ rating: 5, notes: "Wants a demo\nCall in May" }]);
    const csv = await call(`/e/${e.slug}/leads/csv`, { headers: { cookie: stand.cookie } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split("\n")[0]).toContain("Notes");
    expect(text).toContain("'=Gus Guest");
    expect(text).toContain("Guest Co");
    expect(text).toContain("Wants a demo");
    expect(text).toContain("Call in May");
    const xlsx = await call(`/e/${e.slug}/leads/xlsx`, { headers: { cookie: stand.cookie } });
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    expect((await call(`/e/${e.slug}/leads/pdf`, { headers: { cookie: stand.cookie } })).status).toBe(404);
    // Not an exhibitor, not an attendee: no list, nothing said about it.
    const plain = await joinSignedIn(e.slug, "Pat Plain");
    expect((await call(`/e/${e.slug}/leads/csv`, { headers: { cookie: plain.cookie } })).status).toBe(404);
    expect((await call(`/e/${e.slug}/leads/csv`, { headers: { cookie: owner.cookie } })).status).toBe(404);
  });
});

describe("a door scan queued offline", () => {
  const scan = (o: Owner, eventId: number, code: string, key?: string) =>
    as(o, `/organiser/${eventId}/door`, { intent: "scan", code, ...(key === undefined ? {} : { key }) });

  it("sent twice with its key lets in once, even after the check-in was undone", async () => {
    const owner = await signUp("Queue Owner");
    const e = await publish(owner);
    const ada = await join(e.slug, { name: "Ada Queued", email: mail() });
    const key = crypto.randomUUID();
    const [first, again] = await Promise.all([scan(owner, e.id, ada.qr, key), scan(owner, e.id, ada.qr, key)]);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await checkins(e.id)).toBe(1);
    expect(
      await env.DB.prepare("select count(*) as n from org_door_scan where key = ?").bind(key).first<number>("n"),
    ).toBe(1);
    // Undone by the organiser, the same scan replayed from a phone's queue does not let them in again.
    expect((await as(owner, `/organiser/${e.id}/attendees`, { intent: "undo", attendee: String(ada.id) })).status).toBe(
      200,
    );
    expect((await scan(owner, e.id, ada.qr, key)).status).toBe(200);
    expect(await checkins(e.id)).toBe(0);
    // A new scan (a new key) does.
    expect((await scan(owner, e.id, ada.qr, crypto.randomUUID())).status).toBe(200);
    expect(await checkins(e.id)).toBe(1);
  });

  it("refuses another event's key and a malformed one, letting nobody in", async () => {
    const owner = await signUp("Key Owner");
    const first = await publish(owner, "First Door");
    const second = await publish(owner, "Second Door");
    const ada = await join(first.slug, { name: "Ada First", email: mail() });
    const bo = await join(second.slug, { name: "Bo Second", email: mail() });
    const key = crypto.randomUUID();
    expect((await scan(owner, first.id, ada.qr, key)).status).toBe(200);
    const reused = await scan(owner, second.id, bo.qr, key);
    expect(reused.status).toBe(409);
    expect(await reused.text()).toContain("another event");
    expect(await checkins(second.id)).toBe(0);
    for (const bad of ["", "short", "x".repeat(65), "bad key with spaces!", "<script>alert(1)</script>12345678"]) {
      const refused = await scan(owner, second.id, bo.qr, bad);
      expect(refused.status, bad).toBe(400);
    }
    expect(await checkins(second.id)).toBe(0);
    // Another account cannot use the door at all.
    const stranger = await signUp("Key Stranger");
    expect((await scan(stranger, second.id, bo.qr, crypto.randomUUID())).status).toBe(404);
    expect(await checkins(second.id)).toBe(0);
  });
});
