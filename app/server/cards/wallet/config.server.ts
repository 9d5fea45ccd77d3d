import type { AppEnv } from "../../platform/env.server";
import type { ApplePassConfig } from "./apple-pass.server";
import type { GoogleWalletConfig } from "./google-wallet.server";

/** Apple Wallet settings, or null when the operator has not configured them (the button then stays hidden). */
export function appleWalletConfig(env: AppEnv): ApplePassConfig | null {
  const { APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT } = env;
  if (!APPLE_PASS_TYPE_ID || !APPLE_TEAM_ID || !APPLE_PASS_CERT || !APPLE_PASS_KEY || !APPLE_WWDR_CERT) return null;
  return {
    passTypeId: APPLE_PASS_TYPE_ID,
    teamId: APPLE_TEAM_ID,
    certificate: APPLE_PASS_CERT,
    privateKey: APPLE_PASS_KEY,
    wwdr: APPLE_WWDR_CERT,
  };
}

export function googleWalletConfig(env: AppEnv): GoogleWalletConfig | null {
  const { GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, GOOGLE_WALLET_PRIVATE_KEY } = env;
  if (!GOOGLE_WALLET_ISSUER_ID || !GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL || !GOOGLE_WALLET_PRIVATE_KEY) return null;
  return {
    issuerId: GOOGLE_WALLET_ISSUER_ID,
    serviceAccountEmail: GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
    privateKey: GOOGLE_WALLET_PRIVATE_KEY,
  };
}

export const walletsOffered = (env: AppEnv) => ({
  apple: appleWalletConfig(env) !== null,
  google: googleWalletConfig(env) !== null,
});
