import { rowsToCsv } from "~/lib/formats/csv-write";
import { AUDIT_CSV_HEADER, auditActionName, auditTime } from "~/lib/teams/audit";
import { auditCsvRows } from "~/server/teams/audit.server";
import { managedTeamOr404 } from "./+shared/managed-team.server";
import type { Route } from "./+types/audit-csv";

/** A team's whole audit log as CSV, for its owners and admins; the download is itself recorded. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, user, team } = await managedTeamOr404(context, params.id);
  const rows = await auditCsvRows(db, { workspaceId: team.id, actorId: user.id });
  const csv = rowsToCsv(
    AUDIT_CSV_HEADER,
    rows.map((e) => [auditTime(e.at), e.actorName, e.actorEmail, auditActionName(e.action), e.subject, e.detail]),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="team-audit-log.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
