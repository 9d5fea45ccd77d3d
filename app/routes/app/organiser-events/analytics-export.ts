import { rowsToCsv } from "~/lib/formats/csv-write";
import { getUser } from "~/server/account/user.server";
import { analyticsRows, eventAnalytics } from "~/server/organiser-events/analytics.server";
import { auditDownload } from "~/server/teams/audit.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/analytics-export";

/** The "What happened" page as CSV (every cell formula-guarded), for the event's own workspace alone. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const rows = analyticsRows(await eventAnalytics(app.db, event));
  const name = `${event.slug}-what-happened.csv`;
  await auditDownload(app.db, getUser(context), `Event report: ${name}`);
  return new Response(rowsToCsv(["Section", "Item", "Measure", "Value"], rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
    },
  });
}
