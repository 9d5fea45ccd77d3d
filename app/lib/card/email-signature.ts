import { telHref } from "../forms/phone";
import { escapeHtml } from "../text/escape";
import { contrastRatio } from "./card";

/**
 * The email signature of a card: a table with inline styles (what Gmail, Outlook and Apple Mail keep
 * when pasted), every field escaped, and a plain-text twin for clients that take text only.
 */
export type SignatureInput = {
  name: string;
  title?: string | null;
  company?: string | null;
  phone?: string | null;
  colour: string;
  cardUrl: string;
  /** Absolute URLs, or null to leave the image out. */
  photoUrl?: string | null;
  qrUrl?: string | null;
};

/** Only web addresses go into src and href; anything else is left out. */
const safeUrl = (url: string | null | undefined) =>
  url && /^https?:\/\//i.test(url) && URL.canParse(url) ? url : null;

export function signatureHtml(input: SignatureInput): string {
  const e = escapeHtml;
  const colour =
    /^#[0-9a-f]{6}$/i.test(input.colour) && contrastRatio(input.colour, "#ffffff") >= 4.5 ? input.colour : "#0f172a";
  const role = [input.title, input.company].filter(Boolean).join(", ");
  const phoneHref = input.phone ? telHref(input.phone) : null;
  const cardUrl = safeUrl(input.cardUrl);
  const photo = safeUrl(input.photoUrl);
  const qr = safeUrl(input.qrUrl);
  const cells: string[] = [];
  if (photo)
    cells.push(
      `<td style="padding:0 12px 0 0;vertical-align:top"><img src="${e(photo)}" width="72" height="72" alt="${e(input.name)}" style="display:block;width:72px;height:72px;border-radius:36px;border:0"></td>`,
    );
  const lines = [
    `<div style="font-size:16px;font-weight:bold;color:#0f172a">${e(input.name)}</div>`,
    role ? `<div style="color:#334155">${e(role)}</div>` : "",
    input.phone && phoneHref
      ? `<div style="padding-top:4px"><a href="${e(phoneHref)}" style="color:#0f172a;text-decoration:none">${e(input.phone)}</a></div>`
      : "",
    cardUrl
      ? `<div style="padding-top:4px"><a href="${e(cardUrl)}" style="color:${colour};font-weight:bold;text-decoration:underline">View my digital business card</a></div>`
      : "",
  ];
  cells.push(
    `<td style="vertical-align:top;padding:0 0 0 12px;border-left:3px solid ${colour}">${lines.join("")}</td>`,
  );
  if (qr && cardUrl)
    cells.push(
      `<td style="padding:0 0 0 12px;vertical-align:top"><a href="${e(cardUrl)}"><img src="${e(qr)}" width="72" height="72" alt="QR code for my card" style="display:block;width:72px;height:72px;border:0"></a></td>`,
    );
  return `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.4;color:#0f172a"><tr>${cells.join("")}</tr></table>`;
}

export function signatureText(input: SignatureInput): string {
  return [input.name, [input.title, input.company].filter(Boolean).join(", "), input.phone, input.cardUrl]
    .filter(Boolean)
    .join("\n");
}
