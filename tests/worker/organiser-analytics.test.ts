import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, ORIGIN, signUp } from "./helpers";
import { joinByForm, joinSignedIn, type Owner, publishNow as publish } from "./organiser-helpers";

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

const emailOf = (id: number) =>
  env.DB.prepare("select email from org_attendee where id = ?").bind(id).first<string>("email");
