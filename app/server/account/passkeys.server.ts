import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, freshSessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { and, asc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { passkeyNameField } from "~/lib/account/forms";
import { base64url, fromBase64url } from "~/lib/text/base64url";
import { passkey, session, user as userTable, verification } from "~db/schema";
import type { Database } from "../db/db.server";
import { SSO_ONLY, ssoOnlySql } from "./sso.server";

/**
 * @simplewebauthn with its certificate parsers (asn1, x509: a third of the session chunk), imported when a
 * passkey ceremony first runs, not with the session every signed-in request loads (decision 0273); keys are
 * stored as unpadded base64url, as its helpers wrote them.
 */
const webauthn = () => import("@simplewebauthn/server");

/** A user handle the browser sent, as text; one that is not base64url names nobody. */
function handleText(handle: string): string | null {
  try {
    return new TextDecoder().decode(fromBase64url(handle));
  } catch {
    return null;
  }
}

/** What the sign-in page says when a passkey does not open an account (unknown, another site's, forged). */
export const PASSKEY_REFUSED = "That passkey did not sign you in. Try again, or sign in with your password.";
/** What Settings says when adding a passkey could not be checked. */
export const PASSKEY_NOT_ADDED = "That passkey could not be added. Please try again.";

/** A ceremony's challenge lives five minutes, in a verification row named by a signed cookie; used once. */
const CHALLENGE_SECONDS = 300;
const CHALLENGE_COOKIE = "passkey_challenge";

type Ceremony =
  | { type: "registration"; challenge: string; userId: string }
  | { type: "authentication"; challenge: string };

type EndpointContext = Parameters<typeof setSessionCookie>[0];

/** A browser's credential as JSON: only its shape here; @simplewebauthn checks every byte. */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(4000) }),
});

/**
 * Passkeys (decision 0213) as better-auth endpoints, so a passkey sign-in makes the same session and cookie
 * as a password one. The relying party is this request's host and the origin this request's origin: never
 * what the client sends, so an assertion made for another site is refused.
 */
export function passkeys(db: Database, origin: string): BetterAuthPlugin {
  const rpID = new URL(origin).hostname;

  async function saveChallenge(ctx: EndpointContext, value: Ceremony): Promise<void> {
    const token = crypto.randomUUID();
    const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
    await ctx.setSignedCookie(cookie.name, token, ctx.context.secret, {
      ...cookie.attributes,
      maxAge: CHALLENGE_SECONDS,
    });
    await ctx.context.internalAdapter.createVerificationValue({
      identifier: `passkey:${token}`,
      value: JSON.stringify(value),
      expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    });
  }

  /** The challenge this browser was given, taken once by one delete (a second answer to it finds nothing). */
  async function takeChallenge(ctx: EndpointContext): Promise<Ceremony | null> {
    const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
    const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!token) return null;
    const [row] = await db
      .delete(verification)
      .where(and(eq(verification.identifier, `passkey:${token}`), gt(verification.expiresAt, new Date())))
      .returning({ value: verification.value });
    return row ? (JSON.parse(row.value) as Ceremony) : null;
  }

  return {
    id: "knowwho-passkeys",
    endpoints: {
      passkeyRegisterOptions: createAuthEndpoint(
        "/passkey/register-options",
        { method: "GET", use: [freshSessionMiddleware] },
        async (ctx) => {
          const user = ctx.context.session.user;
          const own = await db
            .select({ id: passkey.credentialId, transports: passkey.transports })
            .from(passkey)
            .where(eq(passkey.userId, user.id));
          const { generateRegistrationOptions } = await webauthn();
          const options = await generateRegistrationOptions({
            rpName: "KnowWho",
            rpID,
            // One handle per account: registering again on the same authenticator replaces its passkey there.
            userID: new TextEncoder().encode(user.id),
            userName: user.email,
            userDisplayName: user.name,
            attestationType: "none",
            excludeCredentials: own.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
            authenticatorSelection: { residentKey: "required", userVerification: "required" },
          });
          await saveChallenge(ctx, { type: "registration", challenge: options.challenge, userId: user.id });
          return ctx.json(options);
        },
      ),
      passkeyRegister: createAuthEndpoint(
        "/passkey/register",
        {
          method: "POST",
          use: [freshSessionMiddleware],
          body: z.object({ response: credentialJson, name: z.unknown().optional() }),
        },
        async (ctx) => {
          const name = passkeyNameField.safeParse(ctx.body.name ?? "");
          if (!name.success) throw new APIError("BAD_REQUEST", { message: name.error.issues[0]?.message });
          const ceremony = await takeChallenge(ctx);
          const userId = ctx.context.session.user.id;
          if (ceremony?.type !== "registration" || ceremony.userId !== userId)
            throw new APIError("BAD_REQUEST", { message: PASSKEY_NOT_ADDED, code: "CHALLENGE_NOT_FOUND" });
          const { verifyRegistrationResponse } = await webauthn();
          const verification = await verifyRegistrationResponse({
            response: ctx.body.response as unknown as RegistrationResponseJSON,
            expectedChallenge: ceremony.challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            requireUserVerification: true,
          }).catch(() => null);
          const info = verification?.verified ? verification.registrationInfo : undefined;
          if (!info) throw new APIError("BAD_REQUEST", { message: PASSKEY_NOT_ADDED, code: "NOT_VERIFIED" });
          // The unique credential id: the same authenticator's key is never bound to two accounts.
          const [created] = await db
            .insert(passkey)
            .values({
              id: crypto.randomUUID(),
              userId,
              name: name.data || "Passkey",
              credentialId: info.credential.id,
              publicKey: base64url(info.credential.publicKey),
              counter: info.credential.counter,
              transports: (info.credential.transports ?? []).join(","),
              deviceType: info.credentialDeviceType,
              backedUp: info.credentialBackedUp,
            })
            .onConflictDoNothing()
            .returning({ id: passkey.id, name: passkey.name });
          if (!created)
            throw new APIError("BAD_REQUEST", { message: "That passkey is already added.", code: "DUPLICATE" });
          return ctx.json(created);
        },
      ),
      passkeySignInOptions: createAuthEndpoint("/passkey/sign-in-options", { method: "GET" }, async (ctx) => {
        // No account is named: the authenticator offers the passkeys it holds for this site (discoverable).
        const { generateAuthenticationOptions } = await webauthn();
        const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
        await saveChallenge(ctx, { type: "authentication", challenge: options.challenge });
        return ctx.json(options);
      }),
      passkeySignIn: createAuthEndpoint(
        "/passkey/sign-in",
        { method: "POST", body: z.object({ response: credentialJson }) },
        async (ctx) => {
          const refused = () => new APIError("UNAUTHORIZED", { message: PASSKEY_REFUSED, code: "PASSKEY_REFUSED" });
          const ceremony = await takeChallenge(ctx);
          if (ceremony?.type !== "authentication") throw refused();
          const response = ctx.body.response as unknown as AuthenticationResponseJSON;
          // The key, its account and whether the account's team signs in by SSO only, in one read.
          const found = await db
            .select({ key: passkey, user: userTable, ssoOnly: ssoOnlySql(userTable.email) })
            .from(passkey)
            .innerJoin(userTable, eq(userTable.id, passkey.userId))
            .where(eq(passkey.credentialId, response.id))
            .get();
          if (!found) throw refused();
          const { key } = found;
          const { verifyAuthenticationResponse } = await webauthn();
          const verification = await verifyAuthenticationResponse({
            response,
            expectedChallenge: ceremony.challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            requireUserVerification: true,
            credential: {
              id: key.credentialId,
              publicKey: fromBase64url(key.publicKey),
              counter: key.counter,
              transports: transportsOf(key.transports),
            },
          }).catch(() => null);
          // The user handle, when the authenticator sends one, must be this passkey's account's.
          const handle = response.response.userHandle;
          const handleOk = !handle || handleText(handle) === key.userId;
          if (!verification?.verified || !handleOk) throw refused();
          // @simplewebauthn refused a counter that went back (a cloned key); the update takes it only if no
          // other sign-in moved it meanwhile.
          const moved = await db
            .update(passkey)
            .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
            .where(and(eq(passkey.id, key.id), eq(passkey.counter, key.counter)))
            .returning({ id: passkey.id });
          if (moved.length === 0) throw refused();
          if (found.ssoOnly) throw new APIError("FORBIDDEN", { message: SSO_ONLY, code: "SSO_ONLY" });
          // Opened with its passkey named, so removing the passkey ends it (removePasskey).
          const opened = await ctx.context.internalAdapter.createSession(key.userId, false, { passkeyId: key.id });
          if (!opened) throw refused();
          await setSessionCookie(ctx, { session: opened, user: found.user });
          return ctx.json({ user: { id: found.user.id } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

const TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);
type Transport = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb";
const transportsOf = (stored: string): Transport[] =>
  stored.split(",").filter((t): t is Transport => TRANSPORTS.has(t));

/** The account's passkeys for Settings → Account, oldest first. */
export function listPasskeys(db: Database, userId: string) {
  return db
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt), asc(passkey.id));
}

/** Renames one of the account's own passkeys; false when it is not theirs (or gone). */
export async function renamePasskey(db: Database, userId: string, id: string, name: string): Promise<boolean> {
  const done = await db
    .update(passkey)
    .set({ name })
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning({ id: passkey.id });
  return done.length > 0;
}

/**
 * Removes one of the account's own passkeys, and with it (by the database) every session it signed in, except
 * the one removing it. One batch: the current session is kept before the delete reaches it.
 */
export async function removePasskey(db: Database, userId: string, id: string, currentToken: string | null) {
  const [, removed] = await db.batch([
    db
      .update(session)
      .set({ passkeyId: null })
      .where(and(eq(session.token, currentToken ?? ""), eq(session.passkeyId, id), eq(session.userId, userId))),
    db
      .delete(passkey)
      .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
      .returning({ id: passkey.id }),
  ]);
  return removed.length > 0;
}
