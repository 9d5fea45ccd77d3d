import type { RouterContextProvider } from "react-router";
import { userContext } from "~/context";
import type { SessionUser } from "./auth.server";

/**
 * The signed-in user of a route under the signed-in layout, whose middleware has already read the session
 * and sent anyone signed out to sign in, so there is always one; read outside that layout, it throws.
 */
export function getUser(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(userContext);
}
