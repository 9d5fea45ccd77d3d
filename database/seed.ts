import { DAY_MS } from "../app/lib/time/days.ts";
import { hashPassword } from "../app/server/account/password.server.ts";
import { DEMO_USER } from "./demo.ts";
import { demoOrganiserEvent } from "./seed-event.ts";
import { demoGiving } from "./seed-giving.ts";
import { q } from "./seed-sql.ts";
import { demoTeam } from "./seed-team.ts";

/** SQL that brings a database to the demo state; safe to run again (existing rows are kept). */
export async function seedSql(now = Date.now()): Promise<string> {
  const password = await hashPassword(DEMO_USER.password);
  return [
    `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (${q(DEMO_USER.id)}, ${q(DEMO_USER.name)}, ${q(DEMO_USER.email)}, 1, ${now}, ${now});`,
    `INSERT OR IGNORE INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES ('demo-account', ${q(DEMO_USER.id)}, 'credential', ${q(DEMO_USER.id)}, ${q(password)}, ${now}, ${now});`,
    // The demo account shows every Card Pro feature: a complimentary plan that never ends.
    `INSERT INTO account_plan (user_id, complimentary, updated_at) VALUES (${q(DEMO_USER.id)}, 1, ${now}) ON CONFLICT (user_id) DO UPDATE SET complimentary = 1;`,
    // The demo card every fresh install can open at /c/demo.
    `INSERT OR IGNORE INTO card (id, user_id, label, slug, published, name, title, company, email, phone, website, linkedin, location, notes, template, colour, social_accounts, additional_contacts, created_at, updated_at) VALUES (1, ${q(DEMO_USER.id)}, 'Work', 'demo', 1, ${q(DEMO_USER.name)}, 'Director of Partnerships', 'Open Futures Foundation', 'amara@openfutures.example', '+1 415 555 0142', 'https://openfutures.example', 'https://www.linkedin.com/in/amara-reyes-demo', 'Chicago, IL', 'Building partnerships for youth education. Happy to talk grants, sponsorships and volunteering.', 'classic', '#4f46e5', ${q(
      JSON.stringify([
        { id: "s1", platform: "twitter", url: "https://x.com/openfutures" },
        { id: "s2", platform: "instagram", url: "https://www.instagram.com/openfutures" },
      ]),
    )}, ${q(JSON.stringify([{ id: "a1", type: "email", value: "partners@openfutures.example" }]))}, ${now}, ${now});`,
    // The owner's own words on the demo card (a column added after the first release).
    `UPDATE card SET headline = 'Partnerships that put books in every classroom', bio = 'Fifteen years connecting funders with youth education programs across the Midwest.' WHERE id = 1 AND headline IS NULL;`,
    ...demoNetwork(now),
    ...demoEvents(now),
    ...SEED_REVIEWS.map(
      (r, i) =>
        `INSERT OR IGNORE INTO review (id, name, email, rating, body, verified, hidden, created_at) VALUES (${i + 1}, ${q(r.name)}, ${q(r.email)}, ${r.rating}, ${q(r.body)}, 1, 0, ${Date.parse(r.date)});`,
    ),
    // The demo owner's campaigns; amounts in cents (the columns hold minor units).
    ...SEED_CAMPAIGNS.map(
      (c) =>
        `INSERT OR IGNORE INTO campaign (id, user_id, title, description, organization, organizer_name, location, category, status, featured, currency, goal, amount_raised, donor_count, start_date, end_date, mission, impact, extended_description, budget, team, suggested, created_at) VALUES (${[c.id, DEMO_USER.id, c.title, c.description, c.organization, c.organizerName, c.location, c.category, c.status, c.featured ? 1 : 0, "USD", c.goal * 100, c.amountRaised * 100, c.donorCount, c.startDate, c.endDate, c.mission, c.impact, c.extendedDescription, JSON.stringify(c.budget ?? []), JSON.stringify([{ name: c.organizerName, role: "Organiser" }]), JSON.stringify([2500, 5000, 10000, 25000])].map(q).join(", ")}, ${now});`,
    ),
    // The demo campaigns chose to be listed on /fundraising (a column added after the first release).
    `UPDATE campaign SET listed = 1 WHERE user_id = ${q(DEMO_USER.id)} AND created_at = ${now};`,
    // The tours the README gives: a team, an organiser event with its door and booth, mailings, gifts.
    ...demoTeam(now, await hashPassword(DEMO_USER.password)),
    ...demoGiving(now),
    ...demoOrganiserEvent(now),
  ].join("\n");
}

const SEED_REVIEWS = [
  {
    name: "Sarah Johnson",
    email: "sarah.johnson@example.org",
    rating: 5,
    date: "2024-05-02T15:00:00Z",
    body: "We used KnowWho at our spring gala. Guests scanned the QR code at each table and every donor conversation was in the event hub by the next morning.",
  },
  {
    name: "Michael Chen",
    email: "michael.chen@example.com",
    rating: 4,
    date: "2024-04-18T15:00:00Z",
    body: "The card opens instantly, even on terrible conference Wi-Fi. I would like more card templates, but the follow-up reminders alone are worth it.",
  },
  {
    name: "Aisha Bello",
    email: "aisha.bello@example.org",
    rating: 5,
    date: "2024-04-03T15:00:00Z",
    body: "Finally a networking tool that understands fundraisers. Tagging contacts by event and priority has changed how our development team follows up.",
  },
];

/** The sample campaigns as first seeded (whole dollars); exported for the migration test. */
export const SEED_CAMPAIGNS: {
  id: string;
  title: string;
  description: string;
  organization: string;
  organizerName: string;
  location: string;
  category: string;
  status: string;
  featured: boolean;
  goal: number;
  amountRaised: number;
  donorCount: number;
  startDate: string;
  endDate: string;
  mission: string;
  impact: string;
  extendedDescription: string;
  budget?: { label: string; amount: number }[];
}[] = [
  {
    id: "clean-rivers-2026",
    title: "Clean Rivers Initiative",
    description: "Restoring 12 miles of riverbank and installing litter traps along the Riverbend watershed.",
    organization: "Riverbend Conservation Trust",
    organizerName: "Elena Park",
    location: "Portland, OR",
    category: "environment",
    status: "active",
    featured: true,
    goal: 50000,
    amountRaised: 34250,
    donorCount: 412,
    startDate: "2026-09-01",
    endDate: "2026-12-31",
    mission: "Healthy rivers for every community along the watershed.",
    impact: "Every 100 dollars removes roughly 40 kilograms of litter and plants ten native trees.",
    budget: [
      { label: "Litter traps (6)", amount: 1800000 },
      { label: "Native plants and tools", amount: 2000000 },
      { label: "Water-quality testing", amount: 1200000 },
    ],
    extendedDescription:
      "Volunteers and local schools will clear invasive plants, plant native species and install six litter traps at storm drains that feed the river. Progress is reported monthly to donors with photos and water-quality measurements.",
  },
  {
    id: "books-for-every-child",
    title: "Books for Every Child",
    description: "Putting 10,000 new books into classrooms and homes of early readers.",
    organization: "Riverbend Literacy Project",
    organizerName: "Danielle Okafor",
    location: "Cleveland, OH",
    category: "education",
    status: "active",
    featured: true,
    goal: 25000,
    amountRaised: 26900,
    donorCount: 538,
    startDate: "2026-08-15",
    endDate: "2026-12-15",
    mission: "Every child reads at grade level by the end of third grade.",
    impact: "25 dollars gives a child five books of their own and a reading tutor session.",
    extendedDescription:
      "The project partners with twenty elementary schools to stock classroom libraries and send books home every month. The goal was passed in November; additional gifts fund summer reading kits.",
  },
  {
    id: "second-chance-shelter",
    title: "Second Chance Animal Shelter",
    description: "A new medical wing so rescued animals can be treated on site.",
    organization: "Second Chance Animal Rescue",
    organizerName: "Tomas Alvarez",
    location: "Tucson, AZ",
    category: "animals",
    status: "active",
    featured: true,
    goal: 80000,
    amountRaised: 41800,
    donorCount: 655,
    startDate: "2026-07-01",
    endDate: "2027-01-31",
    mission: "No adoptable animal is turned away for lack of care.",
    impact: "150 dollars covers vaccinations and a health check for one rescued dog or cat.",
    extendedDescription:
      "Today sick animals travel an hour to a partner clinic. The new wing adds two exam rooms, a recovery ward and an isolation room, cutting waiting times and transport stress.",
  },
  {
    id: "neighborhood-food-pantry",
    title: "Neighborhood Food Pantry Expansion",
    description: "Longer opening hours and a refrigerated truck to collect fresh food donations.",
    organization: "Northshore Food Alliance",
    organizerName: "Marcus Lindqvist",
    location: "Milwaukee, WI",
    category: "community",
    status: "active",
    featured: false,
    goal: 40000,
    amountRaised: 12600,
    donorCount: 201,
    startDate: "2026-10-01",
    endDate: "2027-02-28",
    mission: "Fresh, dignified food access within walking distance of every family.",
    impact: "50 dollars provides fresh produce for a family of four for two weeks.",
    extendedDescription:
      "The pantry serves 900 families a week. A refrigerated truck lets it accept surplus produce from grocers and farms that it currently has to turn down.",
  },
  {
    id: "youth-mural-project",
    title: "Youth Mural Project",
    description: "Teen artists design and paint five public murals with professional mentors.",
    organization: "Open Canvas Arts",
    organizerName: "Jordan Reyes",
    location: "Albuquerque, NM",
    category: "arts",
    status: "past",
    featured: false,
    goal: 15000,
    amountRaised: 15000,
    donorCount: 188,
    startDate: "2026-03-01",
    endDate: "2026-08-31",
    mission: "Young people shaping the look and story of their own neighbourhood.",
    impact: "The project paid stipends to 24 teen artists and completed five murals.",
    extendedDescription:
      "Over the summer, 24 teenagers worked with four professional muralists on designs chosen by neighbours. All five murals were finished and unveiled at a community festival in September.",
  },
];

const DAY = DAY_MS;

/** A small, believable network for the demo owner: who they met, and two follow-ups (Lucas gave at the summit). */
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
      6,
      "Lucas Ferreira",
      "Grants Director",
      "Northstar Family Fund",
      "lucas@northstarfund.example",
      "medium",
      ["Donor"],
      "Active",
      "Impact Summit 2026",
      2,
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
  // Real contact only: being added is not contact. Priya was called 100 days ago and pledged 95 days ago,
  // so her quarterly Funder rhythm has her due on the dashboard.
  const lastContact: Record<number, number> = { 1: now - 95 * DAY };
  const rows = people.map(
    ([id, name, title, company, email, priority, tags, status, event, daysAgo]) =>
      `INSERT OR IGNORE INTO connection (id, user_id, name, title, company, email, priority, tags, status, event_name, source, client_id, last_contact_at, created_at, updated_at) VALUES (${id}, ${q(DEMO_USER.id)}, ${q(name)}, ${q(title)}, ${q(company)}, ${q(email)}, ${q(priority)}, ${q(JSON.stringify(tags))}, ${q(status)}, ${q(event)}, 'manual', ${q(`seed-${id}`)}, ${lastContact[id] ?? "NULL"}, ${now - daysAgo * DAY}, ${now - daysAgo * DAY});`,
  );
  return [
    ...rows,
    `INSERT OR IGNORE INTO reminder (id, user_id, connection_id, type, due_at, notes, created_at, updated_at) VALUES (1, ${q(DEMO_USER.id)}, 2, 'Call', ${now + 2 * 3_600_000}, 'Confirm the sponsorship tiers', ${now}, ${now});`,
    `INSERT OR IGNORE INTO reminder (id, user_id, connection_id, type, due_at, notes, created_at, updated_at) VALUES (2, ${q(DEMO_USER.id)}, 1, 'Email', ${now - DAY}, 'Send the grant summary', ${now}, ${now});`,
    // What the people core keeps beside each person: the email as a contact point, the fuzzy name key,
    // a uid and how they entered.
    `INSERT OR IGNORE INTO contact_point (user_id, connection_id, kind, label, value, key, preferred) SELECT user_id, id, 'email', 'work', email, email, 1 FROM connection WHERE user_id = ${q(DEMO_USER.id)} AND client_id LIKE 'seed-%' AND email IS NOT NULL;`,
    `UPDATE connection SET name_key = lower(name), uid = coalesce(uid, client_id) WHERE user_id = ${q(DEMO_USER.id)} AND client_id LIKE 'seed-%' AND name_key IS NULL;`,
    `INSERT INTO person_history (user_id, connection_id, kind, source, detail, event_name, created_at) SELECT user_id, id, 'created', 'manual', 'Added by hand', event_name, created_at FROM connection c WHERE user_id = ${q(DEMO_USER.id)} AND client_id LIKE 'seed-%' AND NOT EXISTS (SELECT 1 FROM person_history h WHERE h.connection_id = c.id);`,
    // The timeline: last contacted is its latest entry. Funders are kept in touch with quarterly.
    `INSERT OR IGNORE INTO interaction (user_id, connection_id, kind, source, occurred_at, text, client_id) SELECT user_id, id, 'added', 'manual', created_at, 'Added by hand', 'seed-added-' || id FROM connection WHERE user_id = ${q(DEMO_USER.id)} AND client_id LIKE 'seed-%';`,
    `INSERT OR IGNORE INTO interaction (user_id, connection_id, kind, source, occurred_at, text, client_id) VALUES (${q(DEMO_USER.id)}, 1, 'call', 'manual', ${now - 100 * DAY}, 'Talked about the spring literacy grant timeline', 'seed-call-1');`,
    // A pledge five days after that call (no campaign, so the campaign dashboards keep their own figures).
    `INSERT OR IGNORE INTO pledge (user_id, connection_id, amount, currency, note, key, created_at) VALUES (${q(DEMO_USER.id)}, 1, 1500000, 'USD', 'Literacy grant, over two years', 'seed-pledge-1', ${now - 95 * DAY});`,
    `INSERT OR IGNORE INTO interaction (user_id, connection_id, kind, source, occurred_at, text, client_id) VALUES (${q(DEMO_USER.id)}, 1, 'gift', 'gift', ${now - 95 * DAY}, 'Pledged $15,000 over two years', 'seed-pledge-1');`,
    // The owner's private note: its commitment becomes a to-do and a next step, never quoted in a draft.
    `UPDATE connection SET notes = ${q("Send LOI by Dec 10 for the 2027 literacy grant ($15k ask). Her director retires in spring, keep it quiet.")} WHERE id = 1 AND user_id = ${q(DEMO_USER.id)} AND notes IS NULL;`,
    `INSERT OR IGNORE INTO tag_rhythm (user_id, tag, every) VALUES (${q(DEMO_USER.id)}, 'Funder', 'quarterly');`,
    `INSERT OR IGNORE INTO keep_in_touch (user_id, connection_id, every) SELECT ${q(DEMO_USER.id)}, 2, 'monthly' WHERE EXISTS (SELECT 1 FROM connection WHERE id = 2 AND user_id = ${q(DEMO_USER.id)});`,
  ];
}

/**
 * The demo owner's events, dated from the day of seeding so each status shows: two happening today
 * (one with a link to join, one without), one coming up and two past. Impact Summit 2026 is where the
 * demo network was met, so its report has people in it.
 */
function demoEvents(now: number): string[] {
  const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
  const events: [number, string, string, number, string, string, string, string | null, string | null, number][] = [
    [
      1,
      "Nonprofit Tech Summit",
      "Two days of talks and workshops on technology for mission-driven organisations.",
      18,
      "9:00 AM - 5:00 PM",
      "Chicago, IL",
      "in-person",
      null,
      null,
      850,
    ],
    [
      2,
      "Impact Fundraising Live",
      "A live online session on donor journeys, recurring giving and year-end campaigns.",
      0,
      "1:00 PM - 3:00 PM EST",
      "Online",
      "virtual",
      "Zoom",
      "https://zoom.us/",
      320,
    ],
    [
      3,
      "Community Partners Mixer",
      "An evening for local businesses and nonprofits to meet partners and sponsors.",
      0,
      "6:00 PM - 9:00 PM",
      "Austin, TX",
      "hybrid",
      "Zoom",
      null,
      140,
    ],
    [
      4,
      "Impact Summit 2026",
      "Funders, sponsors and press on partnerships for youth education.",
      -2,
      "9:00 AM - 6:00 PM",
      "Chicago, IL",
      "in-person",
      null,
      null,
      600,
    ],
    [
      5,
      "Social Impact Forum",
      "Leaders from foundations, nonprofits and companies on partnerships that last.",
      -65,
      "9:00 AM - 4:00 PM",
      "New York, NY",
      "in-person",
      null,
      null,
      1200,
    ],
  ];
  return events.map(
    ([id, title, description, offset, time, location, type, platform, url, attendees]) =>
      `INSERT OR IGNORE INTO event (id, user_id, title, description, date, time, location, type, platform, url, attendee_count, created_at, updated_at) VALUES (${id}, ${q(DEMO_USER.id)}, ${q(title)}, ${q(description)}, ${q(day(offset))}, ${q(time)}, ${q(location)}, ${q(type)}, ${q(platform)}, ${q(url)}, ${attendees}, ${now}, ${now});`,
  );
}
