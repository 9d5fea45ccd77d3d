import { data, href, Link, redirect } from "react-router";
import { DonateForm, type DonateFormErrors } from "~/components/fundraising/donate-form";
import { LanguageSwitch } from "~/components/language-switch";
import { card, linkClass } from "~/components/marketing/page";
import { appContext } from "~/context";
import { chosenAmount, donateSchema, donorDetails, type GiftMessages } from "~/lib/fundraising/donation";
import { giftMessages } from "~/lib/fundraising/giving-messages";
import { negotiateLocale } from "~/lib/i18n/locales";
import { translator, withCatalog } from "~/lib/i18n/translate";
import { localizedPageWithSwitch } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { getCampaign } from "~/server/fundraising/campaigns.server";
import { donationsOpen, startDonation } from "~/server/fundraising/donations.server";
import { PaymentsError } from "~/server/payments/types";
import { notFound } from "~/server/platform/http.server";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/donate";

/** The Donate form on a page of its own: where a gift that needs a second look comes back to. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const c = await getCampaign(app.db, params.id);
  const { locale, chosen } = negotiateLocale(request);
  if (!c) throw data(translator(locale)("giving.notFound"), { status: 404 });
  if (c.status !== "active" || !(await donationsOpen(app, c)))
    throw redirect(href("/fundraising/:id", { id: String(c.id) }));
  return {
    c: { id: c.id, title: c.title, currency: c.currency, suggested: c.suggested, organization: c.organization },
    locale,
    langQuery: chosen ? `?lang=${chosen}` : "",
  };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(translator(loaderData?.locale ?? "en")("donate.pageTitle")),
  { name: "robots", content: "noindex" },
];
export const handle = localizedPageWithSwitch;

// What the donor typed, given back to the form as it was (never a card number: Stripe's page takes those).
const KEPT = [
  "amount",
  "custom",
  "frequency",
  "coverFees",
  "tribute",
  "tributeName",
  "tributeNotify",
  "address",
  "publicName",
  "news",
  "src",
  "card",
  "event",
  "mailing",
];
const FIELD_OF: Record<string, keyof DonateFormErrors> = {
  tributeName: "tributeName",
  tributeNotify: "tributeNotify",
  address: "address",
};

const MESSAGES: Record<keyof DonateFormErrors, (m: GiftMessages, currency: string) => string> = {
  amount: (m, currency) => m.amount(currency),
  tributeName: (m) => m.tributeLength,
  tributeNotify: (m) => m.email,
  address: (m) => m.addressLength,
};

/** The Donate form's post: validated here, then off to checkout on the nonprofit's own Stripe account. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  // The page's own language (its address, the cookie or the browser's), so the answer matches its <html lang>.
  const { locale, chosen: langChosen } = negotiateLocale(request);
  // Back on the campaign page in the same language, even when no cookie remembers it.
  const back = (error: string) =>
    redirect(
      `${href("/fundraising/:id", { id: params.id })}?error=${error}${langChosen ? `&lang=${langChosen}` : ""}#donate`,
      { status: 303 },
    );
  const c = await getCampaign(app.db, params.id);
  if (!c) notFound();
  const formData = await request.formData().catch(() => null);
  const t = translator(locale);
  const text = (body: string, status: number, headers: Record<string, string> = {}) =>
    new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
  if (!(await allow(app.env, "forms", `donate:${clientKey(request)}`)))
    return text(t("donate.error.tooMany"), 429, { "retry-after": "60" });
  if (!formData) return text(t("donate.error.notForm"), 400);
  const messages = giftMessages(locale);
  const raw = Object.fromEntries(formData);
  const values = Object.fromEntries(
    KEPT.flatMap((k) => (typeof raw[k] === "string" ? [[k, String(raw[k]).slice(0, 1000)]] : [])),
  );
  const parsed = donateSchema.safeParse(raw);
  if (!parsed.success) {
    // Only lengths can fail here; each field's own message says which.
    const errors: DonateFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? "amount";
      errors[field] ??= MESSAGES[field](messages, c.currency);
    }
    return data({ errors, values }, 400);
  }
  const errors: DonateFormErrors = {};
  const chosen = chosenAmount(parsed.data, c.currency, messages, locale);
  if ("error" in chosen) errors.amount = chosen.error;
  const details = donorDetails(parsed.data, messages);
  if ("errors" in details) Object.assign(errors, details.errors);
  if ("error" in chosen || "errors" in details) return data({ errors, values }, 400);
  try {
    const session = await startDonation(
      app,
      {
        campaignId: c.id,
        amount: chosen.amount,
        monthly: parsed.data.frequency === "monthly",
        publicName: parsed.data.publicName,
        source: parsed.data.src,
        cardId: parsed.data.card,
        eventId: parsed.data.event,
        mailingId: parsed.data.mailing,
        coverFees: parsed.data.coverFees,
        news: parsed.data.news,
        locale,
        ...details.value,
      },
      new URL(request.url).origin,
    );
    if (!session) return back("closed");
    return redirect(session.url, { status: 303 });
  } catch (error) {
    if (error instanceof PaymentsError) {
      console.error("donate: checkout refused", error.status, error.message);
      return back("closed");
    }
    throw error;
  }
}

export default function Donate({ loaderData, actionData }: Route.ComponentProps) {
  const { c, locale, langQuery } = loaderData;
  return (
    <section className="mx-auto max-w-md px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link to={href("/fundraising/:id", { id: String(c.id) })} className={linkClass}>
          <span aria-hidden="true">{locale === "ar" ? "→" : "←"}</span> {c.title}
        </Link>
        <LanguageSwitch locale={locale} label={translator(locale)("lang.label")} />
      </div>
      <div className={`${card} mt-4`}>
        {actionData?.errors ? (
          <p role="alert" className="mb-3 text-red-700 text-sm dark:text-red-300">
            {translator(locale)("donate.checkFields")}
          </p>
        ) : null}
        <DonateForm
          c={c}
          locale={locale}
          langQuery={langQuery}
          via={{
            src: actionData?.values.src ?? "link",
            card: actionData?.values.card ?? "",
            event: actionData?.values.event ?? "",
            mailing: actionData?.values.mailing ?? "",
          }}
          errors={actionData?.errors}
          values={actionData?.values}
        />
      </div>
    </section>
  );
}
