const COOKIE = "kw_visitor";
const ONE_YEAR = 60 * 60 * 24 * 365;

/** An anonymous visitor id from a cookie, minted when missing; `setCookie` is set only when it must be sent. */
export function visitorId(request: Request): { id: string; setCookie?: string } {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)kw_visitor=([A-Za-z0-9-]{36})/);
  if (match?.[1]) return { id: match[1] };
  const id = crypto.randomUUID();
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return { id, setCookie: `${COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure}` };
}

export function readVisitorId(request: Request): string | undefined {
  return request.headers.get("cookie")?.match(/(?:^|;\s*)kw_visitor=([A-Za-z0-9-]{36})/)?.[1];
}
