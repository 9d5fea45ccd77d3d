/** Character encodings of files people export, detected from their bytes (no I/O). */

const decoders = new Map<string, TextDecoder | null>();

/** One decoder per label and mode: a file read line by line asks for the same few thousands of times. */
function decoder(label: string, fatal = false): TextDecoder | null {
  const key = `${label}|${fatal}`;
  if (!decoders.has(key))
    try {
      decoders.set(key, new TextDecoder(label, { fatal }));
    } catch {
      decoders.set(key, null);
    }
  return decoders.get(key) ?? null;
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

// By character code, not by regular expression: a large file is weighed line by line (decision 0233).
const isKana = (c: number) => c >= 0x3040 && c <= 0x30ff;
const isKanji = (c: number) => c >= 0x4e00 && c <= 0x9fff;
const isHalfwidthKana = (c: number) => c >= 0xff61 && c <= 0xff9f;
const isJapaneseRun = (c: number) => isKana(c) || isKanji(c) || (c >= 0xff01 && c <= 0xff5e);
const isAsciiLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * Windows-1252 accents (Íñigo) decode as Shift_JIS too: as user-defined characters (ñ), or as stray
 * kanji among more half-width katakana than a Japanese text has.
 */
function readsAsJapanese(text: string): boolean {
  let japanese = 0;
  let halfwidth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xe000 && c <= 0xf8ff) return false;
    if (isKana(c) || isKanji(c)) japanese++;
    else if (isHalfwidthKana(c)) halfwidth++;
  }
  return japanese > halfwidth;
}

/**
 * How much a Shift_JIS reading looks like Japanese: kana, and runs of two or more Japanese characters
 * that are not wedged inside a Latin word (Windows-1252 "Hélène" reads as "H駘鋏e", "João" as "Jo縊").
 */
function japaneseEvidence(text: string): number {
  let score = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isJapaneseRun(text.charCodeAt(i))) continue;
    const start = i;
    let kana = 0;
    while (i < text.length && isJapaneseRun(text.charCodeAt(i))) if (isKana(text.charCodeAt(i++))) kana++;
    const length = i - start;
    const wedged = isAsciiLetter(text.charCodeAt(start - 1)) && isAsciiLetter(text.charCodeAt(i));
    score += kana || wedged || length < 2 ? kana : length;
  }
  return score;
}

/** How much a Windows-1252 reading looks like a Latin language: accented letters beside ASCII letters (João, Müller). */
function latinEvidence(text: string): number {
  let score = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xc0 || c > 0xff || c === 0xd7 || c === 0xf7) continue;
    if (isAsciiLetter(text.charCodeAt(i - 1)) || isAsciiLetter(text.charCodeAt(i + 1))) score++;
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
 * Positive: evidence of 1250; negative: of 1252.
 */
function centralEuropeanScore(bytes: Uint8Array): number {
  return centralEvidence(
    (decoder("windows-1252") as TextDecoder).decode(bytes),
    (decoder("windows-1250") as TextDecoder).decode(bytes),
  );
}

/** The same score from the two readings of the same bytes (one character per byte in each). */
function centralEvidence(west: string, central: string): number {
  if (central.length !== west.length) return 0;
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
  return score;
}

const readsAsCentralEuropean = (bytes: Uint8Array) => centralEuropeanScore(bytes) >= 2;

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

/** A legacy code page decodes the bytes it leaves undefined (1252's 0x81, 0x8D...) as C1 controls: not text. */
const UNDEFINED_BYTE = /[\u0080-\u009f]/g;
const legacy = (encoding: string) => !encoding.startsWith("utf-");

/** Decodes with the detected (or given) encoding, dropping a byte order mark; an undefined byte shows as U+FFFD. */
export function decodeFile(bytes: Uint8Array, encoding = detectEncoding(bytes)): string {
  const read = (decoder(encoding) ?? new TextDecoder()).decode(bytes);
  const text = legacy(encoding) ? read.replace(UNDEFINED_BYTE, REPLACEMENT) : read;
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

/** The encodings one file's lines can each be read in when the file mixes them (decision 0233). */
const LINE_ENCODINGS = ["shift_jis", "windows-1250", "windows-1252"] as const;

export type MixedReading = {
  text: string;
  /** The encoding most lines were read in. */
  main: string;
  /** The other encodings, each with the one-based lines read in it. */
  others: { encoding: string; lines: number[] }[];
  /**
   * Lines read as Windows-1250 by the file's evidence, not their own, whose letters Windows-1252 reads
   * otherwise (è or č, ñ or ń are one byte): with the first word as 1252 reads it, for the person to check.
   */
  uncertain: { lines: number[]; west: string };
};

/**
 * A file whose lines were saved in more than one encoding (rows appended by another program): each line is
 * read in the encoding its own bytes show (UTF-8, Shift_JIS; among the code pages, Central European letters
 * where 1252 has symbols), a line without evidence of its own in the code page the rest of such lines show.
 * Null when the file reads in one encoding and no line's letters are in doubt.
 */
export function decodeMixed(bytes: Uint8Array, file: string): MixedReading | null {
  // A file valid as UTF-8 is UTF-8 on every line; UTF-16 has no lines to read apart.
  if (!(LINE_ENCODINGS as readonly string[]).includes(file)) return null;
  // Each reading of the whole file splits into the same lines: the code pages give one character per byte,
  // and Shift_JIS never uses a line feed inside a character. Decoding once keeps a large file linear.
  const west = (decoder("windows-1252") as TextDecoder).decode(bytes).split("\n");
  const central = (decoder("windows-1250") as TextDecoder).decode(bytes).split("\n");
  const japanese = (decoder("shift_jis") as TextDecoder).decode(bytes).split("\n");
  if (japanese.length !== west.length) return null;
  const utf8: (string | null)[] = [];
  const chosen: (string | null)[] = [];
  const scores: number[] = [];
  /** The encoding line `i` (starting at byte `start`) shows by its own bytes; "" when it shows none. */
  const lineEncoding = (i: number, line: string, start: number): string | null => {
    // A line of ASCII reads the same in every encoding.
    if (!/[^\0-\x7f]/.test(line)) return null;
    // Decoded without the fatal flag: a thrown error per line of a large Western file costs more than the read.
    const own = (decoder("utf-8") as TextDecoder).decode(bytes.subarray(start, start + line.length));
    if (!own.includes(REPLACEMENT)) {
      utf8[i] = own;
      return "utf-8";
    }
    // Japanese that outweighs the Latin reading, as `isShiftJis` weighs a whole file.
    const sjis = japanese[i] ?? "";
    if (!sjis.includes(REPLACEMENT)) {
      const kana = japaneseEvidence(sjis);
      const latin = latinEvidence(line);
      if (file === "shift_jis" ? kana >= latin : readsAsJapanese(sjis) && kana >= 2 && kana > latin) return "shift_jis";
    }
    const score = centralEvidence(line, central[i] ?? "");
    scores[i] = score;
    return score > 0 ? "windows-1250" : score < 0 ? "windows-1252" : "";
  };
  let offset = 0;
  for (const [i, line] of west.entries()) {
    const start = offset;
    offset += line.length + 1;
    utf8.push(null);
    scores.push(0);
    chosen.push(lineEncoding(i, line, start));
  }
  // Among the code-page lines, those with Central European evidence against those whose letters are in doubt
  // decide how a doubtful line is read: a French row appended to a Polish file, or a Polish row to a French one.
  const doubtful = west.map((line, i) => chosen[i] === "" && line !== central[i]);
  const centralLines = scores.filter((s) => s > 0).length;
  const base = centralLines && centralLines >= doubtful.filter(Boolean).length ? "windows-1250" : "windows-1252";
  const uncertain: number[] = [];
  let westWord = "";
  chosen.forEach((encoding, i) => {
    if (encoding !== "") return;
    chosen[i] = base;
    if (base !== "windows-1250" || !doubtful[i]) return;
    uncertain.push(i + 1);
    const line = west[i] ?? "";
    // Both code pages give one character per byte: the first that differs is where the word to show is.
    if (!westWord)
      westWord = wordAt(
        line,
        [...line].findIndex((c, k) => c !== central[i]?.[k]),
      );
  });
  const byEncoding = new Map<string, number[]>();
  chosen.forEach((encoding, i) => {
    if (!encoding) return;
    const lines = byEncoding.get(encoding);
    if (lines) lines.push(i + 1);
    else byEncoding.set(encoding, [i + 1]);
  });
  if (byEncoding.size < 2 && !uncertain.length) return null;
  const ranked = [...byEncoding].sort((a, b) => b[1].length - a[1].length);
  const readings: Record<string, string[]> = { "windows-1252": west, "windows-1250": central, shift_jis: japanese };
  const text = chosen
    .map((encoding, i) => {
      if (encoding === "utf-8") return utf8[i] ?? "";
      const read = readings[encoding ?? base]?.[i] ?? "";
      return read.replace(UNDEFINED_BYTE, REPLACEMENT);
    })
    .join("\n");
  return {
    text: text.replace(/^\uFEFF/, ""),
    main: ranked[0]?.[0] ?? file,
    others: ranked.slice(1).map(([encoding, at]) => ({ encoding, lines: at })),
    uncertain: { lines: uncertain, west: westWord },
  };
}

/** The word of `text` around its character `at`, cut at separators a CSV or a name has. */
function wordAt(text: string, at: number): string {
  let from = at;
  let to = at;
  while (from > 0 && !/[\s,;\t"]/.test(text[from - 1] ?? " ")) from--;
  while (to < text.length && !/[\s,;\t"]/.test(text[to] ?? " ")) to++;
  return text.slice(from, to).slice(0, 40);
}
