import { card, linkClass, PageHero } from "~/components/marketing/page";
import { SupportForm } from "~/components/marketing/support-form";
import { appContext } from "~/context";
import { CARD_PRO } from "~/lib/billing/plans";
import { formatHours } from "~/lib/i18n/format";
import { negotiateLocale } from "~/lib/i18n/locales";
import { sitePageWords } from "~/lib/i18n/sitepage-words";
import { sitePageSay } from "~/lib/i18n/sitepages";
import { pageMeta, SITE } from "~/lib/site";
import { dayInZone } from "~/lib/time/time";
import { handleSupportForm } from "~/server/site/support-action.server";
import type { Route } from "./+types/contact";

// In the visitor's language; the form validates in the browser, so the page hydrates.
export const handle = { localized: true };

/** The team answers on New York's clock: written the reader's way, with the zone named in their language. */
const OFFICE = { starts: "09:00", ends: "17:00", timeZone: "America/New_York", showZone: true };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Contact");
  const t = sitePageSay(loaderData.words);
  return pageMeta(t("contact.title"), t("contact.description", { site: SITE.name }));
};

export function loader({ request }: Route.LoaderArgs) {
  const { locale } = negotiateLocale(request);
  return {
    words: sitePageWords(locale, "contact"),
    hours: formatHours({ ...OFFICE, date: dayInZone(new Date(), OFFICE.timeZone) }, locale),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSupportForm(context.get(appContext), request, "contact");
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const t = sitePageSay(loaderData.words);
  return (
    <>
      <PageHero eyebrow={t("contact.title")} title={t("contact.heading")} intro={t("contact.intro")} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="write" className={`${card} lg:col-span-2`}>
          <h2 id="write" className="mb-6 font-bold text-2xl tracking-tight">
            {t("contact.write")}
          </h2>
          <SupportForm
            actionData={actionData}
            words={{
              name: t("contact.form.name"),
              email: t("contact.form.email"),
              subject: t("contact.form.subject"),
              message: t("contact.form.message"),
              send: t("contact.form.send"),
              sending: t("contact.form.sending"),
              thanks: t("contact.form.thanks"),
              field: t.field,
            }}
          />
        </section>
        <aside className="space-y-4">
          <div className={card}>
            <h2 className="font-semibold">{t("contact.email")}</h2>
            <a href={`mailto:${SITE.supportEmail}`} className={`${linkClass} mt-1 inline-block break-all`}>
              {SITE.supportEmail}
            </a>
          </div>
          <div className={card}>
            <h2 className="font-semibold">{t("contact.hours")}</h2>
            <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
              {t("contact.hours.text", { hours: loaderData.hours })}
            </p>
          </div>
          <div className={card}>
            <h2 className="font-semibold">{t("contact.nonprofits")}</h2>
            <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
              {t("contact.nonprofits.text", { plan: CARD_PRO.name })}
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
