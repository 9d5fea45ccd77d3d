import { describe, expect, it } from "vitest";
import { applyMigration as apply, tableCounts as counts, migrationFiles, seededBefore } from "../sqlite-migrations";

const files = migrationFiles();

describe("card headline, bio and share fields migration", () => {
  it("keeps every row of a seeded database and gives existing cards the default share fields", async () => {
    const { db, index } = await seededBefore("card_headline_bio_share_fields");
    const before = counts(db);
    expect(before.card).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    const card = db.prepare("select name, headline, bio, share_fields from card where id = 1").get();
    expect(card).toMatchObject({ headline: null, bio: null, share_fields: '["company","title","note"]' });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("card second language migration", () => {
  it("keeps every row of a seeded database and leaves existing cards with no second language", async () => {
    const { db, index } = await seededBefore("card_second_language");
    const before = counts(db);
    expect(before.card).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("select name, second_language from card where id = 1").get()).toMatchObject({
      second_language: null,
    });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("pledge instalment gift index migration", () => {
  it("keeps every row of a seeded database, and a gift's deletion finds its instalment by index", async () => {
    const { db, index } = await seededBefore("pledge_instalment_gift_index");
    // The demo owner's campaign with a pledge, one instalment paid by a gift: the rows the index covers.
    db.exec(`insert into gift (user_id, campaign_id, amount, currency, date, method, source, external_key)
      select user_id, id, 5000, 'USD', '2026-01-05', 'cheque', 'manual', 'migration-check' from campaign limit 1`);
    db.exec(`insert into pledge (user_id, campaign_id, connection_id, amount, currency, key)
      select c.user_id, c.id, (select p.id from connection p where p.user_id = c.user_id limit 1), 10000, 'USD',
        'migration-check' from campaign c limit 1`);
    db.exec(`insert into pledge_instalment (pledge_id, due_date, amount, gift_id)
      select (select max(id) from pledge), '2026-01-05', 5000, (select max(id) from gift)`);
    const before = counts(db);
    expect(before.pledge_instalment).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    // What ON DELETE SET NULL runs for each deleted gift.
    const plan = db.prepare("explain query plan update pledge_instalment set gift_id = null where gift_id = ?").all(1);
    expect(JSON.stringify(plan)).toContain("pledge_instalment_gift_idx");
  });
});

describe("gift recurring migration", () => {
  it("keeps every row and marks each subscription's payments recurring, and nothing else", async () => {
    const { db, index } = await seededBefore("gift_recurring");
    // A monthly gift's first payment through the Donate button, and a cheque.
    db.exec(`insert into recurring_gift (user_id, campaign_id, subscription, amount, currency, interval, status, status_at)
      select user_id, id, 'sub_migration', 2500, 'usd', 'month', 'active', 0 from campaign limit 1`);
    db.exec(`insert into gift (user_id, campaign_id, recurring_id, amount, currency, date, method, source, external_key)
      select user_id, id, (select max(id) from recurring_gift), 2500, 'usd', '2026-01-05', 'card', 'direct', 'in_1'
      from campaign limit 1`);
    db.exec(`insert into gift (user_id, campaign_id, amount, currency, date, method, source, external_key)
      select user_id, id, 5000, 'usd', '2026-01-06', 'cheque', 'manual', 'cheque-1' from campaign limit 1`);
    const before = counts(db);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    // Only the subscription's payment is marked: the cheque and every gift the seed holds stay one-off.
    const gifts = db.prepare("select external_key, recurring from gift order by external_key").all();
    expect(gifts.filter((g) => g.recurring !== 0)).toEqual([{ external_key: "in_1", recurring: 1 }]);
    expect(gifts).toContainEqual({ external_key: "cheque-1", recurring: 0 });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("write claims migration", () => {
  it("keeps every row, adds an empty claims table, and a claim goes with its account", async () => {
    const { db, index } = await seededBefore("write-claims");
    const before = counts(db);
    expect(before.connection).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual({ ...before, write_claim: 0 });
    db.exec("pragma foreign_keys = on");
    // An account with nothing else, so only the claim's own foreign key is exercised.
    const owner = "claim-owner";
    db.prepare("insert into user (id, name, email) values (?, 'Claim Owner', 'claim@example.org')").run(owner);
    db.prepare("insert into write_claim (key, user_id) values ('contacts-import:x', ?)").run(owner);
    expect(() =>
      db.prepare("insert into write_claim (key, user_id) values ('contacts-import:x', ?)").run(owner),
    ).toThrow(/UNIQUE/);
    db.prepare("delete from user where id = ?").run(owner);
    expect(counts(db)).toEqual({ ...before, write_claim: 0 });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("assistant private drafts migration", () => {
  it("keeps every row, adds the discussed field, and moves last contacted to real contact only", async () => {
    const { db, index } = await seededBefore("assistant_private_drafts");
    // As the old rule left it: last contacted was the latest entry of any kind, "Added" included.
    db.exec(`update connection set last_contact_at = (select max(occurred_at) from interaction i
      where i.connection_id = connection.id)`);
    // An earlier LinkedIn import said person 3 connected on 14 March 2024.
    db.exec(`insert into person_history (user_id, connection_id, kind, source, detail, created_at)
      select user_id, 3, 'connected', 'import', 'Connected (as the imported file says)', 1710417600000
      from connection where id = 3`);
    const before = counts(db);
    const added = db.prepare("select occurred_at as at from interaction where connection_id = 2").get() as {
      at: number;
    };
    expect(db.prepare("select last_contact_at as at from connection where id = 2").get()).toEqual(added);
    apply(db, files[index] as string);
    // Every row is kept; the one Connected On date becomes a timeline entry.
    expect(counts(db)).toEqual({ ...before, interaction: (before.interaction ?? 0) + 1 });
    const last = (id: number) =>
      (db.prepare("select last_contact_at as at from connection where id = ?").get(id) as { at: number | null }).at;
    // Priya's latest real contact: her pledge after the call, not the later "Added" entry.
    const real = db
      .prepare("select max(occurred_at) as at from interaction where client_id in ('seed-call-1', 'seed-pledge-1')")
      .get() as { at: number };
    expect(real.at).toBeLessThan(added.at);
    expect(last(1)).toBe(real.at);
    expect(last(2)).toBeNull();
    expect(last(3)).toBe(1710417600000);
    expect(db.prepare("select discussed from connection where id = 1").get()).toEqual({ discussed: null });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("person suggestion migration", () => {
  it("keeps every row of a seeded database and adds an empty table that goes with its person", async () => {
    const { db, index } = await seededBefore("person-suggestion");
    const before = counts(db);
    expect(before.connection).toBeGreaterThan(0);
    apply(db, files[index] as string);
    const after = counts(db);
    expect(after).toEqual({ ...before, person_suggestion: 0 });
    db.exec("pragma foreign_keys = on");
    db.exec(`insert into person_suggestion (user_id, connection_id, field, value, source)
      select user_id, id, 'company', 'Beacon Trust', 'share' from connection limit 1`);
    db.exec("delete from connection where id = (select connection_id from person_suggestion)");
    expect(counts(db).person_suggestion).toBe(0);
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("campaign listing and feature review migration", () => {
  it("keeps every row, keeps every campaign listed, and turns self-granted features into requests", async () => {
    const { db, index } = await seededBefore("campaign_listing_and_feature_review");
    const featuredBefore = db.prepare("select id from campaign where featured = 1 order by id").all();
    expect(featuredBefore.length).toBeGreaterThan(0);
    const before = counts(db);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("select count(*) as n from campaign where listed = 0").get()).toEqual({ n: 0 });
    expect(db.prepare("select id from campaign where feature_requested_at > 0 order by id").all()).toEqual(
      featuredBefore,
    );
    expect(db.prepare("select count(*) as n from campaign where featured = 1").get()).toEqual({ n: 0 });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("mailings migration", () => {
  it("keeps every row (outbox mail gains no headers), and the database refuses a second message to one address", async () => {
    const { db, index } = await seededBefore("0019_mailings");
    db.exec(`insert into outbox ("to", subject, text, kind) values ('kept@example.org', 'Kept', 'Body', 'newsletter')`);
    const before = counts(db);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual({
      ...before,
      mailing: 0,
      mailing_recipient: 0,
      mail_suppression: 0,
      mailing_click: 0,
      mailing_gift: 0,
    });
    expect(db.prepare(`select subject, headers from outbox where "to" = 'kept@example.org'`).get()).toEqual({
      subject: "Kept",
      headers: null,
    });
    db.exec(`insert into mailing (user_id, subject, body, client_key) select id, 's', 'b', 'k' from user limit 1`);
    const add = () =>
      db.exec(
        `insert into mailing_recipient (mailing_id, user_id, email) select 1, user_id, 'a@example.org' from mailing`,
      );
    add();
    expect(add).toThrow(/UNIQUE/);
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("card structured name migration", () => {
  it("keeps every row of a seeded database and leaves existing cards' given and family names to be split", async () => {
    const { db, index } = await seededBefore("card_structured_name");
    const before = counts(db);
    expect(before.card).toBeGreaterThan(0);
    const names = db.prepare("select id, name from card order by id").all();
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("select id, name from card order by id").all()).toEqual(names);
    expect(db.prepare("select given_name, family_name from card where id = 1").get()).toEqual({
      given_name: null,
      family_name: null,
    });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("organiser mailings migration", () => {
  it("keeps every row, existing mailings and recipients stay the owner's, and a consent goes with its event", async () => {
    const { db, index } = await seededBefore("0024_organiser_mailings");
    db.exec(`insert into mailing (user_id, subject, body, client_key) select id, 's', 'b', 'k' from user limit 1`);
    db.exec(
      `insert into mailing_recipient (mailing_id, user_id, email) select id, user_id, 'a@example.org' from mailing`,
    );
    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'mig-event', id, 'Summit', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    const before = counts(db);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual({ ...before, org_mail_consent: 0 });
    expect(db.prepare("select org_event_id from mailing").get()).toEqual({ org_event_id: null });
    expect(db.prepare("select attendee_id, email from mailing_recipient").get()).toEqual({
      attendee_id: null,
      email: "a@example.org",
    });
    db.exec(`insert into org_mail_consent (event_id, email, given, source, shown)
      select id, 'a@example.org', 1, 'join', 'Yes' from org_event where slug = 'mig-event'`);
    db.exec("pragma foreign_keys = on");
    db.exec("delete from org_event where slug = 'mig-event'");
    expect(db.prepare("select count(*) as n from org_mail_consent").get()).toEqual({ n: 0 });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("campaign contact and event campaign migration", () => {
  it("keeps every row, profiles get an empty contact address and events no campaign until chosen", async () => {
    const { db, index } = await seededBefore("0030_campaign_contact_and_event_campaign");
    db.exec(`insert into fundraising_org (user_id, legal_name) select id, 'Harbour Trust' from user limit 1`);
    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'mig-event-30', id, 'Summit', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    const before = counts(db);
    expect(before.fundraising_org).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("select legal_name, contact_email from fundraising_org").get()).toEqual({
      legal_name: "Harbour Trust",
      contact_email: "",
    });
    expect(db.prepare("select campaign_id from org_event where slug = 'mig-event-30'").get()).toEqual({
      campaign_id: null,
    });
    // A deleted campaign leaves the event standing, raising for nothing.
    const campaignId = (db.prepare("select id from campaign limit 1").get() as { id: string }).id;
    db.prepare("update org_event set campaign_id = ? where slug = 'mig-event-30'").run(campaignId);
    db.exec("pragma foreign_keys = on");
    db.exec("delete from gift; delete from pledge_instalment; delete from pledge; delete from recurring_gift");
    db.prepare("delete from campaign where id = ?").run(campaignId);
    expect(db.prepare("select campaign_id from org_event where slug = 'mig-event-30'").get()).toEqual({
      campaign_id: null,
    });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("consent by purpose migration", () => {
  it("keeps every row and carries each consent over as what it was: no exchange becomes email", async () => {
    const { db, index } = await seededBefore("0031_consent_by_purpose");
    const person = (name: string) =>
      (
        db
          .prepare(
            "insert into connection (user_id, name, email, source) select id, ?, lower(?) || '@example.org', 'manual' from user where email = 'demo@knowwho.app' returning id",
          )
          .get(name, name) as { id: number }
      ).id;
    const history = (id: number, kind: string, source: string | null, detail: string, at: number) =>
      db
        .prepare(
          "insert into person_history (user_id, connection_id, kind, source, detail, event_name, created_at) select user_id, id, ?, ?, ?, 'Summit', ? from connection where id = ?",
        )
        .run(kind, source, detail, at, id);
    // What the app wrote before: every exchange, scan, lead and Connect as "consent-given".
    const scanned = person("Scanned");
    history(scanned, "consent-given", "scan", "Agreed to exchange details at Summit", 1000);
    const lead = person("Lead");
    history(lead, "consent-given", "scan", "Showed their pass to your stand at Summit", 1000);
    const connected = person("Connected");
    history(connected, "consent-given", "share", "Agreed to exchange details at Summit", 1000);
    const basis = person("Basis");
    history(basis, "consent-given", "lawful-basis", "Lawful basis recorded by you: Monthly donor", 1000);
    const recorded = person("Recorded");
    history(recorded, "consent-given", "manual", "Agreed to be contacted (recorded by you)", 1000);
    const withdrew = person("Withdrew");
    history(withdrew, "consent-given", "manual", "Agreed to be contacted (recorded by you)", 1000);
    history(withdrew, "consent-withdrawn", "mailing", "Unsubscribed from your mailings", 2000);
    // Share-backs, with and without "may contact me about what we discussed".
    const ticked = person("Ticked");
    const unticked = person("Unticked");
    for (const [id, consent] of [
      [ticked, 1],
      [unticked, 0],
    ] as const)
      db.prepare(
        `insert into shared_contacts (recipient_user_id, connection_id, sender_name, sender_email, recipient_name, consent, consent_at, created_at)
          select user_id, id, name, email, 'Demo Owner', ?, ?, 500 from connection where id = ?`,
      ).run(consent, consent ? 600 : null, id);
    const before = counts(db);
    expect(before.person_history).toBeGreaterThan(7);
    apply(db, files[index] as string);
    // No row lost; the new table holds one record per consent row carried over.
    const { consent_record: carried, ...rest } = counts(db);
    expect(rest).toEqual(before);
    // The seed's own consents (each "recorded by you") are carried as the owner's record, beside this test's nine.
    const ours = `(${[scanned, lead, connected, basis, recorded, withdrew, ticked, unticked].join(", ")})`;
    const seeded = db
      .prepare(`select count(*) as n from person_history where kind like 'consent-%' and connection_id not in ${ours}`)
      .get() as { n: number };
    expect(carried).toBe(9 + seeded.n);
    const states = (id: number) =>
      db
        .prepare("select purpose, state, source from consent_record where connection_id = ? order by created_at, id")
        .all(id)
        .map((r) => ({ ...r }));
    expect(states(scanned)).toEqual([{ purpose: "exchange", state: "yes", source: "scan" }]);
    expect(states(lead)).toEqual([{ purpose: "exchange", state: "yes", source: "scan" }]);
    expect(states(connected)).toEqual([{ purpose: "exchange", state: "yes", source: "share" }]);
    expect(states(basis)).toEqual([{ purpose: "email", state: "basis", source: "lawful-basis" }]);
    expect(states(recorded)).toEqual([{ purpose: "email", state: "yes", source: "owner" }]);
    expect(states(withdrew)).toEqual([
      { purpose: "email", state: "yes", source: "owner" },
      { purpose: "email", state: "no", source: "unsubscribe" },
    ]);
    expect(states(ticked)).toEqual([{ purpose: "exchange", state: "yes", source: "share-back" }]);
    expect(states(unticked)).toEqual([{ purpose: "exchange", state: "yes", source: "share-back" }]);
    // The only "yes" to email is the one the owner recorded by hand; the words shown are kept.
    expect(
      db
        .prepare(
          `select count(*) as n from consent_record where purpose = 'email' and state = 'yes' and connection_id in ${ours}`,
        )
        .get(),
    ).toEqual({ n: 2 });
    expect(
      db
        .prepare("select shown, sender_name, event_name, created_at from consent_record where connection_id = ?")
        .get(scanned),
    ).toEqual({
      shown: "Agreed to exchange details at Summit",
      sender_name: expect.any(String),
      event_name: "Summit",
      created_at: 1000,
    });
    // A consent goes with its person and its sender.
    db.exec("pragma foreign_keys = on");
    db.prepare("delete from connection where id = ?").run(scanned);
    expect(db.prepare(`select count(*) as n from consent_record where connection_id in ${ours}`).get()).toEqual({
      n: 8,
    });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("mailing recipient reason migration", () => {
  it("keeps every row; recipients of earlier mailings get an empty reason and keep their general line", async () => {
    const { db, index } = await seededBefore("0032_mailing_recipient_reason");
    db.exec(`insert into mailing (user_id, subject, body, client_key) select id, 's', 'b', 'k-32' from user limit 1`);
    db.exec(
      `insert into mailing_recipient (mailing_id, user_id, email) select id, user_id, 'r@example.org' from mailing where client_key = 'k-32'`,
    );
    const before = counts(db);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(
      db
        .prepare("select email, reason from mailing_recipient")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([{ email: "r@example.org", reason: "" }]);
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("import mapping migration (0060)", () => {
  it("keeps every row of a seeded database, applies to an empty one, and keeps one mapping per owner and header", async () => {
    const { db, index } = await seededBefore("import_mapping");
    const before = counts(db);
    expect(before.connection).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual({ ...before, import_mapping: 0 });
    const owner = (db.prepare("select id from user limit 1").get() as { id: string }).id;
    const insert = db.prepare(
      "insert into import_mapping (user_id, layout_key, headers, fields) values (?, 'k', '[]', '[]')",
    );
    insert.run(owner);
    expect(() => insert.run(owner)).toThrow(/UNIQUE/);
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("team people ownership migration", () => {
  it("keeps every row; a personal workspace's people are its user's, a team's its first owner's", async () => {
    const { db, index } = await seededBefore("team_people_ownership");
    // A team with an owner and a member, and one person of its own.
    db.exec(`insert into user (id, name, email) values ('mig-owner', 'Owner', 'mig-owner@example.org'),
      ('mig-member', 'Member', 'mig-member@example.org')`);
    db.exec(`insert into workspace (id, kind, name) values ('team_migration', 'team', 'Migration')`);
    db.exec(`insert into member (workspace_id, user_id, role, created_at) values
      ('team_migration', 'mig-member', 'member', 1), ('team_migration', 'mig-owner', 'owner', 2)`);
    db.exec(`insert into connection (user_id, name) values ('team_migration', 'Team Person')`);
    const before = counts(db);
    expect(before.connection).toBeGreaterThan(1);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(
      db
        .prepare(
          "select count(*) as n from connection where user_id <> 'team_migration' and (owner_id is not user_id or met_by is not user_id)",
        )
        .get(),
    ).toEqual({ n: 0 });
    expect(
      db.prepare("select met_by, owner_id, shared from connection where user_id = 'team_migration'").get(),
    ).toEqual({
      met_by: null,
      owner_id: "mig-owner",
      shared: 0,
    });
    expect(db.prepare("select count(*) as n from interaction where private = 1").get()).toEqual({ n: 0 });
    // A person arriving later without an owner gets one from the trigger.
    db.exec(`insert into connection (user_id, name) values ('team_migration', 'Later')`);
    expect(db.prepare("select owner_id from connection where name = 'Later'").get()).toEqual({ owner_id: "mig-owner" });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("team consent sender migration (0062)", () => {
  it("keeps every row, names the team on its consents that had no sender, and leaves every other record as it was", async () => {
    const { db, index } = await seededBefore("0062_team_consent_sender");
    const owner = (db.prepare("select id from user limit 1").get() as { id: string }).id;
    const person = (db.prepare("select id from connection limit 1").get() as { id: number }).id;
    db.exec(`insert into workspace (id, kind, name) values ('team_mig62', 'team', 'Harbour Trust')`);
    const add = db.prepare(
      "insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source) values (?, ?, 'email', 'yes', ?, 's', 'owner')",
    );
    add.run("team_mig62", person, "");
    add.run("team_mig62", person, "Named Already");
    add.run(owner, person, "");
    const before = counts(db);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    const senders = db
      .prepare("select sender_workspace_id as w, sender_name as s from consent_record where shown = 's' order by id")
      .all()
      .map((r) => ({ ...r }));
    expect(senders).toEqual([
      { w: "team_mig62", s: "Harbour Trust" },
      { w: "team_mig62", s: "Named Already" },
      { w: owner, s: "" },
    ]);
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("card templates migration (0066)", () => {
  it("keeps every row of a seeded database, leaves existing cards on no template, and counts ten cards a member", async () => {
    const { db, index } = await seededBefore("card_templates");
    const before = counts(db);
    expect(before.card).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual({ ...before, card_template: 0, card_issue: 0 });
    expect(
      db
        .prepare(
          "select count(*) as n from card where template_id is not null or holder_id is not null or paused_at is not null",
        )
        .get(),
    ).toEqual({ n: 0 });
    // A personal workspace keeps its ten; a team of two holds twenty.
    db.exec(
      `insert into user (id, name, email) values ('u-limit-1', 'A', 'a-limit@example.org'), ('u-limit-2', 'B', 'b-limit@example.org')`,
    );
    db.exec(`insert into workspace (id, kind, name) values ('team_limit', 'team', 'T')`);
    db.exec(
      `insert into member (workspace_id, user_id, role) values ('team_limit', 'u-limit-1', 'owner'), ('team_limit', 'u-limit-2', 'member')`,
    );
    const insert = (owner: string) => db.prepare("insert into card (user_id, name) values (?, 'n')").run(owner);
    for (let i = 0; i < 10; i++) insert("u-limit-1");
    expect(() => insert("u-limit-1")).toThrow(/card_limit_per_user/);
    for (let i = 0; i < 20; i++) insert("team_limit");
    expect(() => insert("team_limit")).toThrow(/card_limit_per_user/);
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("team plans migration (0067)", () => {
  it("keeps every plan and invoice row as it was, and a team can hold a plan that goes with it", async () => {
    const { db, index } = await seededBefore("team_plans");
    const owner = (db.prepare("select id from user limit 1").get() as { id: string }).id;
    db.exec(
      `insert or ignore into account_plan (user_id, trial_ends_at, customer_id) values ('${owner}', 1, 'cus_migration')`,
    );
    db.exec(`insert into billing_invoice (id, user_id, amount_due, amount_paid, currency, status, issued_at)
      values ('in_migration', '${owner}', 799, 799, 'usd', 'paid', 1)`);
    const before = counts(db);
    const plans = db.prepare("select * from account_plan order by user_id").all();
    const invoices = db.prepare("select * from billing_invoice order by id").all();
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("select * from account_plan order by user_id").all()).toEqual(
      plans.map((p) => ({ ...p, seats: null })),
    );
    expect(db.prepare("select * from billing_invoice order by id").all()).toEqual(invoices);
    expect(db.prepare("pragma foreign_key_check").all()).toEqual([]);
    db.exec(`insert into workspace (id, kind, name) values ('team_plan_check', 'team', 'T')`);
    db.exec(`insert into account_plan (user_id, seats) values ('team_plan_check', 3)`);
    db.exec(`delete from workspace where id = 'team_plan_check'`);
    expect(db.prepare("select count(*) as n from account_plan where user_id = 'team_plan_check'").get()).toEqual({
      n: 0,
    });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("team seat versions migration (0080)", () => {
  it("keeps every plan row as it was, each with its seats unsent and at version 0", async () => {
    const { db, index } = await seededBefore("team_seat_versions");
    const owner = (db.prepare("select id from user limit 1").get() as { id: string }).id;
    db.exec(`insert or ignore into account_plan (user_id, trial_ends_at, seats) values ('${owner}', 1, 4)`);
    const before = counts(db);
    const plans = db.prepare("select * from account_plan order by user_id").all();
    expect(plans.length).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("select * from account_plan order by user_id").all()).toEqual(
      plans.map((p) => ({ ...p, seats_version: 0, seats_sent_version: 0 })),
    );
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("team nonprofit applications and template logos migration (0081)", () => {
  it("keeps every application, each now for its applicant's own workspace, one pending per workspace", async () => {
    const { db, index } = await seededBefore("team_nonprofit_and_template_logo");
    const owner = (db.prepare("select id from user limit 1").get() as { id: string }).id;
    db.exec(`insert into nonprofit_application (user_id, organisation, country, registration_number, status)
      values ('${owner}', 'Old Shelter', 'US', '12-3456789', 'declined'), ('${owner}', 'Shelter', 'US', '12-3456789', 'pending')`);
    const before = counts(db);
    const rows = db.prepare("select * from nonprofit_application order by id").all() as { user_id: string }[];
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("select * from nonprofit_application order by id").all()).toEqual(
      rows.map((r) => ({ ...r, workspace_id: r.user_id })),
    );
    expect(db.prepare("pragma foreign_key_check").all()).toEqual([]);
    // A second pending application for the same workspace is refused by the index.
    expect(() =>
      db.exec(`insert into nonprofit_application (user_id, workspace_id, organisation, country, registration_number)
        values ('${owner}', '${owner}', 'Again', 'US', '1')`),
    ).toThrow(/UNIQUE/);
    // Templates so far have no logo.
    expect(db.prepare("select count(*) as n from card_template where logo_key is not null").get()).toEqual({ n: 0 });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});

describe("team default card template migration (0087)", () => {
  it("keeps every row of a seeded database, gives no workspace a default, and the template's deletion clears it", async () => {
    const { db, index } = await seededBefore("team_default_card_template");
    const before = counts(db);
    expect(before.workspace).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("select count(*) as n from workspace where default_template_id is not null").get()).toEqual({
      n: 0,
    });
    db.exec(`insert into workspace (id, kind, name) values ('team_default', 'team', 'T')`);
    db.exec(`insert into card_template (id, workspace_id, name) values ('tpl_default', 'team_default', 'Sales')`);
    db.exec(`update workspace set default_template_id = 'tpl_default' where id = 'team_default'`);
    db.exec(`delete from card_template where id = 'tpl_default'`);
    expect(db.prepare("select default_template_id as id from workspace where id = 'team_default'").get()).toEqual({
      id: null,
    });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});
