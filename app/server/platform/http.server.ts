import { contentSecurityPolicy } from "./security.server";

/** The one 404: loaders and actions throw it for anything missing or not the signed-in owner's. */
export function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/** A positive integer id from a route param or form field, or a 404. */
export function parseId(value: unknown): number {
  return idOf(value) ?? notFound();
}

/** A row id from the URL (a positive integer written as digits), or null for anything else. */
export function idOf(value: unknown): number | null {
  const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/** Positive integer ids from repeated fields (?id=1&id=2 or checkboxes); anything else is dropped. */
export function parseIds(values: FormDataEntryValue[] | string[]): number[] {
  return values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** The one answer to an action's unknown or missing intent: nothing is changed (a forged or stale form). */
export function unknownIntent(): never {
  throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
}

/** A page of ours outside React Router: HTML with the no-script policy, uncached unless told. */
export function html(body: string, status?: number, cache?: string, extra?: Record<string, string>): Response;
export function html(
  body: Promise<string>,
  status?: number,
  cache?: string,
  extra?: Record<string, string>,
): Promise<Response>;
export function html(
  body: string | Promise<string>,
  status = 200,
  cache = "no-store",
  extra: Record<string, string> = {},
): Response | Promise<Response> {
  // Pages rendered by React arrive as a promise (the streaming renderer, decision 0077).
  if (typeof body !== "string") return body.then((text) => html(text, status, cache, extra));
  return new Response(body, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": cache,
      "content-security-policy": contentSecurityPolicy(null, import.meta.env.DEV),
      ...extra,
    },
  });
}
