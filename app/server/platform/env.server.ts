// Before zod builds this file's schemas: every request, queue batch and cron run loads this module first.
import "~/lib/forms/zod-config";
import { z } from "zod";

/** What the WEBHOOKS queue carries: the delivery row holds everything else. */
export type WebhookMessage = { deliveryId: string };
/** What the MAILINGS queue carries: recipient rows of one mailing, claimed before each is sent. */
export type MailingMessage = { mailingId: number; recipientIds: number[] };

const secret = z.string().min(32, "must be at least 32 characters");

/** An optional secret: unset and empty both mean "not configured". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());
const pem = (label: string) =>
  z
    .string()
    .transform((v) => v.replace(/\\n/g, "\n"))
    .refine(
      (v) => v.includes(`-----BEGIN ${label}-----`) && v.includes(`-----END ${label}-----`),
      `must be a PEM ${label}`,
    );
const APPLE_KEYS = [
  "APPLE_PASS_TYPE_ID",
  "APPLE_TEAM_ID",
  "APPLE_PASS_CERT",
  "APPLE_PASS_KEY",
  "APPLE_WWDR_CERT",
] as const;
const GOOGLE_KEYS = [
  "GOOGLE_WALLET_ISSUER_ID",
  "GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL",
  "GOOGLE_WALLET_PRIVATE_KEY",
] as const;

/** The one boundary where bindings and secrets are checked; everything else trusts `AppEnv`. */
const envSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    AUTH_SECRET: secret,
    CARD_SIGNING_SECRET: secret,
    // Encrypts integration credentials; AUTH_SECRET is used when it is not set.
    INTEGRATIONS_SECRET: secret.optional(),
    DB: z.custom<D1Database>((v) => typeof (v as D1Database)?.prepare === "function", "D1 binding DB"),
    CACHE: z.custom<KVNamespace>((v) => typeof (v as KVNamespace)?.get === "function", "KV binding CACHE"),
    RATE_LIMIT_STRICT: z.custom<RateLimit>((v) => typeof (v as RateLimit)?.limit === "function"),
    RATE_LIMIT_FORMS: z.custom<RateLimit>((v) => typeof (v as RateLimit)?.limit === "function"),
    RATE_LIMIT_VENUE: z.custom<RateLimit>((v) => typeof (v as RateLimit)?.limit === "function"),
    RATE_LIMIT_CARD: z.custom<RateLimit>((v) => typeof (v as RateLimit)?.limit === "function"),
    RATE_LIMIT_API: z.custom<RateLimit>((v) => typeof (v as RateLimit)?.limit === "function"),
    // Test-only: "in-isolate" counts rate limits in this isolate (ignored in production; see limiterFor).
    RATE_LIMIT_WINDOWS: z.enum(["binding", "in-isolate"]).default("binding"),
    WEBHOOKS: z.custom<Queue<WebhookMessage>>(
      (v) => typeof (v as Queue)?.send === "function",
      "Queue binding WEBHOOKS",
    ),
    MAILINGS: z.custom<Queue<MailingMessage>>(
      (v) => typeof (v as Queue)?.send === "function",
      "Queue binding MAILINGS",
    ),
    // Mailings' provider (docs/decisions/0140): Resend when a key is set; the outbox otherwise (not in production).
    RESEND_API_KEY: optional(z.string().regex(/^re_\w+$/, "must be a Resend API key (re_…)")),
    RESEND_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be a webhook signing secret (whsec_…)"),
    ),
    RESEND_API_BASE: optional(z.url()),
    // The From of mailings: an address on a domain verified with the provider.
    MAIL_FROM: optional(z.string().min(3).max(200)),
    AI: z.custom<Ai>((v) => typeof (v as Ai)?.run === "function").optional(),
    // Who may approve nonprofit offers: operators' sign-in emails, comma-separated (a secret in production).
    OPERATOR_EMAILS: optional(z.string()),
    // Global cache purge (production only; without them a purge clears the local cache alone).
    CF_ZONE_ID: z.string().min(1).optional(),
    CF_PURGE_TOKEN: z.string().min(1).optional(),
    CF_API_BASE: z.url().optional(),
    // DNS over HTTPS (JSON) that outbound URLs' names are resolved with; production defaults to Cloudflare's.
    DOH_URL: z.url().optional(),
    // Wallet passes: each wallet is offered only when all of its settings are present.
    APPLE_PASS_TYPE_ID: optional(z.string().regex(/^pass\.[A-Za-z0-9.-]+$/, "must look like pass.com.example.card")),
    APPLE_TEAM_ID: optional(z.string().regex(/^[A-Z0-9]{10}$/, "must be the 10-character team id")),
    APPLE_PASS_CERT: optional(pem("CERTIFICATE")),
    APPLE_PASS_KEY: optional(pem("PRIVATE KEY")),
    APPLE_WWDR_CERT: optional(pem("CERTIFICATE")),
    GOOGLE_WALLET_ISSUER_ID: optional(z.string().regex(/^\d{10,25}$/, "must be the numeric issuer id")),
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: optional(z.email("must be the service account's email")),
    GOOGLE_WALLET_PRIVATE_KEY: optional(pem("PRIVATE KEY")),
    // Payments (app/server/payments/): without a key, the built-in test checkout takes Stripe's place.
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key"),
    ),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")),
    // The Connect endpoint's own signing secret, when connected accounts' events go to a second endpoint.
    STRIPE_CONNECT_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)"),
    ),
    // Where the Stripe library sends its calls: Stripe itself unless a test points it at a stand-in.
    STRIPE_API_BASE: optional(z.url()),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required when STRIPE_SECRET_KEY is set",
      });
    if (env.RESEND_API_KEY && !env.RESEND_WEBHOOK_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["RESEND_WEBHOOK_SECRET"],
        message: "is required when RESEND_API_KEY is set",
      });
    if (env.RESEND_API_KEY && !env.MAIL_FROM)
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required when RESEND_API_KEY is set" });
    for (const keys of [APPLE_KEYS, GOOGLE_KEYS]) {
      const set = keys.filter((k) => env[k] !== undefined);
      if (set.length > 0 && set.length < keys.length)
        for (const k of keys.filter((k) => env[k] === undefined))
          ctx.addIssue({ code: "custom", path: [k], message: `is required when ${set.join(", ")} is set` });
    }
  });

export type AppEnv = z.infer<typeof envSchema>;

const checked = new WeakMap<object, AppEnv>();

export function parseEnv(raw: Env): AppEnv {
  const hit = checked.get(raw);
  if (hit) return hit;
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Worker environment: ${fields}`);
  }
  checked.set(raw, result.data);
  return result.data;
}
