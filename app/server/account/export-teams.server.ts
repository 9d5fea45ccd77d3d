import { eq, or, sql } from "drizzle-orm";
import { invitation, member, scimToken, scimUser, workspace, workspaceAudit } from "~db/schema";
import type { ExportSection } from "./export-rows.server";

/** The download's sections about the account's teams: memberships, invitations, the logs' entries, directories. */
export const TEAM_SECTIONS: readonly ExportSection[] = [
  {
    // The account's workspaces (its own, whose id is its own, and its teams) and its role in each.
    name: "workspaces",
    tables: ["workspace", "member"],
    read: (db, o) =>
      db
        .select({
          id: workspace.id,
          kind: workspace.kind,
          name: workspace.name,
          createdAt: workspace.createdAt,
          role: member.role,
          memberSince: member.createdAt,
        })
        .from(member)
        .innerJoin(workspace, eq(workspace.id, member.workspaceId))
        .where(eq(member.userId, o.id)),
  },
  {
    // Invitations the account sent or accepted; the link's token is never kept, its hash never shown.
    name: "invitations",
    tables: ["invitation"],
    read: (db, o) =>
      db
        .select({
          id: invitation.id,
          workspaceId: invitation.workspaceId,
          email: invitation.email,
          role: invitation.role,
          sent: sql<number>`${invitation.inviterId} = ${o.id}`.mapWith(Boolean),
          expiresAt: invitation.expiresAt,
          acceptedAt: invitation.acceptedAt,
          createdAt: invitation.createdAt,
        })
        .from(invitation)
        .where(or(eq(invitation.inviterId, o.id), eq(invitation.acceptedBy, o.id))),
  },
  {
    // What the account did in its teams, as their audit logs recorded it (decision 0210); the entries stay with
    // the team, with the name and address they were written with, after the account is deleted.
    name: "teamAuditEntries",
    tables: ["workspace_audit"],
    read: (db, o) =>
      db
        .select({
          workspaceId: workspaceAudit.workspaceId,
          at: workspaceAudit.at,
          action: workspaceAudit.action,
          subject: workspaceAudit.subject,
          detail: workspaceAudit.detail,
        })
        .from(workspaceAudit)
        .where(eq(workspaceAudit.actorId, o.id)),
  },
  {
    // What teams' directories keep about the account (SCIM, decision 0241), and the directory tokens it made (never
    // their hashes).
    name: "teamDirectories",
    tables: ["scim_user", "scim_token"],
    read: async (db, o) => ({
      provisionedAs: await db
        .select({
          workspaceId: scimUser.workspaceId,
          userName: scimUser.userName,
          externalId: scimUser.externalId,
          displayName: scimUser.displayName,
          givenName: scimUser.givenName,
          familyName: scimUser.familyName,
          active: scimUser.active,
          createdAt: scimUser.createdAt,
          updatedAt: scimUser.updatedAt,
        })
        .from(scimUser)
        .where(eq(scimUser.userId, o.id)),
      tokensMade: await db
        .select({
          workspaceId: scimToken.workspaceId,
          prefix: scimToken.prefix,
          createdAt: scimToken.createdAt,
          lastUsedAt: scimToken.lastUsedAt,
          revokedAt: scimToken.revokedAt,
        })
        .from(scimToken)
        .where(eq(scimToken.createdBy, o.id)),
    }),
  },
];
