import { data, redirect } from "react-router";
import { appContext } from "~/context";
import { carryCookies } from "~/lib/platform/carry-cookies";
import { staticPage } from "~/lib/platform/page-handle";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import { createAuth } from "~/server/account/auth.server";
import { finishSso, SSO_REFUSED, SSO_STATE_COOKIE, SsoError } from "~/server/account/sso.server";
import { syncSeatsAfter } from "~/server/billing/seats.server";
import type { Route } from "./+types/sso-callback";
import { SsoProblem } from "./sso";

export const handle = staticPage;
export const meta = () => [...pageMeta("Sign in with your organisation"), { name: "robots", content: "noindex" }];

const stateOf = (cookies: string | null) =>
  cookies
    ?.split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SSO_STATE_COOKIE}=`))
    ?.slice(SSO_STATE_COOKIE.length + 1) ?? null;

/** The provider's redirect back: checked in finishSso; a refusal is a 400 page saying why, and signs nothing in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const clear = `${SSO_STATE_COOKIE}=; Path=/auth/sso; Max-Age=0; HttpOnly; SameSite=Lax`;
  try {
    const done = await finishSso(
      app.db,
      app.env.AUTH_SECRET,
      app.env.APP_ENV,
      url.origin,
      url,
      stateOf(request.headers.get("cookie")),
    );
    const response = await createAuth(app, request).api.ssoSession({
      body: { teamId: done.teamId, email: done.email, name: done.name },
      // The browser's own headers: the session's device (its browser and address) is listed as any other's.
      headers: request.headers,
      asResponse: true,
    });
    // The join's own batch counted the seats; telling the payment processor need not hold up the sign-in.
    app.ctx.waitUntil(syncSeatsAfter(app, done.teamId));
    const headers = carryCookies(response, new Headers({ "Set-Cookie": clear }));
    return redirect(safeRedirect(done.redirectTo), { headers });
  } catch (error) {
    if (!(error instanceof SsoError)) throw error;
    return data(
      { message: SSO_REFUSED[error.reason] },
      { status: error.reason === "provider" ? 503 : 400, headers: { "Set-Cookie": clear } },
    );
  }
}

export default function SsoCallback({ loaderData }: Route.ComponentProps) {
  return <SsoProblem message={loaderData.message} />;
}
