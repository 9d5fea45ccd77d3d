import { eventsEn } from "../app/lib/i18n/messages/events/en.ts";
import { DAY_MS } from "../app/lib/time/days.ts";
import { DEMO_EVENT_SLUG, DEMO_TEAM, DEMO_TEAMMATES, DEMO_USER } from "./demo.ts";
import { DEMO_CAMPAIGN_ID } from "./seed-giving.ts";
import { q, seedToken } from "./seed-sql.ts";

const HOUR = DAY_MS / 24;
const SLUG = q(DEMO_EVENT_SLUG);
/** The demo event's id, found by its slug: every statement keys on the slug, so a second run finds the first's rows. */
const EVENT = `(SELECT id FROM org_event WHERE slug = ${SLUG})`;
const NOOR = DEMO_TEAMMATES[0];

type Attendee = {
  name: string;
  email: string;
  company: string;
  title: string;
  state: "going" | "pending" | "waitlist";
  userId?: string;
  cardId?: number;
  /** Staff of the demo team's booth: their pass scans leads into it. */
  staff?: boolean;
  checkedIn?: boolean;
  /** Ticked "Email me news from the organiser" when joining. */
  news?: boolean;
  /** Answers to the three registration questions: focus, step-free access, dietary needs. */
  answers: [string, "yes" | "no", string?];
  interests: string;
};

// Ten going fill the capacity of ten; two wait for the organiser's approval, one is on the waitlist.
const ATTENDEES: Attendee[] = [
  {
    name: DEMO_USER.name,
    email: DEMO_USER.email,
    company: "Open Futures Foundation",
    title: "Director of Partnerships",
    state: "going",
    userId: DEMO_USER.id,
    cardId: 1,
    staff: true,
    answers: ["Education", "no"],
    interests: "Partnerships, literacy",
  },
  {
    name: NOOR.name,
    email: NOOR.email,
    company: "Open Futures Foundation",
    title: NOOR.title,
    state: "going",
    userId: NOOR.id,
    staff: true,
    checkedIn: true,
    answers: ["Education", "no"],
    interests: "Events, sponsorship",
  },
  {
    name: "Priya Natarajan",
    email: "priya@lumen.example",
    company: "Lumen Foundation",
    title: "Program Officer",
    state: "going",
    checkedIn: true,
    news: true,
    answers: ["Funding", "no", "Vegetarian"],
    interests: "Grants, early literacy",
  },
  {
    name: "Sofia Lindqvist",
    email: "sofia@cityyouth.example",
    company: "City Youth Trust",
    title: "Volunteer Coordinator",
    state: "going",
    checkedIn: true,
    news: true,
    answers: ["Youth services", "yes"],
    interests: "Volunteering, mentoring",
  },
  {
    name: "Marcus Bell",
    email: "marcus@betacorp.example",
    company: "Beta Corp",
    title: "Head of Sponsorships",
    state: "going",
    answers: ["Corporate giving", "no"],
    interests: "Sponsorship, employee giving",
  },
  {
    name: "Grace Liu",
    email: "grace@brightpath.example",
    company: "BrightPath Learning",
    title: "Partnerships Lead",
    state: "going",
    news: true,
    answers: ["Corporate giving", "no", "No nuts"],
    interests: "Sponsorship, reading kits",
  },
  {
    name: "Tomás Rivera",
    email: "tomas@readingcorps.example",
    company: "Reading Corps",
    title: "Program Director",
    state: "going",
    checkedIn: true,
    news: true,
    answers: ["Education", "no"],
    interests: "Tutoring, outcomes",
  },
  {
    name: "Efua Mensah",
    email: "efua@kidsread.example",
    company: "KidsRead Collective",
    title: "Founder",
    state: "going",
    news: true,
    answers: ["Youth services", "no", "Vegan"],
    interests: "Volunteering, book drives",
  },
  {
    name: "Ben Carter",
    email: "ben@civicbank.example",
    company: "Civic Bank",
    title: "Community Investment Manager",
    state: "going",
    answers: ["Funding", "no"],
    interests: "Community investment",
  },
  {
    name: "Olivia Grant",
    email: "olivia@civicledger.example",
    company: "Civic Ledger",
    title: "Education Reporter",
    state: "going",
    news: true,
    answers: ["Education", "no"],
    interests: "Press, outcomes",
  },
  {
    name: "Ravi Shah",
    email: "ravi@northwind.example",
    company: "Northwind Trust",
    title: "Grants Manager",
    state: "pending",
    answers: ["Funding", "no"],
    interests: "Grants",
  },
  {
    name: "Chloé Dubois",
    email: "chloe@atelier.example",
    company: "Atelier Lecture",
    title: "Director",
    state: "pending",
    answers: ["Education", "yes"],
    interests: "Family reading",
  },
  {
    name: "Sam Whitaker",
    email: "sam@publiclibrary.example",
    company: "Chicago Public Library",
    title: "Youth Services Librarian",
    state: "waitlist",
    answers: ["Education", "no"],
    interests: "Libraries, summer reading",
  },
];

const QUESTIONS = [
  {
    kind: "choice",
    label: "What is your organisation's focus?",
    options: ["Education", "Youth services", "Funding", "Corporate giving"],
    required: 1,
  },
  { kind: "yesno", label: "Do you need step-free access?", options: [], required: 0 },
  { kind: "text", label: "Dietary requirements", options: [], required: 0 },
] as const;

const TRACKS = ["Funding", "Programmes"];

// [title, start, end, room, track, capacity, speakers (an attendee's email, or a name alone)]
const SESSIONS: [string, string, string, string, string | null, number | null, string[]][] = [
  ["Welcome: partnerships that put books in classrooms", "09:00", "09:30", "Main Hall", null, null, [DEMO_USER.email]],
  [
    "What funders look for in 2027",
    "09:45",
    "10:45",
    "Main Hall",
    "Funding",
    80,
    ["priya@lumen.example", "ben@civicbank.example"],
  ],
  ["Volunteer programmes that last", "09:45", "10:45", "Room B", "Programmes", 30, ["sofia@cityyouth.example"]],
  ["Sponsorship without the awkwardness", "11:00", "12:00", "Room B", "Funding", 30, ["marcus@betacorp.example"]],
  [
    "Measuring reading outcomes",
    "13:30",
    "14:30",
    "Main Hall",
    "Programmes",
    80,
    ["Dr. Ines Carvalho", "tomas@readingcorps.example"],
  ],
  ["Closing: what we commit to", "16:15", "17:00", "Main Hall", null, null, [DEMO_USER.email]],
];

// Who added which sessions to their schedule.
const SCHEDULES: [string, string[]][] = [
  [NOOR.email, ["What funders look for in 2027", "Sponsorship without the awkwardness"]],
  ["grace@brightpath.example", ["What funders look for in 2027", "Sponsorship without the awkwardness"]],
  ["tomas@readingcorps.example", ["Volunteer programmes that last"]],
  ["efua@kidsread.example", ["Volunteer programmes that last", "Measuring reading outcomes"]],
  ["olivia@civicledger.example", ["Measuring reading outcomes"]],
];

const LEAD_QUESTIONS = [
  { kind: "rating", label: "Partnership fit", options: [] },
  { kind: "choice", label: "Interest", options: ["Sponsorship", "Grant", "Volunteering", "Press"] },
  { kind: "choice", label: "Timeframe", options: ["This quarter", "This year", "Later"] },
  { kind: "text", label: "Next step", options: [] },
] as const;

// [visitor, rating, notes by staff email, answers by question label]
const LEADS: [string, number, [string, string][], Record<string, string>][] = [
  [
    "grace@brightpath.example",
    5,
    [[NOOR.email, "Wants to sponsor the spring reading kits"]],
    {
      "Partnership fit": "5",
      Interest: "Sponsorship",
      Timeframe: "This quarter",
      "Next step": "Send the sponsorship tiers",
    },
  ],
  [
    "tomas@readingcorps.example",
    4,
    [
      [DEMO_USER.email, "Co-host a summer reading pilot"],
      [NOOR.email, "Asked for last year's outcomes report"],
    ],
    { "Partnership fit": "4", Interest: "Grant", Timeframe: "This year" },
  ],
  [
    "olivia@civicledger.example",
    3,
    [[DEMO_USER.email, "Covering the launch for Civic Ledger"]],
    { Interest: "Press", Timeframe: "Later" },
  ],
];

/**
 * The demo owner's organiser event, ten days after the day of seeding on its own clock (America/Chicago): a
 * programme in two rooms and two tracks, meeting tables, registration questions, attendees in every state, the
 * door under way (badges collected at the partners' briefing), and the demo team's booth with its questions and
 * leads. Rows are found by the event's slug and each one's own unique key, so a second run adds nothing.
 */
export function demoOrganiserEvent(now: number): string[] {
  const day = new Date(now + 10 * DAY_MS).toISOString().slice(0, 10);
  const at = (time: string) => q(`${day}T${time}`);
  const attendee = (email: string) => `(SELECT id FROM org_attendee WHERE event_id = ${EVENT} AND email = ${q(email)})`;
  const visibility = (v: "everyone" | "exchanged") => q(eventsEn[`event.visibility.${v}`]);
  const booth = `(SELECT id FROM org_booth WHERE event_id = ${EVENT} AND workspace_id = ${q(DEMO_TEAM.id)})`;
  return [
    `INSERT OR IGNORE INTO org_event (slug, user_id, title, description, starts_at, ends_at, time_zone, type, venue, organiser_name, capacity, approval, waitlist, campaign_id, state, created_at, updated_at) VALUES (${SLUG}, ${q(DEMO_USER.id)}, 'Youth Education Partners Day', ${q("A day for funders, sponsors and programmes working on early literacy in Chicago: talks in two rooms, tables for one-to-one meetings, and the partners' stands.")}, ${at("09:00")}, ${at("17:00")}, 'America/Chicago', 'in-person', ${q("Harold Washington Library Center, 400 S State St, Chicago")}, 'Open Futures Foundation', 10, 1, 1, ${q(DEMO_CAMPAIGN_ID)}, 'open', ${now - 21 * DAY_MS}, ${now - 21 * DAY_MS});`,
    ...QUESTIONS.map(
      (x, i) =>
        `INSERT INTO org_reg_question (event_id, kind, label, options, required, position, created_at) SELECT id, ${q(x.kind)}, ${q(x.label)}, ${q(JSON.stringify(x.options))}, ${x.required}, ${i + 1}, ${now - 21 * DAY_MS} FROM org_event WHERE slug = ${SLUG} AND NOT EXISTS (SELECT 1 FROM org_reg_question r WHERE r.event_id = org_event.id AND r.label = ${q(x.label)});`,
    ),
    ...ATTENDEES.map((a, i) => {
      const joined = now - (20 - i) * DAY_MS;
      return `INSERT OR IGNORE INTO org_attendee (event_id, email, name, company, title, interests, user_id, card_id, pass_token, badge_code, listed, visibility, lead_rights, state, created_at, updated_at) SELECT id, ${q(a.email)}, ${q(a.name)}, ${q(a.company)}, ${q(a.title)}, ${q(a.interests)}, ${q(a.userId ?? null)}, ${a.cardId ?? "NULL"}, ${q(seedToken(24))}, ${q(seedToken(12))}, ${a.state === "going" ? 1 : 0}, 'everyone', ${q(a.staff ? "one-way" : "none")}, ${q(a.state)}, ${joined}, ${joined} FROM org_event WHERE slug = ${SLUG};`;
    }),
    // What each was shown when they chose to be listed, as a join records it.
    `INSERT INTO org_consent (event_id, attendee_id, email, listed, visibility, shown, created_at) SELECT a.event_id, a.id, a.email, a.listed, a.visibility, ${q(eventsEn["event.join.directoryConsent"])} || ' Answer: ' || CASE a.listed WHEN 1 THEN 'yes' ELSE 'no' END || '. Who sees me: ' || CASE a.visibility WHEN 'everyone' THEN ${visibility("everyone")} ELSE ${visibility("exchanged")} END || '.', a.created_at FROM org_attendee a WHERE a.event_id = ${EVENT} AND NOT EXISTS (SELECT 1 FROM org_consent c WHERE c.event_id = a.event_id AND c.email = a.email);`,
    `INSERT INTO org_mail_consent (event_id, attendee_id, email, given, source, shown, created_at) SELECT a.event_id, a.id, a.email, 1, 'join', ${q(eventsEn["event.join.mailConsent"].replaceAll("{organiser}", "Open Futures Foundation"))}, a.created_at FROM org_attendee a WHERE a.event_id = ${EVENT} AND a.email IN (${ATTENDEES.filter(
      (a) => a.news,
    )
      .map((a) => q(a.email))
      .join(
        ", ",
      )}) AND NOT EXISTS (SELECT 1 FROM org_mail_consent c WHERE c.event_id = a.event_id AND c.email = a.email);`,
    ...QUESTIONS.map(
      (x, i) =>
        `INSERT OR IGNORE INTO org_reg_answer (attendee_id, question_id, value, created_at) SELECT a.id, r.id, json_extract(j.value, '$[1]'), a.created_at FROM json_each(${q(JSON.stringify(ATTENDEES.filter((a) => a.answers[i]).map((a) => [a.email, a.answers[i]])))}) j JOIN org_attendee a ON a.event_id = ${EVENT} AND a.email = json_extract(j.value, '$[0]') JOIN org_reg_question r ON r.event_id = a.event_id AND r.label = ${q(x.label)};`,
    ),
    ...TRACKS.map(
      (t) => `INSERT OR IGNORE INTO org_track (event_id, name) SELECT id, ${q(t)} FROM org_event WHERE slug = ${SLUG};`,
    ),
    ...SESSIONS.map(
      ([title, start, end, room, track, capacity]) =>
        `INSERT INTO org_session (event_id, title, starts_at, ends_at, room, capacity, track_id, uid, created_at, updated_at) SELECT e.id, ${q(title)}, substr(e.starts_at, 1, 11) || ${q(start)}, substr(e.starts_at, 1, 11) || ${q(end)}, ${q(room)}, ${capacity ?? "NULL"}, (SELECT t.id FROM org_track t WHERE t.event_id = e.id AND t.name = ${q(track)}), ${q(crypto.randomUUID())}, ${now - 14 * DAY_MS}, ${now - 14 * DAY_MS} FROM org_event e WHERE e.slug = ${SLUG} AND NOT EXISTS (SELECT 1 FROM org_session s WHERE s.event_id = e.id AND s.title = ${q(title)});`,
    ),
    ...SESSIONS.flatMap(([title, , , , , , speakers]) =>
      speakers.map((who, i) => {
        const email = who.includes("@") ? who : null;
        const name = email ? (ATTENDEES.find((a) => a.email === email)?.name ?? email) : who;
        return `INSERT INTO org_session_speaker (session_id, name, attendee_id, position) SELECT s.id, ${q(name)}, ${email ? attendee(email) : "NULL"}, ${i} FROM org_session s WHERE s.event_id = ${EVENT} AND s.title = ${q(title)} AND NOT EXISTS (SELECT 1 FROM org_session_speaker p WHERE p.session_id = s.id AND p.name = ${q(name)});`;
      }),
    ),
    `INSERT OR IGNORE INTO org_schedule (session_id, attendee_id, created_at) SELECT s.id, a.id, ${now - 7 * DAY_MS} FROM json_each(${q(JSON.stringify(SCHEDULES.flatMap(([email, titles]) => titles.map((t) => [email, t]))))}) j JOIN org_attendee a ON a.event_id = ${EVENT} AND a.email = json_extract(j.value, '$[0]') JOIN org_session s ON s.event_id = a.event_id AND s.title = json_extract(j.value, '$[1]');`,
    // Tables for one-to-one meetings over lunch and the afternoon break, on the event's own day.
    `INSERT OR IGNORE INTO org_meeting_slot (event_id, starts_at, minutes, place) SELECT e.id, substr(e.starts_at, 1, 11) || t.value, 30, p.value FROM org_event e, json_each('["12:00","12:30","13:00","15:00","15:30"]') t, json_each('["Table 1","Table 2","Table 3"]') p WHERE e.slug = ${SLUG};`,
    // The door: badges collected early at the partners' briefing.
    `INSERT OR IGNORE INTO org_checkin (attendee_id, event_id, checked_at, by_user) SELECT a.id, a.event_id, ${now - 2 * HOUR} + a.id, ${q(DEMO_USER.id)} FROM org_attendee a WHERE a.event_id = ${EVENT} AND a.email IN (${ATTENDEES.filter(
      (a) => a.checkedIn,
    )
      .map((a) => q(a.email))
      .join(", ")});`,
    // The demo team's booth (decision 0250): Amara's and Noor's passes scan into it.
    `INSERT OR IGNORE INTO org_booth (event_id, workspace_id, created_at) SELECT id, ${q(DEMO_TEAM.id)}, ${now - 3 * HOUR} FROM org_event WHERE slug = ${SLUG};`,
    `UPDATE org_attendee SET booth_id = ${booth} WHERE event_id = ${EVENT} AND lead_rights <> 'none' AND booth_id IS NULL;`,
    ...LEAD_QUESTIONS.map(
      (x, i) =>
        `INSERT INTO org_lead_question (booth_id, kind, label, options, position, created_at) SELECT b.id, ${q(x.kind)}, ${q(x.label)}, ${q(JSON.stringify(x.options))}, ${i + 1}, ${now - 3 * HOUR} FROM org_booth b WHERE b.id = ${booth} AND NOT EXISTS (SELECT 1 FROM org_lead_question x WHERE x.booth_id = b.id AND x.label = ${q(x.label)});`,
    ),
    ...LEADS.flatMap(([visitor, rating, notes, answers], i) => [
      `INSERT OR IGNORE INTO org_lead (event_id, booth_id, attendee_id, rating, created_at) SELECT b.event_id, b.id, ${attendee(visitor)}, ${rating}, ${now - (90 - i * 20) * 60_000} FROM org_booth b WHERE b.id = ${booth};`,
      `INSERT OR IGNORE INTO org_lead_note (lead_id, staff_id, author_id, author_name, notes, created_at, updated_at) SELECT l.id, s.id, s.user_id, s.name, json_extract(j.value, '$[1]'), l.created_at, l.created_at FROM json_each(${q(JSON.stringify(notes))}) j JOIN org_attendee s ON s.event_id = ${EVENT} AND s.email = json_extract(j.value, '$[0]') JOIN org_lead l ON l.booth_id = s.booth_id AND l.attendee_id = ${attendee(visitor)};`,
      `INSERT OR IGNORE INTO org_lead_answer (lead_id, question_id, value, updated_at) SELECT l.id, x.id, j.value, l.created_at FROM json_each(${q(JSON.stringify(answers))}) j JOIN org_lead l ON l.booth_id = ${booth} AND l.attendee_id = ${attendee(visitor)} JOIN org_lead_question x ON x.booth_id = l.booth_id AND x.label = j.key;`,
    ]),
  ];
}
