/** URL-safe base64 without padding (RFC 4648 §5), for what travels in a path or a query: tokens, signatures, cursors. */
export function base64url(data: Uint8Array | string): string {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of URL-safe base64, padded or not; throws on text that is not base64. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** A JSON value as an opaque cursor; UTF-8 inside, so a name in any script can be a sort key. */
export const encodeJson = (value: unknown) => base64url(JSON.stringify(value));

/** The JSON value of a cursor; throws on anything that is not one, for the caller to answer 400. */
export const decodeJson = (text: string): unknown => JSON.parse(new TextDecoder().decode(fromBase64url(text)));
