import { z } from "zod";

/**
 * The networking assistant's contract. Two engines implement it: the built-in one below (the
 * default; deterministic, offline) and Workers AI (app/server/assistant.server.ts), whose output
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
  ownerCard?: string | null;
  person: Person & { notes?: string | null };
  eventTitle?: string | null;
  /** What the event was about (its description), when they met at one of the owner's events. */
  eventDescription?: string | null;
  /** The timeline's latest entry the owner logged, if any. */
  lastInteraction?: { kind: string; on: string; text?: string | null } | null;
  /** Tags the person shares with the owner's other people at the event (or their own tags). */
  sharedTags?: string[];
  /**
   * Extra sentences a caller adds, each its own paragraph (a linked campaign, say): the draft builder
   * stays composable, and the model gets them as input.
   */
  mentions?: string[];
};

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
      for (const part of (heading[1] ?? "").split(/;|,(?=\s*[A-Z])/)) if (part.trim()) found.push(part.trim());
      continue;
    }
    const bullet = line.match(/^(?:[-*•]|\d+[.)])\s+(.*)$/);
    if (inGoals && bullet?.[1]) {
      found.push(bullet[1]);
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

/**
 * Promises and deadlines in a person's notes ("Send LOI by Dec 10"): the lines a follow-up should
 * keep, in the notes' own words.
 */
export function commitmentsIn(notes: string | null | undefined): string[] {
  return (notes ?? "")
    .split(/\r?\n|(?<=[.!?])\s+/)
    .map((l) => l.replace(/^[-*•]\s*/, "").trim())
    .filter((l) =>
      /\b(by|before|until|due|next week|tomorrow|monday|tuesday|wednesday|thursday|friday)\b|\b(send|share|intro(duce)?|follow up|call|email|schedule|book)\b/i.test(
        l,
      ),
    )
    .map((l) => l.replace(/[.]+$/, "").slice(0, 200))
    .slice(0, 3);
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? (s[0] ?? "").toLowerCase() + s.slice(1) : s);

/** Deterministic: the same input always gives the same plan. */
export const builtInEngine: AssistantEngine = {
  name: "built-in",
  async plan(input) {
    // The owner's stated goals first, then those written in the event's description.
    const goals = [
      ...new Set([
        ...input.goals.map((g) => g.trim()).filter(Boolean),
        ...goalsFromDescription(input.event.description),
      ]),
    ].slice(0, 8);
    const useGoals = goals.length ? goals : DEFAULT_GOALS;
    const keywords = new Set(
      [...useGoals.flatMap(words), ...words(input.event.title), ...words(input.event.description)].filter(
        (w) => !STOP.has(w),
      ),
    );
    const rank = (people: Person[], source: "network" | "attendees") =>
      people
        .map((p) => ({ p, ...relevance(p, keywords) }))
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score || a.p.name.localeCompare(b.p.name))
        .map((r) => ({
          name: r.p.name,
          source,
          reason: r.matched.length
            ? `${[r.p.title, r.p.company].filter(Boolean).join(" at ") || "Profile"} matches ${r.matched.slice(0, 3).join(", ")}`
            : `${r.p.priority === "high" ? "High" : "Medium"} priority in your network`,
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

/**
 * The built-in follow-up, one paragraph per thing we know: where they met, what the event was about,
 * what was promised in the notes, the last conversation, shared interests, and whatever a caller adds
 * (`mentions`). Deterministic.
 */
export function composeFollowUp(input: FollowUpInput): FollowUp {
  const first = input.person.name.split(" ")[0] ?? input.person.name;
  const met = input.eventTitle ? ` at ${input.eventTitle}` : "";
  const company = input.person.company ? ` and the work at ${input.person.company}` : "";
  const paragraphs: string[] = [
    `Hi ${first},`,
    `It was good to meet you${met}. I enjoyed hearing about your role${company}.`,
  ];
  const topic = input.eventDescription
    ?.trim()
    .split(/(?<=[.!?])\s+|\r?\n/)[0]
    ?.replace(/[.!?]+$/, "");
  if (topic && input.eventTitle)
    paragraphs.push(`I keep thinking about the event's theme: ${lowerFirst(topic.slice(0, 160))}.`);
  const promises = commitmentsIn(input.person.notes);
  if (promises.length)
    paragraphs.push(
      promises.length === 1
        ? `As we agreed: ${promises[0]}.`
        : `As we agreed:\n${promises.map((p) => `- ${p}`).join("\n")}`,
    );
  else if (input.person.notes?.trim())
    paragraphs.push(
      `I've been thinking about what you said: ${input.person.notes.trim().split("\n")[0]?.slice(0, 200)}`,
    );
  const last = input.lastInteraction;
  if (last)
    paragraphs.push(
      `Following on from our ${last.kind === "note" ? "last conversation" : last.kind} on ${last.on}${last.text?.trim() ? ` (${last.text.trim().slice(0, 120).replace(/[.]+$/, "")})` : ""}.`,
    );
  const tags = (input.sharedTags ?? []).filter(Boolean).slice(0, 3);
  if (tags.length) paragraphs.push(`Since we both care about ${tags.join(", ")}, I'd love to compare notes.`);
  for (const m of input.mentions ?? []) if (m.trim()) paragraphs.push(m.trim().slice(0, 400));
  paragraphs.push(
    "Would you have 20 minutes next week to continue the conversation?",
    `Best,\n${input.ownerName}${input.ownerCard ? `\n${input.ownerCard}` : ""}`,
  );
  const subject = promises[0]
    ? `${input.eventTitle ? `${input.eventTitle}: ` : ""}${promises[0]}`.slice(0, 150)
    : input.eventTitle
      ? `Great meeting you at ${input.eventTitle}`
      : "Great to meet you";
  return { subject, body: paragraphs.join("\n\n").slice(0, 2000) };
}
