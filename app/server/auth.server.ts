import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { redirect } from "react-router";
import type { AppContext } from "~/context";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth";
import { account, session, user, verification } from "~db/schema";
import { ACCOUNT_LINK_SECONDS, accountMail } from "./account-mail.server";
import { hashPassword, verifyPassword } from "./password.server";

export function createAuth({ env, db }: Pick<AppContext, "env" | "db">, request: Request) {
  const origin = new URL(request.url).origin;
  const mail = accountMail(db);
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
      sendResetPassword: mail.sendResetPassword,
      resetPasswordTokenExpiresIn: ACCOUNT_LINK_SECONDS,
      // A reset means the password may be known to someone else: every device signs in again.
      revokeSessionsOnPasswordReset: true,
    },
    // Only for a change of address: the link goes to the new one and the change waits for it.
    emailVerification: { sendVerificationEmail: mail.sendVerificationEmail, expiresIn: ACCOUNT_LINK_SECONDS },
    user: { changeEmail: { enabled: true } },
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

/**
 * Sent with every sign-out: the browser drops the service worker, its kept pages and the offline
 * capture queue, so nothing of this account is readable on the device by whoever signs in next.
 */
export const CLEAR_SITE_DATA = '"cache", "storage"';
export type SessionUser = { id: string; name: string; email: string };

export async function getSessionUser(
  app: Pick<AppContext, "env" | "db">,
  request: Request,
): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes("session_token")) return null;
  const result = await createAuth(app, request).api.getSession({ headers: request.headers });
  if (!result) return null;
  return { id: result.user.id, name: result.user.name, email: result.user.email };
}

/** A same-site path to go back to after signing in; anything else falls back. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** For private routes: the signed-in user, or a redirect to sign-in that comes back here. */
export async function requireUser(app: Pick<AppContext, "env" | "db">, request: Request): Promise<SessionUser> {
  const found = await getSessionUser(app, request);
  if (found) return found;
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
