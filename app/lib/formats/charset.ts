/** Character encodings of files people export, detected from their bytes (no I/O). */

function decoder(label: string, fatal = false): TextDecoder | null {
  try {
    return new TextDecoder(label, { fatal });
  } catch {
    return null;
  }
}

function tryDecode(bytes: Uint8Array, label: string): string | null {
  try {
    return decoder(label, true)?.decode(bytes) ?? null;
  } catch {
    return null;
  }
}

/** UTF-16 without a byte order mark shows itself by a zero byte beside most ASCII characters. */
function utf16WithoutBom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(bytes.length, 400) & ~1;
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  if (odd > n / 4 && even === 0) return "utf-16le";
  if (even > n / 4 && odd === 0) return "utf-16be";
  return null;
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/g;
const HALFWIDTH_KANA = /[\uff61-\uff9f]/g;
const PRIVATE_USE = /[\ue000-\uf8ff]/;

/**
 * Windows-1252 accents (Íñigo) decode as Shift_JIS too: as user-defined characters (ñ), or as stray
 * kanji among more half-width katakana than a Japanese text has.
 */
const readsAsJapanese = (text: string) =>
  !PRIVATE_USE.test(text) && (text.match(JAPANESE)?.length ?? 0) > (text.match(HALFWIDTH_KANA)?.length ?? 0);

const KANA = /[\u3040-\u30ff]/;
const JAPANESE_RUN = /[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]+/g;
const ASCII_LETTER = /[A-Za-z]/;

/**
 * How much a Shift_JIS reading looks like Japanese: kana, and runs of two or more Japanese characters
 * that are not wedged inside a Latin word (Windows-1252 "Hélène" reads as "H駘鋏e", "João" as "Jo縊").
 */
function japaneseEvidence(text: string): number {
  let score = 0;
  for (const match of text.matchAll(JAPANESE_RUN)) {
    const run = match[0];
    const start = match.index;
    const wedged = ASCII_LETTER.test(text[start - 1] ?? "") && ASCII_LETTER.test(text[start + run.length] ?? "");
    const kana = [...run].filter((c) => KANA.test(c)).length;
    score += kana || wedged || run.length < 2 ? kana : run.length;
  }
  return score;
}

/** How much a Windows-1252 reading looks like a Latin language: accented letters beside ASCII letters (João, Müller). */
function latinEvidence(text: string): number {
  let score = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xc0 || c > 0xff || c === 0xd7 || c === 0xf7) continue;
    if (ASCII_LETTER.test(text[i - 1] ?? "") || ASCII_LETTER.test(text[i + 1] ?? "")) score++;
  }
  return score;
}

/**
 * Shift_JIS only by evidence: the bytes decode as Shift_JIS, read as Japanese, and the Japanese reading
 * carries more evidence than the Windows-1252 one (a short Latin file's accents pair into stray kanji).
 */
function isShiftJis(bytes: Uint8Array): boolean {
  const sjis = tryDecode(bytes, "shift_jis");
  if (sjis === null || !readsAsJapanese(sjis)) return false;
  const japanese = japaneseEvidence(sjis);
  const latin = latinEvidence((decoder("windows-1252") as TextDecoder).decode(bytes));
  return japanese > latin || (japanese === 0 && latin === 0);
}

const LETTER = /\p{L}/u;

/**
 * Central European text (Polish, Czech, Hungarian) saved by Windows in code page 1250 shows, read as
 * 1252, symbols inside words where 1250 has letters (Wo³ka, Zarz¹d, ¯ó³w); Western text has almost none.
 */
function readsAsCentralEuropean(bytes: Uint8Array): boolean {
  const west = (decoder("windows-1252") as TextDecoder).decode(bytes);
  const central = decoder("windows-1250")?.decode(bytes);
  if (!central || central.length !== west.length) return false;
  let score = 0;
  for (let i = 0; i < west.length; i++) {
    const w = west[i] as string;
    const c = central[i] as string;
    if (w === c || w.charCodeAt(0) < 0x80) continue;
    const inWord = LETTER.test(central[i - 1] ?? "") || (/\p{Lu}/u.test(c) && /\p{Ll}/u.test(central[i + 1] ?? ""));
    if (!inWord) continue;
    if (LETTER.test(c) && !LETTER.test(w)) score++;
    else if (LETTER.test(w) && !LETTER.test(c)) score--;
  }
  return score >= 2;
}

/**
 * The encoding of a whole file: a byte order mark wins; then UTF-16 by its zero bytes; then UTF-8 if the
 * bytes are valid UTF-8; then Shift_JIS if they read as Japanese more than as Latin text; then Windows-1250 if they read as
 * Central European; else Windows-1252, which never fails.
 */
export function detectEncoding(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  const sixteen = utf16WithoutBom(bytes);
  if (sixteen) return sixteen;
  if (tryDecode(bytes, "utf-8") !== null) return "utf-8";
  if (isShiftJis(bytes)) return "shift_jis";
  if (readsAsCentralEuropean(bytes)) return "windows-1250";
  return "windows-1252";
}

/** The encodings a person can choose in the import preview ("read as …"), by their WHATWG labels. */
export const ENCODING_CHOICES = {
  "utf-8": "UTF-8",
  "windows-1252": "Windows-1252 (Western Europe)",
  "windows-1250": "Windows-1250 (Central Europe)",
  "windows-1251": "Windows-1251 (Cyrillic)",
  shift_jis: "Shift_JIS (Japanese)",
  "utf-16le": "UTF-16 LE",
  "utf-16be": "UTF-16 BE",
} as const;
export type EncodingChoice = keyof typeof ENCODING_CHOICES;
export const isEncodingChoice = (label: string): label is EncodingChoice => Object.hasOwn(ENCODING_CHOICES, label);

/** The other encodings the bytes decode in without an unreadable byte: the preview's "read as …" choices. */
export function encodingsThatFit(bytes: Uint8Array, chosen: string): EncodingChoice[] {
  // Plain ASCII reads the same in every one of them: nothing to choose.
  if (!bytes.some((b) => b >= 0x80)) return [];
  // Text without zero bytes is never UTF-16; UTF-8 and Shift_JIS say when bytes are not theirs.
  const zeros = bytes.includes(0);
  return (Object.keys(ENCODING_CHOICES) as EncodingChoice[]).filter((label) => {
    if (label === chosen) return false;
    if (label.startsWith("utf-16")) return zeros && tryDecode(bytes, label) !== null;
    if (label === "utf-8" || label === "shift_jis") return !zeros && tryDecode(bytes, label) !== null;
    return !zeros;
  });
}

/** U+FFFD: what a decoder puts where bytes are not text in the chosen encoding. */
export const REPLACEMENT = "\uFFFD";
export const unreadableMessage = (encoding: string) =>
  `Some characters are not ${encoding.toUpperCase()} and show as \uFFFD: choose another encoding above before importing`;

/** Decodes with the detected (or given) encoding, dropping a byte order mark. */
export function decodeFile(bytes: Uint8Array, encoding = detectEncoding(bytes)): string {
  const text = (decoder(encoding) ?? new TextDecoder()).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Decodes bytes in a named charset (a vCard CHARSET parameter), falling back to the file's own. */
export function decodeCharset(bytes: Uint8Array, charset: string | undefined, fallback: string): string {
  if (charset) {
    const d = decoder(charset.toLowerCase());
    if (d) return d.decode(bytes);
  }
  if (fallback === "utf-8") {
    const utf8 = tryDecode(bytes, "utf-8");
    if (utf8 !== null) return utf8;
    return (decoder("windows-1252") as TextDecoder).decode(bytes);
  }
  return (decoder(fallback) ?? new TextDecoder()).decode(bytes);
}

/** One char per byte (0-255), so byte-level parsing is linear and lossless; `binaryToBytes` undoes it. */
export function bytesToBinary(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192)
    chunks.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]));
  return chunks.join("");
}

export function binaryToBytes(binary: string): Uint8Array {
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i) & 0xff;
  return out;
}

/** Text to the one-char-per-byte form through UTF-8, for callers that hold a string. */
export function textToBinary(text: string): string {
  return bytesToBinary(new TextEncoder().encode(text));
}

/** A UTF-8 sequence of two to four bytes: evidence that a file not valid as UTF-8 was partly written in it. */
const UTF8_SEQUENCE = /[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}/g;

/**
 * A file whose lines were saved in two encodings (rows appended by another program): each line that is
 * valid UTF-8 and holds UTF-8 letters is read as UTF-8, every other line in `fallback`. Null when the file
 * is not mixed (no line holds UTF-8 letters, or none is invalid UTF-8). `fallbackLines` are one-based.
 */
export function decodeMixed(bytes: Uint8Array, fallback: string): { text: string; fallbackLines: number[] } | null {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++)
    if (i === bytes.length || bytes[i] === 0x0a) {
      lines.push(bytes.subarray(start, Math.min(i + 1, bytes.length)));
      start = i + 1;
    }
  const utf8 = lines.map((line) => {
    const text = tryDecode(line, "utf-8");
    return text !== null && (bytesToBinary(line).match(UTF8_SEQUENCE)?.length ?? 0) > 0 ? text : null;
  });
  if (!utf8.some((t) => t !== null)) return null;
  const other = decoder(fallback) ?? new TextDecoder("windows-1252");
  const fallbackLines: number[] = [];
  const text = lines
    .map((line, i) => {
      const read = utf8[i];
      if (read !== null && read !== undefined) return read;
      if (tryDecode(line, "utf-8") === null) fallbackLines.push(i + 1);
      return other.decode(line);
    })
    .join("");
  return fallbackLines.length ? { text: text.replace(/^\uFEFF/, ""), fallbackLines } : null;
}
