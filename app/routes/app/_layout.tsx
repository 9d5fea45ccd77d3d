import { Outlet, useRouteLoaderData } from "react-router";
import { AppShell } from "~/components/app-shell";
import { appContext, userContext } from "~/context";
import type { loader as rootLoader } from "~/root";
import { getSessionUser, signInRedirect } from "~/server/auth.server";
import { getSettings } from "~/server/settings.server";
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
  if (!user) return { country: "US" };
  const { country } = await getSettings(context.get(appContext).db, user.id);
  return { country };
}

export default function AppLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // Signed out, a sample event keeps the marketing site's header and footer (see root.tsx).
  if (!root?.user) return <Outlet />;
  return (
    <AppShell user={root.user} theme={root.theme} unread={root.unread} activeEvent={root.activeEvent}>
      <Outlet />
    </AppShell>
  );
}
