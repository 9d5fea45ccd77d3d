import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import * as asn1js from "asn1js";
import { unzipSync } from "fflate";
import * as pkijs from "pkijs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseBadge } from "~/lib/organiser-events/badge";
import { hex } from "~/lib/text/hex";
// @ts-expect-error: the built Worker (what every worker test runs) has no type declarations
import built from "../../build/server/index.js";
import { call, form, ORIGIN, signUp, testAddress } from "./helpers";
import { joinByForm, type Owner, publishNow } from "./organiser-helpers";

const worker = built as { fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> };

const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${b64(der).replace(/.{64}/g, "$&\n")}\n-----END ${label}-----\n`;

/**
 * Throwaway wallet keys made here in workerd: one RSA key and a certificate it signs for itself, standing in for
 * the pass certificate, Apple's WWDR intermediate and Google's service account (the unit test checks the chain
 * with openssl against a separate CA); one key pair, so no test stage waits on openssl.
 */
async function throwawayWallet() {
  const keys = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: 1 });
  const name = () => [
    new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: "KnowWho Test Pass" }) }),
  ];
  cert.issuer.typesAndValues = name();
  cert.subject.typesAndValues = name();
  cert.notBefore.value = new Date(Date.now() - 86_400_000);
  cert.notAfter.value = new Date(Date.now() + 86_400_000);
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  await cert.sign(keys.privateKey, "SHA-256");
  const certificate = pem("CERTIFICATE", cert.toSchema().toBER(false));
  const privateKey = pem("PRIVATE KEY", (await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer);
  return {
    cert,
    publicKey: keys.publicKey,
    vars: {
      APPLE_PASS_TYPE_ID: "pass.app.knowwho.test",
      APPLE_TEAM_ID: "TESTTEAM01",
      APPLE_PASS_CERT: certificate,
      APPLE_PASS_KEY: privateKey,
      APPLE_WWDR_CERT: certificate,
      GOOGLE_WALLET_ISSUER_ID: "3388000000012345678",
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "wallet@knowwho-test.iam.gserviceaccount.com",
      GOOGLE_WALLET_PRIVATE_KEY: privateKey,
    },
  };
}

let wallet: Awaited<ReturnType<typeof throwawayWallet>>;
beforeAll(async () => {
  wallet = await throwawayWallet();
});

const mail = () => `wallet-${crypto.randomUUID().slice(0, 8)}@example.org`;

/** A request to the built Worker with the operator's wallet keys set, as the card's buttons need them. */
async function withWallets(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("cf-connecting-ip", testAddress());
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }),
    { ...env, ...wallet.vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const as = (o: Owner, path: string, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: o.cookie } });

const sha1 = async (bytes: Uint8Array) => hex(await crypto.subtle.digest("SHA-1", bytes as BufferSource));

/** The claims of a Google save link, after checking its signature with the service account's public key. */
async function verifiedClaims(location: string) {
  const [header = "", payload = "", signature = ""] = (location.split("/").at(-1) ?? "").split(".");
  const signed = new TextEncoder().encode(`${header}.${payload}`);
  expect(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", wallet.publicKey, unb64(signature), signed)).toBe(true);
  return JSON.parse(new TextDecoder().decode(unb64(payload)));
}

/** Whether a pass's detached signature verifies over its manifest with the signing certificate. */
async function signatureHolds(signature: Uint8Array, manifest: Uint8Array) {
  const info = pkijs.ContentInfo.fromBER(signature.slice().buffer);
  const signed = new pkijs.SignedData({ schema: info.content });
  return signed.verify({ signer: 0, data: manifest.slice().buffer, trustedCerts: [wallet.cert], checkChain: false });
}

describe("an attendee's pass in a wallet", () => {
  it("offers Apple and Google Wallet on the pass only where the keys are set, and the event's calendar file always", async () => {
    const owner = await signUp("Wallet Owner");
    const e = await publishNow(owner, 'Wallet "Summit"; <b>Day</b>');
    const a = await joinByForm(e.slug, { name: "Ann <Wallet>", email: mail() });
    const plain = await (await call(`/pass/${a.token}`)).text();
    expect(plain).toContain(`href="/e/${e.slug}/event.ics"`);
    expect(plain).not.toContain("wallet.pkpass");
    expect(plain).not.toContain("google-wallet");
    expect((await call(`/pass/${a.token}/wallet.pkpass`)).status).toBe(404);
    expect((await call(`/pass/${a.token}/google-wallet`)).status).toBe(404);

    const page = await (await withWallets(`/pass/${a.token}`)).text();
    expect(page).toContain(`href="/pass/${a.token}/wallet.pkpass"`);
    expect(page).toContain(`href="/pass/${a.token}/google-wallet"`);

    const ics = await call(`/e/${e.slug}/event.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    const body = await ics.text();
    expect(body).toContain('SUMMARY:Wallet "Summit"\\; <b>Day</b>');
    expect(body).toContain("LOCATION:Hall 1");
    expect(body).not.toContain(a.token);
    expect((await call("/e/no-such-event-here/event.ics")).status).toBe(404);
  });

  it("downloads a signed event ticket whose QR the door checks in, and a Google ticket with the same code", async () => {
    const owner = await signUp("Ticket Owner");
    const e = await publishNow(owner, "Ticket Summit");
    const a = await joinByForm(e.slug, { name: 'Bo "Ticket" \\ </script>', email: mail() });
    const res = await withWallets(`/pass/${a.token}/wallet.pkpass`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"]));
    expect(Object.keys(manifest).sort()).toEqual(["icon.png", "icon@2x.png", "icon@3x.png", "pass.json"]);
    for (const [name, digest] of Object.entries(manifest)) expect(await sha1(files[name] as Uint8Array)).toBe(digest);
    const signature = files.signature ?? new Uint8Array();
    const manifestBytes = files["manifest.json"] ?? new Uint8Array();
    expect(await signatureHolds(signature, manifestBytes)).toBe(true);
    const tampered = new TextEncoder().encode(JSON.stringify({ ...manifest, "pass.json": "0".repeat(40) }));
    expect(await signatureHolds(signature, tampered).catch(() => false)).toBe(false);
    const pass = JSON.parse(new TextDecoder().decode(files["pass.json"]));
    expect(pass.eventTicket.secondaryFields[0].value).toBe('Bo "Ticket" \\ </script>');
    expect(pass.barcodes[0].message).toBe(a.qr);
    expect(parseBadge(pass.barcodes[0].message)).toMatchObject({ slug: e.slug, code: a.code });
    // The door takes the pass's code as it takes the page's QR.
    const door = await as(owner, `/organiser/${e.id}/door`, { intent: "scan", code: pass.barcodes[0].message });
    expect(await door.text()).toContain("checked in");

    const google = await withWallets(`/pass/${a.token}/google-wallet`);
    expect(google.status).toBe(303);
    expect(google.headers.get("referrer-policy")).toBe("no-referrer");
    const location = google.headers.get("location") ?? "";
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const claims = await verifiedClaims(location);
    expect(claims.payload.eventTicketObjects[0]).toMatchObject({
      ticketHolderName: 'Bo "Ticket" \\ </script>',
      barcode: { type: "QR_CODE", value: a.qr },
      state: "ACTIVE",
    });
    expect(claims.payload.eventTicketClasses[0].eventName.defaultValue.value).toBe("Ticket Summit");
    expect(JSON.stringify(claims)).not.toContain(a.token);
  });

  it("gives no wallet pass to a forged token, a pending, declined or departed attendee, or an archived event", async () => {
    const owner = await signUp("Gate Owner");
    const e = await publishNow(owner, "Gate Summit");
    const going = await joinByForm(e.slug, { name: "Cy Going", email: mail() });
    const both = (token: string) =>
      Promise.all([
        withWallets(`/pass/${token}/wallet.pkpass`).then((r) => r.status),
        withWallets(`/pass/${token}/google-wallet`).then((r) => r.status),
      ]);
    expect(await both(going.token)).toEqual([200, 303]);
    expect(await both(`${going.token.slice(0, -4)}abcd`)).toEqual([404, 404]);
    expect(await both("A".repeat(32))).toEqual([404, 404]);

    // With approval on, a joiner waits with no pass; declined, they never get one.
    const saved = await as(owner, `/organiser/${e.id}/questions`, { intent: "admission", approval: "on" });
    expect(saved.status).toBe(302);
    const waiting = await call(`/e/${e.slug}`, {
      ...form({ name: "Di Pending", email: mail() }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    expect(waiting.status).toBe(303);
    const pending = await env.DB.prepare(
      "select id, pass_token as token from org_attendee where event_id = ? and name = 'Di Pending'",
    )
      .bind(e.id)
      .first<{ id: number; token: string }>();
    expect(await both(String(pending?.token))).toEqual([404, 404]);
    expect(await (await withWallets(`/pass/${pending?.token}`)).text()).not.toContain("wallet.pkpass");
    await as(owner, `/organiser/${e.id}/attendees`, { intent: "decline", attendee: String(pending?.id) });
    expect(await both(String(pending?.token))).toEqual([404, 404]);

    // Leaving ends the pass; an archived event has none.
    await call(`/pass/${going.token}`, { ...form({ intent: "leave", confirmed: "yes" }) });
    expect(await both(going.token)).toEqual([404, 404]);

    const other = await publishNow(owner, "Archived Summit");
    const gone = await joinByForm(other.slug, { name: "Fay Archived", email: mail() });
    expect(await both(gone.token)).toEqual([200, 303]);
    await env.DB.prepare("update org_event set state = 'archived' where id = ?").bind(other.id).run();
    expect(await both(gone.token)).toEqual([404, 404]);
    expect((await call(`/e/${other.slug}/event.ics`)).status).toBe(404);
  });
});
