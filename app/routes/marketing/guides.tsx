import { type KeyboardEvent, useRef, useState } from "react";
import { href, Link } from "react-router";
import { btnPrimary, btnSecondary, card, PageHero } from "~/components/marketing/page";
import { DEFAULT_READ_TIME, GUIDE_TABS, GUIDES, type GuideTab, guidePath } from "~/content/guides";
import { negotiateLocale } from "~/lib/i18n/locales";
import { pageWords } from "~/lib/i18n/page-words";
import { pageSay } from "~/lib/i18n/pages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";
import type { Route } from "./+types/guides";

/** The page's frame in the visitor's language; each guide's title and summary are English, and say so (0285). */
export const handle = localizedPage;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Guides");
  const t = pageSay(loaderData.words);
  return pageMeta(t("guides.title"), t("guides.description"));
};

export const loader = ({ request }: Route.LoaderArgs) => ({
  words: pageWords(negotiateLocale(request).locale, "guides"),
});

/** Tabs with nothing written yet point to the docs that cover the topic, so no link leads nowhere. */
const TAB_DOCS: Partial<
  Record<GuideTab, { to: string; key: "fundraising" | "krystal" | "campaigns" | "connections" }[]>
> = {
  fundraising: [
    { to: href("/docs/:docId", { docId: "fundraising-analytics" }), key: "fundraising" },
    { to: href("/docs/:docId", { docId: "krystal-integration" }), key: "krystal" },
    { to: href("/fundraising"), key: "campaigns" },
  ],
  advanced: [{ to: href("/docs/:docId", { docId: "connection-management" }), key: "connections" }],
};

export default function Guides({ loaderData }: Route.ComponentProps) {
  const say = pageSay(loaderData.words);
  const [tab, setTab] = useState<GuideTab>("getting-started");
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKey(e: KeyboardEvent, i: number) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = (i + step + GUIDE_TABS.length) % GUIDE_TABS.length;
    setTab(GUIDE_TABS[next]?.id ?? "getting-started");
    tabRefs.current[next]?.focus();
  }

  return (
    <>
      <PageHero
        eyebrow={say("guides.title")}
        title={say("guides.heading", { site: SITE.name })}
        intro={say("guides.intro")}
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <section
          aria-labelledby="featured"
          className="rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 p-8 text-white"
        >
          <p className="font-semibold text-sm text-white/80 uppercase tracking-wide">{say("guides.featured.label")}</p>
          <h2 id="featured" className="mt-2 font-bold text-2xl">
            {say("guides.featured.title", { site: SITE.name })}
          </h2>
          <p className="mt-2 max-w-2xl text-white/85">{say("guides.featured.text")}</p>
          <Link
            to={href("/docs/:docId", { docId: "krystal-integration" })}
            className="mt-6 inline-flex rounded-md bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {say("guides.featured.link")}
          </Link>
        </section>

        {say.locale === "en" ? null : (
          <p className="mt-12 text-slate-600 text-sm dark:text-slate-300">{say("guides.english")}</p>
        )}
        <div
          role="tablist"
          aria-label={say("guides.topics")}
          data-tabs=""
          className="mt-12 flex gap-2 overflow-x-auto border-slate-200 border-b dark:border-slate-800"
        >
          {GUIDE_TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`guides-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={(e) => onKey(e, i)}
              className="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-3 font-semibold text-slate-600 text-sm hover:text-slate-900 aria-selected:border-brand-600 aria-selected:text-brand-700 dark:text-slate-300 dark:aria-selected:text-brand-200"
            >
              {say(`guides.tab.${t.id}`)}
            </button>
          ))}
        </div>
        {/* Every topic's panel is in the page, so /site.js can switch them without framework JavaScript. */}
        {GUIDE_TABS.map((t) => (
          <div
            key={t.id}
            id={`guides-panel-${t.id}`}
            role="tabpanel"
            aria-labelledby={`tab-${t.id}`}
            hidden={tab !== t.id}
            className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {GUIDES.filter((g) => g.tab === t.id).map((g) => (
              <Link
                key={g.slug}
                to={guidePath(g.slug)}
                className={`${card} block transition hover:border-brand-500 hover:shadow-md`}
              >
                <span className="rounded-full bg-brand-100 px-2.5 py-0.5 font-semibold text-brand-700 text-xs dark:bg-brand-900 dark:text-brand-100">
                  {say(`guides.level.${g.level}`)}
                </span>
                <h3 lang="en" dir="ltr" className="mt-3 font-semibold text-lg">
                  {g.title}
                </h3>
                <p lang="en" dir="ltr" className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                  {g.description}
                </p>
                <p className="mt-3 text-slate-500 text-xs dark:text-slate-400">
                  {say("guides.readTime", { minutes: g.readTime ?? DEFAULT_READ_TIME })}
                </p>
              </Link>
            ))}
            {(TAB_DOCS[t.id] ?? []).map((d) => (
              <Link key={d.to} to={d.to} className={`${card} block transition hover:border-brand-500 hover:shadow-md`}>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-semibold text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-200">
                  {say("guides.reference")}
                </span>
                <h3 className="mt-3 font-semibold text-lg">{say(`guides.doc.${d.key}.title`)}</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{say(`guides.doc.${d.key}.text`)}</p>
              </Link>
            ))}
          </div>
        ))}

        <section className="mt-16 rounded-2xl bg-slate-100 p-8 text-center dark:bg-slate-900">
          <h2 className="font-bold text-2xl">{say("guides.more.title")}</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{say("guides.more.text")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={`${href("/help")}#contact-form`} className={btnPrimary}>
              {say("guides.more.request")}
            </Link>
            <Link to={href("/help")} className={btnSecondary}>
              {say("guides.more.help")}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
