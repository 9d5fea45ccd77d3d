import { appContext } from "~/context";
import { rowsToCsv } from "~/lib/formats/csv-write";
import { toXlsx } from "~/lib/formats/xlsx";
import { getUser } from "~/server/account/user.server";
import { myAttendee } from "~/server/organiser-events/attendees.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import { leadsTable, viewerBooth } from "~/server/organiser-events/leads.server";
import { notFound } from "~/server/platform/http.server";
import { auditDownload } from "~/server/teams/audit.server";
import type { Route } from "./+types/leads-export";

/** A booth's leads at the event (a single exhibitor's or a team's), with rating, notes and each qualifying answer: CSV (formula-guarded) or Excel (text cells). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  if (params.format !== "csv" && params.format !== "xlsx") notFound();
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  // Only a booth's workspace reads its leads (each member as the team's setting allows); anyone else is told nothing.
  const booth = await viewerBooth(app.db, user, event.id, await myAttendee(app.db, user.id, event.id));
  if (!booth) notFound();
  const { header, rows } = await leadsTable(app.db, booth, user);
  const name = `${event.slug}-leads.${params.format}`;
  await auditDownload(app.db, user, `Event leads: ${name}`);
  const headers = {
    "content-disposition": `attachment; filename="${name}"`,
    "cache-control": "private, no-store",
  };
  if (params.format === "csv")
    return new Response(rowsToCsv(header, rows), {
      headers: { ...headers, "content-type": "text/csv; charset=utf-8" },
    });
  return new Response(toXlsx([header, ...rows], "Leads") as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });
}
