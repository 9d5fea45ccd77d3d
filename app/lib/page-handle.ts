/** What a route tells the document through its `handle` export (read in root.tsx). */
export type PageHandle = {
  /**
   * false: a content page that needs no framework JavaScript. The document omits React Router's scripts;
   * links, the menu (a details element), forms and the theme toggle (a form post) work as plain HTML.
   */
  hydrate?: boolean;
};

/** The handle of a page that ships no JavaScript. */
export const staticPage = { hydrate: false } satisfies PageHandle;

/** True unless some matched route asked for a static page. */
export function hydrates(matches: { handle?: unknown }[]): boolean {
  return !matches.some((m) => (m.handle as PageHandle | undefined)?.hydrate === false);
}
