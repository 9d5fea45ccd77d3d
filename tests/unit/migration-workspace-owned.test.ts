import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { applyMigration as apply, tableCounts as counts, migrationFiles, seededBefore } from "../sqlite-migrations";

const files = migrationFiles();

/** Decision 0200's tables that move to workspace ownership, with the column that names the owner. */
const MOVING: Record<string, string> = {
  ...Object.fromEntries(
    [
      "card",
      "connection",
      "contact_point",
      "interaction",
      "person_history",
      "person_suggestion",
      "person_merge",
      "reminder",
      "keep_in_touch",
      "follow_up_draft",
      "people_stats",
      "tag_rhythm",
      "event",
      "org_event",
      "campaign",
      "gift",
      "pledge",
      "recurring_gift",
      "fundraising_org",
      "thank_you_template",
      "stripe_connection",
      "mailing",
      "mailing_recipient",
      "mailing_click",
      "mailing_gift",
      "mail_suppression",
      "hubspot_sync",
      "sync_run",
      "webhook_endpoint",
      "webhook_delivery",
      "api_token",
      "app_password",
      "dav_book",
      "dav_card",
      "write_claim",
    ].map((t) => [t, "user_id"]),
  ),
  consent_record: "sender_workspace_id",
};

/** Columns whose CHECK allows only certain values. */
const CHECKED: Record<string, Record<string, string>> = { consent_record: { purpose: "email", state: "yes" } };

type Column = { name: string; type: string; notnull: number; dflt_value: unknown; pk: number };
type Reference = { from: string; table: string; to: string };

/**
 * Writes a row into every table that references `user` or hangs below one that does, parents first, owned by
 * `owner` and pointing at that owner's rows: so every table the rebuild touches has content to compare.
 */
function fillEveryTable(db: DatabaseSync, owner: string, tag: string) {
  const all = tableNames(db);
  const refs = new Map(all.map((t) => [t, db.prepare(`pragma foreign_key_list("${t}")`).all() as Reference[]]));
  const names = Object.keys(MOVING);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of all)
      if (!names.includes(t) && (refs.get(t) ?? []).some((r) => names.includes(r.table))) grew = Boolean(names.push(t));
  }
  const rows = new Map<string, Record<string, unknown>>();
  const done = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const table of names) {
      if (done.has(table)) continue;
      const parents = (refs.get(table) ?? []).filter((r) => r.table !== "user" && r.table !== "workspace");
      if (!parents.every((r) => done.has(r.table) || !names.includes(r.table))) continue;
      done.add(table);
      grew = true;
      const values: Record<string, unknown> = {};
      for (const column of db.prepare(`pragma table_info("${table}")`).all() as Column[]) {
        const ref = (refs.get(table) ?? []).find((r) => r.from === column.name);
        const fixed = CHECKED[table]?.[column.name];
        if (fixed !== undefined) values[column.name] = fixed;
        else if (ref)
          values[column.name] =
            // A table outside the closure (a later one, card_template) is left empty: null.
            ref.table === "user" || ref.table === "workspace" ? owner : (rows.get(ref.table)?.[ref.to] ?? null);
        else if (column.pk && /INT/i.test(column.type)) continue;
        else if (column.notnull && column.dflt_value === null)
          values[column.name] = /INT|REAL|NUM/i.test(column.type) ? 1 : `${table}-${column.name}-${tag}`;
      }
      const columns = Object.keys(values);
      const inserted = db
        .prepare(
          `insert ${table === "people_stats" ? "or ignore " : ""}into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")}) returning *`,
        )
        .get(...(Object.values(values) as (string | number | null)[])) as Record<string, unknown> | undefined;
      // A table with one row per owner (people_stats) already has it from a trigger.
      rows.set(table, inserted ?? (db.prepare(`select * from "${table}" limit 1`).get() as Record<string, unknown>));
    }
  }
  return rows;
}

const tableNames = (db: DatabaseSync) =>
  (
    db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
/** Every row of a table, in an order that does not depend on where the rebuild put it. */
const content = (db: DatabaseSync, table: string) =>
  (db.prepare(`select * from "${table}"`).all() as Record<string, unknown>[]).map((r) => JSON.stringify(r)).sort();
const schemaObjects = (db: DatabaseSync) =>
  db
    .prepare(
      "select type, name, tbl_name, case when type = 'table' then null else sql end as sql from sqlite_master where name not like 'sqlite_%' order by type, name",
    )
    .all();
const ownerReference = (db: DatabaseSync, table: string, column: string) =>
  (db.prepare(`pragma foreign_key_list("${table}")`).all() as { from: string; table: string; on_delete: string }[])
    .filter((f) => f.from === column)
    .map((f) => `${f.table} ${f.on_delete}`);

describe("the workspace-owned tables migration (0047)", () => {
  it("keeps every row of every table, byte for byte, with each owner column now a workspace's", async () => {
    const { db, index, file } = await seededBefore("workspace_owned");
    expect(file).toBe("0047_workspace_owned_tables.sql");
    db.exec("pragma foreign_keys = on");
    // Rows on every level of the rebuilt closure: a deleted row keeps its AUTOINCREMENT id from coming back.
    const owner = (
      db.prepare("select user_id from connection group by user_id order by count(*) desc").get() as {
        user_id: string;
      }
    ).user_id;
    db.prepare(
      "insert into api_token (user_id, name, token_hash, prefix, scope) values (?, 'gone', 'h-gone', 'kw_gone', 'read')",
    ).run(owner);
    const gone = (db.prepare("select max(id) as id from api_token").get() as { id: number }).id;
    db.exec(`delete from api_token where id = ${gone}`);
    const filled = fillEveryTable(db, owner, "a");
    for (const table of Object.keys(MOVING)) expect([table, filled.has(table)]).toEqual([table, true]);
    const before = counts(db);
    const rows = Object.fromEntries(tableNames(db).map((t) => [t, content(db, t)]));
    const objects = schemaObjects(db);
    for (const [table, column] of Object.entries(MOVING))
      expect(ownerReference(db, table, column)).toEqual([expect.stringMatching(/^user /)]);
    for (const table of filled.keys()) expect([table, before[table]]).not.toEqual([table, 0]);

    apply(db, files[index] as string);

    expect(counts(db)).toEqual(before);
    for (const table of tableNames(db)) expect([table, content(db, table)]).toEqual([table, rows[table]]);
    expect(db.prepare("pragma foreign_key_check").all()).toEqual([]);
    // Every index and trigger the drops removed is back, as it was; no copy is left behind.
    expect(schemaObjects(db)).toEqual(objects);
    for (const [table, column] of Object.entries(MOVING))
      expect([table, ownerReference(db, table, column)]).toEqual([table, ["workspace CASCADE"]]);
    // The people counter was not counted twice by its triggers during the refill, and still counts.
    const stats = db.prepare("select people from people_stats where user_id = ?");
    const people = db.prepare("select count(*) as n from connection where user_id = ?");
    expect(stats.get(owner)).toEqual({ people: (people.get(owner) as { n: number }).n });
    db.prepare("insert into connection (user_id, name) values (?, 'After')").run(owner);
    expect(stats.get(owner)).toEqual({ people: (people.get(owner) as { n: number }).n });
    // An API token's id is never given twice.
    db.prepare(
      "insert into api_token (user_id, name, token_hash, prefix, scope) values (?, 'new', 'h-new', 'kw_new', 'read')",
    ).run(owner);
    expect((db.prepare("select max(id) as id from api_token").get() as { id: number }).id).toBeGreaterThan(gone);
    for (const later of files.slice(index + 1)) apply(db, later);
    // 0048: every existing token and app password was made by its owner, in their personal workspace.
    for (const table of ["api_token", "app_password"]) {
      const { n, made } = db
        .prepare(`select count(*) as n, sum(created_by = user_id) as made from "${table}"`)
        .get() as {
        n: number;
        made: number;
      };
      expect([table, n > 0, made]).toEqual([table, true, n]);
    }
  });

  it("lets a team workspace own rows, and deleting an account or a team still takes every row it owned", async () => {
    const { db, index } = await seededBefore("workspace_owned");
    db.exec("pragma foreign_keys = on");
    for (const later of files.slice(index)) apply(db, later);
    const owned = (id: string) =>
      Object.entries(MOVING).reduce(
        (sum, [table, column]) =>
          sum + (db.prepare(`select count(*) as n from "${table}" where "${column}" = ?`).get(id) as { n: number }).n,
        0,
      );
    // A bystander with rows of its own, which the deletion must leave alone.
    db.exec("insert into user (id, name, email) values ('bystander', 'By Stander', 'by@example.org')");
    fillEveryTable(db, "bystander", "b");
    const bystander = "bystander";
    const users = (db.prepare("select id from user where id <> ?").all(bystander) as { id: string }[]).map((u) => u.id);
    const doomed = [...users].sort((a, b) => owned(b) - owned(a))[0] as string;
    expect(owned(doomed)).toBeGreaterThan(10);
    // The seed's team is this owner's alone, and an only owner's account cannot go while it stands (0054): it goes first.
    db.prepare(
      "delete from workspace where kind = 'team' and id in (select workspace_id from member where user_id = ? and role = 'owner')",
    ).run(doomed);
    const kept = owned(bystander);
    const total = counts(db);

    // A team's rows: before 0047 the owner column had to name a user, so this card was refused.
    db.exec("insert into workspace (id, kind, name) values ('team_t', 'team', 'Team')");
    db.prepare("insert into member (workspace_id, user_id, role) values ('team_t', ?, 'owner')").run(doomed);
    // A second owner, so the account may go (an only owner hands the team over first, 0054).
    db.prepare("insert into member (workspace_id, user_id, role) values ('team_t', ?, 'owner')").run(bystander);
    db.exec("insert into card (user_id, name) values ('team_t', 'Team card')");
    db.exec("insert into connection (user_id, name) values ('team_t', 'Team person')");
    expect(owned("team_t")).toBe(3); // the card, the person and its people_stats row
    expect(() => db.exec("insert into card (user_id, name) values ('no-such-workspace', 'X')")).toThrow(/FOREIGN KEY/);

    const removed = owned(doomed);
    db.prepare("delete from user where id = ?").run(doomed);
    expect(owned(doomed)).toBe(0);
    expect(owned(bystander)).toBe(kept);
    // The team outlives one owner's account; deleting the team takes its rows.
    expect(owned("team_t")).toBe(3);
    db.exec("delete from workspace where id = 'team_t'");
    expect(owned("team_t")).toBe(0);
    const after = counts(db);
    const lost = Object.keys(MOVING).reduce((sum, t) => sum + ((total[t] ?? 0) - (after[t] ?? 0)), 0);
    expect(lost).toBe(removed);
    expect(db.prepare("pragma foreign_key_check").all()).toEqual([]);
  });
});
