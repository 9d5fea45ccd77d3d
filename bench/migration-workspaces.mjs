// The workspaces migration (0046) and the rebuild of the workspace-owned tables (0047) on a database of 5,000
// owners: each with a session, a card and ten people with an interaction each, as the migrations before them
// leave them. Prints each one's time and every table's rows before and after.
// Run: `npm exec -- node bench/migration-workspaces.mjs` (node:sqlite needs the project's Node; OWNERS=n to resize).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

const OWNERS = Number(process.env.OWNERS ?? 5_000);
const PEOPLE = 10;
const dir = path.join(import.meta.dirname, "../migrations");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".sql"))
  .sort();
const at = files.findIndex((f) => f.includes("workspaces"));
const timed = [files[at], ...files.filter((f) => f.includes("workspace_owned"))];
const apply = (db, file) => {
  for (const statement of readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint"))
    if (statement.trim()) db.exec(statement);
};

const db = new DatabaseSync(":memory:");
db.exec("pragma foreign_keys = on");
for (const file of files.slice(0, at)) apply(db, file);

/** Every NOT NULL column without a default gets a value of its type, unique per row; `fixed` names the rest. */
function filler(table, fixed) {
  const columns = db.prepare(`pragma table_info("${table}")`).all();
  const needed = columns.filter((c) => c.notnull && c.dflt_value === null && !c.pk && !(c.name in fixed));
  const names = [...Object.keys(fixed), ...needed.map((c) => c.name)];
  const insert = db.prepare(
    `insert into "${table}" (${names.map((n) => `"${n}"`).join(", ")}) values (${names.map(() => "?").join(", ")})`,
  );
  return (key, values) =>
    insert.run(
      ...Object.keys(fixed).map((n) => values[n] ?? fixed[n]),
      ...needed.map((c) => (/INT|REAL|NUM/i.test(c.type) ? Date.now() : `${table}-${c.name}-${key}`)),
    );
}

const now = Date.now();
const user = filler("user", { id: "", name: "Owner", email: "", email_verified: 1, created_at: now, updated_at: now });
const session = filler("session", {
  id: "",
  token: "",
  user_id: "",
  expires_at: now + 86_400_000,
  created_at: now,
  updated_at: now,
});
const card = filler("card", { user_id: "" });
const person = filler("connection", { user_id: "", name: "" });
const interaction = filler("interaction", { user_id: "", connection_id: 0, kind: "note" });
db.exec("begin");
for (let i = 0; i < OWNERS; i++) {
  const id = `owner${String(i).padStart(5, "0")}${"x".repeat(20)}`;
  user(id, { id, email: `owner${i}@example.org` });
  session(id, { id: `s-${id}`, token: `t-${id}`, user_id: id });
  card(id, { user_id: id });
  for (let k = 0; k < PEOPLE; k++) {
    const { lastInsertRowid } = person(`${id}-${k}`, { user_id: id, name: `Person ${k} of ${i}` });
    interaction(`${id}-${k}`, { user_id: id, connection_id: lastInsertRowid });
  }
}
db.exec("commit");

const counts = () =>
  Object.fromEntries(
    db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all()
      .map(({ name }) => [name, db.prepare(`select count(*) as n from "${name}"`).get().n]),
  );
for (const file of timed) {
  const before = counts();
  const started = performance.now();
  apply(db, file);
  const ms = performance.now() - started;
  const after = counts();
  console.log(`${file} on ${OWNERS} owners: ${ms.toFixed(1)} ms`);
  console.log("table".padEnd(34), "before".padStart(8), "after".padStart(8));
  for (const table of Object.keys(after))
    if (before[table] !== undefined || after[table])
      console.log(table.padEnd(34), String(before[table] ?? "-").padStart(8), String(after[table]).padStart(8));
  const lost = Object.keys(before).filter((t) => after[t] !== before[t]);
  console.log(lost.length ? `CHANGED: ${lost.join(", ")}` : "every table that existed before has the same rows after");
  const broken = db.prepare("pragma foreign_key_check").all().length;
  console.log(broken ? `FOREIGN KEY VIOLATIONS: ${broken}` : "no foreign key violation", "\n");
}
