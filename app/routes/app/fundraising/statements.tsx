import { Form, href, Link } from "react-router";
import { appContext } from "~/context";
import { MONTH_OPTIONS, statementPeriod, statementQuery } from "~/lib/fundraising/receipt";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { getOrganisation, organisationDay, statementDonors } from "~/server/fundraising/organisation.server";
import type { Route } from "./+types/statements";

export const meta = () => [...pageMeta("Year-end statements"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  // This year is the organisation's: on 31 December evening in New York it is not yet next year.
  const thisYear = Number((await organisationDay(app.db, user.workspace.id)).slice(0, 4));
  const q = statementQuery.safeParse({ year: thisYear, ...Object.fromEntries(new URL(request.url).searchParams) });
  const { year, basis } = q.success ? q.data : statementQuery.parse({ year: thisYear });
  const org = await getOrganisation(app.db, user.workspace.id);
  const period = statementPeriod(year, basis, org.fiscalYearStart);
  const donors = await statementDonors(app.db, user.workspace.id, period);
  const now = thisYear;
  return {
    year,
    basis,
    period,
    donors,
    error: q.success ? null : (q.error.issues[0]?.message ?? null),
    years: Array.from({ length: 8 }, (_, i) => now - i),
    legalName: org.legalName,
    fiscalStart: MONTH_OPTIONS[org.fiscalYearStart - 1]?.name ?? "January",
  };
}

export default function Statements({ loaderData }: Route.ComponentProps) {
  const { year, basis, period, donors, years, legalName, fiscalStart, error } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Link to={href("/campaigns")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Your campaigns
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Year-end statements</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        One statement per donor listing every gift in the year, issued by {legalName || "each campaign's organisation"}
        {legalName ? "" : " (give the legal name and tax id in the "}
        {legalName ? null : (
          <>
            <Link to={href("/campaigns/organisation")} className="underline">
              organisation profile
            </Link>
            )
          </>
        )}
        . Open one to print it or save it as PDF, or email it to the donor.
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="year" className="mb-1.5 block font-medium text-sm">
            Year
          </label>
          <select
            id="year"
            name="year"
            defaultValue={String(year)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "year-error" : undefined}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="flex gap-3 text-sm">
          <legend className="mb-1.5 font-medium text-sm">Year of</legend>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="basis" value="calendar" defaultChecked={basis === "calendar"} /> Calendar
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="basis" value="fiscal" defaultChecked={basis === "fiscal"} /> Fiscal (starts in{" "}
            {fiscalStart})
          </label>
        </fieldset>
        <button type="submit" className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-sm">
          Show
        </button>
      </Form>
      {error ? (
        <p id="year-error" className="mt-2 text-red-700 text-sm dark:text-red-300">
          {error}
        </p>
      ) : null}
      <h2 className="mt-8 font-semibold text-lg">
        {period.label}: {donors.length} {donors.length === 1 ? "donor" : "donors"}
      </h2>
      {donors.length === 0 ? (
        <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">
          No gifts from people in your network in this period.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {donors.map((d) => {
            const statement = `${href("/campaigns/statements/:person", { person: String(d.personId) })}?year=${year}&basis=${basis}`;
            return (
              <li key={d.personId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-words">
                  <strong>{d.name}</strong>
                  {d.email ? <span className="text-slate-600 dark:text-slate-300"> · {d.email}</span> : null}
                  <br />
                  {d.gifts} {d.gifts === 1 ? "gift" : "gifts"} ·{" "}
                  {d.totals.map((t) => formatMoney(t.amount, t.currency)).join(", ")}
                </span>
                <span className="flex gap-2">
                  <a href={statement} className="rounded-md border border-slate-300 px-3 py-1.5 font-semibold">
                    Statement<span className="sr-only"> for {d.name}</span>
                  </a>
                  {d.email ? (
                    <Form method="post" action={statement} reloadDocument>
                      <input type="hidden" name="intent" value="email" />
                      <input type="hidden" name="year" value={year} />
                      <input type="hidden" name="basis" value={basis} />
                      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 font-semibold">
                        Email<span className="sr-only"> the statement to {d.name}</span>
                      </button>
                    </Form>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
