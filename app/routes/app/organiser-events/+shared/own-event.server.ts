import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import { getUser } from "~/server/account/user.server";
import { ownOrgEvent } from "~/server/organiser-events/events.server";
import { notFound, parseId } from "~/server/platform/http.server";

/** The organiser event the URL names, when the signed-in workspace owns it; to anyone else it does not exist. */
export async function ownEventOr404(context: Readonly<RouterContextProvider>, params: { id?: string }) {
  const app = context.get(appContext);
  const event = await ownOrgEvent(app.db, getUser(context).workspace.id, parseId(params.id));
  if (!event) notFound();
  return { app, event };
}
