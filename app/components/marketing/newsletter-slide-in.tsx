import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon } from "~/components/icons";
import { NewsletterForm } from "~/components/newsletter-form";
import { newsletterWords } from "~/components/site-header";
import type { SiteWords } from "~/lib/i18n/site-words";

export const SLIDE_IN_DELAY_MS = 5000;
export const SLIDE_IN_EVERY_DAYS = 15;
export const PROMPT_COOKIE = "kw_newsletter_prompt";
export const SUBSCRIBED_COOKIE = "kw_subscribed";

// A charity's campaign, Donate, thank-you and manage pages are theirs: our own offer never covers a gift.
const QUIET_PATHS = [/^\/auth/, /^\/newsletter/, /^\/dev\//, /^\/fundraising\/./];

/**
 * Offers the newsletter after 5 s, at most once every 15 days, never to subscribers or signed-in people.
 * On a page without framework JavaScript (`staticPage`) the offer is rendered hidden and /site.js does
 * the same.
 */
export function NewsletterSlideIn({
  signedIn,
  staticPage = false,
  words,
}: {
  signedIn: boolean;
  staticPage?: boolean;
  /** The site's words in the visitor's language, as the header and footer have them. */
  words: SiteWords;
}) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const quiet = signedIn || QUIET_PATHS.some((r) => r.test(pathname));

  useEffect(() => {
    if (quiet || open) return;
    const seen = (name: string) => document.cookie.split("; ").some((c) => c.startsWith(`${name}=`));
    if (seen(PROMPT_COOKIE) || seen(SUBSCRIBED_COOKIE)) return;
    const timer = window.setTimeout(() => {
      // They may have subscribed from the header or footer while the timer ran.
      if (seen(SUBSCRIBED_COOKIE)) return;
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox
      document.cookie = `${PROMPT_COOKIE}=1; Path=/; Max-Age=${SLIDE_IN_EVERY_DAYS * 86400}; SameSite=Lax`;
      setOpen(true);
    }, SLIDE_IN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [quiet, open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  if (quiet) return null;
  if (staticPage) return <Offer hidden onClose={undefined} words={words} />;
  if (!open) return null;
  return <Offer onClose={() => setOpen(false)} words={words} />;
}

function Offer({ hidden, onClose, words }: { hidden?: boolean; onClose: (() => void) | undefined; words: SiteWords }) {
  return (
    <section
      lang={words.locale}
      dir={words.dir}
      hidden={hidden}
      data-slide-in={hidden ? "" : undefined}
      aria-labelledby="slide-in-title"
      className="fixed inset-x-4 bottom-4 z-50 animate-[slide-in_300ms_ease-out] rounded-xl border border-slate-200 bg-white p-5 shadow-2xl motion-reduce:animate-none sm:right-auto sm:left-6 sm:w-96 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="slide-in-title" className="font-semibold text-lg">
          {words.say["offer.title"]}
        </h2>
        <button
          type="button"
          onClick={onClose}
          data-close=""
          aria-label={words.say["offer.close"]}
          className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <CloseIcon />
        </button>
      </div>
      <p className="mt-1 mb-3 text-slate-600 text-sm dark:text-slate-300">{words.say["offer.text"]}</p>
      <NewsletterForm source="slide-in" compact words={newsletterWords(words.say)} />
    </section>
  );
}
