import {
  CSV_BOM,
  CSV_LAYOUTS,
  type CsvLayout,
  columnsFor,
  csvLines,
  csvWriting,
  rowsFor,
} from "~/lib/formats/csv-write";
import { writeVCards } from "~/lib/formats/vcard";
import { xlsxParts } from "~/lib/formats/xlsx";
import { pullStream } from "~/lib/platform/stream";
import type { Database, Owners } from "../db/db.server";
import { photosOf } from "./photo.server";
import { exportShape, peoplePages } from "./read.server";

/** CSV (ours, Google's or HubSpot's import layout), an Excel workbook, or one vCard file (3.0 or 4.0). */
export const EXPORT_FORMATS = ["csv", "google", "hubspot", "outlook", "xlsx", "vcf", "vcf4"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  vcf: "text/vcard; charset=utf-8",
};

/**
 * All of the owner's people (or the chosen ids) as a download written while it is read: a page of people
 * at a time from D1 (peoplePages), so memory holds one page whatever the network's size and no row cap
 * applies. Decision 0079 has the measured bound.
 */
export function exportDownload(
  env: { CACHE: KVNamespace },
  db: Database,
  userId: string | Owners,
  format: ExportFormat,
  ids: number[] | null,
): Response {
  const stamp = new Date().toISOString().slice(0, 10);
  const pages = () => peoplePages(db, userId, ids);
  let body: AsyncIterable<string | Uint8Array>;
  let type: string;
  let name: string;
  if (format === "vcf" || format === "vcf4") {
    type = TYPES.vcf;
    name = `connections-${stamp}.vcf`;
    body = (async function* () {
      for await (const page of pages()) {
        // Photos go inline: phones and desktop address books import a PHOTO only as data.
        const photos = await photosOf(env, page);
        yield writeVCards(
          page.map((p) => ({ ...p, photo: photos.get(p.id) ?? null })),
          format === "vcf4" ? "4.0" : "3.0",
        );
      }
    })();
  } else if (format === "xlsx") {
    type = TYPES.xlsx;
    name = `connections-${stamp}.xlsx`;
    body = xlsxParts(
      (async function* () {
        const columns = columnsFor(await exportShape(db, userId, ids), "generic");
        yield [columns.map(([header]) => header)];
        for await (const page of pages()) yield rowsFor(page, columns, false);
      })(),
    );
  } else {
    const layout: CsvLayout = format === "csv" ? "generic" : format;
    type = TYPES.csv;
    name = `connections-${CSV_LAYOUTS[layout].file}${stamp}.csv`;
    body = (async function* () {
      // HubSpot's columns are fixed; the others number theirs by the widest person, asked for first.
      const columns = columnsFor(
        layout === "hubspot" || layout === "outlook" ? [] : await exportShape(db, userId, ids),
        layout,
      );
      yield CSV_BOM + csvLines([columns.map(([header]) => header)]);
      for await (const page of pages()) yield csvLines(rowsFor(page, columns, csvWriting(layout)));
    })();
  }
  return new Response(pullStream(body), {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${name}"`,
      // Other people's personal data: never kept by a browser or proxy cache.
      "cache-control": "no-store",
    },
  });
}
