import { data, href, Link, redirect } from "react-router";
import { appContext } from "~/context";
import { requiredEmailField } from "~/lib/forms/fields";
import { staticPage } from "~/lib/platform/page-handle";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import { SSO_REFUSED, SsoError, startSso, stateCookie } from "~/server/account/sso.server";
import type { Route } from "./+types/sso";

export const handle = staticPage;
// The sign-in form's post lands here: CSP's form-action 'self' stops a redirect chain from a form at another
// origin, so the page moves on by a refresh (no script needed) and offers the same link.
export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta("Sign in with your organisation"),
  { name: "robots", content: "noindex" },
  ...(loaderData && "to" in loaderData ? [{ httpEquiv: "refresh", content: `0;url=${loaderData.to}` }] : []),
];

/** Sends an address on a team's proved domain to the team's provider (decision 0214); any other back to sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const email = requiredEmailField.safeParse(url.searchParams.get("email") ?? "");
  if (!email.success) throw redirect(href("/auth"));
  try {
    const started = await startSso(app.db, app.env.APP_ENV, url.origin, email.data, redirectTo);
    if (!started) throw redirect(`${href("/auth")}?${new URLSearchParams({ redirectTo })}`);
    return data(
      { to: started.url },
      {
        headers: {
          "Set-Cookie": stateCookie(started.state, app.env.APP_ENV === "production"),
          "Cache-Control": "no-store",
        },
      },
    );
  } catch (error) {
    if (!(error instanceof SsoError)) throw error;
    // The provider did not answer its discovery document: nothing to send the browser to.
    return data({ message: SSO_REFUSED[error.reason] }, { status: 503 });
  }
}

export default function SsoStart({ loaderData }: Route.ComponentProps) {
  if ("message" in loaderData) return <SsoProblem message={loaderData.message} />;
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="font-bold text-3xl tracking-tight">Sign in with your organisation</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">Your team signs in through its own provider.</p>
      <p className="mt-6">
        <a
          href={loaderData.to}
          className="inline-block rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Continue to your organisation's sign-in
        </a>
      </p>
    </section>
  );
}

/** The page a refused or failed single sign-on ends on, with the way back. */
export function SsoProblem({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="font-bold text-3xl tracking-tight">Sign in with your organisation</h1>
      <p role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-red-900 text-sm dark:bg-red-950 dark:text-red-100">
        {message}
      </p>
      <p className="mt-6 text-sm">
        <Link to={href("/auth")} className="font-semibold text-brand-700 underline dark:text-brand-200">
          Back to sign in
        </Link>
      </p>
    </section>
  );
}
