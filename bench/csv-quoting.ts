// CSV quoting on the export's hot path: papaparse's unparse against csvLines, CPU for 50,000 rows of each layout (npx tsx bench/csv-quoting.ts).
import Papa from "papaparse";
import { columnsFor, csvLines, rowsFor } from "../app/lib/formats/csv-write.ts";
import type { PersonRecord } from "../app/lib/people/draft.ts";

// A page of people shaped like the bench's accounts (bench/owner.mjs): markup in the name, a formula in the company.
const page = Array.from(
  { length: 1000 },
  (_, i) =>
    ({
      id: i,
      uid: `u${i}`,
      displayName: `Person ${i} <b>&amp;</b>`,
      name: {},
      emails: [{ value: `person${i}@example.org`, label: "work", preferred: true }],
      phones: [{ value: `+1312${String(i).padStart(7, "0")}`, label: "mobile", preferred: true }],
      title: "Director of Development",
      organization: `=HYPERLINK("x") ${i % 300}`,
      note: `Met at the booth; talked about the campaign ${i}`,
      tags: [`Tag ${i % 12}`, "Donor"],
      status: "Active",
      priority: "high",
      createdAt: new Date(),
      updatedAt: new Date(),
    }) as PersonRecord,
);
const shape = { emails: 1, phones: 1, sites: 1, addresses: 1, sips: 0, roles: 0, ownEmails: 0, ownPhones: 0 };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const papa = (rows: string[][]) => `${Papa.unparse(rows, { newline: "\r\n", quotes: true })}\r\n`;
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
for (const layout of ["generic", "google", "hubspot"] as const) {
  const columns = columnsFor(layout === "hubspot" ? [] : shape, layout);
  const rows = rowsFor(page, columns);
  if (papa(rows) !== csvLines(rows)) throw new Error(`${layout}: the two writers differ`);
  const runs = { rowsFor: [] as number[], papaparse: [] as number[], csvLines: [] as number[] };
  for (let k = 0; k < 5; k++) {
    for (const [name, write] of [
      ["rowsFor", () => rowsFor(page, columns)],
      ["papaparse", () => papa(rows)],
      ["csvLines", () => csvLines(rows)],
    ] as const) {
      const started = cpu();
      for (let p = 0; p < 50; p++) write();
      runs[name].push(cpu() - started);
    }
  }
  console.log(
    `${layout.padEnd(8)} ${String(columns.length).padStart(2)} columns, 50,000 rows, CPU (median of 5): cells ${median(runs.rowsFor).toFixed(0)} ms; quoting: papaparse ${median(runs.papaparse).toFixed(0)} ms, csvLines ${median(runs.csvLines).toFixed(0)} ms`,
  );
}
