// The signed link to a donor's monthly gifts: names one donor (by email) and one owner, needs no account,
// and lives an hour, like a payment provider's portal session; a new one goes to the donor's address on request.
import { base64url, fromBase64url } from "~/lib/text/base64url";
import type { AppEnv } from "../platform/env.server";
import { purposeKey } from "../platform/tokens.server";

const encoder = new TextEncoder();
// Derived for this one purpose, so no other signed value of ours can stand in for a donor's link.
const keyFor = (env: Pick<AppEnv, "AUTH_SECRET">) => purposeKey(env, "donor-gifts");

/** How long a manage link opens the donor's gifts. */
export const DONOR_LINK_LIFETIME_MS = 60 * 60_000;

type Env = Pick<AppEnv, "AUTH_SECRET" | "CACHE">;
const revokedKey = (ownerId: string, email: string) => `donor-links-revoked:${ownerId}:${email}`;

const sign = async (env: Pick<AppEnv, "AUTH_SECRET">, body: string) =>
  base64url(new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(env), encoder.encode(body))));

/** `<owner>.<donor email>.<issued, base 36>.<signature>`: one donor's gifts with one owner, for an hour. */
export async function donorToken(env: Pick<AppEnv, "AUTH_SECRET">, ownerId: string, email: string, now = Date.now()) {
  const body = `${base64url(encoder.encode(ownerId))}.${base64url(encoder.encode(email.trim().toLowerCase()))}.${now.toString(36)}`;
  return `${body}.${await sign(env, body)}`;
}

export type DonorLink =
  | { ok: true; ownerId: string; email: string }
  /** Signed by us but past its hour (or one of the first links, which had no time), or revoked by the donor. */
  | { ok: false; reason: "expired" | "revoked"; ownerId: string; email: string }
  /** Not a link we signed: cut off by a mail app, mistyped or forged. */
  | { ok: false; reason: "malformed" };

/** What a manage link says, checked: its signature (in constant time), its hour, and the donor's revocation. */
export async function readDonorToken(env: Env, token: string, now = Date.now()): Promise<DonorLink> {
  const m = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{1,400})(?:\.([0-9a-z]{1,12}))?\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: "malformed" };
  const [, owner = "", mail = "", issued, sig = ""] = m;
  const body = issued === undefined ? `${owner}.${mail}` : `${owner}.${mail}.${issued}`;
  try {
    const ok = await crypto.subtle.verify("HMAC", await keyFor(env), fromBase64url(sig), encoder.encode(body));
    if (!ok) return { ok: false, reason: "malformed" };
    const decode = (t: string) => new TextDecoder().decode(fromBase64url(t));
    const named = { ownerId: decode(owner), email: decode(mail) };
    const at = issued === undefined ? 0 : Number.parseInt(issued, 36);
    if (!(now - at < DONOR_LINK_LIFETIME_MS && at <= now + 60_000)) return { ok: false, reason: "expired", ...named };
    const revokedAt = Number(await env.CACHE.get(revokedKey(named.ownerId, named.email)));
    if (revokedAt && at <= revokedAt) return { ok: false, reason: "revoked", ...named };
    return { ok: true, ...named };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

/** Every link sent to this donor until now stops working (kept for as long as any of them could have lived). */
export async function revokeDonorLinks(env: Env, ownerId: string, email: string, now = Date.now()) {
  await env.CACHE.put(revokedKey(ownerId, email), String(now), {
    expirationTtl: Math.ceil((DONOR_LINK_LIFETIME_MS + 120_000) / 1000),
  });
}

export const donorGiftsPath = async (env: Pick<AppEnv, "AUTH_SECRET">, ownerId: string, email: string) =>
  `/fundraising/gifts/${await donorToken(env, ownerId, email)}`;
