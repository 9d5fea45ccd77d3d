import { href, Link, useLocation } from "react-router";
import { suggestTranslationHref } from "~/lib/i18n/locales";
import type { SiteWords } from "~/lib/i18n/site-words";
import { FOOTER_COLUMNS, SITE, socialShareLinks } from "~/lib/site";
import { NetworkIcon } from "./icons";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";
import { newsletterWords } from "./site-header";

export function SiteFooter({
  origin,
  words,
  chooser = true,
}: {
  origin: string;
  words: SiteWords;
  /** false on a page that shows its own language chooser: one chooser per page (decision 0270). */
  chooser?: boolean;
}) {
  const say = words.say;
  const { pathname } = useLocation();
  return (
    <footer
      lang={words.locale}
      dir={words.dir}
      className="mt-24 border-slate-200 border-t bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Link to={href("/")} className="inline-flex items-center gap-2 font-bold text-lg">
            <Logo />
            {SITE.name}
          </Link>
          <p className="mt-3 max-w-sm text-slate-600 text-sm dark:text-slate-300">{say.description}</p>
          <div className="mt-6 max-w-sm">
            <h2 className="mb-2 font-semibold text-sm">{say["footer.newsletter"]}</h2>
            <NewsletterForm source="footer" words={newsletterWords(say)} />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-1 lg:col-span-3">
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.word} aria-label={say[`column.${column.word}`]}>
              <h2 className="font-semibold text-sm">{say[`column.${column.word}`]}</h2>
              <ul className="mt-3 space-y-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="text-slate-600 text-sm hover:text-slate-950 dark:text-slate-300 dark:hover:text-white"
                    >
                      {say[`link.${link.word}`]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-slate-200 border-t dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-slate-600 text-sm sm:flex-row sm:px-6 dark:text-slate-300">
          <p>
            © {new Date().getUTCFullYear()} {SITE.name}. {words.tagline}
          </p>
          {/* Plain links: the choice works without JavaScript and the answer remembers it (decision 0259). */}
          {chooser ? <LanguageSwitch locale={words.locale} label={words.language} testId="site-language" /> : null}
          {/* A page read in another language than English can be corrected by its reader (decision 0259). */}
          {words.locale === "en" ? null : (
            <a
              href={suggestTranslationHref(pathname, words.locale)}
              rel="nofollow"
              className="underline-offset-2 hover:underline"
            >
              {say.suggest}
            </a>
          )}
          <ul className="flex gap-2" aria-label={say["footer.share"]}>
            {socialShareLinks(origin).map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={say[`share.${link.network}`]}
                  title={say[`share.${link.network}`]}
                  className="inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-200 dark:hover:bg-slate-800"
                >
                  <NetworkIcon network={link.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
