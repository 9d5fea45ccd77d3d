import { appContext } from "~/context";
import { rowsToCsv } from "~/lib/formats/csv-write";
import { toXlsx } from "~/lib/formats/xlsx";
import { getUser } from "~/server/account/user.server";
import { consentedAttendees, ownOrgEvent } from "~/server/organiser-events/events.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { auditDownload } from "~/server/teams/audit.server";
import type { Route } from "./+types/export";

const HEADER = ["Name", "Email", "Company", "Title", "Interests", "Email me news", "Joined", "Consented"];

/**
 * The attendees who agreed to be listed, for the organiser only, with only what each agreed to share (the
 * email only with a yes to the organiser's news): CSV (formula-guarded) or Excel (text cells).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const format = params.format;
  if (format !== "csv" && format !== "xlsx") notFound();
  const event = await ownOrgEvent(app.db, user.workspace.id, parseId(params.id));
  if (!event) notFound();
  const rows = (await consentedAttendees(app.db, event.id)).map((a) => [
    a.name,
    a.email,
    a.company ?? "",
    a.title ?? "",
    a.interests,
    a.news ? "yes" : "no",
    new Date(a.joinedAt).toISOString(),
    a.consentAt.toISOString(),
  ]);
  const name = `${event.slug}-attendees.${format}`;
  await auditDownload(app.db, user, `Event attendees: ${name}`);
  const headers = {
    "content-disposition": `attachment; filename="${name}"`,
    "cache-control": "private, no-store",
  };
  if (format === "csv")
    return new Response(rowsToCsv(HEADER, rows), {
      headers: { ...headers, "content-type": "text/csv; charset=utf-8" },
    });
  return new Response(toXlsx([HEADER, ...rows], "Attendees") as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });
}
