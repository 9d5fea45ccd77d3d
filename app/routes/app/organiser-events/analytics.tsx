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
      {a.sessions.length ? (
        <table className="mt-2 w-full text-sm" data-series="sessions">
          <thead>
            <tr className="text-left">
              <th scope="col" className="pr-3 font-semibold">
                Session
              </th>
              <th scope="col" className="pr-3 text-right font-semibold">
                On schedules
              </th>
              <th scope="col" className="pr-3 text-right font-semibold">
                Capacity
              </th>
              <th scope="col" className="pr-3 text-right font-semibold">
                Checked in
              </th>
              <th scope="col">
                <span className="sr-only">Filled</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {a.sessions.map((s) => (
              <tr key={s.id} data-session={s.title}>
                <th scope="row" className="pr-3 text-left font-normal">
                  {s.title}
                  <span className="block text-slate-600 text-xs dark:text-slate-300">
                    {s.startsAt.replace("T", " ")}
                    {s.room ? ` · ${s.room}` : ""}
                  </span>
                </th>
                <td className="pr-3 text-right tabular-nums" data-measure="scheduled">
                  {formatCount(s.scheduled, "en")}
                </td>
                <td className="pr-3 text-right tabular-nums" data-measure="capacity">
                  {s.capacity === null ? "No limit" : formatCount(s.capacity, "en")}
                </td>
                <td className="pr-3 text-right tabular-nums" data-measure="checked-in">
                  {formatCount(s.checkedIn, "en")}
                </td>
                <td aria-hidden="true" className="w-1/4">
                  {s.capacity ? (
                    <span className="block h-3 rounded bg-slate-200 dark:bg-slate-800">
                      <span
                        className="block h-3 rounded bg-brand-600"
                        style={{ width: `${Math.min(100, Math.round((s.scheduled / s.capacity) * 100))}%` }}
                      />
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">No sessions in the programme yet.</p>
      )}
      <h2 className="mt-8 font-semibold text-xl">Mail to attendees</h2>
      <p className="text-slate-600 text-sm dark:text-slate-300">
        Each mailing to this event's attendees. Clicks are counted through our links; opens are not tracked.
      </p>
      {a.mailings.length ? (
        <table className="mt-2 w-full text-sm" data-series="mail">
          <thead>
            <tr className="text-left">
              <th scope="col" className="pr-3 font-semibold">
                Mailing
              </th>
              {MAIL_COLUMNS.map(([, label]) => (
                <th key={label} scope="col" className="pr-3 text-right font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {a.mailings.map((m) => (
              <tr key={m.id} data-mailing={m.id}>
                <th scope="row" className="pr-3 text-left font-normal">
                  <Link to={href("/mailings/:id", { id: String(m.id) })} className="underline">
                    {m.subject}
                  </Link>
                  <span className="block text-slate-600 text-xs dark:text-slate-300">{m.sentAt ?? m.status}</span>
                </th>
                {MAIL_COLUMNS.map(([key]) => (
                  <td key={key} className="pr-3 text-right tabular-nums" data-measure={key}>
                    {formatCount(m[key], "en")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">No mail to this event's attendees yet.</p>
      )}
      <h2 className="mt-8 font-semibold text-xl">Leads per exhibitor</h2>
      {a.leads.length ? (
        <table className="mt-2 text-sm" data-series="leads">
          <tbody>
            {a.leads.map((x) => (
              <tr key={x.id} data-exhibitor={x.name}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {x.name}
                  {x.company ? `, ${x.company}` : ""}
                </th>
                <td className="tabular-nums">{formatCount(x.leads, "en")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">No exhibitors yet.</p>
      )}
    </section>
  );
}
