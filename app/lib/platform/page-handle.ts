/** What a route tells the document through its `handle` export (read in root.tsx and entry.server.tsx). */
export type PageHandle = {
  /**
   * false: a page that needs no framework JavaScript. The document omits React Router's scripts and
   * loads /site.js (a few KB) instead: links, the menu (a details element), forms and the theme toggle
   * work as plain HTML, and the script adds what the hydrated page would (the header's scroll state,
   * closing menus on Escape, forms posted in place, carousels and tabs).
   */
  hydrate?: boolean;
  /**
   * true: a page a visitor reads in their own language (decision 0194): the document's `lang` and `dir`
   * follow the language the request chose, not English.
   */
  localized?: boolean;
  /** true: the page shows its own language chooser beside its content; the site footer then shows none (0270). */
  ownLanguageSwitch?: boolean;
};

/** The handle of a page that ships no framework JavaScript. */
export const staticPage = { hydrate: false } satisfies PageHandle;

/** A static page written in the visitor's language. */
export const localizedPage = { hydrate: false, localized: true } satisfies PageHandle;

/** A static page in the visitor's language with its own language chooser: the one chooser on the page (0270). */
export const localizedPageWithSwitch = { ...localizedPage, ownLanguageSwitch: true } satisfies PageHandle;

/** True when a matched route shows its own language chooser. */
export const hasOwnLanguageSwitch = (matches: readonly { handle?: unknown }[]): boolean =>
  matches.some((m) => (m.handle as PageHandle | undefined)?.ownLanguageSwitch === true);

/** True when a matched route is written in the visitor's language. */
export const isLocalized = (matches: readonly { handle?: unknown }[]): boolean =>
  matches.some((m) => (m.handle as PageHandle | undefined)?.localized === true);

/** What of the root's data decides the question: toasts need sonner, and so React. */
type RootToasts = { toast?: unknown; fresh?: readonly unknown[] } | null | undefined;

/**
 * True unless some matched route asked for a static page. A static page still hydrates when it has a
 * toast to show (the flash after signing out lands on the landing page, a signed-in visitor's new
 * notifications); such a response is never cached (a flash cookie or a session bypasses the page cache).
 */
export function hydrates(matches: readonly { handle?: unknown }[], root?: RootToasts): boolean {
  if (root?.toast || (root?.fresh?.length ?? 0) > 0) return true;
  return !matches.some((m) => (m.handle as PageHandle | undefined)?.hydrate === false);
}
