import type { ContactDraft } from "./csv";

/** Reads every contact in a .vcf file, whether vCard 2.1, 3.0 or 4.0. */

export type VCardReadResult = {
  contacts: { index: number; draft: ContactDraft; version: string }[];
  skipped: { index: number; reason: string }[];
};

type Property = { name: string; params: Record<string, string[]>; value: string };

const MAX_CARDS = 5000;
const MAX_VALUE = 2000;

/** Joins folded lines: RFC 2425 continuation whitespace, and 2.1 quoted-printable soft breaks. */
function unfold(text: string): string[] {
  const raw = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const lines: string[] = [];
  for (const line of raw) {
    const last = lines.length - 1;
    if ((line.startsWith(" ") || line.startsWith("\t")) && last >= 0) {
      lines[last] += line.slice(1);
    } else if (last >= 0 && /QUOTED-PRINTABLE/i.test(lines[last]?.split(":")[0] ?? "") && lines[last]?.endsWith("=")) {
      lines[last] = `${lines[last]?.slice(0, -1)}${line}`;
    } else {
      lines.push(line);
    }
  }
  return lines;
}

function splitUnquoted(input: string, separator: string, limit = Number.POSITIVE_INFINITY): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of input) {
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted && parts.length < limit - 1) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

function parseLine(line: string): Property | null {
  const colon = splitUnquoted(line, ":", 2);
  if (colon.length < 2) return null;
  const [head = "", value = ""] = colon;
  const [nameWithGroup = "", ...paramParts] = splitUnquoted(head, ";");
  const name = (nameWithGroup.split(".").pop() ?? "").toUpperCase();
  const params: Record<string, string[]> = {};
  for (const part of paramParts) {
    const eq = part.indexOf("=");
    // vCard 2.1 allows bare types: TEL;WORK;VOICE:...
    const key = (eq > -1 ? part.slice(0, eq) : "TYPE").toUpperCase();
    const values = (eq > -1 ? part.slice(eq + 1) : part).replace(/"/g, "").split(",");
    params[key] = [...(params[key] ?? []), ...values.map((v) => v.trim().toUpperCase())];
  }
  return { name, params, value };
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] ?? "";
    const hex = value.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(ch));
  }
  try {
    return new TextDecoder(charset || "utf-8").decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder("utf-8").decode(new Uint8Array(bytes));
  }
}

function unescapeText(value: string): string {
  return value.replace(/\\([nN,;:\\])/g, (_, ch: string) => (ch === "n" || ch === "N" ? "\n" : ch));
}

/** Splits a structured value (N, ORG) on unescaped semicolons. */
function components(value: string): string[] {
  return value.split(/(?<!\\);/).map(unescapeText);
}

function decode(prop: Property): string {
  let value = prop.value;
  const encoding = prop.params.ENCODING?.[0];
  if (encoding === "QUOTED-PRINTABLE")
    value = decodeQuotedPrintable(value, prop.params.CHARSET?.[0]?.toLowerCase() ?? "utf-8");
  if (encoding === "B" || encoding === "BASE64") return "";
  return value.slice(0, MAX_VALUE);
}

function pickTel(props: Property[]): string | undefined {
  const tels = props.filter((p) => p.name === "TEL");
  const preferred =
    tels.find((p) => p.params.TYPE?.some((t) => t === "CELL" || t === "PREF")) ??
    tels.find((p) => p.params.TYPE?.includes("WORK")) ??
    tels[0];
  return preferred ? decode(preferred).replace(/^tel:/i, "").trim() : undefined;
}

function toDraft(props: Property[]): ContactDraft {
  const first = (name: string) => props.find((p) => p.name === name);
  const text = (name: string) => {
    const p = first(name);
    return p ? unescapeText(decode(p)).trim() : undefined;
  };
  const draft: ContactDraft = {};
  const n = first("N");
  const [family = "", given = ""] = n ? components(decode(n)) : [];
  draft.name = text("FN") || [given, family].filter(Boolean).join(" ").trim() || undefined;
  if (given) draft.firstName = given.trim();
  if (family) draft.lastName = family.trim();
  draft.email = text("EMAIL")?.replace(/^mailto:/i, "");
  draft.phone = pickTel(props);
  draft.title = text("TITLE") || text("ROLE");
  const org = first("ORG");
  if (org) draft.company = components(decode(org))[0]?.trim() || undefined;
  const urls = props
    .filter((p) => p.name === "URL" || p.name === "X-SOCIALPROFILE")
    .map((p) => unescapeText(decode(p)).trim());
  draft.linkedin = urls.find((u) => /linkedin\.com/i.test(u));
  draft.website = urls.find((u) => !/linkedin\.com/i.test(u) && /^https?:\/\//i.test(u));
  draft.notes = text("NOTE");
  const categories = first("CATEGORIES");
  if (categories)
    draft.tags = decode(categories)
      .split(/(?<!\\),/)
      .map(unescapeText)
      .join(", ");
  for (const key of Object.keys(draft) as (keyof ContactDraft)[]) if (!draft[key]) delete draft[key];
  return draft;
}

export function readVCards(text: string): VCardReadResult {
  const result: VCardReadResult = { contacts: [], skipped: [] };
  let props: Property[] | null = null;
  let version = "";
  let index = 0;
  for (const line of unfold(text)) {
    if (!line.trim()) continue;
    const prop = parseLine(line);
    if (!prop) continue;
    if (prop.name === "BEGIN" && prop.value.trim().toUpperCase() === "VCARD") {
      props = [];
      version = "";
      index += 1;
      continue;
    }
    if (props === null) continue;
    if (prop.name === "END" && prop.value.trim().toUpperCase() === "VCARD") {
      if (result.contacts.length >= MAX_CARDS) {
        result.skipped.push({ index, reason: `More than ${MAX_CARDS} contacts in one file` });
      } else if (!["2.1", "3.0", "4.0"].includes(version)) {
        result.skipped.push({ index, reason: `Unsupported vCard version "${version || "none"}"` });
      } else {
        const draft = toDraft(props);
        if (!draft.name && !draft.email) result.skipped.push({ index, reason: "No name or email" });
        else result.contacts.push({ index, draft, version });
      }
      props = null;
      continue;
    }
    if (prop.name === "VERSION") version = prop.value.trim();
    else props.push(prop);
  }
  if (props !== null) result.skipped.push({ index, reason: "Missing END:VCARD" });
  return result;
}
