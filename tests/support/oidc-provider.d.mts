import type { JWK } from "jose";

export type LocalProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's private signing key, as a JWK (kid "test-key"). */
  signingKey: JWK;
  stop: () => Promise<void>;
};
export function startProvider(redirectUris: string[], port?: number): Promise<LocalProvider>;
