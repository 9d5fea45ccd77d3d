import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { hex } from "~/lib/text/hex";
import { mailWebhookSecret, verifyProviderEvent } from "~/server/mailings/events.server";
import type { AppEnv } from "~/server/platform/env.server";

const AUTH_SECRET = "a-local-auth-secret-of-enough-length-0123456789";
const payload = JSON.stringify({ type: "email.delivered", data: { email_id: "re_1" } });

/** The provider's headers for `payload` signed with `secret`, as Resend sends them. */
function signed(secret: string): Headers {
  const id = `msg_${crypto.randomUUID()}`;
  // One instant for the header and the signature: read apart, a second could pass between them.
  const at = new Date();
  return new Headers({
    "svix-id": id,
    "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
    "svix-signature": new Webhook(secret).sign(id, at, payload),
  });
}

const verify = (env: Partial<AppEnv>, headers: Headers) =>
  verifyProviderEvent({ AUTH_SECRET, APP_ENV: "development", ...env } as AppEnv, headers, payload);

/** How the local secret was derived before it took a purpose key: an HMAC under the bare AUTH_SECRET. */
async function secretDerivedBefore(): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(AUTH_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("mailings:local-webhook"));
  return `whsec_${btoa(hex(mac).slice(0, 32))}`;
}

describe("the mail provider's webhook secret", () => {
  it("is the configured one wherever one is configured: the provider's signatures verify as before", async () => {
    const configured = "whsec_ZTJlLW1haWxpbmctd2ViaG9vay1zZWNyZXQtMDEyMw==";
    for (const APP_ENV of ["production", "development"] as const) {
      const env = { RESEND_WEBHOOK_SECRET: configured, APP_ENV };
      expect(await mailWebhookSecret({ AUTH_SECRET, ...env })).toBe(configured);
      expect(await verify(env, signed(configured))).toMatchObject({ type: "email.delivered" });
    }
  });

  it("is none in production without one, so nothing unsigned or self-signed is believed there", async () => {
    expect(await mailWebhookSecret({ AUTH_SECRET, APP_ENV: "production" })).toBeNull();
    const local = (await mailWebhookSecret({ AUTH_SECRET, APP_ENV: "development" })) ?? "";
    expect(await verify({ APP_ENV: "production" }, signed(local))).toBeNull();
  });

  it("outside production is derived under its own purpose key; a signature made with the old derivation is refused", async () => {
    const local = (await mailWebhookSecret({ AUTH_SECRET, APP_ENV: "development" })) ?? "";
    expect(local).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(await verify({}, signed(local))).toMatchObject({ type: "email.delivered" });
    // Only our own tests sign with the local secret (no provider sends where none is configured).
    const before = await secretDerivedBefore();
    expect(local).not.toBe(before);
    expect(await verify({}, signed(before))).toBeNull();
  });
});
