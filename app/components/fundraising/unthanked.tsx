import { Form, Link } from "react-router";
import { formatMoney } from "~/lib/money";

type Gift = {
  id: number;
  campaign: string | null;
  campaignId: string | null;
  amount: number;
  currency: string;
  date: string;
  donorName: string | null;
  donorEmail: string | null;
};

/** Gifts waiting for a thank-you, listed until it is sent (campaign dashboard and the owner's campaigns page). */
export function UnthankedGifts({ gifts, back }: { gifts: Gift[]; back: string }) {
  if (!gifts.length) return null;
  return (
    <section className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950/40">
      <h2 className="font-semibold text-lg">Waiting for a thank-you ({gifts.length})</h2>
      <ul className="mt-3 divide-y divide-amber-200 dark:divide-amber-800">
        {gifts.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <strong>{g.donorName || g.donorEmail || "Anonymous"}</strong> · {formatMoney(g.amount, g.currency)} ·{" "}
              {g.date}
              {g.campaign && g.campaignId ? (
                <>
                  {" · "}
                  <Link to={`/campaigns/${g.campaignId}`} className="underline">
                    {g.campaign}
                  </Link>
                </>
              ) : null}
            </span>
            <Form method="post" action="/campaigns/gifts" className="flex gap-2">
              <input type="hidden" name="gift" value={g.id} />
              <input type="hidden" name="back" value={back} />
              {g.donorEmail ? (
                <button
                  name="intent"
                  value="thank"
                  type="submit"
                  className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white"
                >
                  Send thank-you
                </button>
              ) : null}
              <button
                name="intent"
                value="thanked"
                type="submit"
                className="rounded-md border border-slate-400 px-3 py-1.5"
              >
                Thanked another way
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
