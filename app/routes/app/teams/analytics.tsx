import { href, Link } from "react-router";
import { PeriodNav, periodOf } from "~/components/charts/period-nav";
import { pageMeta } from "~/lib/site";
import { requireFeature } from "~/server/billing/plans.server";
import { teamAnalytics } from "~/server/cards/analytics.server";
import { managedTeamOr404 } from "./+shared/managed-team.server";
import type { Route } from "./+types/analytics";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(`Card analytics · ${loaderData?.team.name ?? "Team"}`),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, team } = await managedTeamOr404(context, params.id);
  // Card analytics are Card Pro: the team's plan (decision 0237).
  await requireFeature(db, team.id, "cardAnalytics");
  const days = periodOf(request);
  return { team, ...(await teamAnalytics(db, team.id, days)) };
}

const cell = "px-3 py-2 text-right tabular-nums";
const head = "px-3 py-2 text-left font-semibold";

export default function TeamAnalytics({ loaderData }: Route.ComponentProps) {
  const { team, days, members, totals } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to={href("/teams/:id", { id: team.id })} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← {team.name}
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">What the team's cards do</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Views, saves and share-backs of every card of {team.name} in the last {days} days, for the team and per member,
        by where visitors came from.
      </p>
      <PeriodNav days={days} />

      <h2 className="mt-8 font-semibold text-xl">The team, by source</h2>
      <table aria-label="The team by source" className="mt-3 w-full text-sm">
        <thead>
          <tr>
            <th className={head}>Source</th>
            <th className={cell}>Views</th>
            <th className={cell}>Saves</th>
            <th className={cell}>Share-backs</th>
          </tr>
        </thead>
        <tbody>
          {totals.sources.map((s) => (
            <tr key={s.source} className="border-slate-200 border-t dark:border-slate-800">
              <td className="px-3 py-2">{s.label}</td>
              <td className={cell}>{s.views}</td>
              <td className={cell}>{s.saves}</td>
              <td className={cell}>{s.shares}</td>
            </tr>
          ))}
          <tr className="border-slate-300 border-t font-semibold dark:border-slate-700">
            <td className="px-3 py-2">All</td>
            <td className={cell}>{totals.views}</td>
            <td className={cell}>{totals.saves}</td>
            <td className={cell}>{totals.shares}</td>
          </tr>
        </tbody>
      </table>

      <h2 className="mt-10 font-semibold text-xl">Per member</h2>
      {members.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">No card of the team was seen in these days.</p>
      ) : (
        <table aria-label="Per member" className="mt-3 w-full text-sm">
          <thead>
            <tr>
              <th className={head}>Member</th>
              <th className={cell}>Views</th>
              <th className={cell}>Saves</th>
              <th className={cell}>Share-backs</th>
              <th className={head}>Views by source</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id ?? "team"} className="border-slate-200 border-t align-top dark:border-slate-800">
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{m.id ? (m.name ?? "") : "The team's own cards"}</td>
                <td className={cell}>{m.views}</td>
                <td className={cell}>{m.saves}</td>
                <td className={cell}>{m.shares}</td>
                <td className="px-3 py-2 text-slate-600 dark:text-slate-300">
                  {m.sources
                    .filter((s) => s.views || s.saves || s.shares)
                    .map((s) => `${s.label} ${s.views}`)
                    .join(" · ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
