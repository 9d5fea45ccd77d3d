import { createServer } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/**
 * A real OpenID provider (the certified `oidc-provider`) on loopback, for the single sign-on tests and for trying
 * single sign-on locally (scripts/local-oidc-provider.mjs): one confidential client, accounts that are whatever
 * address is typed at its login page, and its signing key handed back so a test can forge tokens it never issued.
 * Types: oidc-provider.d.mts.
 */
export async function startProvider(redirectUris, wantedPort = 0) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  let handler = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise((resolve) => server.listen(wantedPort, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = `knowwho-${port}`;
  const clientSecret = `secret-${crypto.randomUUID()}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The login page's address is the account: its claims say it is that mailbox's owner.
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: "Sam Single" }),
    }),
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["local-provider-cookie-key"] },
  });
  // Plain http on loopback: the provider must not insist on https for its own cookies.
  provider.proxy = true;
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    signingKey,
    // Browsers keep connections open: closed with the server, so it stops at once, as a provider that went down.
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
