import * as asn1js from "asn1js";
import { zipSync } from "fflate";
import * as pkijs from "pkijs";
import type { PublicCard } from "~/lib/card/card";
import { hex } from "~/lib/text/hex";
import { encodePng, hexToRgb, type Rgb } from "../png.server";
import { passField, passHeader } from "./pass-fields.server";
import { pemToDer } from "./pem.server";

/**
 * Apple Wallet passes (.pkpass): pass.json, icons, manifest.json (SHA-1 of every file) and `signature`, a
 * detached PKCS#7 (CMS SignedData) over the manifest made with the pass type certificate and carrying Apple's
 * WWDR intermediate. WebCrypto signs; pkijs writes the CMS structure (see docs/decisions/0041-wallet-passes.md).
 * The one home of this machinery: a card's pass here, an organiser event's ticket in organiser-events (0281).
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

function certificate(pem: string) {
  return pkijs.Certificate.fromBER(pemToDer(pem, "CERTIFICATE"));
}

/** A detached CMS SignedData over `content`, DER encoded: what Wallet reads as the pass's `signature`. */
export async function signDetached(
  content: Uint8Array,
  config: ApplePassConfig,
  now = new Date(),
): Promise<Uint8Array> {
  const signer = certificate(config.certificate);
  const wwdr = certificate(config.wwdr);
  const key = await importKey(config.privateKey);
  const digest = await crypto.subtle.digest("SHA-256", content as BufferSource);
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: now })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
          ],
        }),
      }),
    ],
    certificates: [signer, wwdr],
  });
  await signed.sign(key, 0, "SHA-256", content as unknown as ArrayBuffer);
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
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
