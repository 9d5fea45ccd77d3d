import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { and, eq, type SQLWrapper, sql } from "drizzle-orm";
import { redirect } from "react-router";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  SESSION_EXPIRES_S,
  SESSION_UPDATE_AGE_S,
  userNameSchema,
} from "~/lib/account/auth";
import { negotiateLocale } from "~/lib/i18n/locales";
import type { CurrentWorkspace } from "~/lib/teams/rules";
import {
  account,
  member,
  passkey,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
  workspace,
} from "~db/schema";
import { startTrialForNewAccount } from "../billing/plans.server";
import { compiled, type Slots } from "../db/compiled.server";
import type { Database } from "../db/db.server";
import type { AppEnv } from "../platform/env.server";
import { limitAuthAttempt } from "../platform/rate-limit.server";
import { ACCOUNT_LINK_SECONDS, accountMail } from "./account-mail.server";
import { passkeys } from "./passkeys.server";
import { hashPassword, verifyPassword } from "./password.server";
import { SSO_ONLY, ssoForRequest, ssoSessions } from "./sso.server";
import { codeOnce } from "./two-factor.server";

/** The parts of the request context sign-in reads (the context itself names SessionUser, so it is not imported here). */
type AuthContext = { env: AppEnv; db: Database };

/**
 * Endpoints that read or end a session, or change a signed-in account's profile, and the opening of a
 * signed confirmation link (nothing to guess: a crowd behind one venue address confirms at once); every
 * other one (sign-in, sign-up, password reset and whatever is added next) is an authentication attempt.
 */
const UNLIMITED_AUTH_PATHS = new Set([
  "/get-session",
  "/sign-out",
  "/ok",
  "/error",
  "/update-user",
  "/list-sessions",
  "/verify-email",
]);

export const TOO_MANY_AUTH_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

/** The name rule for every account write, whichever endpoint it comes through. */
function checkedName(name: unknown): string {
  const parsed = userNameSchema.safeParse(name);
  if (!parsed.success) throw new APIError("BAD_REQUEST", { message: parsed.error.issues[0]?.message });
  return parsed.data;
}

export function createAuth({ env, db }: AuthContext, request: Request) {
  const origin = new URL(request.url).origin;
  const { locale } = negotiateLocale(request);
  const mail = accountMail(db, locale);
  return betterAuth({
    appName: "KnowWho",
    baseURL: origin,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [origin],
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: { user, session, account, verification, twoFactor: twoFactorTable },
    }),
    // Two-step sign-in by authenticator codes (RFC 6238) with recovery codes; enabling waits for a first code.
    // Passkeys (decision 0213): WebAuthn by @simplewebauthn, for this origin only.
    // Single sign-on (decision 0214) opens its sessions through a server-only endpoint.
    plugins: [
      twoFactor({ issuer: "KnowWho", totpOptions: { period: 30, digits: 6 } }),
      passkeys(db, origin),
      ssoSessions(db, origin, locale),
    ],
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
    // Sign-up mails the link that proves the address (see proved-mailbox.server.ts); a change of address
    // sends it to the new one and waits for it.
    emailVerification: {
      sendVerificationEmail: mail.sendVerificationEmail,
      sendOnSignUp: true,
      expiresIn: ACCOUNT_LINK_SECONDS,
    },
    // The account's language (decision 0269): written at sign-up below, never taken from the client's body.
    user: {
      changeEmail: { enabled: true },
      additionalFields: { locale: { type: "string", required: false, input: false } },
    },
    session: {
      expiresIn: SESSION_EXPIRES_S,
      updateAge: SESSION_UPDATE_AGE_S,
      // Written by the server only: a passkey's and a team provider's sessions are opened with them (one insert).
      additionalFields: {
        country: { type: "string", required: false, input: false },
        passkeyId: { type: "string", required: false, input: false },
        activeWorkspaceId: { type: "string", required: false, input: false },
        ssoWorkspaceId: { type: "string", required: false, input: false },
      },
    },
    // Attempts are limited by the Worker's rate-limit bindings (they hold across isolates), in the
    // before hook below, which runs for the HTTP endpoints under /api/auth and for auth.api calls alike.
    rateLimit: { enabled: false },
    hooks: {
      after: codeOnce(db),
      before: createAuthMiddleware(async (ctx) => {
        if (UNLIMITED_AUTH_PATHS.has(ctx.path)) return;
        const body = (ctx.body ?? {}) as { email?: unknown };
        const verdict = await limitAuthAttempt(
          env,
          ctx.headers ?? request.headers,
          typeof body.email === "string" ? body.email : null,
        );
        if (!verdict.ok) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { message: TOO_MANY_AUTH_ATTEMPTS },
            { "Retry-After": String(verdict.retryAfter) },
          );
        }
        // A team that made SSO the only way in: its addresses sign in at its provider, not by password.
        if (
          ctx.path === "/sign-in/email" &&
          typeof body.email === "string" &&
          (await ssoForRequest(db, request, body.email))?.enforced
        )
          throw new APIError("FORBIDDEN", { message: SSO_ONLY, code: "SSO_ONLY" });
      }),
    },
    databaseHooks: {
      // Where the session began, as the edge saw it, for the devices list; never what the client claims.
      session: { create: { before: async (data) => ({ data: { ...data, country: edgeCountry(request) } }) } },
      user: {
        create: {
          // The sign-up page's language becomes the account's: its mails are written in it (decision 0269).
          before: async (data) => ({
            data: { ...data, name: checkedName(data.name), locale },
          }),
          // Every new account starts the 7-day Card Pro trial, whichever endpoint created it.
          after: async (created) => startTrialForNewAccount(db, created.id),
        },
        update: {
          before: async (data) => ("name" in data ? { data: { ...data, name: checkedName(data.name) } } : undefined),
        },
      },
    },
    advanced: {
      useSecureCookies: env.APP_ENV === "production",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The two-letter country Cloudflare's edge put on the request, or null (local runs, unknown). */
function edgeCountry(request: Request): string | null {
  const country = (request as { cf?: { country?: unknown } }).cf?.country;
  return typeof country === "string" && /^[A-Z][A-Z0-9]$/.test(country) ? country : null;
}

/**
 * An auth.api call as a Response: a refusal from a hook (rate limit, name rule) is thrown by direct
 * calls instead of answered, so it becomes the same status and headers the HTTP endpoint would send.
 */
export async function asAuthResponse(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const headers = new Headers(error.headers);
    const code = (error.body as { code?: unknown } | undefined)?.code;
    return Response.json({ message: error.message, code }, { status: error.statusCode, headers });
  }
}

/**
 * Sent with every sign-out: the browser drops the service worker, its kept pages and the offline
 * capture queue, so nothing of this account is readable on the device by whoever signs in next.
 */
export const CLEAR_SITE_DATA = '"cache", "storage"';
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  workspace: CurrentWorkspace;
};

// One session read per request, however many loaders, middleware and actions ask for it.
// Keyed by the Request: the session is a function of its cookie, and the entry goes with it.
const sessionReads = new WeakMap<Request, Promise<SessionUser | null>>();

// One imported HMAC key per secret per isolate: importing it is most of a signature check's cost.
const hmacKeys = new Map<string, Promise<CryptoKey>>();
const hmacKey = (secret: string) => {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "verify",
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
};

/** The token of better-auth's signed session cookie ("<token>.<base64 HMAC-SHA256>"), or null when forged. */
export async function signedSessionToken(cookieHeader: string, name: string, secret: string): Promise<string | null> {
  let raw: string | undefined;
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      raw = part.slice(at + 1).trim();
      break;
    }
  }
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (dot < 1 || signature.length !== 44 || !/^[\w-]{8,200}$/.test(token)) return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  const ok = await crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, new TextEncoder().encode(token));
  return ok ? token : null;
}

/** The request's session token when its cookie's signature holds, else null (no cookie, forged, malformed). */
export async function sessionToken(app: Pick<AuthContext, "env">, request: Request): Promise<string | null> {
  const cookies = request.headers.get("cookie");
  if (!cookies?.includes("session_token")) return null;
  const name = `${app.env.APP_ENV === "production" ? "__Secure-" : ""}better-auth.session_token`;
  return signedSessionToken(cookies, name, app.env.AUTH_SECRET);
}

/** The session behind `token` and its user. */
const sessionUserQuery = (db: Database, token: string | SQLWrapper) =>
  db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      expiresAt: session.expiresAt,
      // The session's team, only while its user is still a member: a removed member is back home at once.
      teamId: member.workspaceId,
      teamRole: member.role,
      // Named apart from user.name: D1's batch answers rows keyed by column name.
      team: sql<string | null>`${workspace.name}`.as("team_name"),
      // The team wants a second factor and the account has none yet (decision 0242).
      secondFactorDue:
        sql<number>`(${workspace.requireSecondFactor} = 1 and ${user.twoFactorEnabled} = 0 and not exists (select 1 from ${passkey} where ${passkey.userId} = ${user.id}))`.as(
          "second_factor_due",
        ),
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(member, and(eq(member.workspaceId, session.activeWorkspaceId), eq(member.userId, session.userId)))
    .leftJoin(workspace, eq(workspace.id, member.workspaceId))
    .where(eq(session.token, token))
    .limit(1);

/** The session read, built once per isolate: awaited alone, or first in the signed-in area's batch. */
export const sessionRead = compiled((db, slot: Slots<"token">) => sessionUserQuery(db, slot.token));

/**
 * The signed-in user from the session read: revoked or expired sessions are gone from that read at once, as
 * with better-auth's own. A session due for better-auth's daily refresh goes through better-auth, which writes.
 */
export async function sessionUserFrom(
  app: AuthContext,
  request: Request,
  [row]: Awaited<ReturnType<typeof sessionRead>>,
  now: number,
): Promise<SessionUser | null> {
  if (!row) return null;
  if (row.expiresAt.getTime() <= now) return null;
  const workspace: CurrentWorkspace =
    row.teamId && row.teamRole
      ? {
          id: row.teamId,
          role: row.teamRole,
          team: row.team,
          ...(row.secondFactorDue ? { secondFactorDue: true } : {}),
        }
      : personal(row.id);
  const due = row.expiresAt.getTime() - SESSION_EXPIRES_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now;
  if (!due) return { id: row.id, name: row.name, email: row.email, emailVerified: row.emailVerified, workspace };
  return readThroughBetterAuth(app, request, workspace);
}

async function readThroughBetterAuth(
  app: AuthContext,
  request: Request,
  workspace: CurrentWorkspace,
): Promise<SessionUser | null> {
  const result = await createAuth(app, request).api.getSession({ headers: request.headers });
  if (!result) return null;
  return {
    id: result.user.id,
    name: result.user.name,
    email: result.user.email,
    emailVerified: result.user.emailVerified,
    // The session read that found this session also found its workspace; the refresh changes neither.
    workspace,
  };
}

/** An account's own workspace: its id is the user's (decision 0200). */
export const personal = (userId: string): CurrentWorkspace => ({ id: userId, role: "owner", team: null });

/** The signed-in user in one D1 read: the cookie's signature checked here, the session and its user read together. */
async function readSessionUser(app: AuthContext, request: Request): Promise<SessionUser | null> {
  const token = await sessionToken(app, request);
  if (!token) return null;
  return sessionUserFrom(app, request, await sessionRead(app.db, { token }), Date.now());
}

/**
 * The request's signed-in user, read once however many loaders, middleware and actions ask. The first to ask
 * may bring its own `read` (the signed-in area reads the session in the same round trip as the shell's reads).
 */
export function getSessionUser(
  app: AuthContext,
  request: Request,
  read: () => Promise<SessionUser | null> = () => readSessionUser(app, request),
): Promise<SessionUser | null> {
  let found = sessionReads.get(request);
  if (!found) {
    found = read();
    sessionReads.set(request, found);
  }
  return found;
}

/** Where an anonymous visitor goes to sign in and come back to this page. */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
