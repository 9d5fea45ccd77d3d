import type { RouterContextProvider } from "react-router";
import { userContext } from "~/context";
import type { CurrentWorkspace } from "~/lib/teams/rules";
import type { SessionUser } from "./auth.server";

/**
 * The signed-in user of a route under the signed-in layout, whose middleware has already read the session
 * and sent anyone signed out to sign in, so there is always one; read outside that layout, it throws.
 */
export function getUser(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(userContext);
}

/**
 * The workspace the signed-in request works in (decision 0200): the session's team while its user is a member of
 * it (checked on every request, in the session read), otherwise the personal one, whose id is the user's.
 */
export function getWorkspace(context: Readonly<RouterContextProvider>): CurrentWorkspace {
  return context.get(userContext).workspace;
}
