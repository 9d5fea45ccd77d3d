import { href, Link } from "react-router";
import { CATEGORY_LABELS, progressPercent } from "~/lib/fundraising/campaign";
import type { SayMarketing } from "~/lib/i18n/marketing";
import { formatMoney } from "~/lib/money";
import type { CampaignSummary } from "~/server/fundraising/campaigns.server";

const ART: Record<CampaignSummary["category"], string> = {
  environment: "from-emerald-500 to-teal-700",
  education: "from-amber-400 to-orange-600",
  animals: "from-rose-400 to-pink-700",
  community: "from-sky-500 to-indigo-700",
  arts: "from-fuchsia-500 to-violet-700",
  health: "from-red-400 to-rose-700",
  "human-services": "from-lime-500 to-green-700",
  faith: "from-yellow-400 to-amber-700",
  international: "from-cyan-500 to-blue-700",
};

export function ProgressBar({
  amountRaised,
  goal,
  currency,
  words,
}: {
  amountRaised: number;
  goal: number;
  currency: string;
  /** In the visitor's language on the campaign page (giving catalogs); English elsewhere. */
  words?: { label: string; progress: (raised: string, goal: string, percent: number) => string; locale: string };
}) {
  const pct = progressPercent(amountRaised, goal);
  const money = (n: number) => formatMoney(n, currency, { compact: true, locale: words?.locale });
  return (
    <div>
      <div
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={words?.label ?? "Raised towards goal"}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${pct}%` }} />
      </div>
      {words ? (
        <p className="mt-2 text-sm" data-testid="campaign-progress">
          {words.progress(money(amountRaised), money(goal), pct)}
        </p>
      ) : (
        <p className="mt-2 text-sm">
          <span className="font-semibold">{money(amountRaised)}</span>
          <span className="text-slate-600 dark:text-slate-300">
            {" "}
            raised of {money(goal)} ({pct}%)
          </span>
        </p>
      )}
    </div>
  );
}

/** Image, title and Donate Now all lead to the campaign page; in the visitor's language on the landing page (0283). */
export function CampaignCard({ c, t }: { c: CampaignSummary; t?: SayMarketing }) {
  const page = href("/fundraising/:id", { id: String(c.id) });
  // English keeps its own markup (the amount in bold); another language reads the campaign page's sentence.
  const words = t &&
    t.locale !== "en" && {
      locale: t.locale,
      label: t("giving.progressLabel"),
      progress: (raised: string, goal: string, percent: number) => t("giving.progress", { raised, goal, percent }),
    };
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <Link
        to={page}
        tabIndex={-1}
        aria-hidden="true"
        className={`block h-32 bg-gradient-to-br bg-center bg-cover ${ART[c.category]}`}
        style={c.imageKey ? { backgroundImage: `url(/api/campaign-images/${c.imageKey})` } : undefined}
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="font-semibold text-slate-600 text-xs uppercase tracking-wide dark:text-slate-300">
          {t ? t(`giving.category.${c.category}`) : CATEGORY_LABELS[c.category]} · {c.organization}
        </p>
        <h3 className="mt-2 font-semibold text-lg">
          <Link to={page} className="hover:underline">
            {c.title}
          </Link>
        </h3>
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{c.description}</p>
        <div className="mt-auto pt-4">
          <ProgressBar amountRaised={c.amountRaised} goal={c.goal} currency={c.currency} words={words || undefined} />
          {c.status === "active" ? (
            <Link
              to={page}
              aria-label={t ? t("home.campaign.donateTo", { title: c.title }) : `Donate Now to ${c.title}`}
              className="mt-4 inline-flex w-full justify-center rounded-md bg-emerald-700 px-4 py-2 font-semibold text-sm text-white hover:bg-emerald-800"
            >
              {t ? t("home.campaign.donate") : "Donate Now"}
            </Link>
          ) : (
            <p className="mt-4 text-center text-slate-600 text-sm dark:text-slate-300">
              {t ? t("home.campaign.ended") : "Campaign ended"}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
