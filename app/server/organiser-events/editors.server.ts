import type { CurrentWorkspace } from "~/lib/teams/rules";

/** Said to a team's plain member who posts to an organiser page (decision 0267). */
const MEMBER_READS_ONLY = "Only the team's owners and admins change its organiser events";

/** The one organiser page a plain member may post to: the door, whose only action is checking a pass in. */
const MEMBERS_POST_TO = /^\/?organiser\/:id\/door$/;

/**
 * A team's owners and admins change its organiser events; a plain member reads them and is refused every write,
 * whatever the page or intent, except a check-in at the door, where volunteers stand: the signed-in layout asks
 * this before any organiser action runs (decision 0267).
 */
export function refuseOrganiserWrite(request: Request, pattern: string, workspace: CurrentWorkspace) {
  if (workspace.role !== "member" || request.method === "GET" || request.method === "HEAD") return;
  if (!/^\/?organiser(\/|$)/.test(pattern) || MEMBERS_POST_TO.test(pattern)) return;
  throw new Response(MEMBER_READS_ONLY, { status: 403, statusText: "Forbidden" });
}
