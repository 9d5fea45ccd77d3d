import { createMiddleware } from "hono/factory";
import type { AppContext } from "~/context";
import { getSessionUser, type SessionUser } from "../account/auth.server";

type SessionEnv = { Bindings: Env; Variables: { app: AppContext; user: SessionUser } };

/**
 * The API's one guard for the signed-in owner's endpoints: 401 with the given message, or the user on
 * `c.get("user")`. It shares the request's one session read with everything else (see getSessionUser).
 */
export const requireSession = (error = "Sign in first") =>
  createMiddleware<SessionEnv>(async (c, next) => {
    const user = await getSessionUser(c.get("app"), c.req.raw);
    if (!user) return c.json({ error }, 401);
    c.set("user", user);
    await next();
  });
