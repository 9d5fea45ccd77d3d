import { href, Link, Outlet, useRouteLoaderData } from "react-router";
import { FeatureLocked } from "~/components/plan-gate";
import { SectionNav } from "~/components/section-nav";
import { TimesIn } from "~/components/times-in";
import { appContext } from "~/context";
import { can } from "~/lib/billing/plans";
import { dateTimeFormat } from "~/lib/time/time";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { getEntitlements } from "~/server/billing/plans.server";
import { isProduction } from "~/server/integrations/webhooks.server";
import { runIntent } from "./+shared/intent.server";
import { allSections } from "./+shared/sections.server";
import type { Route } from "./+types/_layout";

/** What every integrations page shows around its sections: the plan, the owner's time zone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [settings, plan] = await Promise.all([
    shellSettings(context, request),
    getEntitlements(app.db, user.workspace.id),
  ]);
  return {
    // On Basic everything set up earlier stays listed (and removable); nothing new is sent or added.
    locked: !can(plan, "crmSync"),
    trialAvailable: plan.trialAvailable,
    timeZone: settings.timeZone,
    production: isProduction(app.env),
  };
}

/**
 * A form posted to /settings/integrations itself (what the page's forms did before it had sections, and what
 * scripts still send) runs like one posted from the overview, which shows the answer.
 */
export const action = (args: Route.ActionArgs) => runIntent(args, allSections);

const ROUTE_ID = "routes/app/integrations/_layout";

/** The layout's data, for the sections: the time zone their dates are shown in, and whether this is production. */
export function useIntegrations() {
  const data = useRouteLoaderData<typeof loader>(ROUTE_ID);
  const timeZone = data?.timeZone ?? "UTC";
  const when = dateTimeFormat(timeZone, { dateStyle: "medium", timeStyle: "short" }, "en-GB");
  const fmt = (d: Date | string | null) => (d ? when.format(new Date(d)) : "never");
  return { fmt, production: data?.production ?? true };
}

const SECTIONS = [
  [href("/settings/integrations"), "All"],
  [href("/settings/integrations/webhooks"), "Webhooks"],
  [href("/settings/integrations/hubspot"), "HubSpot"],
  [href("/settings/integrations/krystal"), "Krystal AI"],
  [href("/settings/integrations/api"), "Personal API"],
  [href("/settings/integrations/address-book"), "Address book"],
] as const;

export default function IntegrationsLayout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/settings")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Settings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Integrations</h1>
      <TimesIn timeZone={loaderData.timeZone} className="mt-1" />
      {loaderData.locked ? (
        <div className="mt-4">
          <FeatureLocked
            feature="crmSync"
            trialAvailable={loaderData.trialAvailable}
            redirectTo={href("/settings/integrations")}
          >
            <p className="mt-2 text-sm">
              Anything you set up earlier is kept below and sends nothing until you upgrade; you can still pause or
              remove it.
            </p>
          </FeatureLocked>
        </div>
      ) : null}
      <p className="mt-2 text-slate-700 text-sm dark:text-slate-300">
        Send your network to the tools you already use: signed webhooks (Zapier, Make, n8n), HubSpot, Krystal AI, and
        your own scripts through the personal API.
      </p>
      <SectionNav label="Integrations" sections={SECTIONS} className="mt-4" />
      <Outlet context={actionData} />
    </section>
  );
}
