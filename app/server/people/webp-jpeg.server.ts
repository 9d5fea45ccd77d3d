/**
 * A WebP photo's JPEG rendition, made once when the photo is stored, for the vCard 3.0 readers that show
 * no WebP (older iOS and macOS Contacts, Outlook, Android importers); vCard 4.0 keeps the WebP (0248).
 */

/** Past this many pixels a WebP is not decoded: 600 KB of WebP can claim a canvas of gigabytes. */
export const MAX_WEBP_PIXELS = 4_000_000;
export const WEBP_TOO_LARGE = "That WebP photo is over 4 megapixels; choose a smaller one";
export const WEBP_UNREADABLE = "That WebP photo cannot be read; choose a JPEG or PNG instead";

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** The width and height a WebP's header declares (simple lossy, lossless or extended), or null. */
export function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.byteLength < 30 || ascii(bytes, 0) !== "RIFF" || ascii(bytes, 8) !== "WEBP") return null;
  const chunk = ascii(bytes, 12);
  const at = (i: number) => bytes[i] ?? 0;
  if (chunk === "VP8X")
    return {
      width: 1 + (at(24) | (at(25) << 8) | (at(26) << 16)),
      height: 1 + (at(27) | (at(28) << 8) | (at(29) << 16)),
    };
  if (chunk === "VP8 " && at(23) === 0x9d && at(24) === 0x01 && at(25) === 0x2a)
    return { width: (at(26) | (at(27) << 8)) & 0x3fff, height: (at(28) | (at(29) << 8)) & 0x3fff };
  if (chunk === "VP8L" && at(20) === 0x2f) {
    const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return null;
}

/** The JPEG of a WebP photo, or why none can be made (a message for the person, never a thrown error). */
export async function jpegOfWebp(bytes: Uint8Array): Promise<{ jpeg: Uint8Array } | { error: string }> {
  const size = webpSize(bytes);
  if (!size || size.width < 1 || size.height < 1) return { error: WEBP_UNREADABLE };
  if (size.width * size.height > MAX_WEBP_PIXELS) return { error: WEBP_TOO_LARGE };
  try {
    // Imported here so the Worker's start-up never evaluates the codecs' glue or compiles their wasm.
    const { webpToJpeg } = await import("./webp-codec.server");
    return { jpeg: await webpToJpeg(bytes, 85) };
  } catch {
    return { error: WEBP_UNREADABLE };
  }
}
