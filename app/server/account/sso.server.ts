import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, isNotNull, ne, type SQLWrapper, sql } from "drizzle-orm";
import { createLocalJWKSet, type JSONWebKeySet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { z } from "zod";
import { userNameSchema } from "~/lib/account/auth";
import { session, teamDomain, teamSso, user as userTable, verification } from "~db/schema";
import { trialIfMade } from "../billing/plans.server";
import type { Database } from "../db/db.server";
import { isUniqueViolation, writeBatch } from "../db/write.server";
import type { TxtResolver } from "../platform/dns.server";
import { randomToken } from "../platform/tokens.server";
import { joinThroughProvider } from "../teams/membership.server";

/**
 * Single sign-on for a team by OpenID Connect (decision 0214): the authorization code flow with PKCE, `state`
 * bound to the browser by a cookie and used once, `nonce` in the id token, and the id token's signature,
 * issuer, audience and expiry checked against the provider's discovery document and keys.
 */

/** The name of the TXT record that proves a domain, and what it must say. */
export const txtName = (domain: string) => `_knowwho.${domain}`;
export const txtValue = (token: string) => `knowwho-verification=${token}`;

/** Where a signed-out browser carries its SSO state (SameSite=Lax: the provider's redirect back is top-level). */
export const SSO_STATE_COOKIE = "kw_sso_state";
const STATE_SECONDS = 600;

/** Why a sign-in through the provider was refused, as the sign-in page says it. */
export const SSO_REFUSED = {
  state: "That sign-in link was already used or has expired. Start again from the sign-in page.",
  provider: "We could not reach your organisation's sign-in provider. Please try again in a minute.",
  token: "Your organisation's sign-in provider sent an answer we could not trust. Nothing was signed in.",
  domain: "That address is not on one of the team's confirmed domains.",
  denied: "Sign-in was cancelled at your organisation's provider.",
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSED;

/** Said where a password or passkey would open an account whose team signs in by SSO only. */
export const SSO_ONLY =
  "Your team signs in through its organisation's provider: enter your work email and press Sign in.";

export class SsoError extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(SSO_REFUSED[reason]);
  }
}

/** A domain as a team types it: lower case, at least two labels, letters, digits and hyphens. */
export const domainField = z
  .string({ error: "Enter a domain, like example.com" })
  .trim()
  .toLowerCase()
  .max(253, "Enter a domain, like example.com")
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, "Enter a domain, like example.com");

export const providerSchema = z.object({
  issuer: z
    .string({ error: "Enter the provider's issuer URL" })
    .trim()
    .max(500, "Enter the provider's issuer URL")
    .url("Enter the provider's issuer URL")
    .refine((v) => /^https?:\/\//.test(v), "Enter the provider's issuer URL"),
  clientId: z
    .string({ error: "Enter the client ID" })
    .trim()
    .min(1, "Enter the client ID")
    .max(500, "That client ID is too long"),
  clientSecret: z.string().trim().max(2000, "That client secret is too long").optional(),
  enforced: z.literal("on").optional(),
});

/** Plain http is taken only from a provider on this machine, outside production (a local provider to try it). */
function insecureAllowed(issuer: URL, appEnv: string): boolean {
  return appEnv !== "production" && ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
}

/** The team's domains, proved or waiting for their TXT record. */
export function teamDomains(db: Database, teamId: string) {
  return db
    .select({
      id: teamDomain.id,
      domain: teamDomain.domain,
      token: teamDomain.token,
      verifiedAt: teamDomain.verifiedAt,
    })
    .from(teamDomain)
    .where(eq(teamDomain.workspaceId, teamId))
    .orderBy(teamDomain.domain);
}

export type DomainResult = { ok: true; verified: boolean } | { ok: false; reason: "taken" | "exists" | "not-found" };

/**
 * Adds a domain to the team. An admin whose own confirmed address is on it proves it at once (a mailbox on the
 * domain); otherwise it waits for its TXT record. A domain another team proved is refused by the unique index.
 */
export async function addDomain(
  db: Database,
  teamId: string,
  domain: string,
  admin: { email: string; emailVerified: boolean },
): Promise<DomainResult> {
  const byMailbox = admin.emailVerified && admin.email.toLowerCase().endsWith(`@${domain}`);
  try {
    const rows = await db
      .insert(teamDomain)
      .values({
        id: crypto.randomUUID(),
        workspaceId: teamId,
        domain,
        token: randomToken(16),
        verifiedAt: byMailbox ? new Date() : null,
      })
      .onConflictDoNothing({ target: [teamDomain.workspaceId, teamDomain.domain] })
      .returning({ id: teamDomain.id });
    return rows.length > 0 ? { ok: true, verified: byMailbox } : { ok: false, reason: "exists" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

/** Looks for the domain's TXT record; proves the domain when it says this team's token. */
export async function verifyDomain(
  db: Database,
  resolve: TxtResolver,
  teamId: string,
  id: string,
): Promise<DomainResult | { ok: false; reason: "no-record" | "dns" }> {
  const row = await db
    .select()
    .from(teamDomain)
    .where(and(eq(teamDomain.id, id), eq(teamDomain.workspaceId, teamId)))
    .get();
  if (!row) return { ok: false, reason: "not-found" };
  if (row.verifiedAt) return { ok: true, verified: true };
  const records = await resolve(txtName(row.domain));
  if (records === null) return { ok: false, reason: "dns" };
  if (!records.includes(txtValue(row.token))) return { ok: false, reason: "no-record" };
  try {
    await db.update(teamDomain).set({ verifiedAt: new Date() }).where(eq(teamDomain.id, row.id));
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  return { ok: true, verified: true };
}

export async function removeDomain(db: Database, teamId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(teamDomain)
    .where(and(eq(teamDomain.id, id), eq(teamDomain.workspaceId, teamId)))
    .returning({ id: teamDomain.id });
  return rows.length > 0;
}

/** The team's provider as the settings page shows it: never the secret. */
export async function teamProvider(db: Database, teamId: string) {
  const row = await db.select().from(teamSso).where(eq(teamSso.workspaceId, teamId)).get();
  return row ? { issuer: row.issuer, clientId: row.clientId, enforced: row.enforced } : null;
}

/** Saves the team's provider; an empty secret keeps the one saved. False when a new provider has no secret. */
export async function saveProvider(
  db: Database,
  authSecret: string,
  teamId: string,
  value: z.output<typeof providerSchema>,
): Promise<boolean> {
  const secret = value.clientSecret ? await symmetricEncrypt({ key: authSecret, data: value.clientSecret }) : null;
  const fields = {
    issuer: value.issuer.replace(/\/$/, ""),
    clientId: value.clientId,
    enforced: value.enforced === "on",
  };
  if (secret) {
    await db
      .insert(teamSso)
      .values({ workspaceId: teamId, ...fields, clientSecret: secret })
      .onConflictDoUpdate({
        target: teamSso.workspaceId,
        set: { ...fields, clientSecret: secret, updatedAt: new Date() },
      });
    return true;
  }
  const rows = await db
    .update(teamSso)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(teamSso.workspaceId, teamId))
    .returning({ id: teamSso.workspaceId });
  return rows.length > 0;
}

/**
 * "SSO only" turned on: every session of an address on the team's proved domains that the team's provider did not
 * open (a password's, a passkey's) ends, but for the one making the change (decision 0242).
 */
export async function endSessionsOutsideSso(db: Database, teamId: string, keepToken: string | null) {
  await db
    .delete(session)
    .where(
      and(
        sql`${session.userId} in (select u.id from ${userTable} u join ${teamDomain} d on d.workspace_id = ${teamId} and d.verified_at is not null and substr(u.email, instr(u.email, '@') + 1) = d.domain)`,
        sql`${session.ssoWorkspaceId} is not ${teamId}`,
        ne(session.token, keepToken ?? ""),
      ),
    );
}

export async function removeProvider(db: Database, teamId: string): Promise<void> {
  await db.delete(teamSso).where(eq(teamSso.workspaceId, teamId));
}

/** The team whose proved domain the address is on and that has a provider, or null. */
export async function ssoForEmail(db: Database, email: string) {
  const domain = email.toLowerCase().split("@")[1];
  if (!domain) return null;
  const row = await db
    .select({
      teamId: teamSso.workspaceId,
      issuer: teamSso.issuer,
      clientId: teamSso.clientId,
      clientSecret: teamSso.clientSecret,
      enforced: teamSso.enforced,
    })
    .from(teamDomain)
    .innerJoin(teamSso, eq(teamSso.workspaceId, teamDomain.workspaceId))
    .where(and(eq(teamDomain.domain, domain), isNotNull(teamDomain.verifiedAt)))
    .get();
  return row ?? null;
}

// One read of an address's team provider per request: the sign-in page and better-auth's hook both ask.
const ssoReads = new WeakMap<Request, Map<string, ReturnType<typeof ssoForEmail>>>();

/** ssoForEmail, read once per request and address. */
export function ssoForRequest(db: Database, request: Request, email: string) {
  let reads = ssoReads.get(request);
  if (!reads) {
    reads = new Map();
    ssoReads.set(request, reads);
  }
  const key = email.trim().toLowerCase();
  let read = reads.get(key);
  if (!read) {
    read = ssoForEmail(db, key);
    reads.set(key, read);
  }
  return read;
}

/** Whether the address (an SQL value) is on a team's proved domain whose provider is the only way in, as SQL. */
export const ssoOnlySql = (email: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${teamDomain} d join ${teamSso} s on s.workspace_id = d.workspace_id
    where d.verified_at is not null and s.enforced = 1 and d.domain = lower(substr(${email}, instr(${email}, '@') + 1)))`
    .mapWith(Boolean)
    .as("sso_only");

/** How long this isolate keeps a provider's discovery document and published keys before reading them again. */
const PROVIDER_CACHE_MS = 10 * 60_000;
type Discovered = { as: oauth.AuthorizationServer; insecure: boolean };
// Plain values, never promises: a promise made in one request and awaited in another is not allowed in workerd.
const discovered = new Map<string, { at: number; found: Discovered }>();
// The key set as jose's local JWKS: it imports each key once, so a kept set verifies without importing again.
type KeySet = ReturnType<typeof createLocalJWKSet>;
const keySets = new Map<string, { at: number; keys: KeySet }>();

/** Keeps a value for PROVIDER_CACHE_MS; a map grown past a hundred providers starts again. */
function keep<T>(cache: Map<string, { at: number } & T>, key: string, value: { at: number } & T) {
  if (cache.size >= 100) cache.clear();
  cache.set(key, value);
}
const live = <T extends { at: number }>(entry: T | undefined, now = Date.now()) =>
  entry && now - entry.at < PROVIDER_CACHE_MS ? entry : undefined;

/**
 * The provider's metadata from its discovery document, whose issuer must be the one configured. Read from the
 * provider unless `cached` (the callback, moments after the start read it): the start is where a provider that is
 * down says so, before the browser is sent there.
 */
export async function discover(issuerUrl: string, appEnv: string, { cached = false } = {}): Promise<Discovered> {
  const issuer = new URL(issuerUrl);
  const insecure = insecureAllowed(issuer, appEnv);
  const key = `${insecure ? "insecure" : "secure"} ${issuer.href}`;
  const kept = cached ? live(discovered.get(key)) : undefined;
  if (kept) return kept.found;
  try {
    const res = await oauth.discoveryRequest(issuer, {
      [oauth.allowInsecureRequests]: insecure,
      signal: AbortSignal.timeout(8000),
    });
    const found = { as: await oauth.processDiscoveryResponse(issuer, res), insecure };
    keep(discovered, key, { at: Date.now(), found });
    return found;
  } catch {
    throw new SsoError("provider");
  }
}

/** The provider's published keys, kept unless `again`, and whether they were the kept ones. */
async function publishedKeys(uri: string, again: boolean): Promise<{ keys: KeySet; kept: boolean }> {
  const kept = again ? undefined : live(keySets.get(uri));
  if (kept) return { keys: kept.keys, kept: true };
  const res = await fetch(uri, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(8000) });
  const jwks = res.ok ? ((await res.json().catch(() => null)) as JSONWebKeySet | null) : null;
  if (!jwks || !Array.isArray(jwks.keys)) throw new SsoError("token");
  const keys = createLocalJWKSet(jwks);
  keep(keySets, uri, { at: Date.now(), keys });
  return { keys, kept: false };
}

type Pending = { teamId: string; verifier: string; nonce: string; redirectTo: string };

/**
 * The provider's authorization URL for this address, and the state to set as a cookie. The PKCE verifier and
 * nonce wait in the verification table under the state, used once.
 */
export async function startSso(
  db: Database,
  appEnv: string,
  origin: string,
  email: string,
  redirectTo: string,
): Promise<{ url: string; state: string } | null> {
  const sso = await ssoForEmail(db, email);
  if (!sso) return null;
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const pending: Pending = { teamId: sso.teamId, verifier, nonce, redirectTo };
  // The provider is read while the state is written: a state left by a provider that is down expires unused.
  const [{ as }] = await Promise.all([
    discover(sso.issuer, appEnv),
    db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: `sso:${state}`,
      value: JSON.stringify(pending),
      expiresAt: new Date(Date.now() + STATE_SECONDS * 1000),
    }),
  ]);
  if (!as.authorization_endpoint) throw new SsoError("provider");
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set("client_id", sso.clientId);
  url.searchParams.set("redirect_uri", callbackUrl(origin));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("login_hint", email);
  return { url: url.href, state };
}

export const callbackUrl = (origin: string) => `${origin}/auth/sso/callback`;
export const stateCookie = (state: string, secure: boolean) =>
  `${SSO_STATE_COOKIE}=${state}; Path=/auth/sso; Max-Age=${STATE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/**
 * Checks an id token against the provider: its signature by the provider's published keys, then issuer,
 * audience, expiry and nonce. Throws SsoError("token") for any of them.
 */
export async function verifyIdToken(
  as: Pick<oauth.AuthorizationServer, "issuer" | "jwks_uri">,
  clientId: string,
  idToken: string,
  nonce: string,
): Promise<JWTPayload> {
  const uri = as.jwks_uri;
  if (!uri) throw new SsoError("token");
  const options = {
    issuer: as.issuer,
    audience: clientId,
    algorithms: ["RS256", "PS256", "ES256", "EdDSA"],
    requiredClaims: ["exp", "iat", "sub", "nonce"],
    clockTolerance: 30,
  };
  try {
    const first = await publishedKeys(uri, false);
    // A key id the kept keys lack means the provider rotated its keys (OpenID Connect Core 10.1.1): read them again, once.
    const { payload } = await jwtVerify(idToken, first.keys, options).catch(async (error) => {
      if (!first.kept || !(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      return jwtVerify(idToken, (await publishedKeys(uri, true)).keys, options);
    });
    if (payload.nonce !== nonce) throw new SsoError("token");
    return payload;
  } catch {
    throw new SsoError("token");
  }
}

/**
 * The provider's redirect back: the state taken once (it must match the browser's cookie), the code exchanged
 * with the PKCE verifier, and the id token checked. The address must be on one of the team's proved domains.
 */
export async function finishSso(
  db: Database,
  authSecret: string,
  appEnv: string,
  origin: string,
  callback: URL,
  cookieState: string | null,
): Promise<{ teamId: string; email: string; name: string; redirectTo: string }> {
  const state = callback.searchParams.get("state") ?? "";
  if (!state || state !== cookieState) throw new SsoError("state");
  // The team's provider and proved domains read, then the state taken once, in one round trip.
  const identifier = `sso:${state}`;
  const stateTeam = sql`(select json_extract(${verification.value}, '$.teamId') from ${verification} where ${verification.identifier} = ${identifier})`;
  const [[config], proved, [taken]] = await db.batch([
    db.select().from(teamSso).where(sql`${teamSso.workspaceId} = ${stateTeam}`),
    db
      .select({ domain: teamDomain.domain })
      .from(teamDomain)
      .where(and(sql`${teamDomain.workspaceId} = ${stateTeam}`, isNotNull(teamDomain.verifiedAt))),
    db
      .delete(verification)
      .where(and(eq(verification.identifier, identifier), sql`${verification.expiresAt} > ${Date.now()}`))
      .returning({ value: verification.value }),
  ]);
  if (!taken) throw new SsoError("state");
  const pending = JSON.parse(taken.value) as Pending;
  if (!config || config.workspaceId !== pending.teamId) throw new SsoError("state");
  if (callback.searchParams.has("error")) throw new SsoError("denied");
  const { as, insecure } = await discover(config.issuer, appEnv, { cached: true });
  const client: oauth.Client = { client_id: config.clientId };
  const secret = await symmetricDecrypt({ key: authSecret, data: config.clientSecret });
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, callback.searchParams, state);
  } catch {
    throw new SsoError("token");
  }
  let idToken: string;
  let accessToken: string;
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(secret),
      params,
      callbackUrl(origin),
      pending.verifier,
      { [oauth.allowInsecureRequests]: insecure, signal: AbortSignal.timeout(8000) },
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: pending.nonce,
      requireIdToken: true,
    });
    idToken = result.id_token ?? "";
    accessToken = result.access_token;
  } catch (error) {
    throw error instanceof TypeError ? new SsoError("provider") : new SsoError("token");
  }
  const verified = await verifyIdToken(as, config.clientId, idToken, pending.nonce);
  // Providers that keep the address out of the id token give it at userinfo, for the same subject only.
  const claims: JWTPayload =
    typeof verified.email === "string"
      ? verified
      : { ...(await userInfo(as, client, accessToken, verified, insecure)), ...pick(verified) };
  const email = typeof claims.email === "string" ? claims.email.toLowerCase() : "";
  const domain = email.split("@")[1] ?? "";
  // The domains were read with the state, before the provider was asked: the team's, proved then.
  if (!proved.some((d) => d.domain === domain) || claims.email_verified === false) throw new SsoError("domain");
  const named = userNameSchema.safeParse(typeof claims.name === "string" ? claims.name : "");
  return {
    teamId: pending.teamId,
    email,
    name: named.success ? named.data : email.split("@")[0] || "Team member",
    redirectTo: pending.redirectTo,
  };
}

/** The id token's own subject, issuer and audience stay what the id token said. */
const pick = (claims: JWTPayload) => ({ sub: claims.sub, iss: claims.iss, aud: claims.aud });

async function userInfo(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  accessToken: string,
  verified: JWTPayload,
  insecure: boolean,
): Promise<JWTPayload> {
  try {
    const res = await oauth.userInfoRequest(as, client, accessToken, {
      [oauth.allowInsecureRequests]: insecure,
      signal: AbortSignal.timeout(8000),
    });
    return (await oauth.processUserInfoResponse(as, client, verified.sub ?? "", res)) as JWTPayload;
  } catch (error) {
    throw error instanceof TypeError ? new SsoError("provider") : new SsoError("token");
  }
}

/**
 * The session for an address the team's provider vouched for: the account is found or made (its address
 * proved by the provider), made a member of the team, and signed in there. Server only: no HTTP route.
 * `locale` is the request's language, the account's if this makes it (as sign-up's hook writes it).
 */
export function ssoSessions(db: Database, origin: string, locale: string) {
  return {
    id: "knowwho-sso",
    endpoints: {
      ssoSession: createAuthEndpoint(
        "/sso/session",
        {
          method: "POST",
          body: z.object({ teamId: z.string(), email: z.string(), name: z.string() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const { teamId, email, name } = ctx.body;
          const now = new Date();
          const id = ctx.context.generateId({ model: "user" }) || crypto.randomUUID();
          // The account found or made, its address proved, in one statement; a made one starts its trial, as
          // sign-up's hooks do (auth.server.ts). The name was checked by the same rule in finishSso.
          const [written] = await writeBatch(db, [
            db
              .insert(userTable)
              .values({ id, email, name, emailVerified: true, locale, createdAt: now, updatedAt: now })
              .onConflictDoUpdate({ target: userTable.email, set: { emailVerified: true } })
              .returning({ id: userTable.id, name: userTable.name, email: userTable.email }),
            trialIfMade(id, now),
          ]);
          const row = written?.results[0] as { id: string; name: string; email: string } | undefined;
          if (!row) throw new APIError("INTERNAL_SERVER_ERROR");
          // What the session cookie is set with (no cookie cache: only the id is read).
          const user = { ...row, emailVerified: true, image: null, createdAt: now, updatedAt: now };
          // The session opens in the team, marked as the provider's, while the member row is written beside it.
          const [opened] = await Promise.all([
            ctx.context.internalAdapter.createSession(user.id, false, {
              activeWorkspaceId: teamId,
              ssoWorkspaceId: teamId,
            }),
            joinThroughProvider(
              db,
              { workspaceId: teamId, email: user.email, name: user.name, actorId: user.id },
              origin,
              now,
            ),
          ]);
          if (!opened) throw new APIError("INTERNAL_SERVER_ERROR");
          await setSessionCookie(ctx, { session: opened, user });
          return ctx.json({ user: { id: user.id } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
