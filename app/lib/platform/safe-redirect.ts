const REDIRECT_BASE = "http://same-origin.invalid";

/**
 * A same-origin path to go back to, as the URL parser reads it (browsers strip tabs and newlines and
 * read backslashes as slashes before following a Location); anything else falls back. The answer is
 * the parser's own normalised, percent-encoded form, so it is always a valid header value.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || to.length > 2048 || !to.startsWith("/")) return fallback;
  // Control characters and backslashes have no place in a path we issue; refuse rather than guess.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== REDIRECT_BASE || !path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
