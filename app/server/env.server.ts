import { z } from "zod";

/** What the WEBHOOKS queue carries: the delivery row holds everything else. */
export type WebhookMessage = { deliveryId: string };

const secret = z.string().min(32, "must be at least 32 characters");

/** The one boundary where bindings and secrets are checked; everything else trusts `AppEnv`. */
const envSchema = z.object({
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
  WEBHOOKS: z.custom<Queue<WebhookMessage>>((v) => typeof (v as Queue)?.send === "function", "Queue binding WEBHOOKS"),
  AI: z.custom<Ai>((v) => typeof (v as Ai)?.run === "function").optional(),
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
