import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, d1RowCounts, seedAsOf } from "../seed-as-of";

describe("the team booth migration (0077)", () => {
  it("moves every lead, note, question and answer of the seeded database into booths, losing none", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith("0077"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    // A stand's account with two passes at one event (both scanned one guest), a pass no account holds, two guests.
    const pass = (email: string, user: string | null, rights: string) =>
      db
        .prepare(`insert into org_attendee (event_id, email, name, user_id, pass_token, badge_code, lead_rights)
          values ((select id from org_event where slug = 'booth-mig'), ?, ?, ?, ?, ?, ?)`)
        .bind(email, email.split("@")[0], user, `pass-${email}`, `badge-${email}`, rights);
    const id = (email: string) => `(select id from org_attendee where email = '${email}')`;
    const lead = (from: string, to: string, rating: number | null, notes: string | null) =>
      db
        .prepare(
          `insert into org_exchange (event_id, from_id, to_id, kind, rating, notes) select event_id, ${id(from)}, ${id(to)}, 'lead', ?, ? from org_attendee where email = '${from}'`,
        )
        .bind(rating, notes);
    await db.batch([
      db.prepare("insert into user (id, name, email) values ('u-stand', 'Sia Stand', 'sia@example.org')"),
      db.prepare(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
        select 'booth-mig', id, 'Expo', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user where id <> 'u-stand' limit 1`),
      pass("sia@example.org", "u-stand", "one-way"),
      pass("sia.two@example.org", "u-stand", "two-way"),
      pass("nobody@example.org", null, "one-way"),
      pass("g1@example.org", null, "none"),
      pass("g2@example.org", null, "none"),
      lead("sia@example.org", "g1@example.org", 4, "Wants a demo"),
      lead("sia@example.org", "g2@example.org", null, null),
      lead("sia.two@example.org", "g1@example.org", 2, "Second pass's note"),
      lead("nobody@example.org", "g1@example.org", 5, "Orphan stand's note"),
      db.prepare(
        `insert into org_exchange (event_id, from_id, to_id, kind) select event_id, ${id("g1@example.org")}, ${id("g2@example.org")}, 'exchange' from org_attendee where email = 'g1@example.org'`,
      ),
      db.prepare(
        `insert into org_lead_question (exhibitor_id, kind, label, options) values (${id("sia@example.org")}, 'choice', 'Interest', '["A","B"]')`,
      ),
      db.prepare(
        `insert into org_lead_question (exhibitor_id, kind, label) values (${id("nobody@example.org")}, 'text', 'Anything')`,
      ),
      db.prepare(`insert into org_lead_answer (lead_id, question_id, value)
        select x.id, q.id, 'A' from org_exchange x, org_lead_question q
        where x.from_id = ${id("sia@example.org")} and x.to_id = ${id("g1@example.org")} and q.label = 'Interest'`),
      db.prepare(`insert into org_lead_answer (lead_id, question_id, value)
        select x.id, q.id, 'Call me' from org_exchange x, org_lead_question q
        where x.from_id = ${id("nobody@example.org")} and q.label = 'Anything'`),
    ]);
    const before = await d1RowCounts(db);
    expect(before.user).toBeGreaterThan(1);
    const oldLeads = (
      await db
        .prepare("select id, from_id, to_id, rating, notes from org_exchange where kind = 'lead' order by id")
        .all<{ id: number; from_id: number; to_id: number; rating: number | null; notes: string | null }>()
    ).results;
    expect(oldLeads).toHaveLength(4);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at, at + 1));
    const after = await d1RowCounts(db);
    // Every other table keeps its rows; the leads move out of org_exchange, which keeps its exchange.
    expect(after).toEqual({
      ...before,
      org_exchange: (before.org_exchange ?? 0) - 4,
      org_booth: 2,
      org_lead: 3,
      org_lead_note: 4,
    });
    // The account's two passes are one booth, its personal workspace's; the pass nobody holds is a booth of its own.
    const booths = (
      await db
        .prepare(
          "select a.email, b.workspace_id from org_attendee a join org_booth b on b.id = a.booth_id order by a.email",
        )
        .all()
    ).results;
    expect(booths).toEqual([
      { email: "nobody@example.org", workspace_id: null },
      { email: "sia.two@example.org", workspace_id: "u-stand" },
      { email: "sia@example.org", workspace_id: "u-stand" },
    ]);
    // Each old lead's note is a note of the booth's lead, by the pass that wrote it; the first lead keeps its id.
    const notes = (
      await db
        .prepare(`select l.id as lead, g.email as guest, n.author_id, n.author_name, n.notes, l.rating
          from org_lead_note n join org_lead l on l.id = n.lead_id join org_attendee g on g.id = l.attendee_id
          order by n.id`)
        .all()
    ).results;
    const [first, second, third, fourth] = oldLeads;
    expect(notes).toEqual([
      {
        lead: first?.id,
        guest: "g1@example.org",
        author_id: "u-stand",
        author_name: "sia",
        notes: "Wants a demo",
        rating: 4,
      },
      {
        lead: second?.id,
        guest: "g2@example.org",
        author_id: "u-stand",
        author_name: "sia",
        notes: null,
        rating: null,
      },
      {
        lead: first?.id,
        guest: "g1@example.org",
        author_id: "u-stand",
        author_name: "sia.two",
        notes: "Second pass's note",
        rating: 4,
      },
      {
        lead: fourth?.id,
        guest: "g1@example.org",
        author_id: null,
        author_name: "nobody",
        notes: "Orphan stand's note",
        rating: 5,
      },
    ]);
    expect(third).toBeDefined();
    // Questions follow their stand into its booth; answers keep their lead.
    const answers = (
      await db
        .prepare(`select q.label, a.value, a.lead_id, b.workspace_id from org_lead_answer a
          join org_lead_question q on q.id = a.question_id join org_booth b on b.id = q.booth_id order by a.id`)
        .all()
    ).results;
    expect(answers).toEqual([
      { label: "Interest", value: "A", lead_id: first?.id, workspace_id: "u-stand" },
      { label: "Anything", value: "Call me", lead_id: fourth?.id, workspace_id: null },
    ]);
    // One lead per booth and attendee, by the database.
    await expect(
      db
        .prepare(
          "insert into org_lead (event_id, booth_id, attendee_id) select event_id, booth_id, attendee_id from org_lead limit 1",
        )
        .run(),
    ).rejects.toThrow(/UNIQUE/);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at + 1));
  });
});
