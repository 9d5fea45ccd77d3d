import type { PublicCard } from "~/lib/card/card";
import { base64url } from "~/lib/text/base64url";
import { pemToDer } from "./pem.server";

/**
 * "Save to Google Wallet": a link carrying an RS256 JWT signed with the issuer's service account key.
 * The JWT holds the generic class and object inline, so nothing is created through Google's API first.
 */

export type GoogleWalletConfig = { issuerId: string; serviceAccountEmail: string; privateKey: string };

type WalletCard = Pick<PublicCard, "id" | "name" | "title" | "company" | "colour" | "avatarUrl" | "headline">;

const text = (value: string) => ({ defaultValue: { language: "en-US", value } });

export function walletClaims(
  card: WalletCard,
  cardUrl: string,
  config: GoogleWalletConfig,
  origin: string,
  now = new Date(),
) {
  const classId = `${config.issuerId}.knowwho_card`;
  const objectId = `${config.issuerId}.card-${card.id ?? "link"}`;
  const subheader = [card.title, card.company].filter(Boolean).join(", ");
  return {
    iss: config.serviceAccountEmail,
    aud: "google",
    typ: "savetowallet",
    iat: Math.floor(now.getTime() / 1000),
    origins: [origin],
    payload: {
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
    },
  };
}

export async function signJwt(claims: object, privateKeyPem: string): Promise<string> {
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

export async function googleWalletSaveUrl(
  card: WalletCard,
  cardUrl: string,
  config: GoogleWalletConfig,
  origin: string,
  now = new Date(),
) {
  const jwt = await signJwt(walletClaims(card, cardUrl, config, origin, now), config.privateKey);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
