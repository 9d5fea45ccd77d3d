import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { data, Form, href, Link, useNavigation } from "react-router";
import { BarChart } from "~/components/charts/bar-chart";
import { HandGiftForm, PledgeForm } from "~/components/fundraising/gift-forms";
import { RaisedChart } from "~/components/fundraising/raised-chart";
import { UnthankedGifts } from "~/components/fundraising/unthanked";
import { ProgressBar } from "~/components/marketing/campaign-card";
import { appContext } from "~/context";
import { GIFT_METHOD_LABELS, GIFT_SOURCE_LABELS, MONTHLY_STATUS_LABELS } from "~/lib/fundraising/donation";
import { handGiftSchema, pledgeSchema } from "~/lib/fundraising/gift-forms";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { campaignAnalytics } from "~/server/fundraising/analytics.server";
import { getOwnedCampaign } from "~/server/fundraising/campaigns.server";
import { givingStatus } from "~/server/fundraising/donations.server";
import {
  campaignGifts,
  campaignPledges,
  recordHandGift,
  recordPledge,
  unacknowledgedGifts,
} from "~/server/fundraising/gifts.server";
import { peopleOf } from "~/server/people/access.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { connection } from "~db/schema";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `${loaderData.c.title}: dashboard` : "Campaign"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const c = await getOwnedCampaign(app.db, user.workspace.id, params.id);
  if (!c) notFound();
  const personId = Number(new URL(request.url).searchParams.get("person"));
  const [gifts, pledges, unthanked, analytics, giving, person] = await Promise.all([
    campaignGifts(app.db, ownersOf(user), c.id),
    campaignPledges(app.db, ownersOf(user), c.id),
    unacknowledgedGifts(app.db, ownersOf(user), c.id),
    campaignAnalytics(app.db, user.workspace.id, c.id),
    givingStatus(app, c),
    Number.isSafeInteger(personId) && personId > 0
      ? app.db
          .select({ id: connection.id, name: connection.name })
          .from(connection)
          .where(and(eq(connection.id, personId), peopleOf(ownersOf(user))))
          .get()
      : undefined,
  ]);
  return {
    c,
    gifts,
    pledges,
    unthanked,
    analytics,
    giving,
    person: person ?? null,
    nonce: crypto.randomUUID(),
    today: new Date().toISOString().slice(0, 10),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const schema = intent === "pledge" ? pledgeSchema : intent === "gift" ? handGiftSchema : null;
  if (!schema) return data({ form: null, reply: null }, { status: 400 });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return data({ form: intent as string, reply: submission.reply() }, { status: 400 });
  const value = submission.value;
  const done =
    value.intent === "pledge"
      ? await recordPledge(app, user.workspace.id, params.id, value)
      : await recordHandGift(app, user.workspace.id, params.id, value);
  if (!done) notFound();
  if (!done.ok)
    return data(
      { form: intent as string, reply: submission.reply({ fieldErrors: { [done.field]: [done.message] } }) },
      { status: 400 },
    );
  return redirectWithToast(href("/campaigns/:id", { id: params.id }), {
    type: "success",
    title: value.intent === "pledge" ? "Pledge recorded" : "Gift recorded",
  });
}

export default function CampaignDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { c, gifts, pledges, unthanked, analytics: a, giving, person, nonce, today } = loaderData;
  const navigation = useNavigation();
  const money = (n: number) => formatMoney(n, c.currency, { compact: true });
  const reply = (form: string) => (navigation.state === "idle" && actionData?.form === form ? actionData.reply : null);
  const back = href("/campaigns/:id", { id: String(c.id) });
  const metShare = a.met.map((m) => ({ label: m.title, value: m.met ? Math.round((m.gave / m.met) * 100) : 0 }));
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Link to={href("/campaigns")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Your campaigns
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-3xl tracking-tight">{c.title}</h1>
        <div className="flex flex-wrap gap-2 text-sm">
          <Link
            to={href("/campaigns/:id/edit", { id: String(c.id) })}
            className="rounded-md border border-slate-300 px-3 py-2 font-semibold dark:border-slate-600"
          >
            Edit
          </Link>
          <Link
            to={href("/fundraising/:id", { id: String(c.id) })}
            className="rounded-md border border-slate-300 px-3 py-2 font-semibold dark:border-slate-600"
          >
            {c.status === "draft" ? "Preview" : "Public page"}
          </Link>
          <Link
            to={href("/campaigns/:id/import", { id: String(c.id) })}
            className="rounded-md border border-slate-300 px-3 py-2 font-semibold dark:border-slate-600"
          >
            Import gifts
          </Link>
          <a
            href={href("/campaigns/:id/gifts.csv", { id: String(c.id) })}
            className="rounded-md border border-slate-300 px-3 py-2 font-semibold dark:border-slate-600"
            download
          >
            Export CSV
          </a>
        </div>
      </div>
      <p
        role="status"
        data-testid="giving-status"
        className={`mt-4 rounded-lg px-4 py-3 text-sm ${giving.open ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100"}`}
      >
        {giving.open ? (
          <strong>Online giving is open: the public page shows the Donate form.</strong>
        ) : (
          <>
            <strong>Online giving is closed:</strong> {giving.reason}
          </>
        )}
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-4">
        <div className="rounded-xl border border-slate-200 p-4 sm:col-span-2 dark:border-slate-800">
          <ProgressBar amountRaised={c.amountRaised} goal={c.goal} currency={c.currency} />
        </div>
        <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <p className="text-slate-600 text-sm dark:text-slate-300">Donors</p>
          <p className="font-bold text-2xl" data-testid="dashboard-donors">
            {c.donorCount}
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <p className="text-slate-600 text-sm dark:text-slate-300">Average gift</p>
          <p className="font-bold text-2xl">{money(c.averageGift)}</p>
        </div>
      </div>
      <UnthankedGifts gifts={unthanked} back={back} />
      <h2 className="mt-10 font-bold text-2xl">Analytics</h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <RaisedChart series={a.series} goal={c.goal} start={c.priorRaised} format={money} />
        <BarChart
          title="One-time and recurring"
          unit="raised"
          format={money}
          bars={[
            { label: "One-time", value: a.oneTime.raised },
            { label: "Recurring", value: a.recurring.raised },
          ]}
        />
        <BarChart
          title="Gifts by source"
          unit="raised"
          format={money}
          bars={a.bySource.map((s) => ({ label: GIFT_SOURCE_LABELS[s.source], value: s.raised }))}
        />
        {a.byCard.length ? (
          <BarChart
            title="From your cards"
            unit="raised"
            format={money}
            bars={a.byCard.map((s) => ({ label: s.label, value: s.raised }))}
          />
        ) : null}
        {a.byEvent.length ? (
          <BarChart
            title="From your events"
            unit="raised"
            format={money}
            bars={a.byEvent.map((s) => ({ label: s.title, value: s.raised }))}
          />
        ) : null}
        {metShare.length ? (
          <BarChart title="People met at each event who gave (%)" unit="%" bars={metShare} format={(n) => `${n}%`} />
        ) : null}
      </div>
      <h2 className="mt-10 font-bold text-2xl">Gifts</h2>
      {gifts.length ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-slate-200 border-b dark:border-slate-800">
                <th scope="col" className="py-2">
                  Date
                </th>
                <th scope="col">Donor</th>
                <th scope="col" className="text-right">
                  Amount
                </th>
                {/* On a phone, method and source sit under the donor: the table fits 390 px without scrolling. */}
                <th scope="col" className="hidden pl-4 sm:table-cell">
                  Method
                </th>
                <th scope="col" className="hidden sm:table-cell">
                  Source
                </th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {gifts.map((g) => (
                <tr key={g.id} className="border-slate-200 border-b dark:border-slate-800" data-testid="gift-row">
                  <td className="whitespace-nowrap py-2 pr-2">{g.date}</td>
                  {/* Anywhere, not break-words: a long address must not widen the table past a phone's width. */}
                  <td className="[overflow-wrap:anywhere]">
                    {g.connectionId ? (
                      <Link to={href("/connections/:id", { id: String(g.connectionId) })} className="underline">
                        {g.donorName || g.donorEmail || "Donor"}
                      </Link>
                    ) : (
                      g.donorName || "Anonymous"
                    )}
                    {g.recurringId
                      ? ` · monthly${g.monthly ? ` (${MONTHLY_STATUS_LABELS[g.monthly] ?? g.monthly})` : ""}`
                      : g.recurring
                        ? " · recurring"
                        : ""}
                    {g.tributeKind && g.tributeName ? (
                      <span className="block text-slate-600 text-xs dark:text-slate-300">
                        {g.tributeKind === "memory" ? "In memory of" : "In honour of"} {g.tributeName}
                      </span>
                    ) : null}
                    <span className="block text-slate-600 text-xs sm:hidden dark:text-slate-300">
                      {GIFT_METHOD_LABELS[g.method]} · {GIFT_SOURCE_LABELS[g.source]}
                    </span>
                  </td>
                  <td className="whitespace-nowrap pl-2 text-right">
                    {formatMoney(g.amount, g.currency)}
                    {g.feeCovered ? (
                      <span className="block text-slate-600 text-xs dark:text-slate-300">
                        incl. {formatMoney(g.feeCovered, g.currency)} fee
                      </span>
                    ) : null}
                    {g.amountRefunded ? (
                      <span className="block text-red-700 text-xs dark:text-red-300">
                        {g.amountRefunded >= g.amount
                          ? "Refunded"
                          : `${formatMoney(g.amountRefunded, g.currency)} refunded`}
                      </span>
                    ) : null}
                  </td>
                  <td className="hidden pl-4 sm:table-cell">{GIFT_METHOD_LABELS[g.method]}</td>
                  <td className="hidden sm:table-cell">{GIFT_SOURCE_LABELS[g.source]}</td>
                  <td className="pl-2 text-right">
                    {/* Stacked, not side by side: the actions column stays one word wide on a phone. */}
                    <span className="flex flex-col items-end gap-1">
                      {/* A printable document, not an app page: a full load, not client navigation. */}
                      <a href={href("/campaigns/gifts/:gift/receipt", { gift: String(g.id) })} className="underline">
                        Receipt
                        <span className="sr-only">
                          {" "}
                          for {formatMoney(g.amount, g.currency)} on {g.date}
                        </span>
                      </a>
                      {g.paymentIntent && g.amountRefunded < g.amount ? (
                        <Link to={href("/campaigns/gifts/:gift/refund", { gift: String(g.id) })} className="underline">
                          Refund<span className="sr-only"> {formatMoney(g.amount, g.currency)}</span>
                        </Link>
                      ) : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-3 text-slate-600 dark:text-slate-300">No gifts yet.</p>
      )}
      {pledges.length ? (
        <>
          <h2 className="mt-10 font-bold text-2xl">Pledges</h2>
          <ul className="mt-3 space-y-3">
            {pledges.map((p) => (
              <li
                key={p.id}
                className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
                data-testid="pledge"
              >
                <p>
                  <Link
                    to={href("/connections/:id", { id: String(p.connectionId) })}
                    className="font-semibold underline"
                  >
                    {p.name}
                  </Link>{" "}
                  pledged {formatMoney(p.amount, p.currency)}
                </p>
                <ul className="mt-2 space-y-1">
                  {p.instalments.map((i) => (
                    <li key={i.id} className="flex flex-wrap items-center gap-2">
                      <span>
                        {i.dueDate}: {formatMoney(i.amount, p.currency)} {i.giftId ? "· paid" : "· due"}
                      </span>
                      {i.giftId ? null : (
                        <Form method="post" action={href("/campaigns/gifts")}>
                          <input type="hidden" name="instalment" value={i.id} />
                          <input type="hidden" name="back" value={back} />
                          <button name="intent" value="pay-instalment" type="submit" className="underline">
                            Record as paid
                          </button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <HandGiftForm nonce={nonce} currency={c.currency} person={person} lastResult={reply("gift")} today={today} />
        </div>
        <div className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <PledgeForm nonce={nonce} currency={c.currency} person={person} lastResult={reply("pledge")} today={today} />
        </div>
      </div>
    </section>
  );
}
