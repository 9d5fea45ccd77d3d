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
    // The demo card every fresh install can open at /c/demo.
    `INSERT OR IGNORE INTO card (id, user_id, label, slug, published, name, title, company, email, phone, website, linkedin, location, notes, template, colour, social_accounts, additional_contacts, created_at, updated_at) VALUES (1, ${q(DEMO_USER.id)}, 'Work', 'demo', 1, ${q(DEMO_USER.name)}, 'Director of Partnerships', 'Open Futures Foundation', 'amara@openfutures.example', '+1 415 555 0142', 'https://openfutures.example', 'https://www.linkedin.com/in/amara-reyes-demo', 'Chicago, IL', 'Building partnerships for youth education. Happy to talk grants, sponsorships and volunteering.', 'classic', '#4f46e5', ${q(
      JSON.stringify([
        { id: "s1", platform: "twitter", url: "https://x.com/openfutures" },
        { id: "s2", platform: "instagram", url: "https://www.instagram.com/openfutures" },
      ]),
    )}, ${q(JSON.stringify([{ id: "a1", type: "email", value: "partners@openfutures.example" }]))}, ${now}, ${now});`,
  ].join("\n");
}
