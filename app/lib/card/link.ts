/**
 * Where encoded card links live (docs/decisions/0017-encoded-card-links-under-c.md). Shared by the
 * server that issues and answers them, the scanner that reads them and the service worker that must
 * leave them alone.
 */

/**
 * Beside the published cards (/c/{slug}; a slug has at least 3 characters, so "v" is never one), and
 * outside /card, the owner's own pages, which a service worker controls.
 */
export const CARD_LINK_PREFIX = "/c/v/";

/** Where links issued before the move point; the server answers them with a permanent redirect. */
export const OLD_CARD_LINK_PREFIX = "/card/v/";

/** The payload (with its signature) of an encoded card link in either form, or null. */
export function cardLinkPayload(pathname: string): string | null {
  return pathname.match(/^\/(?:c|card)\/v\/([A-Za-z0-9_.-]+)\/?$/)?.[1] ?? null;
}
