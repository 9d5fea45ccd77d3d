// Writes migrations/0047_workspace_owned_tables.sql (decision 0207): every table that moves to workspace ownership
// gets its owner column's foreign key pointing at workspace(id) ON DELETE CASCADE. SQLite cannot alter a foreign
// key and D1's DROP TABLE fires child cascades (0053), so the migration snapshots the moving tables and all their
// descendants, drops them children-first, recreates them parents-first and refills them, then restores their
// indexes, triggers and AUTOINCREMENT counters. Read from a database migrated up to 0046, so it is run once.
// Run: `npm exec -- node scripts/rebuild-owner-tables.mjs` (node:sqlite needs the project's Node).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

const OUT = "0047_workspace_owned_tables.sql";
/** Decision 0200's list, each with the column that names its owner; consent_record already calls it a workspace. */
const MOVING = {
  card: "user_id",
  connection: "user_id",
  contact_point: "user_id",
  interaction: "user_id",
  person_history: "user_id",
  person_suggestion: "user_id",
  person_merge: "user_id",
  reminder: "user_id",
  keep_in_touch: "user_id",
  follow_up_draft: "user_id",
  people_stats: "user_id",
  tag_rhythm: "user_id",
  event: "user_id",
  org_event: "user_id",
  campaign: "user_id",
  gift: "user_id",
  pledge: "user_id",
  recurring_gift: "user_id",
  fundraising_org: "user_id",
  thank_you_template: "user_id",
  stripe_connection: "user_id",
  mailing: "user_id",
  mailing_recipient: "user_id",
  mailing_click: "user_id",
  mailing_gift: "user_id",
  mail_suppression: "user_id",
  hubspot_sync: "user_id",
  sync_run: "user_id",
  webhook_endpoint: "user_id",
  webhook_delivery: "user_id",
  api_token: "user_id",
  app_password: "user_id",
  dav_book: "user_id",
  dav_card: "user_id",
  write_claim: "user_id",
  consent_record: "sender_workspace_id",
};

const dir = path.join(import.meta.dirname, "../migrations");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".sql") && f < OUT)
  .sort();
const db = new DatabaseSync(":memory:");
for (const file of files)
  for (const statement of readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint"))
    if (statement.trim()) db.exec(statement);

const tables = db
  .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
  .all();
const ddl = Object.fromEntries(tables.map((t) => [t.name, t.sql]));
const parents = Object.fromEntries(
  tables.map((t) => [
    t.name,
    db
      .prepare(`pragma foreign_key_list("${t.name}")`)
      .all()
      .map((f) => f.table),
  ]),
);

// The closure: the moving tables and every table that references one of them, however deep.
const closure = new Set(Object.keys(MOVING));
for (let grew = true; grew; ) {
  grew = false;
  for (const t of Object.keys(parents))
    if (!closure.has(t) && parents[t].some((p) => closure.has(p))) {
      closure.add(t);
      grew = true;
    }
}
// Parents before children (only edges inside the closure matter; a self-reference would not, and there is none).
const order = [];
const placed = new Set();
while (order.length < closure.size) {
  const ready = [...closure]
    .filter((t) => !placed.has(t) && parents[t].every((p) => p === t || !closure.has(p) || placed.has(p)))
    .sort();
  if (!ready.length) throw new Error("a cycle among the rebuilt tables");
  for (const t of ready) {
    order.push(t);
    placed.add(t);
  }
}

/** The table's own DDL with its owner column's reference turned to the workspace; nothing else changes. */
function rebuilt(table) {
  const sql = ddl[table];
  const column = MOVING[table];
  if (!column) return sql;
  const patterns = [
    [
      new RegExp(`FOREIGN KEY \\(\`${column}\`\\) REFERENCES \`user\`\\(\`id\`\\) ON UPDATE no action ON DELETE \\w+`),
      `FOREIGN KEY (\`${column}\`) REFERENCES \`workspace\`(\`id\`) ON UPDATE no action ON DELETE cascade`,
    ],
    [
      new RegExp(`(\`${column}\` text(?: NOT NULL)?) REFERENCES \`?user\`?\\(\`?id\`?\\)(?: ON DELETE \\w+)?`),
      "$1 REFERENCES `workspace`(`id`) ON DELETE cascade",
    ],
  ];
  for (const [pattern, replacement] of patterns) if (pattern.test(sql)) return sql.replace(pattern, replacement);
  throw new Error(`no reference from ${table}.${column} to user found`);
}

const columns = (t) =>
  db
    .prepare(`pragma table_info("${t}")`)
    .all()
    .map((c) => `\`${c.name}\``)
    .join(", ");
const named = [...closure].map((t) => `'${t}'`).join(", ");
const indexes = db
  .prepare(
    `select sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${named}) order by tbl_name, name`,
  )
  .all();
const triggers = db
  .prepare(`select sql from sqlite_master where type = 'trigger' and tbl_name in (${named}) order by tbl_name, name`)
  .all();
const counters = db.prepare("select count(*) as n from sqlite_master where name = 'sqlite_sequence'").get().n > 0;
const autoincrement = order.filter((t) => /AUTOINCREMENT/i.test(ddl[t]));

const out = [
  `-- Data belongs to a workspace (decisions 0200, 0207): each owner column below now references workspace(id) ON DELETE
-- CASCADE instead of user(id). The column keeps its name and its values: a personal workspace's id is its user's id.
-- Moving: ${Object.keys(MOVING).join(", ")}.
-- Rebuilt with them, unchanged, because they reference a moving table: ${order.filter((t) => !MOVING[t]).join(", ")}.
-- D1 keeps foreign keys on and DROP TABLE fires child cascades (0053), so every table in that closure is copied
-- aside, dropped children-first (none has a child left when it goes), recreated and refilled parents-first, and only
-- then are its indexes and triggers restored (people_stats' triggers would count the refill twice).
-- Generated by scripts/rebuild-owner-tables.mjs from the schema as 0046 leaves it.
${order.map((t) => `CREATE TABLE \`_m_${t}\` AS SELECT * FROM \`${t}\`;`).join("--> statement-breakpoint\n")}`,
  ...(counters && autoincrement.length
    ? [
        `CREATE TABLE \`_m_sequence\` AS SELECT \`name\`, \`seq\` FROM \`sqlite_sequence\` WHERE \`name\` IN (${autoincrement.map((t) => `'${t}'`).join(", ")});`,
      ]
    : []),
  ...[...order].reverse().map((t) => `DROP TABLE \`${t}\`;`),
  ...order.map((t) => `${rebuilt(t)};`),
  ...order.map((t) => `INSERT INTO \`${t}\` (${columns(t)}) SELECT ${columns(t)} FROM \`_m_${t}\`;`),
  ...(counters && autoincrement.length
    ? [
        // An AUTOINCREMENT table never reuses an id it once gave, even of a row deleted since: its counter comes back.
        "UPDATE `sqlite_sequence` SET `seq` = (SELECT `m`.`seq` FROM `_m_sequence` `m` WHERE `m`.`name` = `sqlite_sequence`.`name`) WHERE `seq` < (SELECT `m`.`seq` FROM `_m_sequence` `m` WHERE `m`.`name` = `sqlite_sequence`.`name`);",
        "INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT `name`, `seq` FROM `_m_sequence` WHERE `name` NOT IN (SELECT `name` FROM `sqlite_sequence`);",
        "DROP TABLE `_m_sequence`;",
      ]
    : []),
  ...indexes.map((i) => `${i.sql};`),
  ...triggers.map((t) => `${t.sql};`),
  ...order.map((t) => `DROP TABLE \`_m_${t}\`;`),
];
writeFileSync(path.join(dir, OUT), `${out.join("--> statement-breakpoint\n")}\n`);
console.log(
  `${OUT}: ${closure.size} tables rebuilt (${Object.keys(MOVING).length} moving), ${indexes.length} indexes, ${triggers.length} triggers`,
);
