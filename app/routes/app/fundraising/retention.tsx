import { Form, href, Link } from "react-router";
import { appContext } from "~/context";
import { statementPeriod } from "~/lib/fundraising/receipt";
import {
  amountsText,
  type RetentionDonor,
  retention,
  retentionYear,
  SEGMENT_LABELS,
  SEGMENTS,
  type Segment,
  segmentTotal,
} from "~/lib/fundraising/retention";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { getOrganisation } from "~/server/fundraising/organisation.server";
import { donorYears, givingYears } from "~/server/fundraising/retention.server";
import type { Route } from "./+types/retention";

export const meta = () => [...pageMeta("Donor retention"), { name: "robots", content: "noindex" }];

/** Donors shown per segment; the CSV carries them all. */
const SHOWN = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  // The organisation's fiscal year, when it set one, is the year its donors are counted in.
  const { fiscalYearStart: start } = await getOrganisation(app.db, user.workspace.id);
  const year = retentionYear(new URL(request.url).searchParams.get("year"), new Date(), start);
  const [rows, years] = await Promise.all([
    donorYears(app.db, user.workspace.id, year, start),
    givingYears(app.db, user.workspace.id, new Date(), start),
  ]);
  const segments = retention(rows, year);
  return {
    year,
    years,
    basis: start === 1 ? "calendar year" : `fiscal year (${statementPeriod(year, "fiscal", start).label})`,
    segments: SEGMENTS.map((s) => ({
      id: s,
      count: segments[s].length,
      thisYear: segmentTotal(segments[s], "thisYear"),
      lastYear: segmentTotal(segments[s], "lastYear"),
      lifetime: segmentTotal(segments[s], "lifetime"),
      donors: segments[s].slice(0, SHOWN),
    })),
  };
}

const money = (minor: number, currency: string) => formatMoney(minor, currency);
const EXPLAIN: Record<Segment, string> = {
  current: "Everyone with a gift this year.",
  firstTime: "Their first gift ever came this year: thank them soon.",
  lybunt: "Gave last year, not yet this year: the donors most likely to give again when asked.",
  sybunt: "Gave in an earlier year, but not last year or this year.",
};

function DonorRows({ donors, year }: { donors: RetentionDonor[]; year: number }) {
  return (
    <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
      {donors.map((d) => (
        <li key={d.donor} className="grid gap-1 py-2 sm:grid-cols-[1fr_9rem_9rem_9rem] sm:gap-3">
          <span className="min-w-0 break-words">
            <strong>{d.name}</strong>
            {d.email ? <span className="block text-slate-600 dark:text-slate-300">{d.email}</span> : null}
          </span>
          <span>
            <span className="text-slate-600 sm:sr-only dark:text-slate-300">{year}: </span>
            {amountsText(d.thisYear, money)}
          </span>
          <span>
            <span className="text-slate-600 sm:sr-only dark:text-slate-300">{year - 1}: </span>
            {amountsText(d.lastYear, money)}
          </span>
          <span>
            <span className="text-slate-600 sm:sr-only dark:text-slate-300">Lifetime: </span>
            {amountsText(d.lifetime, money)}
            <span className="block text-slate-600 text-xs dark:text-slate-300">
              {d.firstGiftYear === d.lastGiftYear ? d.firstGiftYear : `${d.firstGiftYear}–${d.lastGiftYear}`}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function Retention({ loaderData }: Route.ComponentProps) {
  const { year, years, segments, basis } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Link to={href("/campaigns")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Your campaigns
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Donor retention</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Every gift in every campaign, net of refunds, by {basis}. A donor is a person in your network, else an email
        address, else a name.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm">
            <span className="block font-semibold">Year</span>
            <select
              name="year"
              defaultValue={year}
              className="mt-1 rounded-md border border-slate-300 px-2 py-2 dark:border-slate-600 dark:bg-slate-900"
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm dark:border-slate-600"
          >
            Show
          </button>
        </Form>
        <a
          href={`${href("/campaigns/retention.csv")}?year=${year}`}
          download
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-sm text-white hover:bg-brand-700"
        >
          Export CSV
        </a>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="retention-summary">
        {segments.map((s) => (
          <div key={s.id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <dt className="text-slate-600 text-sm dark:text-slate-300">{SEGMENT_LABELS[s.id]}</dt>
            <dd className="font-bold text-2xl">{s.count}</dd>
            <dd className="text-sm">
              {amountsText(s.id === "lybunt" ? s.lastYear : s.id === "sybunt" ? s.lifetime : s.thisYear, money)}
            </dd>
          </div>
        ))}
      </dl>
      {segments.map((s) => (
        <section key={s.id} className="mt-8" aria-labelledby={`segment-${s.id}`} data-testid={`segment-${s.id}`}>
          <h2 id={`segment-${s.id}`} className="font-bold text-xl">
            {SEGMENT_LABELS[s.id]} ({s.count})
          </h2>
          <p className="text-slate-600 text-sm dark:text-slate-300">{EXPLAIN[s.id]}</p>
          {s.count ? (
            <>
              <div className="mt-3 hidden gap-3 font-semibold text-slate-600 text-xs sm:grid sm:grid-cols-[1fr_9rem_9rem_9rem] dark:text-slate-300">
                <span>Donor</span>
                <span>{year}</span>
                <span>{year - 1}</span>
                <span>Lifetime</span>
              </div>
              <DonorRows donors={s.donors} year={year} />
              {s.count > s.donors.length ? (
                <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">
                  …and {s.count - s.donors.length} more in the CSV.
                </p>
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-sm">Nobody.</p>
          )}
        </section>
      ))}
    </section>
  );
}
