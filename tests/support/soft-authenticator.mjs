/**
 * A software authenticator (an ES256 key held here) that answers a site's WebAuthn ceremonies as a phone would,
 * byte for byte: the passkey tests meet the server's checks with real signatures, and the bench signs in with it.
 * `origin` and `rpId` are the site's; each ceremony may name others (a look-alike site). Types: soft-authenticator.d.mts.
 * No dependency: it runs in workerd (the passkey tests) and in Node (the bench) alike.
 */
export class SoftAuthenticator {
  credentialId = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  constructor(keys, site) {
    this.keys = keys;
    this.site = site;
  }
  static async make(site) {
    const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
    return new SoftAuthenticator(keys, site);
  }
  get id() {
    return b64url(this.credentialId);
  }

  async register(challenge, { origin = this.site.origin, rpId = this.site.rpId } = {}) {
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const cose = cbor(
      new Map([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, unb64url(jwk.x ?? "")],
        [-3, unb64url(jwk.y ?? "")],
      ]),
    );
    const idLength = new Uint8Array([0, this.credentialId.length]);
    const authData = concat(
      await sha256(rpId),
      new Uint8Array([0x45]),
      u32(0),
      new Uint8Array(16),
      idLength,
      this.credentialId,
      cose,
    );
    const attestationObject = cbor(
      new Map([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData("webauthn.create", challenge, origin),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  async assert(challenge, { origin = this.site.origin, rpId = this.site.rpId, userHandle, id = this.id } = {}) {
    this.counter += 1;
    const authData = concat(await sha256(rpId), new Uint8Array([0x05]), u32(this.counter));
    const clientDataJSON = clientData("webauthn.get", challenge, origin);
    const signed = concat(authData, new Uint8Array(await crypto.subtle.digest("SHA-256", unb64url(clientDataJSON))));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id,
      rawId: id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(der(raw)),
        ...(userHandle ? { userHandle: b64urlText(userHandle) } : {}),
      },
    };
  }
}

const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u32 = (n) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const sha256 = async (text) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
const clientData = (type, challenge, origin) =>
  b64urlText(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
/** WebCrypto signs ECDSA as r||s; WebAuthn carries it DER-encoded. */
function der(raw) {
  const int = (b) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.slice(i);
    return (v[0] ?? 0) & 0x80 ? concat(new Uint8Array([0]), v) : v;
  };
  const r = int(raw.slice(0, 32));
  const s = int(raw.slice(32));
  const body = concat(new Uint8Array([2, r.length]), r, new Uint8Array([2, s.length]), s);
  return concat(new Uint8Array([0x30, body.length]), body);
}

const b64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
const b64urlText = (text) => b64url(new TextEncoder().encode(text));
const unb64url = (text) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

/** The CBOR (RFC 8949) an attestation needs: integers, byte and text strings, and maps of them. */
function cbor(value) {
  const head = (major, n) =>
    n < 24
      ? new Uint8Array([(major << 5) | n])
      : n < 256
        ? new Uint8Array([(major << 5) | 24, n])
        : new Uint8Array([(major << 5) | 25, n >> 8, n & 255]);
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  if (value instanceof Map) return concat(head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
  throw new Error("cbor: unsupported value");
}
