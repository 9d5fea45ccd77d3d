// D1 refuses LIKE patterns over 50 bytes, so the escaped term is cut to fit with its two wildcards.
const MAX_PATTERN_BYTES = 48;

/** A search term escaped for `like ... escape '\'` (its % _ \ found as themselves), cut to what D1 accepts. */
export function likeTerm(term: string): string {
  let out = "";
  for (const ch of term) {
    const next = out + (/[\\%_]/.test(ch) ? `\\${ch}` : ch);
    if (new TextEncoder().encode(next).byteLength > MAX_PATTERN_BYTES) break;
    out = next;
  }
  return out;
}
