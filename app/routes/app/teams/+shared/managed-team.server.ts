import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import { managesTeam } from "~/lib/teams/rules";
import { getUser } from "~/server/account/user.server";
import { notFound } from "~/server/platform/http.server";
import { teamOf } from "~/server/teams/teams.server";

/** The team the URL names, for its owners and admins; to a member, as to anyone else, the page does not exist. */
export async function managedTeamOr404(context: Readonly<RouterContextProvider>, id: string) {
  const { db } = context.get(appContext);
  const user = getUser(context);
  const team = await teamOf(db, user.id, id);
  if (!team || !managesTeam(team.role)) notFound();
  return { db, user, team };
}
