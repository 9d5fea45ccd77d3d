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
    ...demoNetwork(now),
  ].join("\n");
}

const DAY = 86_400_000;

/** A small, believable network for the demo owner: who they met, and two follow-ups. */
function demoNetwork(now: number): string[] {
  const people: [number, string, string, string, string, string, string[], string, string, number][] = [
    [
      1,
      "Priya Natarajan",
      "Program Officer",
      "Lumen Foundation",
      "priya@lumen.example",
      "high",
      ["Funder", "Education"],
      "Active",
      "Impact Summit 2026",
      2,
    ],
    [
      2,
      "Marcus Bell",
      "Head of Sponsorships",
      "Beta Corp",
      "marcus@betacorp.example",
      "high",
      ["Sponsor"],
      "Pending",
      "Impact Summit 2026",
      1,
    ],
    [
      3,
      "Sofia Lindqvist",
      "Volunteer Coordinator",
      "City Youth Trust",
      "sofia@cityyouth.example",
      "medium",
      ["Volunteer"],
      "Active",
      "Chicago Nonprofit Mixer",
      12,
    ],
    [
      4,
      "Daniel Okoro",
      "Board Member",
      "Open Futures Foundation",
      "daniel@openfutures.example",
      "medium",
      ["Board"],
      "Active",
      "Board retreat",
      40,
    ],
    [
      5,
      "Hannah Weiss",
      "Journalist",
      "Civic Ledger",
      "hannah@civicledger.example",
      "low",
      ["Press"],
      "Archived",
      "Impact Summit 2026",
      90,
    ],
  ];
  const rows = people.map(
    ([id, name, title, company, email, priority, tags, status, event, daysAgo]) =>
      `INSERT OR IGNORE INTO connection (id, user_id, name, title, company, email, priority, tags, status, event_name, source, client_id, last_contact_at, created_at, updated_at) VALUES (${id}, ${q(DEMO_USER.id)}, ${q(name)}, ${q(title)}, ${q(company)}, ${q(email)}, ${q(priority)}, ${q(JSON.stringify(tags))}, ${q(status)}, ${q(event)}, 'manual', ${q(`seed-${id}`)}, ${now - daysAgo * DAY}, ${now - daysAgo * DAY}, ${now - daysAgo * DAY});`,
  );
  return [
    ...rows,
    `INSERT OR IGNORE INTO reminder (id, user_id, connection_id, type, due_at, notes, created_at, updated_at) VALUES (1, ${q(DEMO_USER.id)}, 2, 'Call', ${now + 2 * 3_600_000}, 'Confirm the sponsorship tiers', ${now}, ${now});`,
    `INSERT OR IGNORE INTO reminder (id, user_id, connection_id, type, due_at, notes, created_at, updated_at) VALUES (2, ${q(DEMO_USER.id)}, 1, 'Email', ${now - DAY}, 'Send the grant summary', ${now}, ${now});`,
  ];
}
