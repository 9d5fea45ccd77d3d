import { Form, href, redirect } from "react-router";
import { staticPage } from "~/lib/platform/page-handle";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import { completeLocalOnboarding } from "~/server/payments/local-checkout.server";
import { openLocal } from "./+shared/open-local.server";
import type { Route } from "./+types/test-onboard";

export const meta = () => [...pageMeta("Test onboarding"), { name: "robots", content: "noindex" }];
export const handle = staticPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { found: account } = await openLocal(context, params.id, "account");
  const url = new URL(request.url);
  return { id: account.id, email: String(account.email ?? ""), returnUrl: url.searchParams.get("return_url") ?? "/" };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { app, found: account } = await openLocal(context, params.id, "account");
  await completeLocalOnboarding(app, account.id);
  const back = String((await request.formData()).get("return_url") ?? "/");
  return redirect(safeRedirect(pathOf(back), href("/")));
}

/** Return addresses are absolute (Stripe needs them so); only our own path is followed. */
function pathOf(address: string) {
  try {
    const u = new URL(address, "http://local");
    return `${u.pathname}${u.search}`;
  } catch {
    return "/";
  }
}

export default function TestOnboard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <p className="rounded-md bg-amber-100 px-3 py-2 text-amber-950 text-sm">
        Test onboarding: this page stands in for Stripe's hosted onboarding while no Stripe key is configured.
      </p>
      <h1 className="mt-6 font-bold text-2xl tracking-tight">Connect your Stripe account</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Account {loaderData.id}
        {loaderData.email ? ` for ${loaderData.email}` : ""}.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="return_url" value={loaderData.returnUrl} />
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700">
          Complete onboarding
        </button>
      </Form>
    </section>
  );
}
