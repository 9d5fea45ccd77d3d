import type { AppEnv } from "../platform/env.server";

/**
 * Integration credentials (HubSpot tokens, Krystal keys, webhook signing secrets) are stored
 * AES-GCM encrypted under a key derived with HKDF from INTEGRATIONS_SECRET, or AUTH_SECRET when
 * that is not set, so a copy of the database alone reveals none of them.
 */
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]).then((base) =>
      crypto.subtle.deriveKey(
        {
          name: "HKDF",
          hash: "SHA-256",
          salt: new TextEncoder().encode("knowwho-integrations"),
          info: new TextEncoder().encode("credentials v1"),
        },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      ),
    );
    keys.set(secret, key);
  }
  return key;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

const secretOf = (env: AppEnv) => env.INTEGRATIONS_SECRET ?? env.AUTH_SECRET;

/** "v1.<iv>.<ciphertext>", both base64. */
export async function encryptSecret(env: AppEnv, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await keyFor(secretOf(env)),
    new TextEncoder().encode(plain),
  );
  return `v1.${b64(iv)}.${b64(new Uint8Array(sealed))}`;
}

export async function decryptSecret(env: AppEnv, sealed: string): Promise<string> {
  const [version, iv, data] = sealed.split(".");
  if (version !== "v1" || !iv || !data) throw new Error("Unknown credential format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: unb64(iv) },
    await keyFor(secretOf(env)),
    unb64(data),
  );
  return new TextDecoder().decode(plain);
}
