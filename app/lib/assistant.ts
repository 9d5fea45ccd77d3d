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

/** Deterministic: the same input always gives the same plan. */
export const builtInEngine: AssistantEngine = {
  name: "built-in",
  async plan(input) {
    const goals = input.goals
      .map((g) => g.trim())
      .filter(Boolean)
      .slice(0, 8);
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
    const first = input.person.name.split(" ")[0] ?? input.person.name;
    const met = input.eventTitle ? ` at ${input.eventTitle}` : "";
    const about = input.person.notes?.trim()
      ? `\n\nI've been thinking about what you said: ${input.person.notes.trim().split("\n")[0]?.slice(0, 200)}`
      : "";
    const company = input.person.company ? ` and the work at ${input.person.company}` : "";
    return followUpSchema.parse({
      subject: input.eventTitle ? `Great meeting you at ${input.eventTitle}` : "Great to meet you",
      body: `Hi ${first},\n\nIt was good to meet you${met}. I enjoyed hearing about your role${company}.${about}\n\nWould you have 20 minutes next week to continue the conversation?\n\nBest,\n${input.ownerName}${input.ownerCard ? `\n${input.ownerCard}` : ""}`,
    });
  },
};
