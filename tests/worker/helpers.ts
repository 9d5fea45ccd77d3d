import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";

/** A request to the built Worker, as a browser on this site would send it. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", ORIGIN);
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }));
}

export function form(values: Record<string, string>): RequestInit {
  return { method: "POST", body: new URLSearchParams(values) };
}
