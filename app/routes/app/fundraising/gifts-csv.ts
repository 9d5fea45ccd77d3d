import { appContext } from "~/context";
import { CSV_BOM, csvLines, guardFormula } from "~/lib/formats/csv-write";
import { GIFT_METHOD_LABELS, GIFT_SOURCE_LABELS } from "~/lib/fundraising/donation";
import { amountInput } from "~/lib/money";
import { pullStream } from "~/lib/platform/stream";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { getOwnedCampaign } from "~/server/fundraising/campaigns.server";
import { campaignGiftExportPages } from "~/server/fundraising/gifts.server";
import { notFound } from "~/server/platform/http.server";
import { auditDownload } from "~/server/teams/audit.server";
import type { Route } from "./+types/gifts-csv";

const HEADER = [
  "Date",
  "Donor",
  "Email",
  "Amount",
  "Refunded",
  "Currency",
  "Method",
  "Source",
  "Recurring",
  "Thanked",
  "Note",
  "Gift key",
];

/**
 * The campaign's gifts as CSV: one row per gift, amounts in the major unit, refunds beside them, and
 * each gift's key, so importing this file again finds every gift already recorded. Streamed a page at
 * a time, so every gift is in the file however many there are.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const c = await getOwnedCampaign(app.db, user.workspace.id, params.id);
  if (!c) notFound();
  await auditDownload(app.db, user, "Campaign gifts (CSV)");
  const pages = campaignGiftExportPages(app.db, ownersOf(user), c.id);
  async function* parts() {
    yield CSV_BOM + csvLines([HEADER]);
    for await (const gifts of pages)
      yield csvLines(
        gifts.map((g) =>
          [
            g.date,
            g.donorName,
            g.donorEmail,
            amountInput(g.amount, g.currency),
            amountInput(g.amountRefunded, g.currency),
            g.currency,
            GIFT_METHOD_LABELS[g.method],
            GIFT_SOURCE_LABELS[g.source],
            g.recurring ? "yes" : "no",
            g.acknowledgedAt ? new Date(g.acknowledgedAt).toISOString().slice(0, 10) : "",
            g.note,
            g.key,
          ].map((v) => guardFormula(String(v ?? ""))),
        ),
      );
  }
  return new Response(pullStream(parts()), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${c.id}-gifts.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
