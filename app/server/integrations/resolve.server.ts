import { z } from "zod";
import { isPrivateHost, outboundUrlProblem } from "~/lib/integrations/rules";
import type { AppEnv } from "../platform/env.server";

/** A host name's addresses (A and AAAA), or an error when they could not be found out. */
export type Resolver = (name: string) => Promise<string[]>;

const CLOUDFLARE_DOH = "https://cloudflare-dns.com/dns-query";

// The JSON answer of DNS over HTTPS (Cloudflare's and Google's); only what we read.
const dohAnswer = z.object({
  Status: z.number().int(),
  Answer: z.array(z.object({ type: z.number().int(), data: z.string() })).optional(),
});

const RECORD_TYPE = { A: 1, AAAA: 28 } as const;
// NOERROR, and NXDOMAIN (the name does not exist: nothing to connect to).
const ANSWERED = new Set([0, 3]);

/** Resolves through a DNS-over-HTTPS JSON endpoint; a CNAME chain ends in the A and AAAA records we read. */
export function dohResolver(endpoint: string): Resolver {
  const ask = async (name: string, type: keyof typeof RECORD_TYPE) => {
    const url = new URL(endpoint);
    url.searchParams.set("name", name);
    url.searchParams.set("type", type);
    const res = await fetch(url, {
      headers: { accept: "application/dns-json" },
      redirect: "manual",
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`DNS over HTTPS answered ${res.status}`);
    const body = dohAnswer.parse(await res.json());
    if (!ANSWERED.has(body.Status)) throw new Error(`DNS status ${body.Status}`);
    return (body.Answer ?? []).filter((a) => a.type === RECORD_TYPE[type]).map((a) => a.data);
  };
  return async (name) => (await Promise.all([ask(name, "A"), ask(name, "AAAA")])).flat();
}

/**
 * Offline stand-in for local development: knows the public names that exist to point at private
 * addresses (localtest.me, nip.io and sslip.io with the address in the name) and finds nothing else.
 */
export const localResolver: Resolver = async (name) => {
  const host = name.toLowerCase().replace(/\.$/, "");
  if (host === "localtest.me" || host.endsWith(".localtest.me")) return ["127.0.0.1"];
  const embedded = host.match(/(?:^|[.-])(\d{1,3}[.-]\d{1,3}[.-]\d{1,3}[.-]\d{1,3})\.(?:nip\.io|sslip\.io)$/);
  if (embedded?.[1]) return [embedded[1].replaceAll("-", ".")];
  return [];
};

/** DOH_URL when set; otherwise Cloudflare's resolver in production and the offline stand-in elsewhere. */
export function resolverFor(env: Pick<AppEnv, "APP_ENV" | "DOH_URL">): Resolver {
  if (env.DOH_URL) return dohResolver(env.DOH_URL);
  return env.APP_ENV === "production" ? dohResolver(CLOUDFLARE_DOH) : localResolver;
}

export const PRIVATE_NAME = "The URL's name points to a private or local address";
export const UNRESOLVED = "We could not look up the URL's address. Try again in a few minutes";

/**
 * The outbound URL rules (docs/decisions/0081) with the name judged by the addresses it resolves to now:
 * checked when a URL is saved and again before every delivery, since a name can change where it points.
 */
export async function outboundAddressProblem(
  env: Pick<AppEnv, "APP_ENV" | "DOH_URL">,
  raw: string,
): Promise<string | null> {
  const problem = outboundUrlProblem(raw, env.APP_ENV === "production");
  if (problem) return problem;
  const host = new URL(raw).hostname;
  // Address literals were judged above; only names need resolving.
  if (host.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return null;
  let addresses: string[];
  try {
    addresses = await resolverFor(env)(host);
  } catch {
    return UNRESOLVED;
  }
  return addresses.some((a) => isPrivateHost(a)) ? PRIVATE_NAME : null;
}
