import { env } from "cloudflare:workers";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { DERIVED_DATA, EXPORT_SECTIONS, NOT_ACCOUNT_DATA } from "~/server/account/data-export.server";
import * as schema from "~db/schema";
import { call, confirmEmail, form, signUp } from "./helpers";

/** Every table of the schema, with its columns and the tables its foreign keys point at. */
const TABLES = (Object.values(schema) as unknown[])
  .filter((t): t is SQLiteTable => is(t, SQLiteTable))
  .map((t) => {
    const config = getTableConfig(t);
    const refs = new Map<string, { table: string; column: string }>();
    for (const fk of config.foreignKeys) {
      const r = fk.reference();
      refs.set(r.columns[0]?.name as string, {
        table: getTableName(r.foreignTable),
        column: r.foreignColumns[0]?.name as string,
      });
    }
    return { name: config.name, columns: config.columns, refs };
  });
const byName = new Map(TABLES.map((t) => [t.name, t]));
const covered = new Set(EXPORT_SECTIONS.flatMap((s) => s.tables));

/** Tables that belong to an account: every table except those the code says hold nothing of anyone's. */
const OWNED = TABLES.filter((t) => t.name !== "user" && !(t.name in NOT_ACCOUNT_DATA)).map((t) => t.name);

// Parents before children, so each row can point at the owner's row in the table it references.
function fillOrder(): string[] {
  const order: string[] = [];
  // A cycle (a workspace's default template is one of its own templates) is followed once.
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || name === "user") return;
    seen.add(name);
    for (const ref of byName.get(name)?.refs.values() ?? []) visit(ref.table);
    order.push(name);
  };
  for (const name of OWNED) visit(name);
  return order;
}

const SECRET = /hash|_enc$|^password$|^token$|^access_token$|^refresh_token$|^id_token$|^secret$|^backup_codes$/;
let clock = Date.UTC(2026, 0, 1);

type Filled = { table: string; rowid: number; markers: string[]; secrets: string[] };

/**
 * One row in every owned table for this account, built from the schema alone: a new owned table gets a row
 * here without anyone writing code for it, so the deletion and export checks below cover it too.
 */
async function fillEveryTable(owner: { id: string; email: string }) {
  const mine = new Map<string, Record<string, unknown>>([["user", { id: owner.id }]]);
  const filled: Filled[] = [];
  for (const name of fillOrder()) {
    const table = byName.get(name);
    if (!table) continue;
    const tag = `${name}-${crypto.randomUUID().slice(0, 8)}`;
    const values: Record<string, unknown> = {};
    const markers: string[] = [];
    const secrets: string[] = [];
    // A distinct moment per row, so a row shown only by its dates can still be found in the download.
    clock += 1000;
    const at = clock;
    markers.push(new Date(at).toISOString());
    for (const column of table.columns) {
      const ref = table.refs.get(column.name);
      if (ref) {
        // A workspace-owned row (0207) is the account's when its personal workspace, its own id, owns it.
        const personal = ref.table === "workspace" && name !== "member" && name !== "invitation" && name !== "session";
        values[column.name] = personal ? owner.id : (mine.get(ref.table)?.[ref.column] ?? null);
        continue;
      }
      if (column.columnType === "SQLiteInteger" && column.primary) continue;
      if (column.name === "email" || column.name === "to") values[column.name] = owner.email;
      else if (column.name === "value" && name === "verification") values[column.name] = owner.id;
      // A team (its personal workspace the account has already): nobody else joins a personal one.
      else if (column.name === "kind" && name === "workspace") values[column.name] = "team";
      else if ("enumValues" in column && Array.isArray(column.enumValues) && column.enumValues.length)
        values[column.name] = column.enumValues[0];
      else if (column.columnType === "SQLiteTextJson") values[column.name] = "[]";
      else if (column.columnType === "SQLiteTimestamp") values[column.name] = at;
      else if (column.columnType === "SQLiteBoolean") values[column.name] = 0;
      else if (column.columnType === "SQLiteInteger") values[column.name] = 1;
      else {
        const text = `${tag}-${column.name}`;
        values[column.name] = text;
        (SECRET.test(column.name) ? secrets : markers).push(text);
      }
    }
    const names = Object.keys(values);
    const row = await env.DB.prepare(
      `insert or replace into "${name}" (${names.map((n) => `"${n}"`).join(", ")}) values (${names.map(() => "?").join(", ")}) returning rowid as _rowid, *`,
    )
      .bind(...names.map((n) => values[n]))
      .first<Record<string, unknown>>();
    if (!row) throw new Error(`no row written to ${name}`);
    mine.set(name, row);
    filled.push({ table: name, rowid: Number(row._rowid), markers, secrets });
  }
  return { filled, rows: mine };
}

const still = async (f: Filled) =>
  (await env.DB.prepare(`select count(*) as n from "${f.table}" where rowid = ?`).bind(f.rowid).first<{ n: number }>())
    ?.n ?? 0;

async function confirmedOwner(name: string) {
  const session = await signUp(name);
  await confirmEmail(session.cookie, session.email);
  const id = (await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>())
    ?.id as string;
  return { ...session, id };
}

describe("the account's data, derived from the schema", () => {
  it("names every table: each is in the download or says why it holds nothing of anyone's", () => {
    const unplaced = TABLES.map((t) => t.name).filter(
      (n) => n !== "user" && !covered.has(n) && !(n in NOT_ACCOUNT_DATA) && !(n in DERIVED_DATA),
    );
    expect(unplaced).toEqual([]);
    // Every table tied to an account by a foreign key is the account's, never "nothing of anyone's".
    const tied = TABLES.filter((t) => [...t.refs.values()].some((r) => r.table === "user")).map((t) => t.name);
    expect(tied.filter((n) => n in NOT_ACCOUNT_DATA)).toEqual([]);
    expect(covered.has("user")).toBe(true);
  });
});

describe("deleting an account", () => {
  it("removes a row of every kind the account holds, and its photos, images and previews in KV; nothing of anyone else's", async () => {
    const owner = await confirmedOwner("Whole Owner");
    const bystander = await confirmedOwner("Bystander Owner");
    const mine = await fillEveryTable(owner);
    const theirs = await fillEveryTable(bystander);
    // An account with a campaign is what could not be deleted (campaign.user_id has no ON DELETE).
    expect(mine.filled.map((f) => f.table)).toEqual(expect.arrayContaining(["campaign", "gift", "pledge"]));

    const avatar = String(mine.rows.get("card")?.avatar_key);
    const image = String(mine.rows.get("campaign")?.image_key);
    const sharedImage = String(theirs.rows.get("campaign")?.image_key);
    // The bystander's campaign shows the same picture (images are stored by content hash).
    await env.DB.prepare("update campaign set image_key = ? where id = ?")
      .bind(image, theirs.rows.get("campaign")?.id)
      .run();
    const kv = [
      `avatar:${avatar}`,
      `avatar:${avatar}:vcard`,
      `person-photo:${owner.id}:${crypto.randomUUID()}`,
      `import-preview:${owner.id}:${"a".repeat(32)}`,
      `gift-import:${owner.id}:${"b".repeat(32)}`,
    ];
    const kept = [`campaign-image:${image}`, `person-photo:${bystander.id}:${crypto.randomUUID()}`];
    for (const key of [...kv, ...kept, `campaign-image:${sharedImage}`]) await env.CACHE.put(key, "x");
    // A password-reset link: better-auth keeps the account's id as its value.
    await env.DB.prepare("insert into verification (id, identifier, value, expires_at) values (?, ?, ?, ?)")
      .bind(crypto.randomUUID(), `reset-password:${crypto.randomUUID()}`, owner.id, Date.now() + 3_600_000)
      .run();

    const res = await call("/settings", {
      ...form({ intent: "delete-account", confirm: owner.email }),
      headers: { cookie: owner.cookie },
    });
    expect(res.status).toBe(302);
    // Signed out only now, after the rows went.
    expect(res.headers.getSetCookie().join("; ")).toMatch(/session_token=;|session_token=(?:;|$)|Max-Age=0/i);

    const left: string[] = [];
    for (const f of mine.filled) if (await still(f)) left.push(f.table);
    expect(left).toEqual([]);
    for (const t of TABLES)
      for (const [column, ref] of t.refs)
        if (ref.table === "user")
          expect(
            await env.DB.prepare(`select count(*) as n from "${t.name}" where "${column}" = ?`)
              .bind(owner.id)
              .first("n"),
            `${t.name}.${column}`,
          ).toBe(0);
    expect(await env.DB.prepare("select 1 from user where id = ?").bind(owner.id).first()).toBeNull();
    expect(
      await env.DB.prepare("select count(*) as n from verification where value = ?").bind(owner.id).first("n"),
    ).toBe(0);
    for (const key of kv) expect(await env.CACHE.get(key), key).toBeNull();
    for (const key of kept) expect(await env.CACHE.get(key), key).not.toBeNull();

    const lost: string[] = [];
    for (const f of theirs.filled) if (!(await still(f))) lost.push(f.table);
    expect(lost).toEqual([]);
    expect((await call("/api/account/export", { headers: { cookie: bystander.cookie } })).status).toBe(200);
  });

  it("keeps rows kept by an email address the account never confirmed", async () => {
    const holder = await confirmedOwner("Address Holder");
    const held = await fillEveryTable(holder);
    const review = held.filled.find((f) => f.table === "review") as Filled;
    // A review kept under the address of an account that never confirmed it: not that account's to read or delete.
    const squatter = await signUp("Squatter");
    await env.DB.prepare("update review set email = ? where rowid = ?").bind(squatter.email, review.rowid).run();
    const download = await (await call("/api/account/export", { headers: { cookie: squatter.cookie } })).text();
    expect(download).not.toContain(review.markers[1] as string);
    const res = await call("/settings", {
      ...form({ intent: "delete-account", confirm: squatter.email }),
      headers: { cookie: squatter.cookie },
    });
    expect(res.status).toBe(302);
    expect(await still(review)).toBe(1);
  });
});

describe("download all my data", () => {
  it("holds a row of every kind the account holds, with no secret, and nothing of anyone else's", async () => {
    const owner = await confirmedOwner("Download Owner");
    const other = await confirmedOwner("Other Owner");
    const mine = await fillEveryTable(owner);
    const theirs = await fillEveryTable(other);
    const res = await call("/api/account/export", { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown>;
    const missing = mine.filled
      .filter((f) => !(f.table in DERIVED_DATA) && !f.markers.some((m) => text.includes(m)))
      .map((f) => f.table);
    expect(missing).toEqual([]);
    for (const f of mine.filled) for (const s of f.secrets) expect(text, `${f.table} secret`).not.toContain(s);
    for (const f of theirs.filled)
      for (const m of f.markers.filter((m) => !m.endsWith("Z"))) expect(text, f.table).not.toContain(m);
    // One key per section, in the order of the list, so the download can be written section by section.
    expect(Object.keys(data)).toEqual(["exportedAt", ...EXPORT_SECTIONS.map((s) => s.name)]);
  });
});
