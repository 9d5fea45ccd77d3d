import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EMPTY_AUDIENCE } from "~/lib/mailings/rules";
import { createDb } from "~/server/db/db.server";
import { mailWebhookSecret } from "~/server/mailings/events.server";
import { createMailing } from "~/server/mailings/mailings.server";
import { consumeMailings } from "~/server/mailings/send.server";
import { type MailingMessage, parseEnv } from "~/server/platform/env.server";
import { call, form, ORIGIN, signUp } from "./helpers";
import { joinByForm, joinSignedIn, type Owner, publishNow as publish } from "./organiser-helpers";
import { resendHeaders } from "./resend-signature";

const as = (o: Owner, path: string, values?: Record<string, string>) =>
  call(path, values ? { ...form(values), headers: { cookie: o.cookie } } : { headers: { cookie: o.cookie } });

const mail = () => `what-${crypto.randomUUID().slice(0, 8)}@example.org`;

/** The counts the page shows, by their key. */
const countsOf = (page: string) =>
  Object.fromEntries(
    [...page.matchAll(/data-count="([^"]+)"><dt[^>]*>[^<]*<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]),
  );

/** One series' rows: label and count. */
const series = (page: string, id: string) => {
  const table = page.match(new RegExp(`data-series="${id}"[\\s\\S]*?</table>`))?.[0] ?? "";
  return [...table.matchAll(/data-at="([^"]+)"[\s\S]*?<td[^>]*>([^<]*)<\/td>/g)].map((m) => [m[1], m[2]]);
};

describe("what happened at an event", () => {
  it("counts registrations, check-ins, exchanges, meetings by state and leads per exhibitor, on the event's clock", async () => {
    const owner = await signUp("What Owner");
    const e = await publish(owner, "What Summit");
    const a = await joinByForm(e.slug, { name: "Ann Visitor", email: mail(), listed: "on" });
    await joinByForm(e.slug, { name: "Bob Visitor", email: mail() });
    const c = await joinSignedIn(e.slug, "Cy Signed");
    const d = await joinSignedIn(e.slug, "Di Signed");
    // Two check-ins, one scanned twice: stored once.
    expect((await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: a.qr })).status).toBe(200);
    await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: a.qr });
    await as(owner, `/organiser/${e.id}/attendees`, { intent: "checkin", attendee: String(c.id) });
    // A Connect both ways is one exchange.
    await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "connect", id: String(d.id) }),
      headers: { cookie: c.cookie },
    });
    await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "accept", id: String(c.id) }),
      headers: { cookie: d.cookie },
    });
    // Meetings: one accepted whose time has come (held), one accepted ahead, one declined, one waiting.
    const meeting = (from: number, to: number, startsAt: string, state: string) =>
      env.DB.prepare(
        "insert into org_meeting (event_id, from_id, to_id, starts_at, minutes, place, state, uid) values (?, ?, ?, ?, 30, 'Stand', ?, ?)",
      )
        .bind(e.id, from, to, startsAt, state, crypto.randomUUID())
        .run();
    await meeting(c.id, d.id, "2000-01-01T10:00", "accepted");
    await meeting(d.id, c.id, "2999-01-01T10:00", "accepted");
    await meeting(c.id, a.id, "2999-01-01T11:00", "declined");
    await meeting(a.id, d.id, "2999-01-01T12:00", "pending");
    // An exhibitor's scan is their lead.
    const granted = await as(owner, `/organiser/${e.id}`, {
      intent: "exhibitor",
      email: (await emailOf(d.id)) ?? "",
      rights: "one-way",
    });
    expect(granted.status).toBe(302);
    const scanned = await call(a.qr.replace(ORIGIN, ""), { ...form({}), headers: { cookie: d.cookie } });
    expect(scanned.status).toBe(200);

    const page = await (await as(owner, `/organiser/${e.id}/analytics`)).text();
    expect(countsOf(page)).toEqual({
      registrations: "4",
      checkins: "2",
      exchanges: "1",
      "meetings-requested": "4",
      "meetings-accepted": "2",
      "meetings-held": "1",
      "meetings-declined": "1",
      "meetings-cancelled": "0",
    });
    // Today on the event's clock (UTC here) holds every registration.
    const today = new Date().toISOString().slice(0, 10);
    expect(series(page, "registrations")).toEqual([[today, "4"]]);
    const hours = series(page, "checkins");
    expect(hours.reduce((n, [, v]) => n + Number(v), 0)).toBe(2);
    expect(hours.every(([at]) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(at ?? ""))).toBe(true);
    expect(page).toMatch(/data-exhibitor="Di Signed"[\s\S]*?<td[^>]*>1<\/td>/);
    // Counts only: no attendee's name but the exhibitors the organiser named, no address at all.
    expect(page).not.toContain("Ann Visitor");
    expect(page).not.toContain("Cy Signed");
    expect(page).not.toContain("what-");
    expect(page).not.toContain(c.email);
  });

  it("is the organiser's alone, and reads an event in another zone by its own days", async () => {
    const owner = await signUp("Zone Owner");
    const e = await publish(owner, "Zone Summit");
    await env.DB.prepare("update org_event set time_zone = 'Pacific/Kiritimati' where id = ?").bind(e.id).run();
    const a = await joinByForm(e.slug, { name: "Zed Zone", email: mail() });
    // Joined at 23:30 UTC on 1 March: 13:30 on 2 March in Kiritimati (UTC+14).
    await env.DB.prepare("update org_attendee set created_at = ? where id = ?")
      .bind(Date.UTC(2030, 2, 1, 23, 30), a.id)
      .run();
    const page = await (await as(owner, `/organiser/${e.id}/analytics`)).text();
    expect(series(page, "registrations")).toEqual([["2030-03-02", "1"]]);
    const stranger = await signUp("Zone Stranger");
    expect((await as(stranger, `/organiser/${e.id}/analytics`)).status).toBe(404);
    expect((await as(stranger, "/organiser/abc/analytics")).status).toBe(404);
    // Another organiser's attendee is no count of this event's.
    const other = await publish(stranger, "Other Summit");
    await joinByForm(other.slug, { name: "Oz Other", email: mail() });
    expect(countsOf(await (await as(owner, `/organiser/${e.id}/analytics`)).text()).registrations).toBe("1");
  });
});

const ctx = () => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB) };
};

/** The organiser's mailing to the event's consenting attendees, created and sent through the queue's consumer. */
async function mailAttendees(owner: Owner, eventId: number, subject: string) {
  const workspace = await env.DB.prepare("select id from user where email = ?").bind(owner.email).first<string>("id");
  const made = await createMailing(
    ctx(),
    workspace ?? "",
    {
      subject,
      body: "Hi {{first_name}}",
      campaignId: null,
      rules: EMPTY_AUDIENCE,
      scheduleAt: null,
      key: crypto.randomUUID(),
      orgEventId: eventId,
    },
    ORIGIN,
  );
  if ("errors" in made) throw new Error(JSON.stringify(made.errors));
  const ids = (
    await env.DB.prepare("select id from mailing_recipient where mailing_id = ? order by id").bind(made.id).all<{
      id: number;
    }>()
  ).results.map((r) => r.id);
  const batch = createMessageBatch<MailingMessage>("knowwho-mailings", [
    { id: `r-${made.id}`, timestamp: new Date(), attempts: 1, body: { mailingId: made.id, recipientIds: ids } },
  ]);
  const execution = createExecutionContext();
  await consumeMailings(ctx(), batch);
  await getQueueResult(batch, execution);
  return made.id;
}

/** The mail provider's signed word about one recipient's message. */
async function providerSays(mailingId: number, email: string, type: string) {
  const providerId = await env.DB.prepare(
    "select provider_id from mailing_recipient where mailing_id = ? and email = ?",
  )
    .bind(mailingId, email)
    .first<string>("provider_id");
  const payload = JSON.stringify({ type, data: { email_id: providerId } });
  const id = `msg_${crypto.randomUUID()}`;
  const res = await call("/api/mailings/webhook", {
    method: "POST",
    body: payload,
    headers: resendHeaders((await mailWebhookSecret(parseEnv(env))) ?? "", id, payload),
  });
  expect(res.status).toBe(200);
}

/** The cells of one row of a table, by the row's data attribute. */
const cells = (page: string, attr: string, value: string) => {
  const row = page.match(new RegExp(`${attr}="${value}"[\\s\\S]*?</tr>`))?.[0] ?? "";
  return Object.fromEntries([...row.matchAll(/data-measure="([^"]+)">([^<]*)</g)].map((m) => [m[1], m[2]]));
};

const at = (startsAt: string, hours: number) =>
  new Date(Date.parse(`${startsAt}:00Z`) + hours * 3_600_000).toISOString().slice(0, 16);

describe("sessions' attendance, mail results and the export", () => {
  it("shows each session's schedules against capacity, each mailing's outcome, and exports it all as escaped CSV", async () => {
    const owner = await signUp("Report Owner");
    const e = await publish(owner, "Report Summit");
    const startsAt =
      (await env.DB.prepare("select starts_at from org_event where id = ?").bind(e.id).first<string>("starts_at")) ??
      "";
    const addSession = (values: Record<string, string>) =>
      as(owner, `/organiser/${e.id}/programme`, { intent: "add", ...values });
    expect(
      (
        await addSession({
          title: "=HYPERLINK(1) <b>Keynote</b>",
          startsAt: at(startsAt, 1),
          endsAt: at(startsAt, 2),
          room: "Hall A",
          capacity: "2",
        })
      ).status,
    ).toBe(302);
    expect((await addSession({ title: "Workshop", startsAt: at(startsAt, 3), endsAt: at(startsAt, 4) })).status).toBe(
      302,
    );
    const sessions = (
      await env.DB.prepare("select id, title from org_session where event_id = ? order by starts_at")
        .bind(e.id)
        .all<{ id: number; title: string }>()
    ).results;
    const [keynote, workshop] = sessions.map((s) => String(s.id));
    const ann = mail();
    const bob = mail();
    const a = await joinByForm(e.slug, { name: "Ann Report", email: ann, listed: "on", updates: "on" });
    const b = await joinByForm(e.slug, { name: "Bob Report", email: bob, listed: "on", updates: "on" });
    await joinByForm(e.slug, { name: "Cat Quiet", email: mail() });
    const onPass = (token: string, session = "") => call(`/pass/${token}`, form({ intent: "schedule-add", session }));
    expect((await onPass(a.token, keynote)).status).toBe(200);
    expect((await onPass(b.token, keynote)).status).toBe(200);
    expect((await onPass(a.token, workshop)).status).toBe(200);
    expect((await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: a.qr })).status).toBe(200);

    // Mail to the two who agreed to hear from the organiser: one delivered, one bounced.
    const mailingId = await mailAttendees(owner, e.id, 'See you <there>, "then" & more');
    await providerSays(mailingId, ann, "email.delivered");
    await providerSays(mailingId, bob, "email.bounced");
    // Another organiser's mailing to their own event is no result of this one's.
    const stranger = await signUp("Report Stranger");
    const theirs = await publish(stranger, "Their Summit");
    await joinByForm(theirs.slug, { name: "Tia Theirs", email: mail(), updates: "on" });
    await mailAttendees(stranger, theirs.id, "Their news");

    const page = (await (await as(owner, `/organiser/${e.id}/analytics`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("=HYPERLINK(1) &lt;b&gt;Keynote&lt;/b&gt;");
    expect(page).not.toContain("<b>Keynote</b>");
    expect(cells(page, "data-session", "=HYPERLINK\\(1\\) &lt;b&gt;Keynote&lt;/b&gt;")).toEqual({
      scheduled: "2",
      capacity: "2",
      "checked-in": "1",
    });
    expect(cells(page, "data-session", "Workshop")).toEqual({
      scheduled: "1",
      capacity: "No limit",
      "checked-in": "1",
    });
    expect(cells(page, "data-mailing", String(mailingId))).toEqual({
      recipients: "2",
      sent: "2",
      delivered: "1",
      clicked: "0",
      bounced: "1",
      failed: "0",
      unsubscribed: "0",
    });
    expect(page).toContain("See you &lt;there&gt;, &quot;then&quot; &amp; more");
    expect(page).not.toContain("Their news");

    const csv = await as(owner, `/organiser/${e.id}/analytics.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="${e.slug}-what-happened.csv"`);
    const text = (await csv.text()).replace(/^\uFEFF/, "");
    const lines = text.split(/\r?\n/);
    // Every cell is quoted, quotes doubled, so commas and quotes in titles stay in their cell.
    const row = (...cells: (string | number)[]) => cells.map((c) => `"${String(c).replaceAll('"', '""')}"`).join(",");
    expect(lines[0]).toBe(row("Section", "Item", "Measure", "Value"));
    expect(lines).toContain(row("Totals", "Registrations", "count", 3));
    expect(lines).toContain(row("Totals", "Checked in", "count", 1));
    const keynoteItem = `${at(startsAt, 1).replace("T", " ")} =HYPERLINK(1) <b>Keynote</b> (Hall A)`;
    expect(lines).toContain(row("Sessions", keynoteItem, "on schedules", 2));
    expect(lines).toContain(row("Sessions", keynoteItem, "capacity", 2));
    expect(lines).toContain(row("Sessions", keynoteItem, "of them checked in at the door", 1));
    const day = new Date().toISOString().slice(0, 10);
    expect(lines).toContain(row("Mail", `${day} See you <there>, "then" & more`, "bounced", 1));
    expect(text).not.toContain("Their news");
    expect(text).not.toContain(ann);
    // An exhibitor's name that opens a cell with a formula is written as text.
    await env.DB.prepare("update org_attendee set name = '=cmd|calc', lead_rights = 'one-way' where id = ?")
      .bind(b.id)
      .run();
    const guarded = await (await as(owner, `/organiser/${e.id}/analytics.csv`)).text();
    expect(guarded).toContain(row("Leads per exhibitor", "'=cmd|calc", "leads", 0));
    expect(guarded).not.toMatch(/(^|,)"?=cmd/m);

    // Another workspace, a removed id and a word are told nothing.
    expect((await as(stranger, `/organiser/${e.id}/analytics.csv`)).status).toBe(404);
    expect((await as(owner, "/organiser/abc/analytics.csv")).status).toBe(404);
    expect((await call(`/organiser/${e.id}/analytics.csv`)).status).not.toBe(200);
  });
});

const emailOf = (id: number) =>
  env.DB.prepare("select email from org_attendee where id = ?").bind(id).first<string>("email");
