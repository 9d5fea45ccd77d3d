import { data, href, Link } from "react-router";
import { DonateForm } from "~/components/fundraising/donate-form";
import { LanguageSwitch } from "~/components/language-switch";
import { ProgressBar } from "~/components/marketing/campaign-card";
import { card, linkClass } from "~/components/marketing/page";
import { appContext } from "~/context";
import { campaignDaysLeft, endLabel } from "~/lib/fundraising/campaign";
import { categoryLabel, giftMessages } from "~/lib/fundraising/giving-messages";
import { formatCount, formatDay } from "~/lib/i18n/format";
import { negotiateLocale } from "~/lib/i18n/locales";
import { translator, withCatalog } from "~/lib/i18n/translate";
import { formatMoney } from "~/lib/money";
import { localizedPageWithSwitch } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { getSessionUser } from "~/server/account/auth.server";
import { getCampaign } from "~/server/fundraising/campaigns.server";
import { donationsOpen } from "~/server/fundraising/donations.server";
import { publicSupporters } from "~/server/fundraising/gifts.server";
import { organisationContact } from "~/server/fundraising/organisation.server";
import type { Route } from "./+types/campaign";

const SOURCES = ["card", "event", "qr", "link"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  // Only a request carrying a session can be the owner's; everyone else gets the cached public page.
  const viewer = /session_token/.test(request.headers.get("cookie") ?? "") ? await getSessionUser(app, request) : null;
  const c = await getCampaign(app.db, params.id, viewer?.id);
  const { locale, chosen } = negotiateLocale(request);
  if (!c) throw data(translator(locale)("giving.notFound"), { status: 404 });
  const url = new URL(request.url);
  const src = SOURCES.find((s) => s === url.searchParams.get("src")) ?? "link";
  const [account, supporters, contactEmail] = await Promise.all([
    donationsOpen(app, c),
    publicSupporters(app.db, c.id),
    organisationContact(app.db, c.userId),
  ]);
  return {
    c,
    locale,
    // Without cookies, the Donate form's answer must still come back in the language chosen here.
    langQuery: chosen ? `?lang=${chosen}` : "",
    isOwner: c.isOwner,
    canGive: Boolean(account),
    daysLeft: c.status === "active" ? campaignDaysLeft(c.endDate) : 0,
    endLabel: endLabel(c.status, c.endDate),
    supporters,
    contactEmail,
    via: {
      src,
      card: url.searchParams.get("card") ?? "",
      event: url.searchParams.get("event") ?? "",
      mailing: /^\d{1,12}$/.test(url.searchParams.get("mailing") ?? "") ? (url.searchParams.get("mailing") ?? "") : "",
    },
    error: url.searchParams.get("error"),
  };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.c.title, loaderData.c.description) : pageMeta("Campaign not found");

/** Reading and giving are plain HTML in the visitor's language: no framework JavaScript (the Donate form is a form post). */
export const handle = localizedPageWithSwitch;

const END_KEY = { "Days left": "giving.daysLeft", Ends: "giving.ends", Ended: "giving.ended" } as const;

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  const {
    c,
    locale,
    langQuery,
    daysLeft: left,
    endLabel: ends,
    isOwner,
    canGive,
    supporters,
    contactEmail,
    via,
    error,
  } = loaderData;
  const t = translator(locale);
  const money = (n: number) => formatMoney(n, c.currency, { compact: true, locale });
  const errorMessage =
    error === "amount" ? giftMessages(locale).amount(c.currency) : error === "closed" ? t("giving.closed") : null;
  const contact = contactEmail ? (
    <ContactLink email={contactEmail} label={t("giving.emailOrganization", { organization: c.organization })} />
  ) : null;
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link to={href("/fundraising")} className={linkClass}>
          {t("giving.allCampaigns")}
        </Link>
        <LanguageSwitch locale={locale} label={t("lang.label")} />
      </div>
      {isOwner ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-slate-100 px-4 py-3 text-sm dark:bg-slate-800">
          {c.status === "draft" ? <strong>Preview: this draft is visible only to you.</strong> : null}
          {c.archivedAt ? <strong>Archived: visible only to you.</strong> : null}
          <Link to={href("/campaigns/:id/edit", { id: String(c.id) })} className={linkClass}>
            Edit
          </Link>
          <Link to={href("/campaigns/:id", { id: String(c.id) })} className={linkClass}>
            Campaign dashboard
          </Link>
        </div>
      ) : null}
      {c.imageKey ? (
        <img
          src={`/api/campaign-images/${c.imageKey}`}
          alt=""
          className="mt-6 aspect-[21/9] w-full rounded-xl object-cover"
        />
      ) : null}
      <p className="mt-6 font-semibold text-slate-600 text-sm uppercase tracking-wide dark:text-slate-300">
        {categoryLabel(t, c.category)}
        {c.location ? ` · ${c.location}` : ""}
      </p>
      <h1 dir="auto" className="mt-2 font-extrabold text-3xl tracking-tight sm:text-4xl">
        {c.title}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {t("giving.byline", { organization: c.organization, organizer: c.organizerName })}
      </p>
      <div className="mt-8 grid gap-8 md:grid-cols-3">
        <div className="min-w-0 space-y-6 md:col-span-2">
          <p dir="auto" className="text-lg text-slate-700 dark:text-slate-300">
            {c.description}
          </p>
          {c.extendedDescription ? (
            <p dir="auto" className="whitespace-pre-line text-slate-700 leading-relaxed dark:text-slate-300">
              {c.extendedDescription}
            </p>
          ) : null}
          {c.mission ? (
            <section>
              <h2 className="font-bold text-xl">{t("giving.mission")}</h2>
              <p dir="auto" className="mt-2 text-slate-700 dark:text-slate-300">
                {c.mission}
              </p>
            </section>
          ) : null}
          {c.impact ? (
            <section>
              <h2 className="font-bold text-xl">{t("giving.impact")}</h2>
              <p dir="auto" className="mt-2 text-slate-700 dark:text-slate-300">
                {c.impact}
              </p>
            </section>
          ) : null}
          {c.budget.length ? (
            <section>
              <h2 className="font-bold text-xl">{t("giving.budget")}</h2>
              <table className="mt-2 w-full text-sm">
                <tbody>
                  {c.budget.map((b) => (
                    <tr key={b.label} className="border-slate-200 border-b dark:border-slate-800">
                      <th scope="row" dir="auto" className="py-2 text-start font-normal">
                        {b.label}
                      </th>
                      <td className="py-2 text-end font-semibold">{money(b.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {c.team.length ? (
            <section>
              <h2 className="font-bold text-xl">{t("giving.team")}</h2>
              <ul className="mt-2 space-y-1 text-slate-700 dark:text-slate-300">
                {c.team.map((t) => (
                  <li key={`${t.name}-${t.role}`} dir="auto">
                    <span className="font-semibold">{t.name}</span>
                    {t.role ? `, ${t.role}` : ""}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {supporters.length ? (
            <section>
              <h2 className="font-bold text-xl">{t("giving.supporters")}</h2>
              <p dir="auto" className="mt-2 text-slate-700 dark:text-slate-300">
                {supporters.join(", ")}
              </p>
            </section>
          ) : null}
        </div>
        {/* First on a phone, so the Donate form is near the top, not below the whole story. */}
        <aside className={`${card} order-first h-fit min-w-0 space-y-4 md:order-none`}>
          <ProgressBar
            amountRaised={c.amountRaised}
            goal={c.goal}
            currency={c.currency}
            words={{
              locale,
              label: t("giving.progressLabel"),
              progress: (raised, goal, percent) => t("giving.progress", { raised, goal, percent }),
            }}
          />
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-600 dark:text-slate-300">{t("giving.donors")}</dt>
              <dd className="font-semibold" data-testid="donor-count">
                {formatCount(c.donorCount, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">{t("giving.averageGift")}</dt>
              <dd className="font-semibold">{money(c.averageGift)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">
                {t(END_KEY[ends as keyof typeof END_KEY] ?? "giving.ended")}
              </dt>
              <dd className="font-semibold">
                {c.status === "active" ? formatCount(left, locale) : formatDay(c.endDate, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">{t("giving.started")}</dt>
              <dd className="font-semibold">{formatDay(c.startDate, locale)}</dd>
            </div>
          </dl>
          {c.status === "active" && canGive ? (
            <>
              {errorMessage ? (
                <p role="alert" className="text-red-700 text-sm dark:text-red-300">
                  {errorMessage}
                </p>
              ) : null}
              <DonateForm c={c} via={via} locale={locale} langQuery={langQuery} />
            </>
          ) : c.status === "active" ? (
            <p className="text-slate-600 text-sm dark:text-slate-300">
              {t("giving.notOpen")}
              {contact ? (
                <>
                  {" "}
                  <Sentence text={t("giving.giveAnotherWay", { contact: SLOT })} slot={contact} />
                </>
              ) : null}
            </p>
          ) : null}
          {contactEmail && !(c.status === "active" && !canGive) ? (
            <p className="text-slate-600 text-sm dark:text-slate-300">
              {t("giving.questions")} {contact}
            </p>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

/** The charity's own address from its profile: never ours, and no link at all when it gave none. */
function ContactLink({ email, label }: { email: string; label: string }) {
  return (
    <a href={`mailto:${email}`} className={`${linkClass} break-words`}>
      {label}
    </a>
  );
}

/** Stands in for a link inside a translated sentence, wherever that language puts it. */
const SLOT = "\u0000";

function Sentence({ text, slot }: { text: string; slot: React.ReactNode }) {
  const [before = "", after = ""] = text.split(SLOT);
  return (
    <>
      {before}
      {slot}
      {after}
    </>
  );
}
