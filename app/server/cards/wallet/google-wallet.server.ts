import type { PublicCard } from "~/lib/card/card";
import { base64url } from "~/lib/text/base64url";
import { pemToDer } from "./pem.server";

/**
 * "Save to Google Wallet": a link carrying an RS256 JWT signed with the issuer's service account key.
 * The JWT holds the class and object inline, so nothing is created through Google's API first. The one home
 * of this machinery: a card's generic pass here, an organiser event's ticket in organiser-events (0281).
 */

export type GoogleWalletConfig = { issuerId: string; serviceAccountEmail: string; privateKey: string };

type WalletCard = Pick<PublicCard, "id" | "name" | "title" | "company" | "colour" | "avatarUrl" | "headline">;

/** A LocalizedString of Google's API: one value, in `language` (a BCP 47 tag). */
export const localized = (value: string, language = "en-US") => ({ defaultValue: { language, value } });
const text = (value: string) => localized(value);

/** The claims of a save link: who signs, where the button may appear, and the classes and objects to save. */
const saveClaims = (payload: object, config: GoogleWalletConfig, origin: string, now: Date) => ({
  iss: config.serviceAccountEmail,
  aud: "google",
  typ: "savetowallet",
  iat: Math.floor(now.getTime() / 1000),
  origins: [origin],
  payload,
});

/** A card as Google's generic class and object: its QR opens the card. */
function cardPayload(card: WalletCard, cardUrl: string, config: GoogleWalletConfig) {
  const classId = `${config.issuerId}.knowwho_card`;
  const objectId = `${config.issuerId}.card-${card.id ?? "link"}`;
  const subheader = [card.title, card.company].filter(Boolean).join(", ");
  return {
    genericClasses: [{ id: classId }],
    genericObjects: [
      {
        id: objectId,
        classId,
        state: "ACTIVE",
        cardTitle: text(card.company || card.name),
        header: text(card.name),
        ...(subheader ? { subheader: text(subheader) } : {}),
        hexBackgroundColor: /^#[0-9a-f]{6}$/i.test(card.colour) ? card.colour : "#4f46e5",
        barcode: { type: "QR_CODE", value: cardUrl, alternateText: "Scan to open my card" },
        ...(card.avatarUrl?.startsWith("https:")
          ? { heroImage: { sourceUri: { uri: card.avatarUrl }, contentDescription: text(card.name) } }
          : {}),
        textModulesData: card.headline ? [{ id: "headline", header: "About", body: card.headline }] : [],
        linksModuleData: { uris: [{ uri: cardUrl, description: "My card", id: "card" }] },
      },
    ],
  };
}

async function signJwt(claims: object, privateKeyPem: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "pkcs8",
    pemToDer(privateKeyPem, "PRIVATE KEY"),
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const input = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}`;
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}

/** The save link of any classes and objects (Google's payload), signed with the service account's key. */
export async function saveUrl(payload: object, config: GoogleWalletConfig, origin: string, now = new Date()) {
  const jwt = await signJwt(saveClaims(payload, config, origin, now), config.privateKey);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

export function googleWalletSaveUrl(
  card: WalletCard,
  cardUrl: string,
  config: GoogleWalletConfig,
  origin: string,
  now = new Date(),
) {
  return saveUrl(cardPayload(card, cardUrl, config), config, origin, now);
}
