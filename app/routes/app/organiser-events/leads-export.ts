import { appContext } from "~/context";
import { rowsToCsv } from "~/lib/formats/csv-write";
import { toXlsx } from "~/lib/formats/xlsx";
import { getUser } from "~/server/account/user.server";
import { myAttendee } from "~/server/organiser-events/attendees.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import { leadsTable } from "~/server/organiser-events/leads.server";
import { notFound } from "~/server/platform/http.server";
import { auditDownload } from "~/server/teams/audit.server";
import type { Route } from "./+types/leads-export";

/** An exhibitor's own leads at the event, with rating, notes and each qualifying answer: CSV (formula-guarded) or Excel (text cells). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  if (params.format !== "csv" && params.format !== "xlsx") notFound();
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const me = await myAttendee(app.db, user.id, event.id);
  // Only an exhibitor has leads; anyone else is told nothing about the stand's list.
  if (!me || me.leadRights === "none") notFound();
  const { header, rows } = await leadsTable(app.db, me);
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
