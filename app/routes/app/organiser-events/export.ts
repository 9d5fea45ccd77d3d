import { appContext } from "~/context";
import { rowsToCsv } from "~/lib/formats/csv-write";
import { toXlsx } from "~/lib/formats/xlsx";
import { getUser } from "~/server/account/user.server";
import { attendeeListQuery, attendeeListTable } from "~/server/organiser-events/attendee-list.server";
import { consentedAttendees, ownOrgEvent } from "~/server/organiser-events/events.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { auditDownload } from "~/server/teams/audit.server";
import type { Route } from "./+types/export";

const HEADER = ["Name", "Email", "Company", "Title", "Interests", "Email me news", "Joined", "Consented"];

/**
 * The attendees who agreed to be listed, for the organiser only, with only what each agreed to share (the
 * email only with a yes to the organiser's news): CSV (formula-guarded) or Excel (text cells).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  // "csv"/"xlsx": the consented attendees; "list.csv"/"list.xlsx": the attendee list as searched, with check-ins.
  const [list, format] = params.format.startsWith("list.") ? [true, params.format.slice(5)] : [false, params.format];
  if (format !== "csv" && format !== "xlsx") notFound();
  const event = await ownOrgEvent(app.db, user.workspace.id, parseId(params.id));
  if (!event) notFound();
  const table = list ? await attendeeListTable(app.db, event, attendeeListQuery(new URL(request.url))) : null;
  const [header, rows] = table
    ? [table.header, table.rows]
    : [
        HEADER,
        (await consentedAttendees(app.db, event.id)).map((a) => [
          a.name,
          a.email,
          a.company ?? "",
          a.title ?? "",
          a.interests,
          a.news ? "yes" : "no",
          new Date(a.joinedAt).toISOString(),
          a.consentAt.toISOString(),
        ]),
      ];
  const name = `${event.slug}-${list ? "attendee-list" : "attendees"}.${format}`;
  await auditDownload(app.db, user, `Event attendees: ${name}`);
  const headers = {
    "content-disposition": `attachment; filename="${name}"`,
    "cache-control": "private, no-store",
  };
  if (format === "csv")
    return new Response(rowsToCsv(header, rows), {
      headers: { ...headers, "content-type": "text/csv; charset=utf-8" },
    });
  return new Response(toXlsx([header, ...rows], "Attendees") as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });
}
