import { href, Link } from "react-router";
import { Accordion } from "~/components/marketing/accordion";
import { card, linkClass, PageHero } from "~/components/marketing/page";
import { SupportForm, supportWords } from "~/components/marketing/support-form";
import { findDoc } from "~/content/docs";
import { HELP_FAQ } from "~/content/faq";
import { appContext } from "~/context";
import { CARD_PRO } from "~/lib/billing/plans";
import { negotiateLocale } from "~/lib/i18n/locales";
import { pageWords, supportHours } from "~/lib/i18n/page-words";
import { around, pageSay } from "~/lib/i18n/pages";
import { pageMeta, SITE } from "~/lib/site";
import { handleSupportForm } from "~/server/site/support-action.server";
import type { Route } from "./+types/help";

// In the visitor's language; the answers stay English, marked so. The form validates in the browser.
export const handle = { localized: true };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Help and Support");
  const t = pageSay(loaderData.words);
  return pageMeta(t("help.title"), t("help.description", { site: SITE.name }));
};

export function loader({ request }: Route.LoaderArgs) {
  const { locale } = negotiateLocale(request);
  return { words: pageWords(locale, "help"), hours: supportHours(locale) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSupportForm(context.get(appContext), request, "help");
}

const resourceCard = `${card} block h-full transition hover:border-brand-500 hover:shadow-md`;

export default function Help({ loaderData, actionData }: Route.ComponentProps) {
  const t = pageSay(loaderData.words);
  const [writeBefore, writeAfter] = around(t, "help.still.text", "email");
  return (
    <>
      <PageHero eyebrow={t("help.eyebrow")} title={t("help.heading")} intro={t("help.intro")} />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <Link to={href("/docs/:docId", { docId: "krystal-integration" })} className={resourceCard}>
              <h2 className="font-semibold text-lg">{t("help.docs")}</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t("help.docs.text")}</p>
            </Link>
          </li>
          <li>
            <a href="#contact-form" className={resourceCard}>
              <h2 className="font-semibold text-lg">{t("help.support")}</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t("help.support.text")}</p>
            </a>
          </li>
          {/* Only things we made: there are no video tutorials, and a search or someone else's forum is not help. */}
          <li>
            <Link to={href("/guides")} className={resourceCard}>
              <h2 className="font-semibold text-lg">{t("help.guides")}</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t("help.guides.text")}</p>
            </Link>
          </li>
          <li>
            <Link to={SITE.demoPath} className={resourceCard}>
              <h2 className="font-semibold text-lg">{t("help.demo")}</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t("help.demo.text")}</p>
            </Link>
          </li>
        </ul>

        <section aria-labelledby="faq" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq" className="mb-6 text-center font-bold text-3xl tracking-tight">
            {t("help.faq")}
          </h2>
          {t.locale === "en" ? null : (
            <p className="mb-4 text-center text-slate-600 text-sm dark:text-slate-300">{t("help.english")}</p>
          )}
          <div lang="en" dir="ltr">
            <Accordion
              items={HELP_FAQ.map((f) => {
                const doc = f.docId ? findDoc(f.docId) : undefined;
                return {
                  question: f.question,
                  answer: (
                    <>
                      <p>{f.answer}</p>
                      {doc ? (
                        <Link to={href("/docs/:docId", { docId: doc.id })} className={`${linkClass} mt-2 inline-block`}>
                          Read the {doc.title} docs
                        </Link>
                      ) : null}
                    </>
                  ),
                };
              })}
            />
          </div>
        </section>

        <div className="mt-16 grid gap-10 lg:grid-cols-5">
          <section id="contact-form" aria-labelledby="still" className={`${card} scroll-mt-24 lg:col-span-3`}>
            <h2 id="still" className="font-bold text-2xl tracking-tight">
              {t("help.still")}
            </h2>
            <p className="mt-1 mb-6 text-slate-600 dark:text-slate-300">
              {writeBefore}
              <a href={`mailto:${SITE.supportEmail}`} className={linkClass}>
                {SITE.supportEmail}
              </a>
              {writeAfter}
            </p>
            <SupportForm actionData={actionData} words={supportWords(t)} />
          </section>
          <section aria-labelledby="options" className="lg:col-span-2">
            <h2 id="options" className="font-bold text-2xl tracking-tight">
              {t("help.options")}
            </h2>
            <ul className="mt-4 space-y-4">
              <li className={card}>
                <h3 className="font-semibold">{t("help.email")}</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                  {t("help.email.text", { email: SITE.supportEmail })}
                </p>
              </li>
              <li className={card}>
                <h3 className="font-semibold">{t("help.chat")}</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                  {t("help.chat.text", { hours: loaderData.hours })}
                </p>
              </li>
              <li className={card}>
                <h3 className="font-semibold">{t("help.priority")}</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                  {t("help.priority.text", { plan: CARD_PRO.name })}
                </p>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
