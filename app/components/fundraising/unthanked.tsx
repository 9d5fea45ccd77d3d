import { Form, href, Link } from "react-router";
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

const BULK_FORM = "thank-many";

/**
 * Gifts waiting for a thank-you, listed until it is sent (campaign dashboard and the owner's dashboard).
 * Each row can be ticked for one bulk "thanked another way"; past gifts imported from a file need that most.
 */
export function UnthankedGifts({ gifts, back }: { gifts: Gift[]; back: string }) {
  if (!gifts.length) return null;
  return (
    <section className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950/40">
      <h2 className="font-semibold text-lg">Waiting for a thank-you ({gifts.length})</h2>
      <ul className="mt-3 divide-y divide-amber-200 dark:divide-amber-800">
        {gifts.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <label className="flex min-w-0 items-start gap-2">
              {/* Belongs to the bulk form below (the form attribute), so each row keeps its own buttons' form. */}
              <input type="checkbox" name="gifts" value={g.id} form={BULK_FORM} className="mt-1" />
              <span className="min-w-0 break-words">
                <strong>{g.donorName || g.donorEmail || "Anonymous"}</strong> · {formatMoney(g.amount, g.currency)} ·{" "}
                {g.date}
                {g.campaign && g.campaignId ? (
                  <>
                    {" · "}
                    <Link to={href("/campaigns/:id", { id: String(g.campaignId) })} className="underline">
                      {g.campaign}
                    </Link>
                  </>
                ) : null}
              </span>
            </label>
            <Form method="post" action={href("/campaigns/gifts")} className="flex gap-2">
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
      <div className="mt-3 flex flex-wrap gap-2 text-sm">
        <Form method="post" action={href("/campaigns/gifts")} id={BULK_FORM}>
          <input type="hidden" name="back" value={back} />
          <button
            name="intent"
            value="thanked-many"
            type="submit"
            className="rounded-md border border-slate-400 px-3 py-1.5"
          >
            Mark ticked as thanked
          </button>
        </Form>
        <Form method="post" action={href("/campaigns/gifts")}>
          <input type="hidden" name="back" value={back} />
          {gifts.map((g) => (
            <input key={g.id} type="hidden" name="gifts" value={g.id} />
          ))}
          <button
            name="intent"
            value="thanked-many"
            type="submit"
            className="rounded-md border border-slate-400 px-3 py-1.5"
          >
            Mark all {gifts.length} as thanked
          </button>
        </Form>
      </div>
    </section>
  );
}
