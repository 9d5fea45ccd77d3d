import { href, Link } from "react-router";
import { formatMoney } from "~/lib/money";

export type EventGifts = {
  campaign: { id: string; title: string } | null;
  gifts: { name: string; connectionId: number; amount: number; currency: string }[];
};

/** The post-event report's fundraising part: who, of the people met there, gave (to the linked campaign). */
export function EventGiftsSection({ data }: { data: EventGifts }) {
  if (!data.campaign && !data.gifts.length) return null;
  const totals = new Map<string, number>();
  for (const g of data.gifts) totals.set(g.currency, (totals.get(g.currency) ?? 0) + g.amount);
  return (
    <section aria-labelledby="event-gifts-title" className="mt-8 break-inside-avoid">
      <h2 id="event-gifts-title" className="font-semibold text-xl">
        Gifts from people met here
      </h2>
      {data.campaign ? (
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
          For{" "}
          <Link to={href("/campaigns/:id", { id: String(data.campaign.id) })} className="underline">
            {data.campaign.title}
          </Link>
        </p>
      ) : null}
      {data.gifts.length ? (
        <>
          <p className="mt-2 font-semibold" data-testid="event-gifts-total">
            {[...totals].map(([c, n]) => formatMoney(n, c)).join(" + ")} from{" "}
            {new Set(data.gifts.map((g) => g.connectionId)).size} {data.gifts.length === 1 ? "person" : "people"}
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {data.gifts.map((g) => (
              <li key={`${g.connectionId}-${g.currency}`}>
                <Link to={href("/connections/:id", { id: String(g.connectionId) })} className="underline">
                  {g.name}
                </Link>{" "}
                · {formatMoney(g.amount, g.currency)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">Nobody you met here has given yet.</p>
      )}
    </section>
  );
}
