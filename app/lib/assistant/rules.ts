import { z } from "zod";
import { privateSpans, privateTagsIn, type Relationship, SYSTEM_TAGS, systemTagsIn } from "../follow/draft-privacy";

/**
 * The networking assistant's contract. Two engines implement it: the built-in one below (the
 * default; deterministic, offline) and Workers AI (app/server/assistant/assistant.server.ts), whose output
 * must pass the same schemas or the built-in engine answers instead.
 */

export const planSchema = z.object({
  goals: z.array(z.string().trim().min(1).max(200)).min(1).max(8),
  targets: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(120),
        reason: z.string().trim().min(1).max(300),
        source: z.enum(["network", "attendees"]),
      }),
    )
    .max(15),
  talkingPoints: z.array(z.string().trim().min(1).max(300)).min(1).max(10),
  checklist: z.array(z.string().trim().min(1).max(200)).min(1).max(12),
});
export type Plan = z.infer<typeof planSchema>;

export const followUpSchema = z.object({
  subject: z.string().trim().min(1).max(150),
  body: z.string().trim().min(1).max(2000),
});
export type FollowUp = z.infer<typeof followUpSchema>;

const SUBJECT_MESSAGE = "Enter a subject (up to 150 characters)";
const BODY_MESSAGE = "Enter the message (up to 2000 characters)";

/** The saved draft's form: saving checks the subject and message; marking sent or writing anew needs neither. */
export const draftFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("draft-save"),
    subject: z.string({ error: SUBJECT_MESSAGE }).trim().min(1, SUBJECT_MESSAGE).max(150, SUBJECT_MESSAGE),
    body: z.string({ error: BODY_MESSAGE }).trim().min(1, BODY_MESSAGE).max(2000, BODY_MESSAGE),
  }),
  z.object({ intent: z.enum(["draft-sent", "draft-write"]) }),
]);

const DISCUSSED_MESSAGE = "At most 1000 characters";

/** "What we discussed": the one note about a person a drafted message may quote. */
export const discussedFormSchema = z.object({
  discussed: z.string().trim().max(1000, DISCUSSED_MESSAGE).default(""),
});

export type Person = {
  name: string;
  title?: string | null;
  company?: string | null;
  tags?: string[];
  priority?: string;
};

export type PlanInput = {
  event: {
    title: string;
    description?: string | null;
    date?: string | null;
    location?: string | null;
    type?: string | null;
  };
  goals: string[];
  network: Person[];
  attendees: Person[];
  ownerName: string;
};

export type FollowUpInput = {
  ownerName: string;
  /** The owner's card line (title, organisation): something the person has seen. */
  ownerCard?: string | null;
  person: Person;
  /** Where the relationship stands; the greeting, the reference and the ask follow it. */
  relationship?: Relationship;
  eventTitle?: string | null;
  /** The last real contact: its kind, the owner's local date, and what was logged if it can be said back. */
  lastInteraction?: { kind: string; on: string; text?: string | null } | null;
  /** What both sides know: what the person wrote when sharing back, what the owner marked as discussed. */
  shared?: { visitorNote?: string | null; discussed?: string | null };
  /** Interests both sides know of (never a tag the app wrote). */
  interests?: string[];
  /** The owner's next steps, already in their voice ("I'll get the proposal over to you by Friday."). */
  nextSteps?: string[];
  /**
   * Extra sentences a caller adds, each its own paragraph (a linked campaign, say): the draft builder
   * stays composable, and the model gets them as input.
   */
  mentions?: string[];
  /** The owner's private context (notes, event goals, tags): never quoted; drafts are checked against it. */
  private?: { notes?: string | null; goals?: string[]; eventDescription?: string | null; tags?: string[] };
};

/** Everything a draft may repeat word for word. */
export function shareableTexts(input: FollowUpInput): string[] {
  return [
    input.ownerName,
    input.ownerCard ?? "",
    input.person.name,
    input.person.title ?? "",
    input.person.company ?? "",
    input.eventTitle ?? "",
    input.lastInteraction?.text ?? "",
    input.shared?.visitorNote ?? "",
    input.shared?.discussed ?? "",
    ...(input.interests ?? []),
    ...(input.nextSteps ?? []),
    ...(input.mentions ?? []),
  ].filter(Boolean);
}

/** Everything a draft must never repeat: the owner's notes, goals, event description and tags. */
export function privateTexts(input: FollowUpInput): string[] {
  const p = input.private ?? {};
  return [p.notes ?? "", p.eventDescription ?? "", ...(p.goals ?? []), ...(p.tags ?? [])].filter(Boolean);
}

/** The private spans, private tags and system tags a draft repeats (none is the only acceptable answer). */
export function draftLeaks(draft: FollowUp, input: FollowUpInput): string[] {
  const text = `${draft.subject}\n${draft.body}`;
  const shared = shareableTexts(input);
  return [
    ...privateSpans(text, privateTexts(input), shared),
    ...privateTagsIn(text, input.private?.tags ?? [], shared),
    // A system tag's word is fine only where the person or the owner wrote it themselves.
    ...systemTagsIn(text).filter((t) => !systemTagsIn(shared.join("\n")).includes(t)),
  ];
}

export type EngineName = "built-in" | "workers-ai";

export interface AssistantEngine {
  name: EngineName;
  plan(input: PlanInput): Promise<Plan>;
  followUp(input: FollowUpInput): Promise<FollowUp>;
}

// A six-letter stem is enough to match "sponsors" with "sponsorships" without a dictionary.
const words = (s: string | null | undefined) =>
  (s ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 3)
    .map((w) => w.slice(0, 6));

const STOP = new Set([
  "with",
  "from",
  "that",
  "this",
  "more",
  "meet",
  "find",
  "about",
  "their",
  "have",
  "will",
  "into",
]);

function relevance(person: Person, keywords: Set<string>): { score: number; matched: string[] } {
  const text = new Set([...words(person.title), ...words(person.company), ...(person.tags ?? []).flatMap(words)]);
  // Reasons name the person's own word ("sponsorships"), not the stem it matched on ("sponso").
  const whole = [person.title, person.company, ...(person.tags ?? [])]
    .join(" ")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  const matched = [...keywords].filter((k) => text.has(k)).map((k) => whole.find((w) => w.startsWith(k)) ?? k);
  const priority = person.priority === "high" ? 2 : person.priority === "medium" ? 1 : 0;
  return { score: matched.length * 3 + priority, matched };
}

const DEFAULT_GOALS = [
  "Meet five people worth a follow-up",
  "Share your card with everyone you talk to",
  "Book two follow-up conversations within 48 hours",
];

/**
 * One line of goals as a list: "meet 3 program officers; find a venue sponsor, recruit 5 volunteers" or
 * "1) meet... 2) find..." are three goals, not one.
 */
export function splitGoals(text: string): string[] {
  // Commas separate goals only in a list of three without semicolons ("a, b, c" or "a, b and c").
  const tail = text.slice(text.lastIndexOf(",") + 1);
  const listed = text.includes(",") && / and /.test(tail) ? text.replace(/ and (?!.*,)(?!.* and )/, ", ") : text;
  const commas = !listed.includes(";") && (listed.match(/,/g) ?? []).length >= 2;
  return listed
    .split(commas ? /\s*(?:;|,\s*|\s(?=\d+[.)]\s)|•|\s[-–]\s)\s*/u : /\s*(?:;|\s(?=\d+[.)]\s)|•|\s[-–]\s)\s*/u)
    .map((g) => g.replace(/^(?:[-*•]|\d+[.)])\s*/, "").trim())
    .filter((g) => g.length > 2);
}

/**
 * Goals written in an event's description: lines under a "Goals" heading or after "Goal:", bullet
 * lines, and sentences that say what the owner wants ("I want to meet...", "Our goal is to...").
 */
export function goalsFromDescription(description: string | null | undefined): string[] {
  const found: string[] = [];
  let inGoals = false;
  for (const raw of (description ?? "").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      inGoals = false;
      continue;
    }
    const heading = line.match(/^(?:#+\s*)?(?:my |our )?goals?\s*[:\-–]\s*(.*)$/i);
    if (heading) {
      inGoals = true;
      found.push(...splitGoals(heading[1] ?? ""));
      continue;
    }
    if (inGoals) {
      found.push(...splitGoals(line));
      continue;
    }
    inGoals = false;
    for (const sentence of line.split(/(?<=[.!?])\s+/)) {
      const want = sentence.match(
        /\b(?:i|we) (?:want|hope|plan|aim|need) to ([^.!?]+)|\b(?:my|our) (?:goal|aim) is to ([^.!?]+)/i,
      );
      const what = want?.[1] ?? want?.[2];
      if (what) found.push(what.trim());
    }
  }
  const clean = found
    .map((g) => g.replace(/[.;]+$/, "").trim())
    .filter((g) => g.length > 2)
    .map((g) => (g[0] ?? "").toUpperCase() + g.slice(1, 200));
  return [...new Set(clean)].slice(0, 8);
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? (s[0] ?? "").toLowerCase() + s.slice(1) : s);

/** Deterministic: the same input always gives the same plan. */
export const builtInEngine: AssistantEngine = {
  name: "built-in",
  async plan(input) {
    // The owner's stated goals first, then those written in the event's description.
    const goals = [
      ...new Set([...input.goals.flatMap(splitGoals), ...goalsFromDescription(input.event.description)]),
    ].slice(0, 8);
    const useGoals = goals.length ? goals : DEFAULT_GOALS;
    // Only the goals' words choose and explain a target: the event's title is no reason to meet anyone (a person
    // tagged with it matched "explore, mixer" and the plan said so).
    const goalWords = useGoals.map((g) => words(g).filter((w) => !STOP.has(w)));
    const keywords = new Set(goalWords.flat());
    const goalOf = (matched: string[]) => {
      const i = goalWords.findIndex((ws) => ws.some((w) => matched.some((m) => m.startsWith(w))));
      return useGoals[i]?.replace(/\.$/, "");
    };
    const rank = (people: Person[], source: "network" | "attendees") =>
      people
        .map((p) => ({ p, ...relevance(p, keywords) }))
        // A target matches a goal; priority only orders those that do, so the plan is never the whole network.
        .filter((r) => r.matched.length > 0)
        .sort((a, b) => b.score - a.score || a.p.name.localeCompare(b.p.name))
        .map((r) => ({
          name: r.p.name,
          source,
          reason: `${[r.p.title, r.p.company].filter(Boolean).join(" at ") || "Profile"} (${r.matched.slice(0, 3).join(", ")}) fits your goal: ${goalOf(r.matched) ?? useGoals[0]}`,
        }));
    const targets = [...rank(input.attendees, "attendees").slice(0, 8), ...rank(input.network, "network").slice(0, 7)];
    const where = input.event.location ? ` in ${input.event.location}` : "";
    const talkingPoints = [
      `Open with why you came to ${input.event.title}${where} and ask what brought them.`,
      ...useGoals.slice(0, 3).map((g) => `Steer towards your goal: ${g.replace(/\.$/, "")}.`),
      "Ask what a good outcome of this event would be for them, and offer one concrete way to help.",
      "Close by offering your card and agreeing on the next step and when.",
    ].slice(0, 10);
    const checklist = [
      "Publish your card and check the QR code scans",
      "Set this event as active so every contact is tagged with it",
      targets.length
        ? `Look up your ${Math.min(targets.length, 5)} top targets before you go`
        : "List five people you hope to meet",
      "Charge your phone and bring a battery",
      "Add notes right after each conversation",
      "Send follow-ups within 48 hours",
    ];
    return planSchema.parse({ goals: useGoals, targets, talkingPoints, checklist });
  },
  async followUp(input) {
    return followUpSchema.parse(composeFollowUp(input));
  },
};

const KIND_PHRASE: Record<string, string> = {
  call: "call",
  email: "emails",
  meeting: "meeting",
  message: "messages",
  "follow-up-sent": "last exchange",
  gift: "last exchange",
  "share-back": "conversation",
  capture: "conversation",
  "saved-card": "conversation",
  connected: "connection",
};

/** The greeting line, what the opening says, the ask and the subject, per relationship. */
function framing(input: FollowUpInput) {
  const first = input.person.name.trim().split(/\s+/)[0] || input.person.name;
  const at = input.eventTitle ? ` at ${input.eventTitle}` : "";
  const last = input.lastInteraction;
  const kind = last ? (KIND_PHRASE[last.kind] ?? "conversation") : "conversation";
  const topic = last?.text?.trim()
    ? ` (${lowerFirst(
        last.text
          .trim()
          .replace(/[.!?]+$/, "")
          .slice(0, 120),
      )})`
    : "";
  const lastRef = last ? `our ${kind} on ${last.on}${topic}` : null;
  switch (input.relationship ?? "first") {
    case "donor":
      return {
        greeting: `Dear ${first},`,
        opening: `Thank you again for your generous support${lastRef ? `, and for ${lastRef}` : ""}. It makes a real difference.`,
        ask: "I'd love to share what your support is making possible. Would a short call in the next few weeks suit you?",
        subject: "Thank you for your support",
      };
    case "lapsed":
      return {
        greeting: `Hi ${first},`,
        opening: `It has been a while${last ? ` since ${lastRef}` : ""}, and I hope all is well with you.`,
        ask: "Would you be open to a quick catch-up in the coming weeks?",
        subject: "It's been a while",
      };
    case "ongoing":
      return {
        greeting: `Hi ${first},`,
        opening: lastRef ? `Thank you for ${lastRef}.` : "Thank you for staying in touch.",
        ask: "Let me know what works best for you as the next step.",
        subject: last ? `Following up on our ${kind}` : "Following up",
      };
    case "again":
      return {
        greeting: `Hi ${first},`,
        opening: `It was great to see you again${at}.`,
        ask: "Shall we find a time to catch up properly?",
        subject: input.eventTitle ? `Good to see you again at ${input.eventTitle}` : "Good to see you again",
      };
    default: {
      const company = input.person.company ? ` and the work at ${input.person.company}` : "";
      return {
        greeting: `Hi ${first},`,
        opening: `It was good to meet you${at}. I enjoyed hearing about your role${company}.`,
        ask: "Would you have 20 minutes next week to continue the conversation?",
        subject: input.eventTitle ? `Great meeting you at ${input.eventTitle}` : "Great to meet you",
      };
    }
  }
}

/**
 * The built-in follow-up, one paragraph per thing both sides know: the greeting and opening for where
 * the relationship stands, what the person wrote, what the owner marked as discussed, the owner's next
 * steps (in their voice), shared interests, whatever a caller adds (`mentions`), the ask. The owner's
 * private context is never read here. Deterministic.
 */
export function composeFollowUp(input: FollowUpInput): FollowUp {
  const frame = framing(input);
  const paragraphs: string[] = [frame.greeting, frame.opening];
  const note = input.shared?.visitorNote?.trim();
  if (note) paragraphs.push(`Thank you for your note: “${note.slice(0, 300)}”`);
  const discussed = input.shared?.discussed?.trim();
  if (discussed) paragraphs.push(`As we discussed: ${discussed.slice(0, 400)}`);
  const steps = (input.nextSteps ?? []).filter(Boolean).slice(0, 3);
  if (steps.length) paragraphs.push(steps.join(" "));
  const interests = (input.interests ?? []).filter(
    (t) => t && !SYSTEM_TAGS.some((s) => s.toLowerCase() === t.toLowerCase()),
  );
  if (interests.length) paragraphs.push(`I'd love to compare notes on ${interests.slice(0, 3).join(", ")}.`);
  for (const m of input.mentions ?? []) if (m.trim()) paragraphs.push(m.trim().slice(0, 400));
  paragraphs.push(frame.ask, `Best,\n${input.ownerName}${input.ownerCard ? `\n${input.ownerCard}` : ""}`);
  return { subject: frame.subject.slice(0, 150), body: paragraphs.join("\n\n").slice(0, 2000) };
}
