import {
  Children,
  cloneElement,
  isValidElement,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  useEffect,
} from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ScriptsProps,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { ErrorPage } from "~/components/error-page";
import { ActiveEventBanner } from "~/components/events/active-banner";
import { Logo } from "~/components/logo";
import { NewsletterSlideIn } from "~/components/marketing/newsletter-slide-in";
import { SeoTags } from "~/components/marketing/seo-tags";
import { OfflineSupport } from "~/components/offline-support";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { appContext } from "~/context";
import { errorWords } from "~/lib/i18n/error-words";
import { DEFAULT_LOCALE, localeDir, negotiateLocale } from "~/lib/i18n/locales";
import { siteWords } from "~/lib/i18n/site-words";
import { useNonce } from "~/lib/platform/nonce";
import { hasOwnLanguageSwitch, hydrates, isLocalized } from "~/lib/platform/page-handle";
import { themeFromCookie } from "~/lib/platform/theme";
import { firstShowing, showToast, useToasterNeeded } from "~/lib/platform/toast";
import { shellReads, signedInUser } from "~/server/account/app-shell.server";
import { isLocalizedPath } from "~/server/platform/page-cache.server";
import { readToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { locale } = negotiateLocale(request);
  // On a load, the session and the shell in one round trip (in the signed-in area the middleware has read both).
  const [user, { toast, headers }] = await Promise.all([signedInUser(context, app, request), readToast(request)]);
  const { unread, fresh, activeEvent, teams } = user
    ? await shellReads(context, app.db, user, request)
    : { unread: 0, fresh: [], activeEvent: null, teams: [] };
  return data(
    {
      user,
      teams,
      unread,
      fresh,
      activeEvent,
      toast,
      theme: themeFromCookie(request.headers.get("cookie")),
      // Used only by pages written in the visitor's language (their handle says so) and their error pages.
      locale,
      errorWords: isLocalizedPath(new URL(request.url).pathname) ? errorWords(locale) : null,
      // The site header and footer speak the visitor's language on every page outside the app (decision 0259).
      site: siteWords(locale),
      origin: new URL(request.url).origin,
      dev: app.env.APP_ENV === "development",
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // Pages that need no framework JavaScript ship /site.js instead (see ~/lib/platform/page-handle).
  const matches = useMatches();
  const hydrate = hydrates(matches, root);
  const locale = root && isLocalized(matches) ? root.locale : DEFAULT_LOCALE;
  return (
    <html lang={locale} dir={localeDir(locale)} data-theme={root?.theme ?? "system"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#4f46e5" />
        {/* A React stylesheet resource: streamed ahead of the script preloads, so paint never waits behind them. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <SeoTags />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <LowPriorityScripts nonce={nonce} />
          </>
        ) : (
          // Signed out, the script drops what the device kept of an account (OfflineSupport's job when hydrated).
          <script src="/site.js" defer nonce={nonce} data-signed-out={root?.user ? undefined : ""} />
        )}
      </body>
    </html>
  );
}

/**
 * React Router's scripts, with their module preloads at `fetchpriority="low"`. The page is server-rendered
 * and paints without them, so the stylesheet and the page's text go first and hydration follows; left at
 * their default high priority, 120 KB of scripts raced the stylesheet and held the first paint (Lighthouse
 * counted them as render-blocking). They are still fetched in parallel, ahead of the module script that
 * imports them. `Scripts` is called as a function, so its hooks are this component's, and its preload links
 * are marked before React renders them: no pass over the page's bytes (decision 0167).
 */
function LowPriorityScripts(props: ScriptsProps) {
  const scripts = Scripts(props);
  if (!isValidElement<{ children?: ReactNode }>(scripts)) return scripts;
  return cloneElement(
    scripts,
    undefined,
    Children.map(scripts.props.children, (child) =>
      isValidElement<{ rel?: string }>(child) && child.type === "link" && child.props.rel === "modulepreload"
        ? cloneElement(child as ReactElement<{ fetchPriority?: string }>, { fetchPriority: "low" })
        : child,
    ),
  );
}

/** Sonner and its toaster load with the first toast (see ~/lib/platform/toast), not with every page. */
// A failed load (offline) renders no toaster rather than the error screen.
const LazyToaster = lazy(() => import("~/components/app-toaster").catch(() => ({ default: () => <></> })));

function AppToaster() {
  return useToasterNeeded() ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

function useFlashToast(toast: RootData["toast"], fresh: RootData["fresh"]) {
  useEffect(() => {
    // A kept page (served by the service worker offline) carries the data it was kept with: its toasts
    // were shown then, and are not shown again.
    if (toast && (!toast.id || firstShowing(`toast:${toast.id}`)))
      showToast(toast.type, toast.title, { description: toast.description, duration: toast.duration });
    for (const n of fresh) {
      if (!firstShowing(`notification:${n.id}`)) continue;
      const url = n.actionUrl?.startsWith("/") ? n.actionUrl : null;
      showToast(n.type, n.title, {
        description: n.message ?? undefined,
        // As in the notification centre, the action navigates with a full page load.
        action: n.actionLabel && url ? { label: n.actionLabel, onClick: () => window.location.assign(url) } : undefined,
      });
    }
  }, [toast, fresh]);
}

/** The signed-in area's layout route (app/routes.ts): it draws its own app shell. */
const APP_LAYOUT_ID = "routes/app/_layout";

export default function App({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.toast, loaderData.fresh);
  // Signed-in pages get the app shell; the marketing navigation is only for public pages.
  const matches = useMatches();
  const hydrated = hydrates(matches, loaderData);
  const inAppArea = matches.some((m) => m.id === APP_LAYOUT_ID);
  const appShell = Boolean(loaderData.user) && inAppArea;
  // The app speaks English; outside it, the skip link speaks as the header does.
  const skip = appShell
    ? { text: "Skip to content", lang: undefined }
    : { text: loaderData.site.say.skip, lang: loaderData.site.locale };
  const skipLink = (
    <a
      href="#main"
      lang={skip.lang}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
    >
      {skip.text}
    </a>
  );
  if (appShell)
    return (
      <>
        {skipLink}
        <Outlet />
        <AppToaster />
        <OfflineSupport userId={loaderData.user?.id ?? null} />
      </>
    );
  return (
    <>
      {skipLink}
      <SiteHeader
        user={loaderData.user}
        theme={loaderData.theme}
        words={loaderData.site}
        unread={loaderData.unread}
        solid={!hydrated}
      />
      {loaderData.user && loaderData.activeEvent ? <ActiveEventBanner event={loaderData.activeEvent} /> : null}
      <main id="main" className="min-h-[60vh]">
        <Outlet />
      </main>
      <SiteFooter origin={loaderData.origin} words={loaderData.site} chooser={!hasOwnLanguageSwitch(matches)} />
      <NewsletterSlideIn signedIn={Boolean(loaderData.user)} staticPage={!hydrated} words={loaderData.site} />
      <AppToaster />
      <OfflineSupport userId={loaderData.user?.id ?? null} />
    </>
  );
}

/**
 * Errors outside the signed-in area (and any the app shell could not draw) keep the marketing layout:
 * header, the plain page for the status, footer. When the root's own data failed, the page stands alone.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const matches = useMatches();
  // An error on a page written in the visitor's language reads in it too (the layout's <html lang> follows).
  const words = isLocalized(matches) ? root?.errorWords : null;
  const page = <ErrorPage error={error} pathname={pathname} inApp={false} words={words} />;
  if (!root)
    return (
      <main id="main">
        <div className="mx-auto max-w-2xl px-4 pt-10 sm:px-6">
          <a href="/" className="inline-flex items-center gap-2 font-bold text-lg" aria-label="KnowWho home">
            <Logo />
            KnowWho
          </a>
        </div>
        {page}
      </main>
    );
  return (
    <>
      <SiteHeader user={root.user} theme={root.theme} words={root.site} unread={root.unread} solid />
      <main id="main" className="min-h-[60vh]">
        {page}
      </main>
      <SiteFooter origin={root.origin} words={root.site} />
    </>
  );
}
