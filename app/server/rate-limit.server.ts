import type { AppEnv } from "./env.server";

/** strict: sign-in, share-back and other writes a stranger can repeat; forms: public forms; api: per API token. */
export type RateLimitRule = "strict" | "forms" | "api";

const BINDINGS = { strict: "RATE_LIMIT_STRICT", forms: "RATE_LIMIT_FORMS", api: "RATE_LIMIT_API" } as const;

/** The client's address as Cloudflare reports it; local requests share one bucket. */
export function clientKey(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

/** True when the caller may go on. Keys name the subject, e.g. `share:<ip>:<card>`. */
export async function allow(env: AppEnv, rule: RateLimitRule, key: string): Promise<boolean> {
  const { success } = await env[BINDINGS[rule]].limit({ key: `${rule}:${key}` });
  return success;
}
