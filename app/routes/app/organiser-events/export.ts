import { appContext } from "~/context";
import { rowsToCsv } from "~/lib/formats/csv-write";
import { toXlsx } from "~/lib/formats/xlsx";
import { zonedLocal } from "~/lib/time/time";
import { getUser } from "~/server/account/user.server";
import { attendeeListQuery, attendeeListTable } from "~/server/organiser-events/attendee-list.server";
import { consentedAttendees, ownOrgEvent } from "~/server/organiser-events/events.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { auditDownload } from "~/server/teams/audit.server";
import type { Route } from "./+types/export";

const HEADER = ["Name", "Email", "Phone", "Company", "Title", "Interests", "Email me news", "Joined", "Consented"];

/** A moment on the event's clock as a spreadsheet reads a date ("2026-11-29 14:05"), not ISO text. */
const wallTime = (at: Date, timeZone: string) => zonedLocal(at, timeZone).replace("T", " ");

/**
 * The attendees who agreed to be listed, for the organiser only, with only what each agreed to share (the
 * email and phone only with a yes to the organiser's news): CSV (formula-guarded) or Excel (text cells, its moments
 * as dates on the event's clock).
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
        HEADER.map((h) => (h === "Joined" || h === "Consented" ? `${h} (${event.timeZone})` : h)),
        (await consentedAttendees(app.db, event.id)).map((a) => [
          a.name,
          a.email,
          a.phone,
          a.company ?? "",
          a.title ?? "",
          a.interests,
          a.news ? "yes" : "no",
          wallTime(new Date(a.joinedAt), event.timeZone),
          wallTime(a.consentAt, event.timeZone),
        ]),
      ];
  // The moments' columns are dates in a workbook, so a spreadsheet sorts and filters them as dates.
  const dates = new Set(header.flatMap((h, i) => (/^(Joined|Consented|Checked in) \(/.test(h) ? [i] : [])));
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
  return new Response(toXlsx([header, ...rows], "Attendees", dates) as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });
}
