/** The text rules vCard (RFC 2426) and iCalendar (RFC 5545) share for their content lines. */

/** Any character escapeText rewrites; most values have none and are returned as they are. */
const NEEDS_ESCAPE = /[\\;,\r\n]/;

export function escapeText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** UTF-8 octets of one code point, counted rather than encoded: exports fold millions of characters. */
const octets = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** Only one-octet characters. */
const ASCII = /^[^\u0080-\uffff]*$/;

/** Folds at 75 octets without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  // No character is more than 3 octets per UTF-16 unit, so 25 units always fit.
  if (line.length <= 25) return line;
  // ASCII is one octet a unit, so it folds by length alone (the common case, checked natively).
  if (ASCII.test(line)) {
    if (line.length <= 75) return line;
    const out = [line.slice(0, 75)];
    for (let i = 75; i < line.length; i += 74) out.push(line.slice(i, i + 74));
    return out.join("\r\n ");
  }
  const out: string[] = [];
  let start = 0;
  let size = 0;
  let limit = 75;
  for (let i = 0; i < line.length; ) {
    const cp = line.codePointAt(i) ?? 0;
    const bytes = octets(cp);
    if (size + bytes > limit) {
      out.push(line.slice(start, i));
      start = i;
      size = 0;
      limit = 74;
    }
    size += bytes;
    i += cp > 0xffff ? 2 : 1;
  }
  if (out.length === 0) return line;
  out.push(line.slice(start));
  return out.join("\r\n ");
}
