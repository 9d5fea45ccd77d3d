/**
 * Global cache purge through Cloudflare's zone API (purge by tag reaches every data centre in about a
 * second). Without CF_ZONE_ID and CF_PURGE_TOKEN (local development, tests) there is only the one local
 * cache, which the caller has already cleared, so this answers ok without a request.
 */
export type PurgeConfig = { CF_ZONE_ID?: string; CF_PURGE_TOKEN?: string; CF_API_BASE?: string };
export type PurgeResult = { ok: true; sent: boolean } | { ok: false; error: string };

const API_BASE = "https://api.cloudflare.com/client/v4";
/** The API takes at most 30 tags per call. */
const TAGS_PER_CALL = 30;

export async function purgeEverywhere(config: PurgeConfig, tags: string[]): Promise<PurgeResult> {
  if (!config.CF_ZONE_ID || !config.CF_PURGE_TOKEN || tags.length === 0) return { ok: true, sent: false };
  const url = `${config.CF_API_BASE ?? API_BASE}/zones/${encodeURIComponent(config.CF_ZONE_ID)}/purge_cache`;
  for (let i = 0; i < tags.length; i += TAGS_PER_CALL) {
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${config.CF_PURGE_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ tags: tags.slice(i, i + TAGS_PER_CALL) }),
      });
      const body = (await res.json().catch(() => null)) as {
        success?: boolean;
        errors?: { message?: string }[];
      } | null;
      if (!res.ok || !body?.success) {
        return { ok: false, error: body?.errors?.[0]?.message ?? `purge answered ${res.status}` };
      }
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ok: true, sent: true };
}
