// The contacts import of 10,000 contacts as a CSV and as the same rows in an XLSX workbook: preview (upload,
// read, plan, kept server-side) and confirm (one D1 batch), time and the serving workerd's peak memory growth,
// measured in one run and printed as ratios. Part of `npm run bench`; `node bench/import-formats.mjs` runs this
// part alone on a fresh build (BENCH_REUSE_BUILD=1 serves build/ as it is).
import { strToU8, zipSync } from "fflate";
import { fetchRetry, runAlone, signUpOwner } from "./local.mjs";
import { usage } from "./owner.mjs";

const COUNT = 10_000;
const HEADER = ["Name", "Email", "Mobile Phone", "Company", "Job Title", "City", "Country", "Tags"];

function rows() {
  const out = [];
  for (let i = 0; i < COUNT; i++)
    out.push([
      `Pérson N${i}`,
      `p${i}@example.org`,
      `+1312555${String(i).padStart(4, "0")}`,
      `Company ${i % 300}`,
      "Programme Lead",
      "Chicago",
      "US",
      "Donor, Gala 2024",
    ]);
  return out;
}

const csvField = (v) => `"${v.replace(/"/g, '""')}"`;
const toCsv = (table) => `${table.map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;
const xml = (v) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The same rows as a one-sheet workbook of shared strings, as Excel saves one. */
function toXlsx(table) {
  const strings = new Map();
  const at = (v) => {
    if (!strings.has(v)) strings.set(v, strings.size);
    return strings.get(v);
  };
  const sheet = table
    .map((r, i) => `<row r="${i + 1}">${r.map((v) => `<c t="s"><v>${at(v)}</v></c>`).join("")}</row>`)
    .join("");
  const shared = [...strings.keys()].map((v) => `<si><t>${xml(v)}</t></si>`).join("");
  return zipSync(
    {
      "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types/>'),
      "xl/workbook.xml": strToU8(
        '<workbook><sheets><sheet name="Contacts" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      "xl/_rels/workbook.xml.rels": strToU8(
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      "xl/sharedStrings.xml": strToU8(`<sst>${shared}</sst>`),
      "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${sheet}</sheetData></worksheet>`),
    },
    { level: 6 },
  );
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** One call's time and the serving workerd's peak resident memory over the level before it. */
async function measured(group, call) {
  const before = usage(group).rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, usage(group).rss);
  }, 25);
  const started = performance.now();
  try {
    const result = await call();
    return { ms: performance.now() - started, grew: Math.max(peak, usage(group).rss) - before, result };
  } finally {
    clearInterval(sampler);
  }
}

export async function importFormatsBench({ base, group }) {
  const table = [HEADER, ...rows()];
  const files = { csv: new TextEncoder().encode(toCsv(table)), xlsx: toXlsx(table) };
  const once = async (kind) => {
    const cookie = await signUpOwner(base, `bench-import-${kind}-${crypto.randomUUID()}@example.org`);
    const body = new FormData();
    body.set("intent", "preview");
    body.set("file", new Blob([files[kind]]), `contacts.${kind}`);
    const preview = await measured(group, async () => {
      const res = await fetchRetry(`${base}/connections/import.data`, {
        method: "POST",
        body,
        headers: { cookie, origin: base },
      });
      const text = await res.text();
      const id = text.match(/"previewId","([0-9a-f]{32})"/)?.[1];
      if (!res.ok || !id || !text.includes(`"total",${COUNT}`))
        throw new Error(`preview of ${kind} answered ${res.status}`);
      return id;
    });
    const confirm = await measured(group, async () => {
      const res = await fetchRetry(`${base}/connections/import.data`, {
        method: "POST",
        body: new URLSearchParams({ intent: "import", preview: preview.result, duplicates: "merge" }),
        headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      });
      await res.arrayBuffer();
      if (res.status >= 300 && res.status !== 302 && res.status !== 202)
        throw new Error(`confirm answered ${res.status}`);
    });
    return { preview, confirm };
  };
  console.log(
    `\nContacts import of ${COUNT.toLocaleString("en")} contacts, CSV (${mb(files.csv.byteLength)}) against the same rows as XLSX (${mb(files.xlsx.byteLength)}), each on a new account; best of 2, alternating:`,
  );
  const best = { csv: null, xlsx: null };
  for (let round = 0; round < 2; round++)
    for (const kind of ["csv", "xlsx"]) {
      const f = await once(kind);
      const total = f.preview.ms + f.confirm.ms;
      if (!best[kind] || total < best[kind].preview.ms + best[kind].confirm.ms) best[kind] = f;
    }
  for (const kind of ["csv", "xlsx"]) {
    const f = best[kind];
    console.log(
      `${kind.padEnd(5)} preview ${(f.preview.ms / 1000).toFixed(2)} s (+${mb(f.preview.grew)} peak)   confirm ${(f.confirm.ms / 1000).toFixed(2)} s (+${mb(f.confirm.grew)} peak)`,
    );
  }
  const ratio = (a, b) => (a / Math.max(b, 1)).toFixed(2);
  console.log(
    `xlsx/csv: preview ${ratio(best.xlsx.preview.ms, best.csv.preview.ms)}x, preview + confirm ${ratio(best.xlsx.preview.ms + best.xlsx.confirm.ms, best.csv.preview.ms + best.csv.confirm.ms)}x (goal: within 1.5x); preview memory growth ${ratio(best.xlsx.preview.grew, best.csv.preview.grew)}x`,
  );
}

await runAlone(import.meta.url, "bench-import-formats", importFormatsBench, { offset: 2 });
