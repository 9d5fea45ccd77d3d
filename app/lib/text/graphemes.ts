/**
 * Text cut by what a reader sees as one character (a grapheme), never inside an emoji or a combined
 * letter: cutting by UTF-16 unit left lone surrogates that print as U+FFFD and made the server's HTML
 * differ from the browser's render (React hydration error #418).
 */

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** At most `max` UTF-16 units (what column limits count), ending on a grapheme boundary. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const g of graphemes(text)) {
    if (out.length + g.length > max) break;
    out += g;
  }
  return out;
}

/** A short excerpt: the first `max` graphemes, with an ellipsis when something was left out. */
export function excerpt(text: string, max: number): string {
  const parts = graphemes(text);
  return parts.length > max ? `${parts.slice(0, max - 1).join("")}…` : text;
}

/** "Ana María López" → "AL"; "Sam 🎨" → "S"; words without a letter or digit (emoji, dashes) are skipped. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = (word: string | undefined) =>
    word ? (graphemes(word).find((g) => /[\p{L}\p{N}]/u.test(g)) ?? "") : "";
  const letters = first(words[0]) + (words.length > 1 ? first(words.at(-1)) : "");
  return letters.toLocaleUpperCase("en") || "?";
}
