import type { RouterContextProvider } from "react-router";
import { userContext } from "~/context";
import { notFound } from "../platform/http.server";
import type { SessionUser } from "./auth.server";

/**
 * The signed-in user of a route under the signed-in layout, whose middleware has already read the session
 * and sent anyone signed out to sign in, so there is always one; called outside that layout, it answers 404.
 */
export function getUser(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(userContext) ?? notFound();
}
