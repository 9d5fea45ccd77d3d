import { Form, href, Link } from "react-router";
import { MONTHLY_STATUS_LABELS } from "~/lib/fundraising/donation";
import { formatMoney } from "~/lib/money";

export type Giving = {
  count: number;
  first: string | null;
  last: string | null;
  totals: { currency: string; total: number }[];
  recurring: {
    id: number;
    amount: number;
    currency: string;
    interval: string;
    status: string;
    campaign: string | null;
  }[];
  outstanding: { currency: string; amount: number }[];
  recent: {
    id: number;
    date: string;
    amount: number;
    amountRefunded: number;
    currency: string;
    campaign: string | null;
  }[];
};

const small =
  "rounded-md border border-slate-300 px-2 py-1 font-medium text-xs hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

/** Pause or resume, and cancel, one monthly gift; the status follows when Stripe confirms. */
function RecurringActions({ id, status, personId }: { id: number; status: string; personId: number }) {
  if (status === "canceled") return null;
  return (
    <Form method="post" action={href("/campaigns/gifts")} className="mt-1 flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="recurring" />
      <input type="hidden" name="recurring" value={id} />
      <input type="hidden" name="back" value={href("/connections/:id", { id: String(personId) })} />
      <button type="submit" name="change" value={status === "paused" ? "resume" : "pause"} className={small}>
        {status === "paused" ? "Resume" : "Pause"}
      </button>
      <button type="submit" name="change" value="cancel" className={small}>
        Cancel monthly gift
      </button>
    </Form>
  );
}

/** A person's giving, compact, on their page: totals, first and last gift, monthly gifts, pledges still due. */
export function GivingSection({ giving, personId }: { giving: Giving; personId: number }) {
  const hasAny = giving.count > 0 || giving.recurring.length > 0 || giving.outstanding.length > 0;
  return (
    <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" aria-labelledby="giving-title">
      <h2 id="giving-title" className="font-semibold text-lg">
        Giving
      </h2>
      {hasAny ? (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm" data-testid="giving">
            <div>
              <dt className="text-slate-600 dark:text-slate-300">Total given</dt>
              <dd className="font-semibold">
                {giving.totals.map((t) => formatMoney(t.total, t.currency)).join(" + ") || formatMoney(0, "USD")}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">Gifts</dt>
              <dd className="font-semibold">{giving.count}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">First gift</dt>
              <dd>{giving.first ?? "None"}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">Last gift</dt>
              <dd>{giving.last ?? "None"}</dd>
            </div>
            {giving.outstanding.length ? (
              <div className="col-span-2">
                <dt className="text-slate-600 dark:text-slate-300">Pledges outstanding</dt>
                <dd className="font-semibold">
                  {giving.outstanding.map((o) => formatMoney(o.amount, o.currency)).join(" + ")}
                </dd>
              </div>
            ) : null}
          </dl>
          {giving.recurring.length ? (
            <ul className="mt-3 space-y-1 text-sm">
              {giving.recurring.map((r) => (
                <li key={r.id} data-testid="recurring-gift">
                  {formatMoney(r.amount, r.currency)} a {r.interval}
                  {r.campaign ? ` to ${r.campaign}` : ""} ·{" "}
                  <span data-testid="recurring-status">{MONTHLY_STATUS_LABELS[r.status] ?? r.status}</span>
                  <RecurringActions id={r.id} status={r.status} personId={personId} />
                </li>
              ))}
            </ul>
          ) : null}
          {giving.recent.length ? (
            <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
              {giving.recent.map((g) => (
                <li key={g.id} className="flex justify-between gap-2 py-1.5">
                  <span>
                    {g.date}
                    {g.campaign ? ` · ${g.campaign}` : ""}
                  </span>
                  <span className={g.amountRefunded >= g.amount ? "text-slate-500 line-through" : "font-semibold"}>
                    {formatMoney(g.amount, g.currency)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">No gifts or pledges yet.</p>
      )}
      <Link
        to={`${href("/campaigns")}?person=${personId}`}
        className="mt-3 inline-block font-semibold text-brand-700 text-sm underline dark:text-brand-200"
      >
        Record a gift or pledge
      </Link>
    </section>
  );
}
