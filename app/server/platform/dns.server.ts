/**
 * DNS TXT look-ups behind one adapter (decision 0214): in production a DNS-over-HTTPS resolver answering
 * `application/dns-json` (Cloudflare's by default, or DNS_OVER_HTTPS_URL); elsewhere a local zone in KV
 * (`dns-txt:<name>`, one record a line) that `wrangler kv key put` fills, since a local run reaches no real DNS.
 */
export type TxtResolver = (name: string) => Promise<string[] | null>;

export const CLOUDFLARE_DOH = "https://cloudflare-dns.com/dns-query";
/** TXT is record type 16 in the JSON answers (RFC 1035). */
const TXT = 16;

/** A resolver speaking the JSON API of DNS over HTTPS at `endpoint`; null when it could not answer. */
export function dohResolver(endpoint: string, fetcher: typeof fetch = fetch): TxtResolver {
  return async (name) => {
    const url = new URL(endpoint);
    url.searchParams.set("name", name);
    url.searchParams.set("type", "TXT");
    const res = await fetcher(url, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(5000),
    }).catch(() => null);
    if (!res?.ok) return null;
    const body = (await res.json().catch(() => null)) as {
      Status?: unknown;
      Answer?: { type?: unknown; data?: unknown }[];
    } | null;
    // Status 3 is NXDOMAIN: the name has no records, a real answer. Anything else but 0 is a failure.
    if (body?.Status === 3) return [];
    if (body?.Status !== 0) return null;
    return (body.Answer ?? [])
      .filter((a) => a.type === TXT && typeof a.data === "string")
      .map((a) => txtText(a.data as string));
  };
}

/** A TXT record's text as resolvers print it: one or more quoted strings, joined (RFC 7208 §3.3). */
export function txtText(data: string): string {
  const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]?.replace(/\\(.)/g, "$1") ?? "");
  return parts.length > 0 ? parts.join("") : data;
}

/** The local zone: records kept in KV, for development and tests. */
export function kvResolver(kv: KVNamespace): TxtResolver {
  return async (name) => {
    const value = await kv.get(`dns-txt:${name.toLowerCase()}`);
    return value === null ? [] : value.split("\n").filter(Boolean);
  };
}

/** The resolver this deployment uses. */
export function txtResolver(env: Pick<Env, "APP_ENV" | "CACHE">): TxtResolver {
  const configured = (env as { DNS_OVER_HTTPS_URL?: unknown }).DNS_OVER_HTTPS_URL;
  if (typeof configured === "string" && configured) return dohResolver(configured);
  return env.APP_ENV === "production" ? dohResolver(CLOUDFLARE_DOH) : kvResolver(env.CACHE);
}
