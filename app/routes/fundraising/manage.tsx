import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { LanguageSwitch } from "~/components/language-switch";
import { SentNote } from "~/components/ui/field";
import { appContext } from "~/context";
import { type Locale, negotiateLocale } from "~/lib/i18n/locales";
import { type MessageKey, translator, withCatalog } from "~/lib/i18n/translate";
import { formatMoney } from "~/lib/money";
import { localizedPageWithSwitch } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { dateTimeFormat } from "~/lib/time/time";
import { type DonorLink, readDonorToken, revokeDonorLinks } from "~/server/fundraising/donor-link.server";
import {
  changeRecurringGift,
  donorPortal,
  donorRecurringGifts,
  mailDonorLink,
} from "~/server/fundraising/recurring.server";
import { PaymentsError } from "~/server/payments/types";
import type { Route } from "./+types/manage";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(translator(loaderData?.locale ?? "en")("manage.pageTitle")),
  { name: "robots", content: "noindex" },
];
// Plain forms in the donor's language: a donor on an old phone from a mail app manages their gift without our JavaScript.
export const handle = localizedPageWithSwitch;

/** Each way a manage link can fail, in its own words (a link that does not open is never the generic 404). */
const LINK_STATUS = { malformed: 404, expired: 410, revoked: 410 } as const;

type Problem = Exclude<DonorLink, { ok: true }>;
const problemPage = (locale: Locale, link: Problem, sent = false) => {
  const t = translator(locale);
  return data(
    {
      problem: {
        title: t(`manage.${link.reason}.title`),
        text: t(`manage.${link.reason}.text`),
        reason: link.reason,
        sent,
      },
      email: "",
      charity: "",
      gifts: [],
      locale,
    },
    { status: LINK_STATUS[link.reason] },
  );
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { locale } = negotiateLocale(request);
  const donor = await readDonorToken(app.env, params.token);
  if (!donor.ok) return problemPage(locale, donor);
  const { gifts, charity } = await donorRecurringGifts(app.db, donor.ownerId, donor.email);
  return { problem: null, email: donor.email, charity, gifts, locale };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

const schema = z.object({
  intent: z.enum(["pause", "resume", "cancel", "portal"]),
  gift: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { locale } = negotiateLocale(request);
  const t = translator(locale);
  const donor = await readDonorToken(app.env, params.token);
  const formData = await request.formData().catch(() => null);
  const asked = formData?.get("intent");
  // An expired or switched-off link still names its donor: a new one goes to that address, never to the page.
  if (asked === "new-link" && (donor.ok || donor.reason !== "malformed")) {
    const sent = await mailDonorLink(app, donor.ownerId, donor.email, new URL(request.url).origin);
    if (sent === "too-many") return data({ ok: false, message: t("manage.tooMany") }, 429);
    if (!donor.ok) return problemPage(locale, donor, true);
    return { ok: true, message: t("manage.newLinkSent") };
  }
  if (!donor.ok) return problemPage(locale, donor);
  if (asked === "revoke") {
    await revokeDonorLinks(app.env, donor.ownerId, donor.email);
    return problemPage(locale, { ok: false, reason: "revoked", ownerId: donor.ownerId, email: donor.email });
  }
  const parsed = schema.safeParse(formData ? Object.fromEntries(formData) : {});
  if (!parsed.success) return data({ ok: false, message: t("manage.choose") }, 400);
  const { intent, gift } = parsed.data;
  if (intent === "portal") {
    const portal = await donorPortal(app, donor.ownerId, gift, donor, request.url).catch((error) => {
      if (error instanceof PaymentsError) return null;
      throw error;
    });
    if (!portal) return data({ ok: false, message: t("manage.change.unavailable") }, 409);
    return redirect(portal.url);
  }
  const result = await changeRecurringGift(app, donor.ownerId, gift, intent, donor);
  if (result === "missing") return data({ ok: false, message: t("manage.change.missing") }, 404);
  if (result !== "done") return data({ ok: false, message: t(`manage.change.${result}`) }, 409);
  return { ok: true, message: t(`manage.done.${intent}`) };
}

const STATUS_KEY: Record<string, MessageKey> = {
  active: "manage.status.active",
  past_due: "manage.status.past_due",
  paused: "manage.status.paused",
  canceled: "manage.status.canceled",
};
const button =
  "rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

function LinkProblem({
  problem,
  locale,
}: {
  problem: { title: string; text: string; reason: string; sent: boolean };
  locale: Locale;
}) {
  const t = translator(locale);
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <LanguageSwitch locale={locale} label={t("lang.label")} className="mb-4" />
      <h1 className="font-bold text-3xl tracking-tight">{problem.title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{problem.text}</p>
      {problem.sent ? (
        <SentNote className="mt-4">{t("manage.newLinkSent")}</SentNote>
      ) : problem.reason === "malformed" ? null : (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="new-link" className={button}>
            {t("manage.newLink")}
          </button>
        </Form>
      )}
    </section>
  );
}

export default function ManageGifts({ loaderData, actionData }: Route.ComponentProps) {
  const { gifts, charity, email, locale } = loaderData;
  const t = translator(locale);
  const shownProblem = actionData && "problem" in actionData ? actionData.problem : loaderData.problem;
  if (shownProblem) return <LinkProblem problem={shownProblem} locale={locale} />;
  const notice = actionData && "message" in actionData ? actionData : null;
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <LanguageSwitch locale={locale} label={t("lang.label")} className="mb-4" />
      <h1 className="font-bold text-3xl tracking-tight">{t("manage.title")}</h1>
      <p className="mt-2 break-words text-slate-700 dark:text-slate-300">
        {charity ? t("manage.givenAsTo", { charity, email }) : t("manage.givenAs", { email })}
      </p>
      {notice ? (
        <p
          role={notice.ok ? "status" : "alert"}
          className={`mt-4 rounded-md p-3 text-sm ${notice.ok ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"}`}
        >
          {notice.message}
        </p>
      ) : null}
      {gifts.length ? (
        <ul className="mt-6 space-y-4">
          {gifts.map((g) => (
            <li
              key={g.id}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              data-testid="donor-gift"
            >
              <p className="font-semibold">
                {g.campaign
                  ? t("manage.giftTo", {
                      amount: formatMoney(g.amount, g.currency, { locale }),
                      interval: g.interval,
                      campaign: g.campaign,
                    })
                  : t("manage.gift", { amount: formatMoney(g.amount, g.currency, { locale }), interval: g.interval })}
              </p>
              <p className="mt-1 text-sm" data-testid="donor-gift-status">
                {STATUS_KEY[g.status] ? t(STATUS_KEY[g.status] as MessageKey) : g.status}
              </p>
              {g.next ? (
                <p className="mt-1 text-sm" data-testid="donor-gift-next">
                  {t("manage.next", {
                    date: dateTimeFormat("UTC", { dateStyle: "long" }, locale).format(new Date(`${g.next}T12:00:00Z`)),
                  })}
                </p>
              ) : null}
              {g.status === "canceled" ? null : (
                <Form method="post" className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="gift" value={g.id} />
                  {g.status === "paused" ? (
                    <button type="submit" name="intent" value="resume" className={button}>
                      {t("manage.resume")}
                    </button>
                  ) : (
                    <button type="submit" name="intent" value="pause" className={button}>
                      {t("manage.pause")}
                    </button>
                  )}
                  <button type="submit" name="intent" value="cancel" className={button}>
                    {t("manage.cancel")}
                  </button>
                  <button type="submit" name="intent" value="portal" className={button}>
                    {t("manage.portal")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">{t("manage.none")}</p>
      )}
      <Form method="post" className="mt-8 border-slate-200 border-t pt-4 text-sm dark:border-slate-700">
        <p className="text-slate-700 dark:text-slate-300">{t("manage.switchOffIntro")}</p>
        <button type="submit" name="intent" value="revoke" className={`${button} mt-2`}>
          {t("manage.switchOff")}
        </button>
      </Form>
    </section>
  );
}
