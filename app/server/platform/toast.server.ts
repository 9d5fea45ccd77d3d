import { env } from "cloudflare:workers";
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { BACKGROUND_FETCH_HEADER } from "~/lib/platform/pwa";
import { purposeSecret } from "./tokens.server";

const toastSchema = z.object({
  type: z.enum(["success", "info", "warning", "error"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  duration: z.number().int().positive().max(60_000).optional(),
  /** Set when the toast is made: a page kept for offline use replays its data, and the page shows each id once. */
  id: z.string().max(40).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

/**
 * A flash cookie: set by an action before a redirect, read once by the root loader. Signed, as epic-stack
 * signs its own, with a secret of its own purpose derived from AUTH_SECRET: a cookie forged elsewhere (a
 * sibling subdomain, a script) parses as nothing, so our pages never show words we did not write.
 */
const toastCookie = () =>
  createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secrets: [purposeSecret(env, "toast")],
  });

export async function setToastHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(JSON.stringify({ ...toast, id: crypto.randomUUID() }));
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  // The service worker keeping a page for offline use: the flash stays for the page the owner is on.
  if (request.headers.has(BACKGROUND_FETCH_HEADER)) return { toast: null, headers };
  const header = request.headers.get("cookie");
  if (!header || !/(?:^|;)\s*toast=/.test(header)) return { toast: null, headers };
  // Cleared whether or not its signature holds: a forged one is dropped, not kept for the next page.
  const cookie = toastCookie();
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const raw = await cookie.parse(header);
  if (raw === null || raw === undefined) return { toast: null, headers };
  try {
    const parsed = toastSchema.safeParse(JSON.parse(String(raw)));
    return { toast: parsed.success ? parsed.data : null, headers };
  } catch {
    return { toast: null, headers };
  }
}

/** A redirect that shows a toast on the next page: the one way actions say what they did. */
export async function redirectWithToast(to: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await setToastHeader(toast));
  return redirect(to, { ...init, headers });
}
