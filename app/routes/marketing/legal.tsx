import { linkClass, PageHero, Sections } from "~/components/marketing/page";
import { CARD_PRO } from "~/lib/billing/plans";
import { formatDay } from "~/lib/i18n/format";
import { localeDir, negotiateLocale } from "~/lib/i18n/locales";
import { pageWords } from "~/lib/i18n/page-words";
import { pageSay } from "~/lib/i18n/pages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";
import type { Route } from "./+types/legal";

const UPDATED = "2026-11-01";

const PAGES = {
  privacy: {
    sections: [
      {
        heading: "What we store",
        paragraphs: ["We store what you give us and what is needed to run the service:"],
        bullets: [
          "Your account: name, email and a hashed password.",
          "Your card and your connections, scoped to your account and visible only to you.",
          "Details a visitor shares with you through your card, with the consent they gave at the time.",
          "Reviews, help requests and newsletter subscriptions you send from this site.",
        ],
      },
      {
        heading: "Other people's data",
        paragraphs: [
          "Connections are personal data of third parties. We never sell them, never use them to contact those people ourselves, and never share them with other users.",
        ],
      },
      {
        heading: "Cookies",
        paragraphs: [
          "We use a session cookie when you sign in, a theme cookie for light or dark mode, an anonymous visitor cookie so a review or guide can be marked helpful once, and a cookie that remembers when we last offered the newsletter. We do not use advertising or tracking cookies.",
        ],
      },
      {
        heading: "Email",
        paragraphs: [
          "Newsletter subscriptions use double opt-in: nothing is sent until you confirm the address. Every newsletter contains a link to unsubscribe.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          `You can export or delete your data at any time from your account, or by writing to ${SITE.supportEmail}. We answer within 30 days.`,
        ],
      },
    ],
  },
  terms: {
    sections: [
      {
        heading: "Using KnowWho",
        paragraphs: [
          "You may use KnowWho to share your own contact details and to keep a record of people who chose to share theirs with you. Do not publish someone else's details as your card.",
        ],
      },
      {
        heading: "Plans and billing",
        paragraphs: [
          "The Basic plan is free. Card Pro costs 7.99 USD a month or 79 USD a year and starts with a 7-day free trial that needs no credit card. Upgrades are charged the prorated difference; downgrades receive a prorated credit.",
        ],
      },
      {
        heading: "Cancelling",
        paragraphs: ["You can cancel at any time; paid features stay available until the end of the billing cycle."],
      },
      {
        heading: "Acceptable use",
        paragraphs: ["We may suspend accounts that are used to:"],
        bullets: [
          "send unsolicited bulk messages to shared contacts;",
          "collect contact details without the person's consent;",
          "post abusive or misleading reviews or campaigns.",
        ],
      },
      {
        heading: "Contact",
        paragraphs: [`Questions about these terms: ${SITE.supportEmail}.`],
      },
    ],
  },
} as const;

type LegalPage = keyof typeof PAGES;

export function loader({ request }: Route.LoaderArgs) {
  const page: LegalPage = new URL(request.url).pathname.startsWith("/terms") ? "terms" : "privacy";
  return { page, words: pageWords(negotiateLocale(request).locale, "legal") };
}

const values = { site: SITE.name, plan: CARD_PRO.name };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const t = pageSay(loaderData.words);
  return pageMeta(t(`legal.${loaderData.page}.title`), t(`legal.${loaderData.page}.description`, values));
};

/**
 * Reading only: no framework JavaScript. The title, the date and the notice are in the visitor's language; the
 * terms themselves bind in English, so the body says it is English (decision 0285).
 */
export const handle = localizedPage;

export default function Legal({ loaderData }: Route.ComponentProps) {
  const page = PAGES[loaderData.page];
  const t = pageSay(loaderData.words);
  const english = t.locale === "en";
  return (
    <>
      <PageHero
        title={t(`legal.${loaderData.page}.title`)}
        intro={t("legal.updated", { date: formatDay(UPDATED, t.locale) })}
      />
      {english ? null : (
        <p className="mx-auto mt-8 max-w-3xl px-4 text-slate-600 text-sm sm:px-6 dark:text-slate-300">
          {t("legal.binding")}
        </p>
      )}
      <div lang="en" dir="ltr" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Sections
          sections={page.sections.map((s) => ({
            ...s,
            paragraphs: [...s.paragraphs],
            bullets: "bullets" in s ? [...s.bullets] : undefined,
          }))}
        />
        <p lang={t.locale} dir={localeDir(t.locale)} className="mt-12 text-slate-600 text-sm dark:text-slate-300">
          {t("legal.questions")}{" "}
          <a href={`mailto:${SITE.supportEmail}`} className={linkClass}>
            {SITE.supportEmail}
          </a>
        </p>
      </div>
    </>
  );
}
