/**
 * Query parameters that ad networks, mail tools and social sites add to links to our public pages. They
 * never change what a page shows, so cache keys drop them (page-cache.server.ts): the one list.
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  "fbclid",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "gclsrc",
  "msclkid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "yclid",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "oly_anon_id",
  "oly_enc_id",
  "vero_id",
  "ref_src",
  "s_cid",
  "_ga",
  "_gl",
]);

/** Whole families of tracking parameters, by prefix (utm_source, utm_medium, utm_campaign...). */
export const TRACKING_PREFIXES: readonly string[] = ["utm_", "pk_", "mtm_"];

export const isTrackingParam = (name: string) => {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((p) => lower.startsWith(p));
};

/** The query of `url` without tracking parameters, in its original order ("" when nothing is left). */
export function queryWithoutTracking(url: URL): string {
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (!isTrackingParam(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `?${query}` : "";
}
