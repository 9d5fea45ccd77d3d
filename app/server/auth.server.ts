import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { redirect } from "react-router";
import type { AppContext } from "~/context";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth";
import { account, session, user, verification } from "~db/schema";
import { hashPassword, verifyPassword } from "./password.server";

export function createAuth({ env, db }: Pick<AppContext, "env" | "db">, request: Request) {
  const origin = new URL(request.url).origin;
  return betterAuth({
    appName: "KnowWho",
    baseURL: origin,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [origin],
    database: drizzleAdapter(db, { provider: "sqlite", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Sign-in attempts are limited by the Worker's rate-limit binding, which holds across isolates.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.APP_ENV === "production",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = { id: string; name: string; email: string };

// One session read per request, however many loaders, middleware and actions ask for it.
// Keyed by the Request: the session is a function of its cookie, and the entry goes with it.
const sessionReads = new WeakMap<Request, Promise<SessionUser | null>>();

async function readSessionUser(app: Pick<AppContext, "env" | "db">, request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes("session_token")) return null;
  const result = await createAuth(app, request).api.getSession({ headers: request.headers });
  if (!result) return null;
  return { id: result.user.id, name: result.user.name, email: result.user.email };
}

export function getSessionUser(app: Pick<AppContext, "env" | "db">, request: Request): Promise<SessionUser | null> {
  let read = sessionReads.get(request);
  if (!read) {
    read = readSessionUser(app, request);
    sessionReads.set(request, read);
  }
  return read;
}

/** A same-site path to go back to after signing in; anything else falls back. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** Where an anonymous visitor goes to sign in and come back to this page. */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * For private routes: the signed-in user, or a redirect to sign-in that comes back here. Under the
 * signed-in layout the middleware has already read the session for this request, so this reads
 * that same answer rather than the session again.
 */
export async function requireUser(app: Pick<AppContext, "env" | "db">, request: Request): Promise<SessionUser> {
  const found = await getSessionUser(app, request);
  if (found) return found;
  throw signInRedirect(request);
}
