import { href, isRouteErrorResponse } from "react-router";
import type { ErrorWords } from "~/lib/i18n/error-words";
import { ERROR_PAGES } from "~/lib/platform/error-pages";

export type ErrorStatus = keyof typeof ERROR_PAGES;

/** The status an error stands for, as one of the pages in ~/lib/platform/error-pages. */
export function errorStatus(error: unknown): ErrorStatus {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status in ERROR_PAGES) return status as ErrorStatus;
  return status >= 400 && status < 500 ? 400 : 500;
}

/** The section of the signed-in area a path belongs to, as the way back from an error inside it. */
const SECTIONS: [prefix: string, label: string][] = [
  [href("/connections"), "People"],
  [href("/events"), "Events"],
  [href("/campaigns"), "Campaigns"],
  [href("/card"), "Cards"],
  [href("/settings"), "Settings"],
];

function wayBack(pathname: string, inApp: boolean): { href: string; label: string }[] {
  const home = inApp
    ? { href: href("/dashboard"), label: "Go to the dashboard" }
    : { href: href("/"), label: "Go to the home page" };
  const section = inApp
    ? SECTIONS.find(([prefix]) => pathname !== prefix && pathname.startsWith(`${prefix}/`))
    : undefined;
  return section ? [{ href: section[0], label: `Back to ${section[1]}` }, home] : [home];
}

const primary =
  "inline-flex items-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const secondary =
  "inline-flex items-center rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800";

/**
 * The one face of an error: its status, a plain title and sentence, and a way back. Drawn inside the app
 * shell for signed-in pages and inside the marketing layout for public ones (root.tsx, app/_layout.tsx).
 * Links are plain anchors, so the way back works before (or without) JavaScript.
 */
export function ErrorPage({
  error,
  pathname,
  inApp,
  headingLevel = 1,
  words,
}: {
  error: unknown;
  pathname: string;
  inApp: boolean;
  headingLevel?: 1 | 2;
  /** On a public page written in the visitor's language: its words (root.tsx); English otherwise. */
  words?: ErrorWords | null;
}) {
  const status = errorStatus(error);
  const page = words?.pages[status] ?? { ...ERROR_PAGES[status], label: `Error ${status}` };
  const Heading = headingLevel === 1 ? "h1" : "h2";
  // Stack traces only where the developer is: the dev server.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const links = words ? [{ href: href("/"), label: words.home }] : wayBack(pathname, inApp);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6" data-error-status={status}>
      <title>{`${page.title} | KnowWho`}</title>
      <meta name="robots" content="noindex" />
      <p className="font-semibold text-brand-700 text-sm dark:text-brand-200">{page.label}</p>
      <Heading className="mt-2 font-bold text-3xl tracking-tight">{page.title}</Heading>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{page.text}</p>
      {stack ? (
        <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-4 text-xs dark:bg-slate-900">{stack}</pre>
      ) : null}
      <p className="mt-8 flex flex-wrap gap-3">
        {links.map((l, i) => (
          <a key={l.href} href={l.href} className={i === 0 ? primary : secondary}>
            {l.label}
          </a>
        ))}
      </p>
    </div>
  );
}
