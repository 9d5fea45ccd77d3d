import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";

/**
 * The signed-in pages read the session in a D1 query of their own (auth.server.ts `sessionRead`, in the
 * signed-in area in one batch with the shell's reads, app-shell.server.ts `signedInUser`) instead of building
 * better-auth on every request: it must refuse exactly what better-auth refuses.
 */

const tokenOf = (cookie: string) =>
  decodeURIComponent(cookie.match(/better-auth\.session_token=([^;]+)/)?.[1] ?? "").split(".")[0] ?? "";

const dashboard = (cookie: string) => call("/dashboard", { headers: { cookie } });

describe("the session read on signed-in pages", () => {
  it("lets the owner in, and signs them out the moment the session row is gone", async () => {
    const { cookie } = await signUp("Session Reader");
    const page = await dashboard(cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Session Reader");
    await env.DB.prepare("delete from session where token = ?").bind(tokenOf(cookie)).run();
    const after = await dashboard(cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/auth?redirectTo=%2Fdashboard");
  });

  it("refuses a cookie whose signature is not the server's, even with a live token", async () => {
    const { cookie } = await signUp("Session Forger");
    const token = tokenOf(cookie);
    const forged = `better-auth.session_token=${encodeURIComponent(`${token}.${btoa("x".repeat(32))}`)}`;
    expect((await dashboard(forged)).status).toBe(302);
    // The token alone, unsigned, is refused too.
    expect((await dashboard(`better-auth.session_token=${token}`)).status).toBe(302);
    // Malformed values are a sign-in redirect, never a 500.
    for (const value of ["%E0%A4%A", ".", "a.b", `${token}.${"=".repeat(44)}`]) {
      expect((await dashboard(`better-auth.session_token=${value}`)).status, value).toBe(302);
    }
  });

  it("refuses an expired session", async () => {
    const { cookie } = await signUp("Session Expired");
    await env.DB.prepare("update session set expires_at = ? where token = ?")
      .bind(Date.now() - 1000, tokenOf(cookie))
      .run();
    expect((await dashboard(cookie)).status).toBe(302);
  });

  it("a session due for its daily refresh still opens the page, and better-auth moves its expiry", async () => {
    const { cookie } = await signUp("Session Refresh");
    const token = tokenOf(cookie);
    // Two days into its thirty: past the one-day update age.
    const old = Date.now() + 28 * 24 * 3600 * 1000;
    await env.DB.prepare("update session set expires_at = ? where token = ?").bind(old, token).run();
    expect((await dashboard(cookie)).status).toBe(200);
    const row = await env.DB.prepare("select expires_at from session where token = ?")
      .bind(token)
      .first<{ expires_at: number }>();
    expect(row?.expires_at).toBeGreaterThan(old + 24 * 3600 * 1000);
  });
});
