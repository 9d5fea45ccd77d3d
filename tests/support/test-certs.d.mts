export type TestWalletCredentials = {
  dir: string;
  apple: Record<
    "APPLE_PASS_TYPE_ID" | "APPLE_TEAM_ID" | "APPLE_PASS_CERT" | "APPLE_PASS_KEY" | "APPLE_WWDR_CERT",
    string
  >;
  google: Record<
    "GOOGLE_WALLET_ISSUER_ID" | "GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL" | "GOOGLE_WALLET_PRIVATE_KEY",
    string
  >;
  googlePublicKey: string;
  caPath: string;
};
export function makeTestWalletCredentials(dir?: string): TestWalletCredentials;
export function readTestWalletCredentials(dir: string): TestWalletCredentials;
