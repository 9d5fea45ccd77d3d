import {
  href,
  isRouteErrorResponse,
  Outlet,
  redirect,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { AppShell } from "~/components/app-shell";
import { ErrorPage } from "~/components/error-page";
import { FeatureLocked, PlanBanner, type PlanNotice } from "~/components/plan-gate";
import { appContext, userContext } from "~/context";
import { entitlements, FEATURES, isLockedFeature, TRIAL_REMINDER_DAYS } from "~/lib/billing/plans";
import { DAY_MS } from "~/lib/time/days";
import type { loader as rootLoader } from "~/root";
import { SECOND_FACTOR_FREE, shellReads, signedInUser } from "~/server/account/app-shell.server";
import { signInRedirect } from "~/server/account/auth.server";
import { getUser } from "~/server/account/user.server";
import { planStateFrom } from "~/server/billing/plans.server";
import type { PageReads, Statements } from "~/server/db/page-reads.server";
import { answerEventWord, eventWordOf } from "~/server/events/event-word.server";
import { dashboardReads } from "~/server/follow/dashboard.server";
import { refuseOrganiserWrite } from "~/server/organiser-events/editors.server";
import { connectionsView } from "~/server/people/list.server";
import { personReads } from "~/server/people/read.server";
import { idOf } from "~/server/platform/http.server";
import { settingsFrom } from "~/server/settings/settings.server";
import { joinSignInPath } from "~/server/teams/teams.server";
import type { Route } from "./+types/_layout";

/**
 * Reads the session once for the whole request (on loads, with the shell's reads in the same round trip); every
 * loader and action below reads the user from here.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, pattern, params }) => {
    const app = context.get(appContext);
    const page = firstReads[pattern.replace(/^\/?/, "/")]?.(new URL(request.url), params);
    const user = await signedInUser(context, app, request, page);
    if (!user) {
      // /events/{word} is nobody's private page (the samples have routes of their own): a 404 or an organiser
      // event's move, never a sign-in.
      const word = request.method === "GET" || request.method === "HEAD" ? eventWordOf(request) : null;
      if (word) await answerEventWord(app, word);
      // A team invitation sent to an address with no account yet opens the sign-up form, not "Welcome back".
      const newcomer = await joinSignInPath(app.db, new URL(request.url));
      throw newcomer ? redirect(newcomer) : signInRedirect(request);
    }
    context.set(userContext, user);
    refuseOrganiserWrite(request, pattern, user.workspace);
    // A team that requires a second factor: its member sets one up before reaching its pages (decision 0242).
    if (user.workspace.secondFactorDue && !SECOND_FACTOR_FREE.test(new URL(request.url).pathname))
      throw redirect(`${href("/settings/account")}#two-factor-title`);
  },
];

/** Pages whose first reads go in the session's round trip on a load (decision 0168), by their route's pattern. */
const firstReads: Record<string, (url: URL, params: Record<string, string | undefined>) => PageReads<Statements>> = {
  "/dashboard": () => dashboardReads,
  "/connections": (url) => connectionsView(url).reads,
  // A person's page and each of its sections: the person and their contact points.
  ...Object.fromEntries(
    ["", "/details", "/suggestions", "/follow-up", "/history"].map((section) => [
      `/connections/:id${section}`,
      // An id that is not one reads no row (0 is nobody's id); the page answers 404 for it.
      (_: URL, params: Record<string, string | undefined>) => personReads(idOf(params.id) ?? 0),
    ]),
  ),
};

/** What every page in the area may need from the owner's settings: phones are shown for their country. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const db = context.get(appContext).db;
  const now = new Date();
  // The root's round trip: the shell's reads and these in one batch.
  const { settingsRows, planRows } = await shellReads(context, db, user, request);
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
  // The middleware let no visitor through; the root's user is read from the same session.
  if (!root?.user) return <Outlet />;
  return (
    <AppShell
      user={root.user}
      teams={root.teams}
      theme={root.theme}
      unread={root.unread}
      activeEvent={root.activeEvent}
    >
      <PlanBanner notice={layout?.planNotice ?? null} />
      <Outlet />
    </AppShell>
  );
}

/**
 * Errors in the signed-in area stay inside the app shell: a Pro feature refused by the server
 * (requireFeature's 403) explains how to get it; any other status gets its own plain page. Signed out (the
 * middleware's own 404 for /events/{word}), the root's error page draws it inside the marketing layout.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  if (!root?.user) throw error;
  return (
    <AppShell
      user={root.user}
      teams={root.teams}
      theme={root.theme}
      unread={root.unread}
      activeEvent={root.activeEvent}
    >
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
