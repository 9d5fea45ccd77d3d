/** Matchmaking by intent: what attendees look for and offer, the organiser's short list, and the reasons. Pure. */

export const INTENT_SIDES = ["need", "offer"] as const;
export type IntentSide = (typeof INTENT_SIDES)[number];

export const INTENT_OPTIONS_MAX = 30;
export const INTENTS_PER_SIDE = 10;
export const INTENT_MAX = 40;

/** The organiser's words (the organiser's pages are English); an attendee's refusal is worded by the catalog. */
const INTENT_MESSAGES = {
  options: `Give at most ${INTENT_OPTIONS_MAX} items, one per line`,
  option: `Keep each item to ${INTENT_MAX} characters`,
} as const;

/** The comparable form of a word: case, width and spacing do not make two words differ. */
export const intentTag = (label: string) => label.normalize("NFKC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");

/** A list as written, each item once (by its comparable form), blanks dropped. */
function distinct(labels: string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of labels) {
    const label = raw.normalize("NFKC").trim().replace(/\s+/g, " ");
    if (label && !seen.has(intentTag(label))) seen.set(intentTag(label), label);
  }
  return [...seen.values()];
}

/** The organiser's list: one item per line. */
export function parseIntentOptions(text: string): { ok: true; options: string[] } | { ok: false; error: string } {
  const options = distinct(text.split(/\r?\n/));
  if (options.length > INTENT_OPTIONS_MAX) return { ok: false, error: INTENT_MESSAGES.options };
  if (options.some((o) => o.length > INTENT_MAX)) return { ok: false, error: INTENT_MESSAGES.option };
  return { ok: true, options };
}

/**
 * One side of an attendee's choice: the ticked items of the organiser's list and their own words (comma
 * separated). A ticked value that is not on the list counts as their own word, limits alike.
 */
function parseIntentSide(ticked: string[], own: string): { ok: true; labels: string[] } | { ok: false } {
  const labels = distinct([...ticked, ...own.split(/[,\n]/)]);
  if (labels.length > INTENTS_PER_SIDE || labels.some((l) => l.length > INTENT_MAX) || own.length > 1000)
    return { ok: false };
  return { ok: true, labels };
}

/** One hit of a suggestion: the other person's word and the side it is on for them (an offer weighs 2, a need 1). */
export type IntentHit = { side: IntentSide; label: string };

/** The intents form as posted: each side's ticked items and own words, kept as typed for a refused form. */
export type IntentsSent = { values: Record<IntentSide, { ticked: string[]; own: string }>; errors: IntentSide[] };

/**
 * Reads the intents form (the directory's and the pass's alike): both sides' labels, or what was typed and which
 * side broke its limits, so the form comes back as sent.
 */
export function readIntentsForm(
  form: FormData | null,
): { ok: true; intents: Record<IntentSide, string[]> } | { ok: false; sent: IntentsSent } {
  const sides = INTENT_SIDES.map((name) => {
    const ticked = (form?.getAll(name) ?? []).filter((v): v is string => typeof v === "string").slice(0, 100);
    const raw = form?.get(`${name}Own`);
    const own = typeof raw === "string" ? raw : "";
    return { name, values: { ticked, own: own.slice(0, 1000) }, parsed: parseIntentSide(ticked, own) };
  });
  const [need, offer] = sides as [(typeof sides)[number], (typeof sides)[number]];
  if (need.parsed.ok && offer.parsed.ok)
    return { ok: true, intents: { need: need.parsed.labels, offer: offer.parsed.labels } };
  return {
    ok: false,
    sent: {
      values: { need: need.values, offer: offer.values },
      errors: sides.filter((s) => !s.parsed.ok).map((s) => s.name),
    },
  };
}

/** A suggestion's reasons in words: their offers that meet my needs, then their needs my offers meet. */
export function intentReasons(
  t: (key: "att.intents.theyOffer" | "att.intents.theyNeed", values: Record<string, string | number>) => string,
  locale: string,
  m: { offers: string[]; needs: string[] },
): string[] {
  // Their words are joined the reader's way ("A, B" / "A、B" / "A، B").
  const sep = locale === "ja" || locale === "zh-Hans" ? "、" : locale === "ar" ? "، " : ", ";
  return [
    ...(m.offers.length ? [t("att.intents.theyOffer", { count: m.offers.length, words: m.offers.join(sep) })] : []),
    ...(m.needs.length ? [t("att.intents.theyNeed", { count: m.needs.length, words: m.needs.join(sep) })] : []),
  ];
}
