import { DAY_MS } from "~/lib/time/days";
import type { AppEnv } from "./env.server";

/**
 * The one rate-limit policy. Each rule is a Workers rate-limit binding (fixed window, counted across
 * isolates); keys name the subject, so one rule serves many purposes without sharing counters.
 *   strict  5 a minute   one account's sign-in attempts and mailing test sends, one visitor's (card, email) share-backs
 *   forms  20 a minute   public forms per address; every authentication entry point per address
 *   venue  30 a minute   share-backs to one card from one address (many people behind one venue IP)
 *   card  120 a minute   share-backs to one card from everywhere, and from one address in a crowd;
 *                        both lift or stay with the card's recent audience (limitShareBack)
 *   api    60 a minute   requests per personal API token
 * The README states these numbers; tests/worker/security.test.ts holds them to it.
 */
export const RULES = {
  strict: { binding: "RATE_LIMIT_STRICT", limit: 5 },
  forms: { binding: "RATE_LIMIT_FORMS", limit: 20 },
  venue: { binding: "RATE_LIMIT_VENUE", limit: 30 },
  card: { binding: "RATE_LIMIT_CARD", limit: 120 },
  api: { binding: "RATE_LIMIT_API", limit: 60 },
} as const;

export type RateLimitRule = keyof typeof RULES;

/** Every window is one minute long, so a refused caller may try again within a minute. */
export const RETRY_AFTER_SECONDS = 60;

export type Verdict = { ok: true } | { ok: false; retryAfter: number };

/** The client's address as Cloudflare reports it; local requests share one bucket. */
export function clientKey(request: Request | Headers): string {
  const headers = request instanceof Headers ? request : request.headers;
  return headers.get("cf-connecting-ip") ?? "local";
}

/** True when the caller may go on. Keys name the subject, e.g. `share:<ip>:<card>`. */
export async function allow(env: AppEnv, rule: RateLimitRule, key: string): Promise<boolean> {
  const { success } = await limiterFor(env, rule).limit({ key: `${rule}:${key}` });
  return success;
}

/**
 * The rule's Workers binding; only outside production, when `RATE_LIMIT_WINDOWS` asks for it (the Worker
 * tests), windows kept in this isolate instead: the local binding rolls every key over at the wall
 * clock's minute, so a burst that straddled it was counted twice and tests waited for a fresh minute.
 */
export function limiterFor(env: AppEnv, rule: RateLimitRule): Pick<RateLimit, "limit"> {
  if (env.RATE_LIMIT_WINDOWS !== "in-isolate" || env.APP_ENV === "production") return env[RULES[rule].binding];
  isolateWindows ??= fixedWindows(RETRY_AFTER_SECONDS * 1000);
  const windows = isolateWindows;
  return { limit: async ({ key }) => ({ success: windows.take(key, RULES[rule].limit) }) };
}

let isolateWindows: ReturnType<typeof fixedWindows> | undefined;

/**
 * Fixed windows of `periodMs` per key, each opened by the key's first attempt and counted on the clock
 * given, so a test moves time instead of waiting for it.
 */
export function fixedWindows(periodMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { opened: number; count: number }>();
  return {
    /** Counts one attempt; true while the key's window has taken fewer than `limit`. */
    take(key: string, limit: number): boolean {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.opened >= periodMs) {
        // Closed windows are dropped now and then, so a long test run does not grow the map without end.
        if (windows.size > 10_000) for (const [k, w] of windows) if (at - w.opened >= periodMs) windows.delete(k);
        window = { opened: at, count: 0 };
        windows.set(key, window);
      }
      if (window.count >= limit) return false;
      window.count++;
      return true;
    },
  };
}

/**
 * Every authentication entry point (sign-in, sign-up, password reset, whatever is added next) calls
 * this: at most 20 attempts a minute from one address, and 5 a minute against one account wherever
 * they come from. `account` is the email the attempt names, when it names one.
 */
export async function limitAuthAttempt(env: AppEnv, request: Request | Headers, account?: string | null) {
  for (const [rule, key] of authSubjects(request, account)) {
    if (!(await allow(env, rule, key))) {
      // Remembered for the window, so entry points that count only failures can refuse before the password.
      await env.CACHE.put(`auth-lock:${key}`, "1", { expirationTtl: RETRY_AFTER_SECONDS });
      return { ok: false, retryAfter: RETRY_AFTER_SECONDS } satisfies Verdict;
    }
  }
  return { ok: true } satisfies Verdict;
}

/** The address and the account an authentication attempt is counted against, in the order they are checked. */
function authSubjects(request: Request | Headers, account?: string | null): [RateLimitRule, string][] {
  const checks: [RateLimitRule, string][] = [["forms", `auth-ip:${clientKey(request)}`]];
  const email = account?.trim().toLowerCase();
  if (email) checks.push(["strict", `auth-account:${email}`]);
  return checks;
}

/**
 * True while the address or the account was refused by `limitAuthAttempt` in the last minute. Entry points
 * that count only failed attempts (CardDAV) ask this before looking at the password, so a locked-out
 * guesser learns nothing even from the right password.
 */
export async function authLockedOut(env: AppEnv, request: Request | Headers, account?: string | null) {
  const marks = await Promise.all(authSubjects(request, account).map(([, key]) => env.CACHE.get(`auth-lock:${key}`)));
  return marks.some((m) => m !== null);
}

/**
 * A card's recent audience: visitors who opened it today and yesterday (UTC days of card_stat) against
 * the share-backs it took. A keynote opens the card thousands of times, a script spraying share-backs
 * does not, so the ceilings below lift only while fewer than AUDIENCE_SHARE of those visitors shared back.
 */
export const AUDIENCE_SHARE = 0.5;
/** How long one isolate trusts its read of a card's audience, so a spray costs one D1 read a second. */
const AUDIENCE_TTL_MS = 1000;
const audiences = new Map<number, { views: number; shares: number; at: number }>();

async function audienceAllows(env: AppEnv, cardId: number, now = Date.now()): Promise<boolean> {
  let seen = audiences.get(cardId);
  if (!seen || now - seen.at > AUDIENCE_TTL_MS) {
    const since = new Date(now - DAY_MS).toISOString().slice(0, 10);
    const row = await env.DB.prepare(
      "select coalesce(sum(views), 0) as views, coalesce(sum(shares), 0) as shares from card_stat where card_id = ? and day >= ?",
    )
      .bind(cardId, since)
      .first<{ views: number; shares: number }>();
    seen = { views: row?.views ?? 0, shares: row?.shares ?? 0, at: now };
    if (audiences.size > 1000) audiences.clear();
    audiences.set(cardId, seen);
  }
  if (seen.shares >= Math.floor(seen.views * AUDIENCE_SHARE)) return false;
  // Counted here too, since the stat buffer writes shares a second later.
  seen.shares++;
  return true;
}

/**
 * Share-backs, designed for keynotes and venues (docs/decisions/0076):
 *   one person (card + email) 5 a minute, always: re-submits are held, and stored once (share key);
 *   one address 30 a minute per card, or up to 120 while the card's audience allows (a venue's NAT);
 *   one card 120 a minute from everywhere, or more while the card's audience allows (a keynote).
 * A script spraying a card nobody is looking at stops at 120 a minute; one address at 120 whatever.
 */
export async function limitShareBack(env: AppEnv, request: Request, cardId: number, email: string): Promise<Verdict> {
  const refused = { ok: false, retryAfter: RETRY_AFTER_SECONDS } as const;
  const ip = clientKey(request);
  if (!(await allow(env, "strict", `share-person:${cardId}:${email.trim().toLowerCase()}`))) return refused;
  // Both address counters see every attempt, so the crowd allowance is a total, not 30 more.
  const [venue, crowd] = await Promise.all([
    allow(env, "venue", `share-ip:${ip}:${cardId}`),
    allow(env, "card", `share-crowd:${ip}:${cardId}`),
  ]);
  let audience: Promise<boolean> | null = null;
  const audienceOnce = () => {
    audience ??= audienceAllows(env, cardId);
    return audience;
  };
  if (!venue && !(crowd && (await audienceOnce()))) return refused;
  if (!(await allow(env, "card", `share-card:${cardId}`)) && !(await audienceOnce())) return refused;
  return { ok: true };
}
