import * as asn1js from "asn1js";
import { zipSync } from "fflate";
import type { PublicCard } from "~/lib/card/card";
import { concatBytes } from "~/lib/formats/bytes";
import { hex } from "~/lib/text/hex";
import { encodePng, hexToRgb, type Rgb } from "../png.server";
import { passField, passHeader } from "./pass-fields.server";
import { pemToDer } from "./pem.server";

/**
 * Apple Wallet passes (.pkpass): pass.json, icons, manifest.json (SHA-1 of every file) and `signature`, a
 * detached PKCS#7 (CMS SignedData) over the manifest made with the pass type certificate and carrying Apple's
 * WWDR intermediate. WebCrypto signs; the CMS structure is written here as DER, asn1js encoding its values
 * (decisions 0041, 0284). The one home of this machinery: a card's pass here, an organiser event's ticket in
 * organiser-events (0281).
 */

export type ApplePassConfig = {
  passTypeId: string;
  teamId: string;
  /** PEM of the pass type certificate, its PKCS#8 private key, and the WWDR intermediate. */
  certificate: string;
  privateKey: string;
  wwdr: string;
};

type PassCard = Pick<
  PublicCard,
  "id" | "name" | "title" | "company" | "email" | "phone" | "website" | "colour" | "headline"
>;

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha256WithRsa: "1.2.840.113549.1.1.11",
} as const;

const rgb = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** Wallet's three colours from one background: dark text on a light colour, light text on a dark one. */
function passColours(colour: string) {
  const background = hexToRgb(colour);
  const light = (0.299 * background[0] + 0.587 * background[1] + 0.114 * background[2]) / 255 > 0.6;
  return {
    backgroundColor: rgb(background),
    foregroundColor: light ? "rgb(15, 23, 42)" : "rgb(255, 255, 255)",
    labelColor: light ? "rgb(51, 65, 85)" : "rgb(226, 232, 240)",
  };
}

/** pass.json: a generic pass whose barcode opens the card (buildApplePass colours it in the owner's colour). */
export function passJson(
  card: PassCard,
  cardUrl: string,
  config: Pick<ApplePassConfig, "passTypeId" | "teamId">,
  serial: string,
) {
  const field = passField;
  return {
    ...passHeader(config, serial),
    organizationName: card.company || card.name,
    description: `${card.name}'s business card`,
    logoText: card.name,
    generic: {
      primaryFields: field("name", "Name", card.name),
      secondaryFields: [...field("title", "Title", card.title), ...field("org", "Organisation", card.company)],
      auxiliaryFields: [...field("phone", "Phone", card.phone), ...field("email", "Email", card.email)],
      backFields: [
        ...field("headline", "About", card.headline),
        ...field("website", "Website", card.website),
        { key: "card", label: "Card", value: cardUrl },
      ],
    },
    barcodes: [
      { format: "PKBarcodeFormatQR", message: cardUrl, messageEncoding: "iso-8859-1", altText: "Scan to open my card" },
    ],
  };
}

/** Square icons in the owner's colour with a white ring, at the sizes Wallet asks for. */
function icon(size: number, colour: string): Uint8Array {
  const c = hexToRgb(colour);
  const centre = (size - 1) / 2;
  return encodePng(size, size, (x, y) => {
    const d = Math.hypot(x - centre, y - centre) / (size / 2);
    return d > 0.55 && d < 0.75 ? [255, 255, 255] : c;
  });
}

async function importKey(pem: string) {
  return crypto.subtle.importKey(
    "pkcs8",
    pemToDer(pem, "PRIVATE KEY"),
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["sign"],
  );
}

/** One DER element: its tag, its length and the parts of its content, in order. */
function der(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  const length: number[] = [];
  for (let n = size; n > 0; n = Math.floor(n / 256)) length.unshift(n % 256);
  const head = size < 0x80 ? [tag, size] : [tag, 0x80 | length.length, ...length];
  return concatBytes([new Uint8Array(head), ...parts]);
}

const TAG = { integer: 0x02, octets: 0x04, sequence: 0x30, set: 0x31, context0: 0xa0 } as const;
const encoded = (block: { toBER(): ArrayBuffer }) => new Uint8Array(block.toBER());
const oid = (value: string) => encoded(new asn1js.ObjectIdentifier({ value }));
const VERSION_1 = der(TAG.integer, Uint8Array.of(1));
/** SHA-256 as an AlgorithmIdentifier, with the NULL parameters most signers write. */
const SHA256 = der(TAG.sequence, oid(OID.sha256), Uint8Array.of(0x05, 0x00));
const attribute = (type: string, value: Uint8Array) => der(TAG.sequence, oid(type), der(TAG.set, value));

/** A certificate's DER, and its issuer and serial number exactly as it encodes them (the signer's identifier). */
function certificate(pem: string) {
  const bytes = new Uint8Array(pemToDer(pem, "CERTIFICATE"));
  const parsed = asn1js.fromBER(bytes);
  const tbs = (parsed.result as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence | undefined;
  if (parsed.offset === -1 || !tbs) throw new Error("Not a DER certificate");
  const fields = tbs.valueBlock.value;
  // TBSCertificate: an optional [0] version, then serialNumber, signature and issuer.
  const first = fields[0]?.idBlock.tagClass === 3 ? 1 : 0;
  const raw = (block: asn1js.AsnType | undefined) => {
    if (!block) throw new Error("Not a DER certificate");
    return encoded(block);
  };
  return { bytes, serial: raw(fields[first]), issuer: raw(fields[first + 2]) };
}

/** A detached CMS SignedData (RFC 5652) over `content`, DER encoded: what Wallet reads as the pass's `signature`. */
export async function signDetached(
  content: Uint8Array,
  config: ApplePassConfig,
  now = new Date(),
): Promise<Uint8Array> {
  const signer = certificate(config.certificate);
  const wwdr = certificate(config.wwdr);
  const key = await importKey(config.privateKey);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", content as BufferSource));
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.signingTime, encoded(new asn1js.UTCTime({ valueDate: now }))),
    attribute(OID.messageDigest, der(TAG.octets, digest)),
  ];
  // The signature covers the signed attributes encoded as a SET; the SignerInfo carries them as [0] IMPLICIT.
  const signature = new Uint8Array(
    await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, der(TAG.set, ...attributes) as BufferSource),
  );
  const signerInfo = der(
    TAG.sequence,
    VERSION_1,
    der(TAG.sequence, signer.issuer, signer.serial),
    SHA256,
    der(TAG.context0, ...attributes),
    der(TAG.sequence, oid(OID.sha256WithRsa)),
    der(TAG.octets, signature),
  );
  const signedData = der(
    TAG.sequence,
    VERSION_1,
    der(TAG.set, SHA256),
    der(TAG.sequence, oid(OID.data)),
    der(TAG.context0, signer.bytes, wwdr.bytes),
    der(TAG.set, signerInfo),
  );
  return der(TAG.sequence, oid(OID.signedData), der(TAG.context0, signedData));
}

/** The .pkpass archive of any pass.json: the pass and icons in `colour`, manifest.json and signature, zipped. */
export async function buildPkpass(
  pass: object,
  colour: string,
  config: ApplePassConfig,
  now = new Date(),
): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const files: Record<string, Uint8Array> = {
    "pass.json": encoder.encode(JSON.stringify({ ...passColours(colour), ...pass })),
    "icon.png": icon(29, colour),
    "icon@2x.png": icon(58, colour),
    "icon@3x.png": icon(87, colour),
  };
  const manifest: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files))
    manifest[name] = hex(await crypto.subtle.digest("SHA-1", bytes as BufferSource));
  files["manifest.json"] = encoder.encode(JSON.stringify(manifest));
  files.signature = await signDetached(files["manifest.json"], config, now);
  return zipSync(files, { level: 6, mtime: now });
}

/** A card's .pkpass. */
export function buildApplePass(card: PassCard, cardUrl: string, config: ApplePassConfig, now = new Date()) {
  return buildPkpass(passJson(card, cardUrl, config, `card-${card.id ?? "link"}`), card.colour, config, now);
}
