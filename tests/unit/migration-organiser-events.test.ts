import { describe, expect, it } from "vitest";
import { applyMigration, seededBefore, tableCounts } from "../sqlite-migrations";

describe("organiser events migration", () => {
  it("keeps every row of a seeded database, and holds one attendee per email per event", async () => {
    const { db, files, index, file } = await seededBefore("organiser_events");
    const before = tableCounts(db);
    expect(before.connection).toBeGreaterThan(0);
    applyMigration(db, file);
    const after = tableCounts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    expect(after.org_event).toBe(0);

    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'summit-aa', id, 'Summit', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    const join = (email: string, pass: string) =>
      db.exec(`insert into org_attendee (event_id, email, name, pass_token, badge_code)
        values ((select id from org_event), '${email}', 'A', '${pass}', '${pass}-b')`);
    join("a@example.org", "p1");
    expect(() => join("a@example.org", "p2")).toThrow(/UNIQUE/);
    for (const later of files.slice(index + 1)) applyMigration(db, later);
  });
});

describe("organiser event meetings migration", () => {
  it("keeps every row, attendees and exchanges included, and holds one request per slot", async () => {
    const { db, files, index, file } = await seededBefore("org_meetings");
    // An event with two attendees and an exchange: the rows next to the new table.
    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'summit-bb', id, 'Summit', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    for (const n of [1, 2])
      db.exec(`insert into org_attendee (event_id, email, name, pass_token, badge_code)
        values ((select id from org_event), 'a${n}@example.org', 'A${n}', 'pass-${n}', 'badge-${n}')`);
    db.exec(`insert into org_exchange (event_id, from_id, to_id, kind)
      select event_id, min(id), max(id), 'exchange' from org_attendee`);
    const before = tableCounts(db);
    expect(before.connection).toBeGreaterThan(0);
    expect(before.org_attendee).toBe(2);
    expect(before.event).toBeGreaterThan(0);
    applyMigration(db, file);
    const after = tableCounts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    expect(after.org_meeting).toBe(0);

    const ask = (uid: string) =>
      db.exec(`insert into org_meeting (event_id, from_id, to_id, starts_at, place, uid)
        select event_id, min(id), max(id), '2030-05-01T10:00', 'Stand 1', '${uid}' from org_attendee`);
    ask("u1");
    expect(() => ask("u2")).toThrow(/UNIQUE/);
    // Existing hubs keep their rows and are linked to no organiser event; one hub per organiser event.
    expect(db.prepare("select count(*) as n from event where org_event_id is not null").get()).toEqual({ n: 0 });
    const link = () =>
      db.exec(`insert into event (user_id, title, date, org_event_id)
        select user_id, 'Summit plan', '2030-05-01', id from org_event`);
    link();
    expect(() => link()).toThrow(/UNIQUE/);
    for (const later of files.slice(index + 1)) applyMigration(db, later);
  });
});

describe("event check-in migration (0068)", () => {
  it("keeps every row, attendees included, holds one check-in per attendee and goes with the attendee", async () => {
    const { db, files, index, file } = await seededBefore("event_checkin");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'door-cc', id, 'Summit', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    db.exec(`insert into org_attendee (event_id, email, name, pass_token, badge_code)
      values ((select id from org_event where slug = 'door-cc'), 'd@example.org', 'D', 'pass-d', 'badge-d')`);
    const before = tableCounts(db);
    expect(before.connection).toBeGreaterThan(0);
    expect(before.org_attendee).toBeGreaterThan(0);
    applyMigration(db, file);
    const after = tableCounts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    const checkIn = () =>
      db.exec(`insert into org_checkin (attendee_id, event_id, checked_at)
        select id, event_id, 1 from org_attendee where email = 'd@example.org'`);
    checkIn();
    expect(() => checkIn()).toThrow(/UNIQUE|PRIMARY/);
    db.exec("delete from org_attendee where email = 'd@example.org'");
    expect(db.prepare("select count(*) as n from org_checkin").get()).toEqual({ n: 0 });
    for (const later of files.slice(index + 1)) applyMigration(db, later);
  });
});

describe("lead questions migration (0069)", () => {
  it("keeps every row, holds one answer per lead and question, and goes with the stand's pass", async () => {
    const { db, files, index, file } = await seededBefore("lead_questions");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'leads-cc', id, 'Expo', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    for (const who of ["s", "g"])
      db.exec(`insert into org_attendee (event_id, email, name, pass_token, badge_code)
        values ((select id from org_event where slug = 'leads-cc'), '${who}@example.org', '${who}', 'pass-${who}', 'badge-${who}')`);
    db.exec(`insert into org_exchange (event_id, from_id, to_id, kind)
      select e.id, s.id, g.id, 'lead' from org_event e, org_attendee s, org_attendee g
      where e.slug = 'leads-cc' and s.email = 's@example.org' and g.email = 'g@example.org'`);
    const before = tableCounts(db);
    expect(before.connection).toBeGreaterThan(0);
    expect(before.org_exchange).toBeGreaterThan(0);
    applyMigration(db, file);
    const after = tableCounts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    db.exec(`insert into org_lead_question (exhibitor_id, kind, label)
      select id, 'text', 'Anything else' from org_attendee where email = 's@example.org'`);
    const answer = () =>
      db.exec(`insert into org_lead_answer (lead_id, question_id, value)
        select x.id, q.id, 'yes' from org_exchange x, org_lead_question q where x.kind = 'lead'`);
    answer();
    expect(() => answer()).toThrow(/UNIQUE/);
    db.exec("delete from org_exchange where kind = 'lead'");
    db.exec("delete from org_attendee where email = 's@example.org'");
    expect(db.prepare("select count(*) as n from org_lead_question").get()).toEqual({ n: 0 });
    expect(db.prepare("select count(*) as n from org_lead_answer").get()).toEqual({ n: 0 });
    for (const later of files.slice(index + 1)) applyMigration(db, later);
  });
});

describe("registration questions migration (0082)", () => {
  it("keeps every row, attendees included, and holds one answer per attendee and question", async () => {
    const { db, files, index, file } = await seededBefore("registration_questions");
    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'summit-rq', id, 'Summit', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    db.exec(`insert into org_attendee (event_id, email, name, pass_token, badge_code)
      values ((select id from org_event where slug = 'summit-rq'), 'a@example.org', 'A', 'pass-rq', 'badge-rq')`);
    const before = tableCounts(db);
    expect(before.connection).toBeGreaterThan(0);
    applyMigration(db, file);
    const after = tableCounts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    expect(after.org_reg_question).toBe(0);
    db.exec(
      `insert into org_reg_question (event_id, kind, label) select id, 'text', 'Diet' from org_event where slug = 'summit-rq'`,
    );
    const answer = () =>
      db.exec(`insert into org_reg_answer (attendee_id, question_id, value)
        select (select id from org_attendee where pass_token = 'pass-rq'), id, 'None' from org_reg_question`);
    answer();
    expect(() => answer()).toThrow(/UNIQUE/);
    expect(db.prepare("select required from org_reg_question").get()).toEqual({ required: 0 });
    for (const later of files.slice(index + 1)) applyMigration(db, later);
  });
});

describe("approval and waitlist migration (0083)", () => {
  it("keeps every row, and every attendee so far is going, at an event that neither approves nor waits", async () => {
    const { db, files, index, file } = await seededBefore("event_approval_waitlist");
    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'summit-aw', id, 'Summit', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    db.exec(`insert into org_attendee (event_id, email, name, pass_token, badge_code)
      values ((select id from org_event where slug = 'summit-aw'), 'a@example.org', 'A', 'pass-aw', 'badge-aw')`);
    const before = tableCounts(db);
    applyMigration(db, file);
    const after = tableCounts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    expect(db.prepare("select state from org_attendee where pass_token = 'pass-aw'").get()).toEqual({ state: "going" });
    expect(db.prepare("select approval, waitlist from org_event where slug = 'summit-aw'").get()).toEqual({
      approval: 0,
      waitlist: 0,
    });
    for (const later of files.slice(index + 1)) applyMigration(db, later);
  });
});
