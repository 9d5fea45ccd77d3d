import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { formatCount } from "~/lib/i18n/format";
import { pageMeta } from "~/lib/site";
import { eventAnalytics } from "~/server/organiser-events/analytics.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `What happened: ${loaderData.event.title}` : "What happened"),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  return {
    event: { id: event.id, title: event.title, timeZone: event.timeZone },
    analytics: await eventAnalytics(app.db, event),
  };
}

/** A count per row with a bar beside it: a person would rather look than read a column of numbers. */
function Bars({ caption, rows, id }: { caption: string; rows: { at: string; n: number }[]; id: string }) {
  if (!rows.length) return null;
  const most = Math.max(...rows.map((r) => r.n), 1);
  return (
    <table className="mt-4 w-full text-sm" data-series={id}>
      <caption className="text-left font-semibold">{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.at} data-at={r.at}>
            <th scope="row" className="w-40 whitespace-nowrap pr-3 text-left font-normal">
              {r.at}
            </th>
            <td className="w-16 pr-3 text-right tabular-nums">{formatCount(r.n, "en")}</td>
            <td aria-hidden="true">
              <span
                className="block h-3 rounded bg-brand-600"
                style={{ width: `${Math.max(2, Math.round((r.n / most) * 100))}%` }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type CountRow = {
  key: number;
  attr: Record<string, string>;
  name: ReactNode;
  values: ReactNode[];
  /** How full, in percent, for a last bar column; null draws none. */
  filled?: number | null;
};

/** The report's tables, one shape: a row a thing named first, a right-aligned count a measure, words when empty. */
function CountTable(props: {
  series: string;
  head: string;
  measures: readonly (readonly [string, string])[];
  rows: CountRow[];
  empty: string;
  filled?: boolean;
}) {
  const { series, head, measures, rows, empty, filled } = props;
  if (!rows.length) return <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">{empty}</p>;
  return (
    <table className="mt-2 w-full text-sm" data-series={series}>
      <thead>
        <tr className="text-left">
          <th scope="col" className="pr-3 font-semibold">
            {head}
          </th>
          {measures.map(([key, label]) => (
            <th key={key} scope="col" className="pr-3 text-right font-semibold">
              {label}
            </th>
          ))}
          {filled ? (
            <th scope="col">
              <span className="sr-only">Filled</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} {...r.attr}>
            <th scope="row" className="pr-3 text-left font-normal">
              {r.name}
            </th>
            {measures.map(([key], i) => (
              <td key={key} className="pr-3 text-right tabular-nums" data-measure={key}>
                {r.values[i]}
              </td>
            ))}
            {filled ? (
              <td aria-hidden="true" className="w-1/4">
                {r.filled != null ? (
                  <span className="block h-3 rounded bg-slate-200 dark:bg-slate-800">
                    <span className="block h-3 rounded bg-brand-600" style={{ width: `${r.filled}%` }} />
                  </span>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const MAIL_COLUMNS = [
  ["recipients", "Recipients"],
  ["sent", "Sent"],
  ["delivered", "Delivered"],
  ["clicked", "Clicked"],
  ["bounced", "Bounced"],
  ["failed", "Failed"],
  ["unsubscribed", "Unsubscribed"],
] as const;

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { event, analytics: a } = loaderData;
  const zone = event.timeZone.replace(/_/g, " ");
  const counts: [string, number, string][] = [
    ["Registrations", a.registrations.total, "registrations"],
    ["Checked in", a.checkins.total, "checkins"],
    ["Exchanges", a.exchanges.total, "exchanges"],
    ["Meetings requested", a.meetings.requested, "meetings-requested"],
    ["Meetings accepted", a.meetings.accepted, "meetings-accepted"],
    ["Meetings held", a.meetings.held, "meetings-held"],
    ["Meetings declined", a.meetings.declined, "meetings-declined"],
    ["Meetings cancelled", a.meetings.cancelled, "meetings-cancelled"],
  ];
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to={href("/organiser/:id", { id: String(event.id) })} className="text-sm underline">
        ← {event.title}
      </Link>
      <h1 className="mt-4 font-bold text-3xl tracking-tight">What happened</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Counts only, on the event's clock ({zone}). A meeting is held once it was accepted and its time has come.
      </p>
      <p className="mt-2 text-sm">
        <a href={href("/organiser/:id/analytics.csv", { id: String(event.id) })} className="underline">
          Download this report (CSV)
        </a>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="What happened">
        {counts.map(([label, value, key]) => (
          <div key={key} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-count={key}>
            <dt className="text-slate-600 text-sm dark:text-slate-300">{label}</dt>
            <dd className="font-bold text-2xl">{formatCount(value, "en")}</dd>
          </div>
        ))}
      </dl>
      <Bars caption="Registrations by day" rows={a.registrations.byDay} id="registrations" />
      <Bars caption="Check-ins by hour" rows={a.checkins.byHour} id="checkins" />
      <Bars caption="Exchanges by day" rows={a.exchanges.byDay} id="exchanges" />
      <h2 className="mt-8 font-semibold text-xl">Sessions' attendance</h2>
      <p className="text-slate-600 text-sm dark:text-slate-300">
        How many put each session on their schedule, against its capacity, and how many of them were checked in at the
        door. The door checks people into the event, not into a session.
      </p>
      <CountTable
        series="sessions"
        head="Session"
        measures={[
          ["scheduled", "On schedules"],
          ["capacity", "Capacity"],
          ["checked-in", "Checked in"],
        ]}
        filled
        empty="No sessions in the programme yet."
        rows={a.sessions.map((s) => ({
          key: s.id,
          attr: { "data-session": s.title },
          name: (
            <>
              {s.title}
              <span className="block text-slate-600 text-xs dark:text-slate-300">
                {s.startsAt.replace("T", " ")}
                {s.room ? ` · ${s.room}` : ""}
              </span>
            </>
          ),
          values: [
            formatCount(s.scheduled, "en"),
            s.capacity === null ? "No limit" : formatCount(s.capacity, "en"),
            formatCount(s.checkedIn, "en"),
          ],
          filled: s.capacity ? Math.min(100, Math.round((s.scheduled / s.capacity) * 100)) : null,
        }))}
      />
      <h2 className="mt-8 font-semibold text-xl">Mail to attendees</h2>
      <p className="text-slate-600 text-sm dark:text-slate-300">
        Each mailing to this event's attendees. Clicks are counted through our links; opens are not tracked.
      </p>
      <CountTable
        series="mail"
        head="Mailing"
        measures={MAIL_COLUMNS}
        empty="No mail to this event's attendees yet."
        rows={a.mailings.map((m) => ({
          key: m.id,
          attr: { "data-mailing": String(m.id) },
          name: (
            <>
              <Link to={href("/mailings/:id", { id: String(m.id) })} className="underline">
                {m.subject}
              </Link>
              <span className="block text-slate-600 text-xs dark:text-slate-300">{m.sentAt ?? m.status}</span>
            </>
          ),
          values: MAIL_COLUMNS.map(([key]) => formatCount(m[key], "en")),
        }))}
      />
      <h2 className="mt-8 font-semibold text-xl">Leads per exhibitor</h2>
      <CountTable
        series="leads"
        head="Exhibitor"
        measures={[["leads", "Leads"]]}
        empty="No exhibitors yet."
        rows={a.leads.map((x) => ({
          key: x.id,
          attr: { "data-exhibitor": x.name },
          name: `${x.name}${x.company ? `, ${x.company}` : ""}`,
          values: [formatCount(x.leads, "en")],
        }))}
      />
    </section>
  );
}
