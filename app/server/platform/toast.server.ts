import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { BACKGROUND_FETCH_HEADER } from "~/lib/platform/pwa";

const toastSchema = z.object({
  type: z.enum(["success", "info", "warning", "error"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  duration: z.number().int().positive().max(60_000).optional(),
  /** Set when the toast is made: a page kept for offline use replays its data, and the page shows each id once. */
  id: z.string().max(40).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

// A flash cookie: set by an action before a redirect, read once by the root loader.
const toastCookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function setToastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(JSON.stringify({ ...toast, id: crypto.randomUUID() }));
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  // The service worker keeping a page for offline use: the flash stays for the page the owner is on.
  if (request.headers.has(BACKGROUND_FETCH_HEADER)) return { toast: null, headers };
  const raw = await toastCookie.parse(request.headers.get("cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
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
