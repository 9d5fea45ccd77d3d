import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { zonedIso } from "~/lib/time/time";
import { buildApplePass } from "~/server/cards/wallet/apple-pass.server";
import { googleWalletSaveUrl } from "~/server/cards/wallet/google-wallet.server";
import type { Attendee } from "~/server/organiser-events/attendees.server";
import type { OrgEvent } from "~/server/organiser-events/events.server";
import { buildTicketPass, eventIcs, ticketSaveUrl } from "~/server/organiser-events/wallet.server";
import { makeTestWalletCredentials, type TestWalletCredentials } from "../support/test-certs.mjs";
import { openPkpass as openPkpassChecked, saveLinkJwt } from "../support/wallet-checks";

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

const appleConfig = () => ({
  passTypeId: creds.apple.APPLE_PASS_TYPE_ID,
  teamId: creds.apple.APPLE_TEAM_ID,
  certificate: creds.apple.APPLE_PASS_CERT,
  privateKey: creds.apple.APPLE_PASS_KEY,
  wwdr: creds.apple.APPLE_WWDR_CERT,
});
const googleConfig = () => ({
  issuerId: creds.google.GOOGLE_WALLET_ISSUER_ID,
  serviceAccountEmail: creds.google.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
  privateKey: creds.google.GOOGLE_WALLET_PRIVATE_KEY,
});

/** A .pkpass that openssl verifies against the test WWDR CA (tests/support/wallet-checks.ts). */
function openPkpass(bytes: Uint8Array) {
  const opened = openPkpassChecked(bytes, creds.caPath);
  expect(opened.verify("manifest.json")).toBe(true);
  return opened;
}

/** The claims of a save link, after checking its RS256 signature with the service account's public key. */
function verifiedClaims(link: string) {
  expect(link).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  const jwt = saveLinkJwt(link);
  expect(jwt.header).toEqual({ alg: "RS256", typ: "JWT" });
  expect(jwt.verifies(creds.googlePublicKey)).toBe(true);
  expect(jwt.verifies(creds.googlePublicKey, { ...jwt.claims, iss: "x@y.z" })).toBe(false);
  return jwt.claims;
}

describe("Apple Wallet pass", () => {
  it("holds pass.json, icons, a manifest of SHA-1 hashes and a detached signature openssl verifies", async () => {
    const bytes = await buildApplePass(card, url, appleConfig());
    const { files, manifest, pass, dir, verify } = openPkpass(bytes);
    expect(Object.keys(files).sort()).toEqual(
      ["icon.png", "icon@2x.png", "icon@3x.png", "manifest.json", "pass.json", "signature"].sort(),
    );
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: "pass.app.knowwho.test",
      teamIdentifier: "TESTTEAM01",
      serialNumber: "card-7",
      backgroundColor: "rgb(15, 118, 110)",
      barcodes: [{ format: "PKBarcodeFormatQR", message: url }],
      generic: { primaryFields: [{ key: "name", value: card.name }] },
    });
    expect(Array.from((files["icon.png"] as Uint8Array).slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // The signature carries both certificates, and a changed manifest no longer verifies.
    const certs = execFileSync("openssl", ["pkcs7", "-inform", "DER", "-in", "signature", "-print_certs", "-noout"], {
      cwd: dir,
    }).toString();
    expect(certs).toContain("KnowWho Test WWDR CA");
    expect(certs).toContain("pass.app.knowwho.test");
    writeFileSync(path.join(dir, "tampered.json"), JSON.stringify({ ...manifest, "pass.json": "0".repeat(40) }));
    expect(verify("tampered.json")).toBe(false);
  });
});

describe("Google Wallet save link", () => {
  it("is an RS256 JWT for a generic object that verifies with the service account's public key", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const link = await googleWalletSaveUrl(card, url, googleConfig(), "https://knowwho.example", now);
    const claims = verifiedClaims(link);
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
  });
});

/** Every character that breaks JSON, HTML, a calendar line or a bidi run, in one name. */
const HOSTILE = 'Zoë "Q" \\ </script><b>x</b>\n\u2028\u202e; ,:';

const event: OrgEvent = {
  id: 41,
  slug: "wallet-summit",
  userId: "ws-1",
  title: `Summit ${HOSTILE}`,
  description: "Line one\nLine two; with, commas",
  startsAt: "2030-05-01T09:00",
  endsAt: "2030-05-02T17:30",
  timeZone: "Europe/Paris",
  type: "in-person",
  venue: `Hall "3"; Messe, Paris`,
  platform: null,
  url: null,
  organiserName: `Org ${HOSTILE}`,
  capacity: null,
  approval: false,
  waitlist: false,
  campaignId: null,
  state: "open",
  createdAt: new Date("2030-01-01T00:00:00Z"),
  updatedAt: new Date("2030-01-02T00:00:00Z"),
};
const attendee: Attendee = {
  id: 903,
  eventId: 41,
  email: "zoe@example.org",
  name: HOSTILE,
  company: "Acme",
  title: null,
  interests: "",
  phone: null,
  userId: null,
  cardId: null,
  passToken: "p".repeat(32),
  badgeCode: "badge-code-1",
  listed: false,
  visibility: "everyone",
  leadRights: "none",
  goals: "",
  passMailedAt: null,
  locale: "fr",
  state: "going",
  boothId: null,
  createdAt: new Date("2030-01-01T00:00:00Z"),
  updatedAt: new Date("2030-01-01T00:00:00Z"),
};
const badgeUrl = "https://knowwho.example/e/wallet-summit/a/badge-code-1?k=0123456789abcdef0123456789abcdef";
const ticket = { e: event, a: attendee, badgeUrl, eventUrl: "https://knowwho.example/e/wallet-summit" };

describe("an attendee's pass in a wallet", () => {
  it("is a signed event ticket whose QR is the badge link the door scans, every field kept as typed", async () => {
    const { files, pass } = openPkpass(await buildTicketPass(ticket, appleConfig()));
    expect(Object.keys(files)).toContain("icon@3x.png");
    const raw = new TextDecoder().decode(files["pass.json"]);
    // JSON-safe: no raw control character, and every hostile value reads back exactly as typed.
    expect([...raw].filter((ch) => ch.charCodeAt(0) < 0x20)).toEqual([]);
    expect(pass).toMatchObject({
      serialNumber: "org-attendee-903",
      organizationName: event.organiserName,
      logoText: event.title,
      backgroundColor: "rgb(79, 70, 229)",
      // Paris is two hours ahead in May: the lock screen and the expiry are the event's own times.
      relevantDate: "2030-05-01T07:00:00.000Z",
      expirationDate: "2030-05-02T15:30:00.000Z",
      barcodes: [{ format: "PKBarcodeFormatQR", message: badgeUrl, messageEncoding: "iso-8859-1" }],
    });
    expect(pass.generic).toBeUndefined();
    const fields = (kind: string) => Object.fromEntries(pass.eventTicket[kind].map((f: { key: string }) => [f.key, f]));
    expect(fields("primaryFields").event.value).toBe(event.title);
    expect(fields("secondaryFields").attendee).toMatchObject({ label: "Nom", value: HOSTILE });
    expect(fields("secondaryFields").where.value).toBe(event.venue);
    expect(fields("auxiliaryFields").starts).toMatchObject({
      value: "2030-05-01T09:00:00+02:00",
      ignoresTimeZone: true,
    });
    expect(fields("backFields").page.value).toBe(ticket.eventUrl);
    // The secret pass link never goes into a file that can be shared.
    expect(raw).not.toContain(attendee.passToken);
  });

  it("is a Google EventTicket object in a signed save link, carrying the same badge link", async () => {
    const now = new Date("2030-04-01T12:00:00Z");
    const claims = verifiedClaims(await ticketSaveUrl(ticket, googleConfig(), "https://knowwho.example", now));
    expect(claims).toMatchObject({ aud: "google", typ: "savetowallet", origins: ["https://knowwho.example"] });
    const [klass] = claims.payload.eventTicketClasses;
    const [object] = claims.payload.eventTicketObjects;
    expect(klass).toMatchObject({
      id: "3388000000012345678.knowwho_event_41",
      issuerName: event.organiserName,
      eventName: { defaultValue: { language: "fr", value: event.title } },
      venue: { name: { defaultValue: { value: event.venue } } },
      dateTime: { start: "2030-05-01T09:00:00+02:00", end: "2030-05-02T17:30:00+02:00" },
      homepageUri: { uri: ticket.eventUrl },
    });
    expect(object).toMatchObject({
      id: "3388000000012345678.org-attendee-903",
      classId: klass.id,
      state: "ACTIVE",
      ticketHolderName: HOSTILE,
      barcode: { type: "QR_CODE", value: badgeUrl },
    });
    expect(JSON.stringify(claims)).not.toContain(attendee.passToken);
  });

  it("writes the event as one calendar file, every field escaped", () => {
    const ics = eventIcs(event, "https://knowwho.example", new Date("2030-04-01T12:00:00Z"));
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain("DTSTART:20300501T070000Z");
    expect(ics).toContain(`DURATION:PT${(32 * 60 + 30).toString()}M`);
    expect(ics).toContain('LOCATION:Hall "3"\\; Messe\\, Paris');
    expect(ics).toContain("UID:org-event-41@knowwho.example");
    // The hostile title's line break and separators are escaped: no line starts with what it typed.
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    expect(unfolded.split("\r\n").filter((l) => l.startsWith("SUMMARY:"))).toEqual([
      'SUMMARY:Summit Zoë "Q" \\\\ </script><b>x</b>\\n\u2028\u202e\\; \\,:',
    ]);
    expect(unfolded.split("\r\n").every((l) => /^[A-Z-]+[:;]/.test(l) || l === "")).toBe(true);
  });

  it("writes times with the zone's offset on the day itself", () => {
    expect(zonedIso("2030-01-15T09:00", "Europe/Paris")).toBe("2030-01-15T09:00:00+01:00");
    expect(zonedIso("2030-07-15T09:00", "America/New_York")).toBe("2030-07-15T09:00:00-04:00");
    expect(zonedIso("2030-07-15T09:00", "Asia/Kolkata")).toBe("2030-07-15T09:00:00+05:30");
    expect(zonedIso("2030-02-30T09:00", "UTC")).toBeNull();
  });
});
