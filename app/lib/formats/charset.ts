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
 * bytes are valid UTF-8; then Shift_JIS if they read as Japanese; then Windows-1250 if they read as
 * Central European; else Windows-1252, which never fails.
 */
export function detectEncoding(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  const sixteen = utf16WithoutBom(bytes);
  if (sixteen) return sixteen;
  if (tryDecode(bytes, "utf-8") !== null) return "utf-8";
  const sjis = tryDecode(bytes, "shift_jis");
  if (sjis !== null && readsAsJapanese(sjis)) return "shift_jis";
  if (readsAsCentralEuropean(bytes)) return "windows-1250";
  return "windows-1252";
}

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
