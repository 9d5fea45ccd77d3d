import { Link } from "react-router";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/auth.server";
import { dashboardSummary } from "~/server/dashboard.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [...pageMeta("Dashboard"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  return { user, ...(await dashboardSummary(app.db, user.id)) };
}

const hoursLeft = (createdAt: Date) =>
  Math.max(0, Math.ceil((new Date(createdAt).getTime() + 48 * 3_600_000 - Date.now()) / 3_600_000));

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, recentShares, stats, notifications } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Welcome, {user.name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Signed in as {user.email}.</p>

      <h2 className="sr-only">This week</h2>
      <dl className="mt-8 grid grid-cols-3 gap-3">
        {[
          ["Card views", stats.views],
          ["Saves", stats.saves],
          ["Share-backs", stats.shares],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <dt className="text-slate-600 text-sm dark:text-slate-300">{label} this week</dt>
            <dd className="mt-1 font-bold text-2xl">{value}</dd>
          </div>
        ))}
      </dl>

      <section
        className="mt-8 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
        aria-labelledby="shares-title"
      >
        <h2 id="shares-title" className="font-semibold text-lg">
          Shared with you in the last 48 hours
        </h2>
        {recentShares.length === 0 ? (
          <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">
            Nobody yet. Share your card and the people you meet land here.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {recentShares.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium">{s.name}</p>
                  <p className="text-slate-600 text-sm dark:text-slate-300">
                    <a href={`mailto:${s.email}`} className="underline">
                      {s.email}
                    </a>
                    {s.phone ? ` · ${s.phone}` : ""}
                    {s.consent ? " · agreed to be contacted" : ""}
                  </p>
                </div>
                <span className="rounded-full bg-amber-100 px-2.5 py-1 font-medium text-amber-950 text-xs dark:bg-amber-950 dark:text-amber-100">
                  Follow up within {hoursLeft(s.createdAt)} h
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        className="mt-8 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
        aria-labelledby="notes-title"
      >
        <h2 id="notes-title" className="font-semibold text-lg">
          Notifications
        </h2>
        {notifications.length === 0 ? (
          <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">Nothing new.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {notifications.map((n) => (
              <li key={n.id} className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-medium">
                    {n.read ? null : <span className="sr-only">Unread: </span>}
                    {n.title}
                  </p>
                  <p className="text-slate-600 text-sm dark:text-slate-300">{n.message}</p>
                </div>
                {n.actionUrl?.startsWith("/") ? (
                  // A full page load, as the specification asks of notification actions.
                  <a href={n.actionUrl} className="font-medium text-brand-700 text-sm underline dark:text-brand-200">
                    {n.actionLabel ?? "Open"}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        <Link
          to="/card"
          className="rounded-xl border border-slate-200 p-6 hover:border-brand-500 dark:border-slate-800"
        >
          <h2 className="font-semibold text-lg">Your digital card</h2>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">Edit, publish and share your card.</p>
        </Link>
        <Link
          to="/capture"
          className="rounded-xl border border-slate-200 p-6 hover:border-brand-500 dark:border-slate-800"
        >
          <h2 className="font-semibold text-lg">Capture contacts</h2>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            Scan a QR code, photograph a card, or add someone quickly.
          </p>
        </Link>
      </div>
    </section>
  );
}
