import { appContext } from "~/context";
import { rowsToCsv } from "~/lib/formats/csv-write";
import { retention, retentionYear, SEGMENT_LABELS, SEGMENTS } from "~/lib/fundraising/retention";
import { amountInput } from "~/lib/money";
import { getUser } from "~/server/account/user.server";
import { getOrganisation } from "~/server/fundraising/organisation.server";
import { donorYears } from "~/server/fundraising/retention.server";
import { auditDownload } from "~/server/teams/audit.server";
import type { Route } from "./+types/retention-csv";

/** The retention view as CSV: one row per donor, segment and currency, amounts in the major unit. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const { fiscalYearStart: start } = await getOrganisation(app.db, user.workspace.id);
  const year = retentionYear(new URL(request.url).searchParams.get("year"), new Date(), start);
  await auditDownload(app.db, user, `Donor retention ${year} (CSV)`);
  const segments = retention(await donorYears(app.db, user.workspace.id, year, start), year);
  const rows = SEGMENTS.flatMap((s) =>
    segments[s].flatMap((d) =>
      Object.keys(d.lifetime)
        .sort()
        .map((currency) => [
          SEGMENT_LABELS[s],
          d.name,
          d.email,
          currency,
          amountInput(d.thisYear[currency] ?? 0, currency),
          amountInput(d.lastYear[currency] ?? 0, currency),
          amountInput(d.lifetime[currency] ?? 0, currency),
          d.firstGiftYear,
          d.lastGiftYear,
        ]),
    ),
  );
  const csv = rowsToCsv(
    [
      "Segment",
      "Donor",
      "Email",
      "Currency",
      String(year),
      String(year - 1),
      "Lifetime",
      "First gift year",
      "Last gift year",
    ],
    rows,
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="donor-retention-${year}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
