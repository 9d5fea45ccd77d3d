import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { stepOfCode } from "~/lib/account/totp";
import { twoFactor, user } from "~db/schema";
import { cardQrSvg } from "../cards/qr.server";
import type { Database } from "../db/db.server";

/** What a code already used is answered with. */
export const CODE_USED = "That code was already used. Wait for the next code in your authenticator app.";

/**
 * After better-auth accepted an authenticator code: the code's time step is claimed for the account by one
 * conditional update, so the same code (or an older one) is refused for the rest of its window (RFC 6238
 * §5.2), however many requests race with it. A refused code's new session is removed before the answer.
 */
export const codeOnce = (db: Database) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/two-factor/verify-totp" || isAPIError(ctx.context.returned)) return;
    const opened = ctx.context.newSession;
    const userId = opened?.user.id ?? ctx.context.session?.user.id;
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (!userId || typeof code !== "string") return;
    const row = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).get();
    if (!row) return;
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
    const step = await stepOfCode(new TextEncoder().encode(secret) as Uint8Array<ArrayBuffer>, code, Date.now());
    if (step === null) return;
    const claimed = await db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
      .returning({ id: twoFactor.id });
    if (claimed.length > 0) return;
    if (opened) await ctx.context.internalAdapter.deleteSession(opened.session.token);
    throw new APIError("BAD_REQUEST", { message: CODE_USED, code: "CODE_ALREADY_USED" });
  });

/** Whether the account asks for an authenticator code at sign-in. */
export async function twoFactorOn(db: Database, userId: string): Promise<boolean> {
  const row = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).get();
  return row?.on ?? false;
}

/** What the setup shows: the QR of the otpauth URI, its key typed by hand, and the recovery codes. */
export async function setupShown(uri: string, backupCodes: string[]) {
  const parsed = URL.canParse(uri) ? new URL(uri) : null;
  const key = parsed?.protocol === "otpauth:" ? (parsed.searchParams.get("secret") ?? "") : "";
  if (!/^[A-Z2-7]{16,128}$/.test(key)) return null;
  return {
    uri,
    key: key.replace(/(.{4})/g, "$1 ").trim(),
    svg: await cardQrSvg(uri, 200),
    backupCodes: backupCodes.filter((c) => /^[A-Za-z0-9-]{4,40}$/.test(c)).slice(0, 20),
  };
}
