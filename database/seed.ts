import { hashPassword } from "../app/server/password.server.ts";
import { DEMO_USER } from "./demo.ts";

const q = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

/** SQL that brings a database to the demo state; safe to run again (existing rows are kept). */
export async function seedSql(now = Date.now()): Promise<string> {
  const password = await hashPassword(DEMO_USER.password);
  return [
    `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (${q(DEMO_USER.id)}, ${q(DEMO_USER.name)}, ${q(DEMO_USER.email)}, 1, ${now}, ${now});`,
    `INSERT OR IGNORE INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES ('demo-account', ${q(DEMO_USER.id)}, 'credential', ${q(DEMO_USER.id)}, ${q(password)}, ${now}, ${now});`,
  ].join("\n");
}
