/** What a team's audit log records (decision 0210), and how each entry reads on the page and in its CSV. */
export const AUDIT_ACTIONS = {
  "team.created": "Made the team",
  "member.joined": "Joined by invitation",
  "member.removed": "Removed a member",
  "member.left": "Left the team",
  "member.role": "Changed a role",
  "ownership.transferred": "Handed over ownership",
  "invitation.sent": "Sent an invitation",
  "invitation.revoked": "Took back an invitation",
  "team.setting": "Changed a team setting",
  "team.sign-in": "Changed how members sign in",
  // Written by other features through the hooks in app/server/teams/audit.server.ts.
  "export.made": "Made an export or download",
  "template.changed": "Changed a card template",
  "people.deleted": "Deleted people",
  "people.reassigned": "Reassigned people",
  "integration.changed": "Changed an integration",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The words for an action; an action this build does not know (written by a later one) reads as itself. */
export const auditActionName = (action: string) =>
  Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;

export const AUDIT_CSV_HEADER = ["When (UTC)", "Who", "Email", "What", "About", "Detail"];

/** An entry's time as the page and the CSV show it: UTC to the second, the same on the server and in the browser. */
export const auditTime = (at: Date) => `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`;
