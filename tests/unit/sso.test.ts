import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, importJWK, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discover, SSO_REFUSED, verifyIdToken } from "~/server/account/sso.server";
import { dohResolver, txtText } from "~/server/platform/dns.server";
import { type LocalProvider, startProvider } from "../support/oidc-provider.mjs";

/**
 * The id token checks against a real OpenID provider on loopback: its discovery document and published keys
 * are fetched as in production; each forged token is otherwise good, with one thing wrong.
 */
describe("an id token", () => {
  let provider: LocalProvider;
  beforeAll(async () => {
    provider = await startProvider(["http://127.0.0.1:1/auth/sso/callback"]);
  });
  afterAll(() => provider.stop());

  const sign = async (claims: JWTPayload, key?: CryptoKey, kid = "test-key") =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid })
      .sign(key ?? ((await importJWK(provider.signingKey, "RS256")) as CryptoKey));
  const now = () => Math.floor(Date.now() / 1000);
  const good = () => ({
    iss: provider.issuer,
    aud: provider.clientId,
    sub: "sam@acme.test",
    email: "sam@acme.test",
    nonce: "the-nonce",
    iat: now(),
    exp: now() + 300,
  });

  it("signed by the provider for this client with its nonce is taken", async () => {
    const { as } = await discover(provider.issuer, "development");
    expect(as.issuer).toBe(provider.issuer);
    const claims = await verifyIdToken(as, provider.clientId, await sign(good()), "the-nonce");
    expect(claims.email).toBe("sam@acme.test");
  });

  it.each([
    ["from another issuer", { iss: "https://login.example.net" }],
    ["for another audience", { aud: "someone-else" }],
    ["with another nonce", { nonce: "not-the-nonce" }],
    ["expired", { iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 600 }],
  ])("%s is refused", async (_name, change) => {
    const { as } = await discover(provider.issuer, "development");
    await expect(
      verifyIdToken(as, provider.clientId, await sign({ ...good(), ...change }), "the-nonce"),
    ).rejects.toThrow(SSO_REFUSED.token);
  });

  it("signed by a key the provider does not publish is refused, even under the provider's key id", async () => {
    const { as } = await discover(provider.issuer, "development");
    const { privateKey } = await generateKeyPair("RS256");
    await expect(verifyIdToken(as, provider.clientId, await sign(good(), privateKey), "the-nonce")).rejects.toThrow(
      SSO_REFUSED.token,
    );
    // Not a token at all, and one with no signature.
    await expect(verifyIdToken(as, provider.clientId, "not.a.token", "the-nonce")).rejects.toThrow(SSO_REFUSED.token);
    const [head, body] = (await sign(good())).split(".");
    await expect(verifyIdToken(as, provider.clientId, `${head}.${body}.`, "the-nonce")).rejects.toThrow(
      SSO_REFUSED.token,
    );
  });

  it("from a provider that is down, or whose discovery names another issuer, is never asked for", async () => {
    await provider.stop();
    await expect(discover(provider.issuer, "development")).rejects.toThrow(SSO_REFUSED.provider);
    provider = await startProvider(["http://127.0.0.1:1/auth/sso/callback"]);
    // Plain http is for a provider on this machine outside production only.
    await expect(discover(provider.issuer, "production")).rejects.toThrow(SSO_REFUSED.provider);
    await expect(discover(`${provider.issuer}/other`, "development")).rejects.toThrow(SSO_REFUSED.provider);
  });
});

/**
 * The provider's published keys are kept between sign-ins, and read again when a token names a key id they lack:
 * a provider that rotated its signing key is followed at once, and an unknown key id is still refused.
 */
describe("the provider's published keys", () => {
  let server: Server;
  let published: object[] = [];
  let reads = 0;
  let uri = "";
  beforeAll(async () => {
    server = createServer((_req, res) => {
      reads++;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    uri = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/jwks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const keyPair = async (kid: string) => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
  };
  const issuer = "https://id.example.test";
  const token = (key: { privateKey: CryptoKey; kid: string }) =>
    new SignJWT({ sub: "sam", email: "sam@acme.test", nonce: "n" })
      .setProtectedHeader({ alg: "RS256", kid: key.kid })
      .setIssuer(issuer)
      .setAudience("client")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key.privateKey);

  it("are read once for many sign-ins, and again for a key id they lack", async () => {
    const as = { issuer, jwks_uri: uri };
    const first = await keyPair("first");
    published = [first.jwk];
    reads = 0;
    expect((await verifyIdToken(as, "client", await token(first), "n")).sub).toBe("sam");
    expect((await verifyIdToken(as, "client", await token(first), "n")).sub).toBe("sam");
    expect(reads).toBe(1);

    // The provider rotates: the new key id is not among the kept keys, so they are read again and the token taken.
    const second = await keyPair("second");
    published = [second.jwk];
    expect((await verifyIdToken(as, "client", await token(second), "n")).sub).toBe("sam");
    expect(reads).toBe(2);
    expect((await verifyIdToken(as, "client", await token(second), "n")).sub).toBe("sam");
    expect(reads).toBe(2);

    // A key id the provider never published: read once more, still refused.
    const stranger = await keyPair("stranger");
    await expect(verifyIdToken(as, "client", await token(stranger), "n")).rejects.toThrow(SSO_REFUSED.token);
    expect(reads).toBe(3);
    // The provider's own key id on a key it does not hold: the kept key checks the signature, and refuses it.
    const forged = { ...(await keyPair("second")), kid: "second" };
    await expect(verifyIdToken(as, "client", await token(forged), "n")).rejects.toThrow(SSO_REFUSED.token);
  });
});

/** The DNS-over-HTTPS adapter against a local server answering as Cloudflare's JSON API does. */
describe("the DNS TXT adapter", () => {
  let server: Server;
  let endpoint = "";
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      asked.push(`${url.searchParams.get("name")} ${url.searchParams.get("type")} ${req.headers.accept}`);
      const name = url.searchParams.get("name");
      if (name === "_knowwho.broken.test") {
        res.writeHead(500).end();
        return;
      }
      const body =
        name === "_knowwho.acme.test"
          ? {
              Status: 0,
              Answer: [
                { name, type: 5, TTL: 300, data: "alias.acme.test." },
                { name, type: 16, TTL: 300, data: '"knowwho-verification=abc" "def"' },
                { name, type: 16, TTL: 300, data: '"v=spf1 -all"' },
              ],
            }
          : name === "_knowwho.servfail.test"
            ? { Status: 2 }
            : { Status: 3 };
      res.writeHead(200, { "content-type": "application/dns-json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    endpoint = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/dns-query`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the TXT records of a name, joining each record's strings", async () => {
    const resolve = dohResolver(endpoint);
    expect(await resolve("_knowwho.acme.test")).toEqual(["knowwho-verification=abcdef", "v=spf1 -all"]);
    expect(asked.at(-1)).toBe("_knowwho.acme.test TXT application/dns-json");
  });

  it("answers no records for a name that does not exist, and null when the resolver fails", async () => {
    const resolve = dohResolver(endpoint);
    expect(await resolve("_knowwho.nothing.test")).toEqual([]);
    expect(await resolve("_knowwho.servfail.test")).toBeNull();
    expect(await resolve("_knowwho.broken.test")).toBeNull();
    expect(await dohResolver("http://127.0.0.1:1/dns-query")("_knowwho.acme.test")).toBeNull();
  });

  it("reads escaped quotes inside a record", () => {
    expect(txtText('"say \\"hi\\"" "there"')).toBe('say "hi"there');
    expect(txtText("bare")).toBe("bare");
  });
});
