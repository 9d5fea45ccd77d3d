import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "~/lib/teams/audit";
import type { CurrentWorkspace } from "~/lib/teams/rules";
import { user, workspace, workspaceAudit } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement } from "../db/write.server";

/**
 * A team's audit log (decision 0210). Every entry is a statement the caller puts into the SAME batch as the change
 * it records, so a change is never kept without its entry, nor an entry without its change. The actor's name and
 * address are copied in by that statement, as the database holds them at that moment.
 */

export type AuditEntry = {
  /** The workspace the change happened in; a personal workspace keeps no log, so its entries are never written. */
  workspaceId: string;
  actorId: string;
  action: AuditAction;
  /** The account the change was about: its name and address as they are now are written into the entry. */
  subjectUserId?: string;
  /** Or the words for what it was about (an invited address, an export's file name). */
  subject?: string;
  detail?: string;
};

function entry(db: Database, e: AuditEntry, when: ReturnType<typeof sql> | undefined) {
  const subject = e.subjectUserId
    ? sql<string>`(select ${user.name} || ' <' || ${user.email} || '>' from ${user} where ${user.id} = ${e.subjectUserId})`
    : sql<string | null>`${e.subject ?? null}`;
  return db.insert(workspaceAudit).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        workspaceId: workspace.id,
        at: sql<Date>`(unixepoch('subsec') * 1000)`.as("at"),
        actorId: user.id,
        actorName: user.name,
        actorEmail: user.email,
        action: sql<string>`${e.action}`.as("action"),
        subject: subject.as("subject"),
        detail: sql<string | null>`${e.detail ?? null}`.as("detail"),
      })
      .from(workspace)
      .innerJoin(user, eq(user.id, e.actorId))
      .where(and(eq(workspace.id, e.workspaceId), eq(workspace.kind, "team"), when)),
  );
}

/** An entry for something that happened regardless of any write (an export made): put it into the batch that reads. */
export const auditStatement = (db: Database, e: AuditEntry) => entry(db, e, undefined);

/**
 * An entry written only when the statement just before it in the batch changed a row (SQLite's changes()), so a
 * removal that found the member already gone records nothing. It must come right after that statement.
 */
export const auditIfChanged = (db: Database, e: AuditEntry) => entry(db, e, sql`changes() > 0`);

/** Records an act that is not itself a write (a download made): one statement of its own. */
export async function recordAudit(db: Database, e: AuditEntry): Promise<void> {
  await auditStatement(db, e);
}

export const AUDIT_PAGE = 50;

/** One page of a team's log, newest first; `before` is the last id of the page before. */
export async function auditPage(db: Database, workspaceId: string, before: number | null, limit = AUDIT_PAGE) {
  const rows = await db
    .select({
      id: workspaceAudit.id,
      at: workspaceAudit.at,
      actorName: workspaceAudit.actorName,
      actorEmail: workspaceAudit.actorEmail,
      actorGone: sql<boolean>`${workspaceAudit.actorId} is null`.mapWith(Boolean),
      action: workspaceAudit.action,
      subject: workspaceAudit.subject,
      detail: workspaceAudit.detail,
    })
    .from(workspaceAudit)
    .where(and(eq(workspaceAudit.workspaceId, workspaceId), before ? lt(workspaceAudit.id, before) : undefined))
    .orderBy(desc(workspaceAudit.id))
    .limit(limit + 1);
  return { entries: rows.slice(0, limit), more: rows.length > limit };
}

/** The most a CSV of the log holds: years of a busy team's changes. */
export const AUDIT_CSV_MAX = 50_000;

/**
 * Every entry of a team's log, newest first, for its CSV; the download itself is recorded in the same batch, so the
 * file a person takes away names its own making.
 */
export async function auditCsvRows(db: Database, by: { workspaceId: string; actorId: string }) {
  const [, rows] = await db.batch([
    auditStatement(db, { ...by, action: "export.made", subject: "Audit log (CSV)" }),
    db
      .select({
        at: workspaceAudit.at,
        actorName: workspaceAudit.actorName,
        actorEmail: workspaceAudit.actorEmail,
        action: workspaceAudit.action,
        subject: workspaceAudit.subject,
        detail: workspaceAudit.detail,
      })
      .from(workspaceAudit)
      .where(eq(workspaceAudit.workspaceId, by.workspaceId))
      .orderBy(desc(workspaceAudit.id))
      .limit(AUDIT_CSV_MAX),
  ]);
  return rows;
}

/**
 * The hook for an act in whichever workspace a request works in (an integration changed, people deleted): one
 * entry, written in a team; in a personal workspace nothing is written and no statement is sent. A change that is
 * itself a write puts `auditIfChanged` into its own batch instead.
 */
export async function auditInWorkspace(
  db: Database,
  who: { id: string; workspace: Pick<CurrentWorkspace, "id" | "team"> },
  e: Pick<AuditEntry, "action" | "subject" | "detail">,
): Promise<void> {
  if (who.workspace.team === null) return;
  await recordAudit(db, { ...e, workspaceId: who.workspace.id, actorId: who.id });
}

/** A download made while working in a team (a people export, a gifts CSV), naming what was taken. */
export const auditDownload = (
  db: Database,
  who: { id: string; workspace: Pick<CurrentWorkspace, "id" | "team"> },
  what: string,
) => auditInWorkspace(db, who, { action: "export.made", subject: what });

/**
 * One entry per item of a list carried in the statement as JSON (a file's invitations), for the items where `kept`
 * holds; `kept` reads the item as `j.value` (its `subject`, and whatever else the caller put in it).
 */
export function auditEach(
  e: Omit<AuditEntry, "subject" | "subjectUserId">,
  items: { subject: string }[],
  kept: SQL,
): Statement {
  return rawSql(sql`insert into ${workspaceAudit} (workspace_id, actor_id, actor_name, actor_email, action, subject, detail)
    select w.id, u.id, u.name, u.email, ${e.action}, json_extract(j.value, '$.subject'), ${e.detail ?? null}
    from json_each(${JSON.stringify(items)}) j
    join ${workspace} w on w.id = ${e.workspaceId} and w.kind = 'team'
    join ${user} u on u.id = ${e.actorId}
    where ${kept}`);
}
