import { href, Link } from "react-router";
import { BarChart } from "~/components/charts/bar-chart";
import { DailyChart } from "~/components/charts/daily-chart";
import { PeriodNav, periodOf } from "~/components/charts/period-nav";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { requireFeature } from "~/server/billing/plans.server";
import { cardAnalytics } from "~/server/cards/analytics.server";
import { notFound, parseId } from "~/server/platform/http.server";
import type { Route } from "./+types/card-analytics";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Analytics: ${loaderData.card.label}` : "Card analytics"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  // Card analytics are Card Pro; the counts keep being kept on Basic, so nothing is lost on upgrade.
  await requireFeature(app.db, user.workspace.id, "cardAnalytics");
  const days = periodOf(request);
  const analytics = await cardAnalytics(app.db, user.workspace.id, id, days);
  if (!analytics) notFound();
  return analytics;
}

const muted = "text-slate-600 text-sm dark:text-slate-300";

export default function CardAnalytics({ loaderData }: Route.ComponentProps) {
  const { card, days, series, sources, totals, shareBackRate } = loaderData;
  const metric = (key: "views" | "saves" | "shares" | "walletAdds") =>
    series.map((d) => ({ day: d.day, value: d[key] }));
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to={href("/card")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Your cards
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">What your card does</h1>
      <p className={muted}>
        {card.label} · {card.name}
        {card.published && card.slug ? ` · /c/${card.slug}` : " · not published"}
      </p>
      <PeriodNav days={days} />
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {[
          ["Views", totals.views],
          ["Saves", totals.saves],
          ["Share-backs", totals.shares],
          ["Wallet adds", totals.walletAdds],
          ["Shared back", shareBackRate === null ? "–" : `${Math.round(shareBackRate * 1000) / 10}%`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <dt className={muted}>{label}</dt>
            <dd className="mt-1 font-bold text-2xl">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`mt-2 ${muted}`}>
        "Shared back" is share-backs as a share of views. We count, per day and source, and keep nothing about who
        visited: no cookies, no addresses. Days are UTC days.
      </p>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <DailyChart title="Views per day" points={metric("views")} unit="views" />
        <DailyChart title="Saves per day" points={metric("saves")} unit="saves" />
        <DailyChart title="Share-backs per day" points={metric("shares")} unit="share-backs" />
        <DailyChart title="Wallet adds per day" points={metric("walletAdds")} unit="wallet adds" />
      </div>
      <h2 className="mt-8 font-semibold text-xl">By source</h2>
      <p className={muted}>
        Your QR code, NFC tag, email signature and wallet pass carry their source in the link; anything else counts as a
        link.
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <BarChart
          title="Views by source"
          bars={sources.map((s) => ({ label: s.label, value: s.views }))}
          unit="views"
        />
        <BarChart
          title="Saves by source"
          bars={sources.map((s) => ({ label: s.label, value: s.saves }))}
          unit="saves"
        />
        <BarChart
          title="Share-backs by source"
          bars={sources.map((s) => ({ label: s.label, value: s.shares }))}
          unit="share-backs"
        />
      </div>
    </section>
  );
}
