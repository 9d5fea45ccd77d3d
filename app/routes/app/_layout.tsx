import { isRouteErrorResponse, Outlet, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { AppShell } from "~/components/app-shell";
import { ErrorPage } from "~/components/error-page";
import { FeatureLocked, PlanBanner, type PlanNotice } from "~/components/plan-gate";
import { appContext, userContext } from "~/context";
import { DAY_MS } from "~/lib/days";
import { entitlements, FEATURES, isLockedFeature, TRIAL_REMINDER_DAYS } from "~/lib/plans";
import type { loader as rootLoader } from "~/root";
import { getSessionUser, signInRedirect } from "~/server/account/auth.server";
import { settingsFrom, settingsQuery } from "~/server/account/settings.server";
import { planStateFrom, planStateQuery } from "~/server/billing/plans.server";
import type { Route } from "./+types/_layout";

/**
 * The landing page's sample events (/events/{word}) are the one public page in the signed-in area: a
 * word id is never an owner's event, so the page itself answers with the sample or a 404.
 */
function isPublicEventPath(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const match = /^\/events\/([^/]+)$/.exec(new URL(request.url).pathname);
  return Boolean(match?.[1] && !/^\d+$/.test(match[1]) && match[1] !== "new");
}

/** Reads the session once for the whole request; every loader and action below reads the user from here. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const user = await getSessionUser(context.get(appContext), request);
    if (!user && !isPublicEventPath(request)) throw signInRedirect(request);
    context.set(userContext, user);
  },
];

/** What every page in the area may need from the owner's settings: phones are shown for their country. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user) return { country: "US", planNotice: null };
  const db = context.get(appContext).db;
  const now = new Date();
  // One D1 round trip for both reads.
  const [settingsRows, planRows] = await db.batch([settingsQuery(db, user.id), planStateQuery(db, user.id)]);
  const { country } = settingsFrom(settingsRows, user.id);
  const plan = entitlements(planStateFrom(planRows), now);
  // A failed payment's grace period, or a trial in its last days, is said on every page.
  const planNotice: PlanNotice =
    plan.source === "grace" && plan.endsAt
      ? { kind: "grace", endsAt: plan.endsAt.toISOString() }
      : plan.source === "trial" && plan.endsAt && plan.endsAt.getTime() - now.getTime() <= TRIAL_REMINDER_DAYS * DAY_MS
        ? { kind: "trial-ending", endsAt: plan.endsAt.toISOString() }
        : null;
  return { country, planNotice };
}

export default function AppLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const layout = useRouteLoaderData<typeof loader>("routes/app/_layout");
  // Signed out, a sample event keeps the marketing site's header and footer (see root.tsx).
  if (!root?.user) return <Outlet />;
  return (
    <AppShell user={root.user} theme={root.theme} unread={root.unread} activeEvent={root.activeEvent}>
      <PlanBanner notice={layout?.planNotice ?? null} />
      <Outlet />
    </AppShell>
  );
}

/**
 * Errors in the signed-in area stay inside the app shell: a Pro feature refused by the server
 * (requireFeature's 403) explains how to get it; any other status gets its own plain page. Signed out (a
 * sample event), the root's error page draws it inside the marketing layout.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  if (!root?.user) throw error;
  return (
    <AppShell user={root.user} theme={root.theme} unread={root.unread} activeEvent={root.activeEvent}>
      {isRouteErrorResponse(error) && error.status === 403 && isLockedFeature(error.data) ? (
        <>
          <title>{`${FEATURES[error.data.locked].name}: a Card Pro feature | KnowWho`}</title>
          <meta name="robots" content="noindex" />
          <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
            <FeatureLocked feature={error.data.locked} trialAvailable={error.data.trialAvailable} headingLevel={1} />
          </div>
        </>
      ) : (
        <ErrorPage error={error} pathname={pathname} inApp />
      )}
    </AppShell>
  );
}
