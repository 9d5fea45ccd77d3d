import { execFileSync } from "node:child_process";
import { createHash, createVerify } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApplePass } from "~/server/cards/wallet/apple-pass.server";
import { googleWalletSaveUrl } from "~/server/cards/wallet/google-wallet.server";
import { makeTestWalletCredentials, type TestWalletCredentials } from "../support/test-certs.mjs";

let creds: TestWalletCredentials;

const card = {
  id: 7,
  name: 'Ann "Lee" <Harbor>',
  title: "Director of Development",
  company: "Harbor Trust",
  email: "ann@harbor.org",
  phone: "+1 503 555 0177",
  website: "https://harbor.example",
  colour: "#0f766e",
  headline: "Libraries for every child",
  avatarUrl: "https://knowwho.example/avatars/7-abc.png",
};
const url = "https://knowwho.example/c/ann-lee?src=qr";

beforeAll(() => {
  creds = makeTestWalletCredentials();
}, 60_000);

describe("Apple Wallet pass", () => {
  it("holds pass.json, icons, a manifest of SHA-1 hashes and a detached signature openssl verifies", async () => {
    const bytes = await buildApplePass(card, url, {
      passTypeId: creds.apple.APPLE_PASS_TYPE_ID,
      teamId: creds.apple.APPLE_TEAM_ID,
      certificate: creds.apple.APPLE_PASS_CERT,
      privateKey: creds.apple.APPLE_PASS_KEY,
      wwdr: creds.apple.APPLE_WWDR_CERT,
    });
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(
      ["icon.png", "icon@2x.png", "icon@3x.png", "manifest.json", "pass.json", "signature"].sort(),
    );
    const pass = JSON.parse(new TextDecoder().decode(files["pass.json"]));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: "pass.app.knowwho.test",
      teamIdentifier: "TESTTEAM01",
      serialNumber: "card-7",
      barcodes: [{ format: "PKBarcodeFormatQR", message: url }],
      generic: { primaryFields: [{ key: "name", value: card.name }] },
    });
    const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"]));
    expect(Object.keys(manifest).sort()).toEqual(["icon.png", "icon@2x.png", "icon@3x.png", "pass.json"]);
    for (const [name, digest] of Object.entries(manifest)) {
      expect(
        createHash("sha1")
          .update(files[name] as Uint8Array)
          .digest("hex"),
      ).toBe(digest);
    }
    expect(Array.from((files["icon.png"] as Uint8Array).slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const dir = mkdtempSync(path.join(tmpdir(), "kw-pass-"));
    writeFileSync(path.join(dir, "manifest.json"), files["manifest.json"] as Uint8Array);
    writeFileSync(path.join(dir, "signature"), files.signature as Uint8Array);
    const verify = (manifestFile: string) =>
      execFileSync(
        "openssl",
        [
          "smime",
          "-verify",
          "-inform",
          "DER",
          "-in",
          "signature",
          "-content",
          manifestFile,
          "-CAfile",
          creds.caPath,
          "-purpose",
          "any",
          "-out",
          "/dev/null",
        ],
        { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
      );
    expect(() => verify("manifest.json")).not.toThrow();
    // The signature carries both certificates, and a changed manifest no longer verifies.
    const certs = execFileSync("openssl", ["pkcs7", "-inform", "DER", "-in", "signature", "-print_certs", "-noout"], {
      cwd: dir,
    }).toString();
    expect(certs).toContain("KnowWho Test WWDR CA");
    expect(certs).toContain("pass.app.knowwho.test");
    writeFileSync(path.join(dir, "tampered.json"), JSON.stringify({ ...manifest, "pass.json": "0".repeat(40) }));
    expect(() => verify("tampered.json")).toThrow();
  });
});

describe("Google Wallet save link", () => {
  it("is an RS256 JWT for a generic object that verifies with the service account's public key", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const link = await googleWalletSaveUrl(
      card,
      url,
      {
        issuerId: creds.google.GOOGLE_WALLET_ISSUER_ID,
        serviceAccountEmail: creds.google.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
        privateKey: creds.google.GOOGLE_WALLET_PRIVATE_KEY,
      },
      "https://knowwho.example",
      now,
    );
    expect(link).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = link.split("/").at(-1) as string;
    const [header, payload, signature] = jwt.split(".") as [string, string, string];
    const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    expect(json(header)).toEqual({ alg: "RS256", typ: "JWT" });
    const claims = json(payload);
    expect(claims).toMatchObject({
      iss: creds.google.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
      aud: "google",
      typ: "savetowallet",
      iat: now.getTime() / 1000,
      origins: ["https://knowwho.example"],
    });
    const object = claims.payload.genericObjects[0];
    expect(object).toMatchObject({
      id: "3388000000012345678.card-7",
      classId: "3388000000012345678.knowwho_card",
      header: { defaultValue: { value: card.name } },
      barcode: { type: "QR_CODE", value: url },
      hexBackgroundColor: "#0f766e",
    });
    expect(claims.payload.genericClasses).toEqual([{ id: "3388000000012345678.knowwho_card" }]);
    const ok = createVerify("RSA-SHA256")
      .update(`${header}.${payload}`)
      .verify(creds.googlePublicKey, Buffer.from(signature, "base64url"));
    expect(ok).toBe(true);
    const forged = createVerify("RSA-SHA256")
      .update(`${header}.${Buffer.from(JSON.stringify({ ...claims, iss: "x@y.z" })).toString("base64url")}`)
      .verify(creds.googlePublicKey, Buffer.from(signature, "base64url"));
    expect(forged).toBe(false);
  });
});
