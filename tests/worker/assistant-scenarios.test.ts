import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { draftLeaks, type FollowUpInput } from "~/lib/assistant/rules";
import { privateSpans, type Relationship, SYSTEM_TAGS } from "~/lib/follow/draft-privacy";
import { createDb } from "~/server/db/db.server";
import { followUpInputFor, savedDrafts, writeDraft } from "~/server/follow/drafts.server";
import { parseEnv } from "~/server/platform/env.server";
import { signUp } from "./helpers";

/**
 * The scenario suite: an owner's network written the way owners write (commitments, amounts, gossip,
 * private reminders, several languages), and every draft and suggested message checked against four
 * rules. The pass rate per rule is printed; the suite passes only at 100%.
 */

const db = () => createDb(parseEnv(env).DB);
const DAY = 86_400_000;

const EVENTS = {
  food: {
    title: "Food Summit 2026",
    description:
      "Goals: meet 3 foundation program officers; find a venue sponsor for the gala; recruit 5 volunteers.\nPrivate: push Lumen for the $15k ask before the board meets.",
    goals: ["Meet 3 foundation program officers", "Find a venue sponsor for the gala", "Recruit 5 volunteers"],
  },
  berlin: {
    title: "Berlin Philanthropy Forum",
    description:
      "Ziel: zwei Stiftungen kennenlernen. We want to meet European co-funders for the cold-chain project without telling Lumen yet.",
    goals: ["Meet European co-funders for the cold-chain project"],
  },
} as const;

type Contact = [kind: string, daysAgo: number, text?: string];
type Scenario = {
  name: string;
  company?: string;
  tags: string[];
  notes: string;
  event?: keyof typeof EVENTS;
  discussed?: string;
  visitorNote?: string;
  contacts: Contact[];
  pledge?: boolean;
  expect: Relationship;
  /** The notes hold a commitment of the owner's, so the draft must offer a next step. */
  step: boolean;
  /** Fragments the owner would be mortified to see sent (amounts, gossip), checked beside the span rule. */
  never: string[];
};

const SCENARIOS: Scenario[] = [
  {
    name: "Lee Chen",
    company: "Lumen Foundation",
    tags: ["Funder", "Education", "Shared", "New Contact"],
    notes: "Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)\nHer ED is leaving in March — don't mention",
    event: "food",
    visitorNote: "Loved the panel on school meals",
    contacts: [["share-back", 1]],
    expect: "first",
    step: true,
    never: ["$15k", "15k ask", "ED is leaving", "hunger grant", "LOI"],
  },
  {
    name: "Marta Gómez",
    company: "Fundación Sol",
    tags: ["Funder", "Imported"],
    notes: "Enviar propuesta antes del 15 de enero. Ojo: el presupuesto es confidencial (€20.000)",
    contacts: [
      ["connected", 400],
      ["call", 20, "Talked about the school garden pilot"],
    ],
    expect: "ongoing",
    step: true,
    never: ["€20.000", "presupuesto es confidencial"],
  },
  {
    name: "Tom Becker",
    tags: ["Board", "Donor"],
    notes: "Pledged $5k at gala, wants naming rights?? ask Sarah first",
    contacts: [["gift", 30, "Pledge $5,000 to the spring campaign"]],
    pledge: true,
    expect: "donor",
    step: false,
    never: ["$5k", "$5,000", "naming rights", "ask Sarah first"],
  },
  {
    name: "Aisha Khan",
    tags: ["Volunteer", "Scanned"],
    notes: "Great energy, maybe board material in 2027. Husband works at Meta.",
    event: "food",
    contacts: [["capture", 1]],
    expect: "first",
    step: false,
    never: ["board material", "Husband works at Meta"],
  },
  {
    name: "Jonas Weber",
    company: "Stiftung Nord",
    tags: ["Partner", "Quick add"],
    notes: "Kennt den Stiftungsvorstand. Nicht über Geld reden, vertraulich.",
    event: "berlin",
    contacts: [
      ["capture", 2],
      ["meeting", 200, "Workshop on cold chains"],
    ],
    expect: "again",
    step: false,
    never: ["Nicht über Geld", "vertraulich"],
  },
  {
    name: "Claire Dubois",
    tags: ["Funder", "Card photo"],
    notes: "Envoyer le dossier avant le 5 mars. Elle déteste les appels à froid.",
    event: "berlin",
    contacts: [["capture", 3]],
    expect: "first",
    step: true,
    never: ["déteste les appels", "appels à froid"],
  },
  {
    name: "Sam Patel",
    company: "Acme",
    tags: ["Board chair prospect"],
    notes: "TODO: intro to Priya at Lumen before Friday\nRumour: he's leaving Acme for a foundation job",
    contacts: [
      ["meeting", 10, "Coffee about the capital campaign"],
      ["call", 50],
    ],
    expect: "again",
    step: true,
    never: ["leaving Acme", "Board chair prospect", "Rumour"],
  },
  {
    name: "Nina Ivanova",
    company: "Civic Ledger",
    tags: ["Press"],
    notes: "Call her Tuesday re: the op-ed. She burned us in 2024 — careful.",
    contacts: [
      ["email", 3, "Sent the press kit"],
      ["email", 30],
    ],
    expect: "ongoing",
    step: true,
    never: ["burned us", "careful"],
  },
  {
    name: "Omar Haddad",
    tags: ["Major gift prospect", "Donor"],
    notes: "Capacity ~$100k per wealth screen. Schedule site visit next week.",
    contacts: [
      ["gift", 90, "Gift $2,500"],
      ["meeting", 95],
    ],
    expect: "donor",
    step: true,
    never: ["$100k", "wealth screen", "Major gift prospect", "$2,500"],
  },
  {
    name: "Grace Liu",
    tags: ["Imported"],
    notes: "",
    contacts: [["added", 5, "Imported from contacts.csv"]],
    expect: "first",
    step: false,
    never: ["contacts.csv"],
  },
  {
    name: "Peter Novak",
    company: "Novak Family Fund",
    tags: ["Funder"],
    notes: "Follow up on renewal by end of month. Last year gave $25,000, board wants 10% more.",
    contacts: [["call", 250, "Renewal chat"]],
    expect: "lapsed",
    step: true,
    never: ["$25,000", "10% more"],
  },
  {
    name: "Fatima Zahra",
    tags: ["Volunteer", "Shared", "New Contact"],
    notes:
      "What we talked about (shared 2026-11-25): I can help with Saturday deliveries\nPrivate: check her references first",
    visitorNote: "I can help with Saturday deliveries",
    contacts: [["share-back", 1]],
    expect: "first",
    step: false,
    never: ["check her references"],
  },
  {
    name: "Ben Carter",
    company: "Beta Corp",
    tags: ["Sponsor", "Saved Contact"],
    notes: "Book a call with their CSR team by Nov 30. Their budget got cut 40%.",
    event: "food",
    contacts: [["saved-card", 2]],
    expect: "first",
    step: true,
    never: ["40%", "budget got cut"],
  },
  {
    name: "Yuki Tanaka",
    tags: ["Partner"],
    notes: "Share the impact report next week. Don't mention the audit delay.",
    discussed: "Joint reporting on meals served in Portland",
    contacts: [
      ["meeting", 4, "Planning session for the joint report"],
      ["email", 60],
    ],
    expect: "again",
    step: true,
    never: ["audit delay"],
  },
  {
    name: "Rosa Martínez",
    tags: ["Donor"],
    notes: "Llamar mañana para agradecer. Su hijo está enfermo, no preguntar.",
    contacts: [["gift", 10, "Gift €300"]],
    expect: "donor",
    step: true,
    never: ["hijo está enfermo", "€300"],
  },
  {
    name: "Henrik Olsen",
    tags: ["Funder", "Lapsed donor"],
    notes: "Gave $2k in 2023, went quiet after the ED change",
    contacts: [["call", 400]],
    expect: "lapsed",
    step: false,
    never: ["$2k", "went quiet", "Lapsed donor"],
  },
  {
    name: "Chloe Martin",
    tags: ["Education"],
    notes: "Email the curriculum link tomorrow",
    event: "food",
    contacts: [
      ["capture", 1],
      ["note", 0, "Mental note: she's a maybe"],
    ],
    expect: "first",
    step: true,
    never: ["she's a maybe"],
  },
  {
    name: "David Kim",
    tags: ["Funder"],
    notes: "Merged duplicate. Wants quarterly updates. Decision in Feb, likely $40k.",
    contacts: [
      ["merge", 1, "Merged with David Kim"],
      ["call", 15, "Discussed the quarterly updates format"],
      ["email", 45],
    ],
    expect: "ongoing",
    step: false,
    never: ["likely $40k", "$40k"],
  },
  {
    name: "Emma Schulz",
    tags: ["Speaker"],
    notes: "Intro her to Marcus at Beta Corp. Fee: €1.500 — negotiable.",
    event: "berlin",
    contacts: [["capture", 1]],
    expect: "first",
    step: true,
    never: ["€1.500", "negotiable", "Marcus at Beta Corp"],
  },
  {
    name: "Luca Rossi",
    tags: ["Partner", "Imported"],
    notes: "Connected on LinkedIn years ago; never met. Possible vendor.",
    contacts: [["connected", 700]],
    expect: "lapsed",
    step: false,
    never: ["Possible vendor", "never met"],
  },
  {
    name: "Hana Novak",
    tags: ["Volunteer"],
    notes: "Remember to send the volunteer handbook by Monday. Flaky last time.",
    contacts: [
      ["message", 6, "Confirmed the Saturday shift"],
      ["message", 20],
    ],
    expect: "ongoing",
    step: true,
    never: ["Flaky"],
  },
  {
    name: "Kwame Mensah",
    tags: ["Funder", "Food security"],
    notes: "Goal: get him to co-fund the cold storage. Ask $30k in Q1.",
    visitorNote: "Interested in food security in Accra and Portland",
    event: "food",
    contacts: [["share-back", 1]],
    expect: "first",
    step: false,
    never: ["$30k", "co-fund the cold storage"],
  },
  {
    name: "Sara Cohen",
    tags: ["Board"],
    notes: "Prepare the board deck; send deck by Thursday. She's tired of long meetings.",
    contacts: [
      ["meeting", 2, "Board prep meeting"],
      ["call", 35],
    ],
    expect: "again",
    step: true,
    never: ["tired of long meetings"],
  },
  {
    name: "Ahmed Ali",
    tags: ["Donor", "Monthly"],
    notes: "Monthly $50 since 2022. Prefers WhatsApp.",
    contacts: [
      ["gift", 5, "Monthly gift $50"],
      ["gift", 35, "Monthly gift $50"],
    ],
    expect: "donor",
    step: false,
    never: ["$50", "Prefers WhatsApp"],
  },
  {
    name: "Julia Brandt",
    tags: ["Press", "Scanned"],
    notes: "Schedule interview before Dec 15. Off the record: the merger is happening.",
    event: "berlin",
    contacts: [["capture", 2]],
    expect: "first",
    step: true,
    never: ["merger is happening", "Off the record"],
  },
  {
    name: "Mei Wong",
    tags: ["Partner"],
    notes: "She promised to send the MOU. Her boss is difficult.",
    contacts: [
      ["call", 8, "Went through the MOU draft"],
      ["call", 40],
    ],
    expect: "ongoing",
    step: false,
    never: ["boss is difficult", "She promised"],
  },
  {
    name: "Victor Hugo",
    tags: ["Funder"],
    notes: "Send thank-you note + photos by Friday. Wife's name is Anne.",
    contacts: [
      ["meeting", 1, "Site visit at the warehouse"],
      ["email", 90],
    ],
    expect: "again",
    step: true,
    never: ["Wife's name is Anne"],
  },
  {
    name: "Priscilla Adams",
    tags: ["Board", "Donor"],
    notes: "Pledge $10k over 2 years — first instalment due March",
    pledge: true,
    contacts: [["meeting", 20, "Pledge meeting about the $10k"]],
    expect: "donor",
    step: false,
    never: ["$10k", "first instalment"],
  },
  {
    name: "Tariq Aziz",
    tags: ["Volunteer", "New Contact", "Shared"],
    notes: "",
    visitorNote: "Happy to drive the van on weekends",
    contacts: [["share-back", 0]],
    expect: "first",
    step: false,
    never: [],
  },
  {
    name: "Elena Petrova",
    tags: ["Funder"],
    notes: "Call back after her vacation (back Jan 6). Her foundation is restructuring — confidential.",
    contacts: [["email", 200, "Sent our annual report"]],
    expect: "lapsed",
    step: true,
    never: ["restructuring", "confidential"],
  },
  {
    name: "George Brown",
    company: "Brown & Sons",
    tags: ["Sponsor"],
    notes: "Book lunch next week. Competitor sponsor offered them more visibility.",
    contacts: [
      ["call", 3, "Talked about gala sponsorship tiers"],
      ["email", 25],
    ],
    expect: "ongoing",
    step: true,
    never: ["Competitor sponsor", "more visibility"],
  },
  {
    name: "Isabel Santos",
    tags: ["Volunteer", "Card photo"],
    notes: "Mandar el enlace del formulario mañana. Vive lejos, quizá no venga.",
    event: "food",
    contacts: [["capture", 1]],
    expect: "first",
    step: true,
    never: ["quizá no venga", "Vive lejos"],
  },
];

const SOURCE: Record<string, string> = {
  "share-back": "share",
  capture: "scan",
  "saved-card": "saved",
  connected: "import",
  gift: "gift",
  merge: "merge",
  added: "manual",
};

/** How each relationship opens: the line after the greeting. */
const OPENING: Record<Relationship, RegExp> = {
  first: /^Hi \S+,\n\nIt was good to meet you\b/,
  again: /^Hi \S+,\n\nIt was great to see you again\b/,
  ongoing: /^Hi \S+,\n\nThank you for (?:our|staying)\b/,
  donor: /^Dear \S+,\n\nThank you again for your generous support\b/,
  lapsed: /^Hi \S+,\n\nIt has been a while\b/,
};

const RULES = ["no private span", "no system tag", "greeting matches", "next step offered"] as const;
const tally = Object.fromEntries(RULES.map((r) => [r, { pass: 0, total: 0 }])) as Record<
  (typeof RULES)[number],
  { pass: number; total: number }
>;
const failures: string[] = [];

function check(label: string, draft: { subject: string; body: string }, input: FollowUpInput, s: Scenario) {
  const text = `${draft.subject}\n${draft.body}`;
  const record = (rule: (typeof RULES)[number], ok: boolean, why: string) => {
    tally[rule].total++;
    if (ok) tally[rule].pass++;
    else failures.push(`${label} (${s.name}): ${rule}: ${why}`);
  };
  // The span rule, and beside it the fragments named by hand, so the rule is not only checked by itself.
  const spans = privateSpans(
    text,
    [s.notes, EVENTS[s.event ?? "food"].description, ...s.tags],
    [
      s.visitorNote ?? "",
      s.discussed ?? "",
      s.name,
      s.company ?? "",
      s.event ? EVENTS[s.event].title : "",
      ...(input.nextSteps ?? []),
      input.lastInteraction?.text ?? "",
      ...(input.interests ?? []),
    ],
  );
  const named = s.never.filter((f) => text.toLowerCase().includes(f.toLowerCase()));
  const goals = (s.event ? EVENTS[s.event].goals : []).filter((g) => text.toLowerCase().includes(g.toLowerCase()));
  record(
    "no private span",
    !spans.length && !named.length && !goals.length,
    [...spans, ...named, ...goals].join(" | "),
  );
  const tags = SYSTEM_TAGS.filter((t) => new RegExp(`\\b${t}\\b`).test(text) && !(s.visitorNote ?? "").includes(t));
  record("no system tag", tags.length === 0, tags.join(", "));
  record("greeting matches", OPENING[s.expect].test(draft.body), `${s.expect}: ${draft.body.slice(0, 80)}`);
  if (s.step) record("next step offered", /\bI'll\b/.test(draft.body), draft.body.slice(0, 200));
}

describe("the scenario suite", () => {
  afterAll(() => {
    const lines = RULES.map((r) => {
      const { pass, total } = tally[r];
      return `  ${r}: ${pass}/${total} (${total ? Math.round((pass / total) * 1000) / 10 : 100}%)`;
    });
    console.log(`Assistant scenario suite, pass rate per rule:\n${lines.join("\n")}`);
  });

  it(`checks every draft and suggested message for ${SCENARIOS.length} people`, async () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(30);
    const session = await signUp("Dana Reyes");
    const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
    const owner = { id: row?.id ?? "", name: "Dana Reyes" };
    const now = Date.now();
    const statements: D1PreparedStatement[] = [
      env.DB.prepare(
        "insert into card (user_id, name, title, company, label) values (?, 'Dana Reyes', 'Development Director', 'Harvest Table Food Bank', 'Work')",
      ).bind(owner.id),
      ...Object.values(EVENTS).map((e) =>
        env.DB.prepare("insert into event (user_id, title, description, date, plan) values (?, ?, ?, ?, ?)").bind(
          owner.id,
          e.title,
          e.description,
          new Date(now - 2 * DAY).toISOString().slice(0, 10),
          JSON.stringify({
            goals: e.goals,
            targets: [],
            talkingPoints: ["x"],
            checklist: ["x"],
            engine: "built-in",
            generatedAt: new Date(now).toISOString(),
            edited: false,
          }),
        ),
      ),
    ];
    SCENARIOS.forEach((s, i) => {
      const cid = `scenario-${owner.id}-${i}`;
      const event = s.event ? EVENTS[s.event].title : null;
      statements.push(
        env.DB.prepare(
          "insert into connection (user_id, client_id, name, company, notes, discussed, tags, event_name, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ).bind(
          owner.id,
          cid,
          s.name,
          s.company ?? null,
          s.notes || null,
          s.discussed ?? null,
          JSON.stringify(event ? [...s.tags, event] : s.tags),
          event,
          now - Math.max(1, ...s.contacts.map((c) => c[1])) * DAY,
        ),
      );
      s.contacts.forEach(([kind, daysAgo, text], j) => {
        statements.push(
          env.DB.prepare(
            "insert into interaction (user_id, connection_id, kind, source, occurred_at, text, client_id) select ?, id, ?, ?, ?, ?, ? from connection where client_id = ?",
          ).bind(owner.id, kind, SOURCE[kind] ?? "manual", now - daysAgo * DAY - j, text ?? "", `${cid}-${j}`, cid),
        );
      });
      if (s.visitorNote)
        statements.push(
          env.DB.prepare(
            "insert into shared_contacts (recipient_user_id, connection_id, sender_name, sender_email, recipient_name, notes, event_name) select ?, id, ?, 'visitor@example.org', 'Dana Reyes', ?, ? from connection where client_id = ?",
          ).bind(owner.id, s.name, s.visitorNote, event, cid),
        );
      if (s.pledge)
        statements.push(
          env.DB.prepare(
            "insert into pledge (user_id, connection_id, amount, currency, key) select ?, id, 500000, 'USD', ? from connection where client_id = ?",
          ).bind(owner.id, cid, cid),
        );
    });
    await env.DB.batch(statements);
    const ids = (
      await env.DB.prepare("select id, client_id from connection where user_id = ? and client_id like 'scenario-%'")
        .bind(owner.id)
        .all<{ id: number; client_id: string }>()
    ).results;
    const idOf = (i: number) => ids.find((r) => r.client_id === `scenario-${owner.id}-${i}`)?.id ?? 0;

    for (const [i, s] of SCENARIOS.entries()) {
      const input = await followUpInputFor(db(), owner, idOf(i), "UTC");
      if (!input) throw new Error(`no input for ${s.name}`);
      expect(input.relationship, s.name).toBe(s.expect);
      const draft = await writeDraft(db(), undefined, owner, idOf(i), "UTC");
      if (!draft) throw new Error(`no draft for ${s.name}`);
      check("follow-up draft", draft, input, s);
      expect(draftLeaks(draft, input), s.name).toEqual([]);
    }
    // The event report's suggested messages are the saved drafts of its top people: read back, checked again.
    const reported = await savedDrafts(db(), undefined, owner, SCENARIOS.map((_, i) => idOf(i)).slice(0, 20), "UTC");
    for (const [i, s] of SCENARIOS.slice(0, 20).entries()) {
      const message = reported.get(idOf(i));
      const input = await followUpInputFor(db(), owner, idOf(i), "UTC");
      if (!message || !input) throw new Error(`no suggested message for ${s.name}`);
      check("report message", message, input, s);
    }
    expect(failures).toEqual([]);
    for (const r of RULES) expect(tally[r].pass, r).toBe(tally[r].total);
  });
});
