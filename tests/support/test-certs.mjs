// Throwaway wallet credentials made with openssl at test time: a test CA standing in for Apple's WWDR,
// a pass certificate it signs, and a Google-style service account key. Nothing here is ever committed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function makeTestWalletCredentials(dir = mkdtempSync(path.join(tmpdir(), "kw-wallet-"))) {
  const ssl = (...args) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const key = (name) => ssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", name);
  key("ca.key");
  ssl(
    "req",
    "-x509",
    "-new",
    "-key",
    "ca.key",
    "-sha256",
    "-days",
    "2",
    "-subj",
    "/CN=KnowWho Test WWDR CA",
    "-out",
    "ca.pem",
  );
  key("pass.key");
  ssl(
    "req",
    "-new",
    "-key",
    "pass.key",
    "-subj",
    "/UID=pass.app.knowwho.test/CN=Pass Type ID: pass.app.knowwho.test/OU=TESTTEAM01",
    "-out",
    "pass.csr",
  );
  writeFileSync(path.join(dir, "ext.cnf"), "keyUsage=digitalSignature\nextendedKeyUsage=codeSigning\n");
  ssl(
    "x509",
    "-req",
    "-in",
    "pass.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "2",
    "-sha256",
    "-extfile",
    "ext.cnf",
    "-out",
    "pass.pem",
  );
  key("google.key");
  ssl("pkey", "-in", "google.key", "-pubout", "-out", "google.pub");
  return readTestWalletCredentials(dir);
}

/** The credentials makeTestWalletCredentials made in `dir` earlier (a journey server's copied state). */
export function readTestWalletCredentials(dir) {
  const read = (name) => readFileSync(path.join(dir, name), "utf8");
  return {
    dir,
    apple: {
      APPLE_PASS_TYPE_ID: "pass.app.knowwho.test",
      APPLE_TEAM_ID: "TESTTEAM01",
      APPLE_PASS_CERT: read("pass.pem"),
      APPLE_PASS_KEY: read("pass.key"),
      APPLE_WWDR_CERT: read("ca.pem"),
    },
    google: {
      GOOGLE_WALLET_ISSUER_ID: "3388000000012345678",
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "wallet@knowwho-test.iam.gserviceaccount.com",
      GOOGLE_WALLET_PRIVATE_KEY: read("google.key"),
    },
    googlePublicKey: read("google.pub"),
    caPath: path.join(dir, "ca.pem"),
  };
}
