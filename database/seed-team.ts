import { DAY_MS } from "../app/lib/time/days.ts";
import { DEMO_TEAM, DEMO_TEAMMATES, DEMO_USER } from "./demo.ts";
import { q } from "./seed-sql.ts";

/**
 * The demo owner's team: two colleagues who sign in with the demo password, a card template with a card issued
 * from it to each member (taken, so each holds theirs), and team people met by different members. Written as the
 * app writes them: the team's own id in every owner column, its members in `member`, its plan its own.
 */
export function demoTeam(now: number, passwordHash: string): string[] {
  const team = q(DEMO_TEAM.id);
  const owner = { ...DEMO_USER, role: "owner", title: "Director of Partnerships", slug: "open-futures-amara" };
  const members = [owner, ...DEMO_TEAMMATES];
  return [
    ...DEMO_TEAMMATES.flatMap((m) => [
      `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (${q(m.id)}, ${q(m.name)}, ${q(m.email)}, 1, ${now}, ${now});`,
      `INSERT OR IGNORE INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES (${q(`${m.id}-account`)}, ${q(m.id)}, 'credential', ${q(m.id)}, ${q(passwordHash)}, ${now}, ${now});`,
    ]),
    `INSERT OR IGNORE INTO workspace (id, kind, name, created_at) VALUES (${team}, 'team', ${q(DEMO_TEAM.name)}, ${now - 30 * DAY_MS});`,
    ...members.map(
      (m, i) =>
        `INSERT OR IGNORE INTO member (workspace_id, user_id, role, created_at) VALUES (${team}, ${q(m.id)}, ${q(m.role)}, ${now - (30 - i) * DAY_MS});`,
    ),
    // Pro without an end, as the demo owner's own workspace has: a team's plan is its own (decision 0237).
    // (`seats` names the schema where a plan may be a team's: none is billed, so none.)
    `INSERT INTO account_plan (user_id, complimentary, seats, updated_at) VALUES (${team}, 1, NULL, ${now}) ON CONFLICT (user_id) DO UPDATE SET complimentary = 1;`,
    ...members.map(
      (m, i) =>
        `INSERT INTO workspace_audit (workspace_id, at, actor_id, actor_name, actor_email, action, subject) SELECT ${team}, ${now - (30 - i) * DAY_MS}, ${q(m.id)}, ${q(m.name)}, ${q(m.email)}, ${q(i === 0 ? "team.created" : "member.joined")}, ${q(i === 0 ? DEMO_TEAM.name : m.name)} WHERE NOT EXISTS (SELECT 1 FROM workspace_audit WHERE workspace_id = ${team} AND actor_id = ${q(m.id)});`,
    ),
    // The brand: company, website and colour locked, the address a member may change, the headline each writes.
    `INSERT OR IGNORE INTO card_template (id, workspace_id, name, company, address, website, headline, colour, rules, created_at, updated_at) VALUES ('tpl_demo_staff', ${team}, 'Open Futures staff', 'Open Futures Foundation', 'Chicago, IL', 'https://openfutures.example', 'Partnerships for youth education', '#0f766e', ${q(JSON.stringify({ company: "locked", website: "locked", colour: "locked", address: "editable", headline: "editable" }))}, ${now - 29 * DAY_MS}, ${now - 29 * DAY_MS});`,
    ...members.map(
      (m) =>
        `INSERT OR IGNORE INTO card (user_id, label, slug, ref, published, name, title, company, email, location, website, headline, colour, template_id, holder_id, created_at, updated_at) SELECT ${team}, 'Open Futures staff', ${q(m.slug)}, ${q(crypto.randomUUID().replaceAll("-", "").slice(0, 24))}, 1, ${q(m.name)}, ${q(m.title)}, t.company, ${q(m.email)}, t.address, t.website, t.headline, t.colour, t.id, ${q(m.id)}, ${now - 28 * DAY_MS}, ${now - 28 * DAY_MS} FROM card_template t WHERE t.id = 'tpl_demo_staff';`,
    ),
    ...demoTeamPeople(now),
  ];
}

/** Team people, each met by one member; Ben is shared with the whole team, so Leo (a member) sees him too. */
function demoTeamPeople(now: number): string[] {
  const team = q(DEMO_TEAM.id);
  const [noor, leo] = DEMO_TEAMMATES;
  const people: [string, string, string, string, string, string[], string, number, boolean][] = [
    [
      "Grace Liu",
      "Partnerships Lead",
      "BrightPath Learning",
      "grace@brightpath.example",
      noor.id,
      ["Sponsor"],
      "high",
      6,
      false,
    ],
    [
      "Tomás Rivera",
      "Program Director",
      "Reading Corps",
      "tomas@readingcorps.example",
      DEMO_USER.id,
      ["Partner"],
      "high",
      9,
      false,
    ],
    [
      "Efua Mensah",
      "Founder",
      "KidsRead Collective",
      "efua@kidsread.example",
      leo.id,
      ["Volunteer"],
      "medium",
      14,
      false,
    ],
    [
      "Ben Carter",
      "Community Investment Manager",
      "Civic Bank",
      "ben@civicbank.example",
      noor.id,
      ["Funder"],
      "medium",
      20,
      true,
    ],
  ];
  return [
    ...people.map(
      ([name, title, company, email, metBy, tags, priority, daysAgo, shared], i) =>
        `INSERT OR IGNORE INTO connection (user_id, name, title, company, email, priority, tags, status, event_name, source, client_id, met_by, owner_id, shared, name_key, uid, created_at, updated_at) VALUES (${team}, ${q(name)}, ${q(title)}, ${q(company)}, ${q(email)}, ${q(priority)}, ${q(JSON.stringify(tags))}, 'Active', 'Impact Summit 2026', 'manual', ${q(`seed-team-${i + 1}`)}, ${q(metBy)}, ${q(metBy)}, ${shared ? 1 : 0}, ${q(name.toLowerCase())}, ${q(`seed-team-${i + 1}`)}, ${now - daysAgo * DAY_MS}, ${now - daysAgo * DAY_MS});`,
    ),
    `INSERT OR IGNORE INTO contact_point (user_id, connection_id, kind, label, value, key, preferred) SELECT user_id, id, 'email', 'work', email, email, 1 FROM connection WHERE user_id = ${team} AND client_id LIKE 'seed-team-%';`,
    `INSERT OR IGNORE INTO person_history (user_id, connection_id, kind, source, detail, event_name, client_id, created_at) SELECT user_id, id, 'created', 'manual', 'Added by hand', event_name, 'seed-created-' || client_id, created_at FROM connection WHERE user_id = ${team} AND client_id LIKE 'seed-team-%';`,
    `INSERT OR IGNORE INTO interaction (user_id, connection_id, kind, source, occurred_at, text, client_id, author_id) SELECT user_id, id, 'added', 'manual', created_at, 'Added by hand', 'seed-added-' || client_id, met_by FROM connection WHERE user_id = ${team} AND client_id LIKE 'seed-team-%';`,
  ];
}
