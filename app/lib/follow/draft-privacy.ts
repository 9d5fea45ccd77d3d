import { DAY_MS } from "../time/days";
/**
 * What a drafted message may say. The owner's notes, event goals and tags are private; a draft uses only
 * what both sides know (the event, what the person wrote when sharing back, the owner's card) and what
 * the owner marked as discussed. Pure code, shared by both assistant engines and the tests.
 */

/** Tags the app writes itself to say how someone came in; they say nothing about the person. */
export const SYSTEM_TAGS = [
  "Scanned",
  "Card photo",
  "Quick add",
  "Shared",
  "New Contact",
  "Saved Contact",
  "Imported",
  "Donor",
] as const;
const SYSTEM_TAG_SET = new Set(SYSTEM_TAGS.map((t) => t.toLowerCase()));
export const isSystemTag = (tag: string) => SYSTEM_TAG_SET.has(tag.trim().toLowerCase());

/** Where the relationship stands, from the timeline: each gets its own greeting, reference and ask. */
export const RELATIONSHIPS = ["first", "again", "ongoing", "donor", "lapsed"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** Contact more than this long ago makes a relationship lapsed. */
export const LAPSED_DAYS = 180;
/** Contacts within this many days of each other are one encounter (a capture and a call the same week). */
const SAME_ENCOUNTER_DAYS = 3;
/** Arrivals: how people meet (again) rather than keep in touch. */
const MEETING_KINDS = new Set(["share-back", "capture", "saved-card", "connected", "meeting"]);

/**
 * The relationship from real contacts (newest first) and whether they gave or pledged: a donor is thanked
 * whatever else; no contact for half a year is lapsed; one encounter is a first contact; meeting again
 * after earlier contact is "again"; anything else is ongoing.
 */
export function relationshipOf(
  contacts: { kind: string; at: Date }[],
  { donor, now }: { donor: boolean; now: Date },
): Relationship {
  if (donor) return "donor";
  const [last] = contacts;
  if (!last) return "first";
  if (now.getTime() - last.at.getTime() > LAPSED_DAYS * DAY_MS) return "lapsed";
  const earlier = contacts.some((c) => last.at.getTime() - c.at.getTime() > SAME_ENCOUNTER_DAYS * DAY_MS);
  if (!earlier) return "first";
  return MEETING_KINDS.has(last.kind) ? "again" : "ongoing";
}

/** System tags a text uses as a name (case as the app writes them, whole words): "about Imported, New Contact". */
export function systemTagsIn(text: string): string[] {
  return SYSTEM_TAGS.filter((t) => new RegExp(`(?<![\\p{L}\\p{N}])${t}(?![\\p{L}\\p{N}])`, "u").test(text));
}

const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Words that carry nothing private on their own ("at the", "to you"). */
const FILLER = new Set(
  "a an the and or of to in on at for with by from is are was be i we you me my our your it this that as so".split(" "),
);

export const SPAN_WORDS = 4;

/** The owner's own tags of two words or more a text repeats ("Major gift prospect"), unless both sides know the words. */
export function privateTagsIn(text: string, tags: string[], sharedTexts: string[]): string[] {
  const haystack = ` ${tokens(text).join(" ")} `;
  const shared = ` ${sharedTexts.map((t) => tokens(t).join(" ")).join(" | ")} `;
  return tags.filter((t) => {
    const words = tokens(t);
    if (words.length < 2 || isSystemTag(t)) return false;
    const span = ` ${words.join(" ")} `;
    return haystack.includes(span) && !shared.includes(span);
  });
}

/**
 * Private spans a text repeats: every run of SPAN_WORDS words from a private text that appears in `text`,
 * unless each of its words is also in what both sides know (or mere filler), so "at Food Summit 2026"
 * from a note is no leak when the event is Food Summit 2026.
 */
export function privateSpans(text: string, privateTexts: string[], sharedTexts: string[], n = SPAN_WORDS): string[] {
  const shared = new Set(sharedTexts.flatMap(tokens));
  const haystack = ` ${tokens(text).join(" ")} `;
  const found = new Set<string>();
  for (const source of privateTexts) {
    const words = tokens(source);
    for (let i = 0; i + n <= words.length; i++) {
      const run = words.slice(i, i + n);
      if (run.every((w) => shared.has(w) || FILLER.has(w))) continue;
      const span = run.join(" ");
      if (haystack.includes(` ${span} `)) found.add(span);
    }
  }
  return [...found];
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH_ALIASES: Record<string, number> = {
  ...Object.fromEntries(MONTHS.map((m, i) => [m, i])),
  ...Object.fromEntries(MONTHS.map((m, i) => [m.slice(0, 3), i])),
  sept: 8,
  // Spanish, French and German month names owners write in mixed-language notes.
  enero: 0,
  febrero: 1,
  marzo: 2,
  abril: 3,
  mayo: 4,
  junio: 5,
  julio: 6,
  agosto: 7,
  septiembre: 8,
  octubre: 9,
  noviembre: 10,
  diciembre: 11,
  janvier: 0,
  février: 1,
  mars: 2,
  avril: 3,
  mai: 4,
  juin: 5,
  juillet: 6,
  août: 7,
  septembre: 8,
  octobre: 9,
  novembre: 10,
  décembre: 11,
  januar: 0,
  februar: 1,
  märz: 2,
  juni: 5,
  juli: 6,
  oktober: 9,
  dezember: 11,
};
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const cap = (s: string) => (s[0] ?? "").toUpperCase() + s.slice(1);

/** A deadline in a note ("by Dec 10", "before 15 de enero", "by Friday", "next week"), in plain words and as a day. */
export function deadlineIn(text: string, now: Date): { words: string; day: string | null } | null {
  const t = text.toLowerCase();
  const monthNames = Object.keys(MONTH_ALIASES)
    .sort((a, b) => b.length - a.length)
    .join("|");
  const dated =
    t.match(new RegExp(`\\b(${monthNames})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`, "u")) ??
    t.match(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|\\.)?\\s+(?:de\\s+)?(${monthNames})\\b`, "u"));
  if (dated) {
    const first = dated[1] ?? "";
    const monthWord = /^\d/.test(first) ? (dated[2] ?? "") : first;
    const dayNumber = Number(/^\d/.test(first) ? first : dated[2]);
    const month = MONTH_ALIASES[monthWord];
    if (month !== undefined && dayNumber >= 1 && dayNumber <= 31) {
      let year = now.getUTCFullYear();
      // A date already well past this year means next year's ("Jan 15" written in December).
      if (Date.UTC(year, month, dayNumber) < now.getTime() - 30 * DAY_MS) year += 1;
      const day = `${year}-${String(month + 1).padStart(2, "0")}-${String(dayNumber).padStart(2, "0")}`;
      return { words: `by ${cap(MONTHS[month] ?? "")} ${dayNumber}`, day };
    }
  }
  const weekday = WEEKDAYS.findIndex((d) => new RegExp(`\\b${d}\\b`).test(t));
  if (weekday >= 0) {
    const ahead = (weekday - now.getUTCDay() + 7) % 7 || 7;
    return {
      words: `by ${cap(WEEKDAYS[weekday] ?? "")}`,
      day: new Date(now.getTime() + ahead * DAY_MS).toISOString().slice(0, 10),
    };
  }
  if (/\bnext week\b|\bla semana que viene\b|\bla semaine prochaine\b|\bnächste woche\b/.test(t))
    return { words: "next week", day: new Date(now.getTime() + 7 * DAY_MS).toISOString().slice(0, 10) };
  if (/\btomorrow\b|\bmañana\b|\bdemain\b|\bmorgen\b/.test(t))
    return { words: "tomorrow", day: new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10) };
  if (/\bend of (?:the )?month\b/.test(t)) return { words: "by the end of the month", day: null };
  return null;
}

/** What the owner promised, in their own voice and none of the note's words: verbs the owner writes, in four languages. */
const PROMISES: { verb: RegExp; say: (thing: string | null) => string }[] = [
  {
    verb: /^(?:send|mail|share|forward|enviar|mandar|envoyer|schicken|senden)\b/,
    say: (thing) => `get ${thing ?? "what I promised"} over to you`,
  },
  {
    verb: /^(?:intro(?:duce)?|connect|presentar|présenter|vorstellen)\b/,
    say: () => "make the introduction I mentioned",
  },
  { verb: /^(?:call|phone|ring|llamar|appeler|anrufen)\b/, say: () => "give you a ring" },
  { verb: /^(?:email|e-mail|write|escribir|écrire)\b/, say: () => "write to you" },
  {
    verb: /^(?:schedule|book|set up|arrange|meet|organi[sz]e|agendar|programar|planifier)\b/,
    say: () => "suggest a couple of times to meet",
  },
  { verb: /^(?:follow up|check in|reconnect)\b/, say: () => "be in touch" },
];

/** Things owners promise to send, named the way a letter would ("LOI" is a letter of inquiry). */
const THINGS: [RegExp, string][] = [
  [/\bloi\b|letter of inquiry|letter of intent/, "the letter of inquiry"],
  [/\bproposal\b|\bpropuesta\b|\bproposition\b|\bangebot\b/, "the proposal"],
  [/\bdeck\b|\bslides\b|\bpresentation\b/, "the slides"],
  [/\bbudget\b|\bpresupuesto\b/, "the budget"],
  [/\bannual report\b|\bimpact report\b|\breport\b|\binforme\b|\brapport\b/, "the report"],
  [/\bone[- ]?pager\b|\bsummary\b|\bresumen\b/, "a short summary"],
  [/\bapplication\b|\bsolicitud\b/, "the application"],
  [/\binvit(?:e|ation)\b|\binvitación\b/, "the invitation"],
  [/\bcontract\b|\bagreement\b|\bmou\b/, "the agreement"],
  [/\bcase stud(?:y|ies)\b/, "the case study"],
  [/\bdetails\b|\binfo(?:rmation)?\b|\bdatos\b/, "the details"],
  [/\blink\b|\benlace\b|\blien\b/, "the link"],
  [/\bdossier\b|\bpacket\b|\bpack\b|\bmaterials?\b/, "the materials"],
];

export type NextStep = {
  /** The note's line, kept for the owner's to-do (never for a message). */
  todo: string;
  /** The owner's local day it is due, when the note says. */
  due: string | null;
  /** The step offered in a message, in the owner's voice: "I'll get the letter of inquiry over to you by December 10." */
  step: string;
};

/**
 * The owner's own commitments in their notes ("Send LOI by Dec 10", "TODO: intro to Sam next week"):
 * each becomes a to-do with its due day and a next step a message may offer, never the note's words.
 * Lines about what the other person will do, gossip and reminders to oneself are not the owner's promises.
 */
export function nextStepsIn(notes: string | null | undefined, now: Date): NextStep[] {
  const steps: NextStep[] = [];
  for (const raw of (notes ?? "").split(/\r?\n|(?<=[.!?])\s+|;\s+/)) {
    const todo = raw
      .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "")
      .trim()
      .replace(/[.]+$/, "");
    if (!todo || todo.length > 200) continue;
    const lead = todo
      .toLowerCase()
      .replace(/^(?:todo|to do|to-do|next step|next|me|action)\s*[:\-–]\s*/, "")
      .replace(/^(?:i'll|i will|i need to|i must|i promised to|need to|must|remember to|promised to)\s+/, "");
    const promise = PROMISES.find((p) => p.verb.test(lead));
    if (!promise) continue;
    const thing = THINGS.find(([re]) => re.test(lead))?.[1] ?? null;
    const deadline = deadlineIn(lead, now);
    steps.push({
      todo,
      due: deadline?.day ?? null,
      step: `I'll ${promise.say(thing)}${deadline ? ` ${deadline.words}` : ""}.`,
    });
  }
  return steps.slice(0, 3);
}

/** Money, percentages and words that mark a logged line as the owner's own, kept out of any message. */
const SENSITIVE =
  /[$€£¥]|\d\s?k\b|\d+\s?%|\b(?:ask|pledge|confidential|private|between us|off the record|gossip|rumou?r|don't|do not|divorce|fired|salary|budget cut|secret|ojo|privado|entre nous|vertraulich)\b/i;

/**
 * What a logged call, meeting, email or message was about, if it can be said back to the person: its
 * first sentence when short and free of amounts and private markers; otherwise nothing.
 */
export function shareableTopic(text: string | null | undefined): string | null {
  const first = (text ?? "")
    .trim()
    .split(/(?<=[.!?])\s+|\r?\n/)[0]
    ?.replace(/[.!?]+$/, "")
    .trim();
  if (!first || SENSITIVE.test(first)) return null;
  if (first.split(/\s+/).length > 14) return null;
  return first;
}

/** A tag both sides know: not one the app wrote, and named in something the person or the owner's card says. */
export function sharedInterests(tags: string[], sharedTexts: string[]): string[] {
  const words = new Set(sharedTexts.flatMap(tokens));
  return tags
    .filter((t) => !isSystemTag(t) && tokens(t).length > 0 && tokens(t).every((w) => words.has(w)))
    .slice(0, 3);
}
