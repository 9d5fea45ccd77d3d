/**
 * Words as a link segment, at most `max` characters: accents dropped, anything but a–z and digits made one
 * hyphen, no hyphen at either end (`Ana María López` becomes `ana-maria-lopez`). Empty when nothing is left.
 */
export function slugOf(text: string, max: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}
