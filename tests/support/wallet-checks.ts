import { execFileSync } from "node:child_process";
import { createHash, createVerify } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";

/**
 * The wallet checks the unit tests and the journeys both make, written once; they throw rather than assert,
 * so vitest and Playwright each report them through their own `expect`.
 */

/**
 * A .pkpass as Wallet reads it: a zip whose manifest holds the SHA-1 of every other file (throws where it does
 * not), and `verify(file)`, true when openssl verifies the detached signature over that manifest file against
 * the CA at `caPath`; `dir` holds manifest.json and signature for further openssl calls.
 */
export function openPkpass(bytes: Uint8Array, caPath: string) {
  const files = unzipSync(bytes);
  const text = (name: string) => new TextDecoder().decode(files[name] ?? new Uint8Array());
  const manifest: Record<string, string> = JSON.parse(text("manifest.json"));
  const listed = Object.keys(manifest).sort().join(", ");
  const held = Object.keys(files)
    .filter((f) => f !== "manifest.json" && f !== "signature")
    .sort()
    .join(", ");
  if (listed !== held) throw new Error(`the manifest lists ${listed} but the pass holds ${held}`);
  for (const [name, digest] of Object.entries(manifest)) {
    const actual = createHash("sha1")
      .update(files[name] ?? new Uint8Array())
      .digest("hex");
    if (actual !== digest) throw new Error(`${name} hashes to ${actual}, the manifest says ${digest}`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "kw-pass-"));
  writeFileSync(path.join(dir, "manifest.json"), files["manifest.json"] ?? new Uint8Array());
  writeFileSync(path.join(dir, "signature"), files.signature ?? new Uint8Array());
  const verify = (manifestFile: string) => {
    try {
      execFileSync(
        "openssl",
        [
          ...["smime", "-verify", "-inform", "DER", "-in", "signature", "-content", manifestFile],
          ...["-CAfile", caPath, "-purpose", "any", "-out", "/dev/null"],
        ],
        { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
      );
      return true;
    } catch {
      return false;
    }
  };
  return { files, manifest, pass: JSON.parse(text("pass.json")), dir, verify };
}

/**
 * A Google Wallet save link's JWT: its header and claims, and `verifies(key, claims?)`, true when its RS256
 * signature holds over the header and these claims (the link's own by default) for that public key.
 */
export function saveLinkJwt(link: string) {
  const [header, payload, signature] = (link.split("/").at(-1) ?? "").split(".") as [string, string, string];
  const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  const claims = json(payload);
  const verifies = (publicKey: string, signed: unknown = claims) =>
    createVerify("RSA-SHA256")
      .update(`${header}.${signed === claims ? payload : Buffer.from(JSON.stringify(signed)).toString("base64url")}`)
      .verify(publicKey, Buffer.from(signature, "base64url"));
  return { header: json(header), claims, verifies };
}
