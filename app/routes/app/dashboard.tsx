import { href, Link } from "react-router";
import { QuickLog } from "~/components/follow/quick-actions";
import { ReconnectList } from "~/components/follow/reconnect-list";
import { UnthankedGifts } from "~/components/fundraising/unthanked";
import { TimesIn } from "~/components/times-in";
import { appContext } from "~/context";
import { type OnboardingStep, STEP_COUNT, STEP_TITLES, stepNumber } from "~/lib/account/onboarding";
import { formatPhone } from "~/lib/forms/phone";
import { pageMeta } from "~/lib/site";
import { formatInZone } from "~/lib/time/time";
import { ownersOf, pageRows, shellReads } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { dashboardReads, dashboardSummary } from "~/server/follow/dashboard.server";
import { followAction, isFollowIntent } from "~/server/follow/follow.server";
import { parseId } from "~/server/platform/http.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [...pageMeta("Dashboard"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  // On a load the dashboard's reads came with the session and the shell, in one D1 round trip.
  const [{ settingsRows }, reads] = await Promise.all([
    shellReads(context, app.db, user, request),
    pageRows(context, app.db, ownersOf(user), dashboardReads),
  ]);
  const summary = dashboardSummary(user.id, settingsRows, reads);
  // Phones are formatted here, so the page ships without the phone library (40 KB gzip of its first load).
  const recentShares = summary.recentShares.map((s) => ({
    ...s,
    phone: s.phone ? formatPhone(s.phone, summary.country) : null,
  }));
  return { user: { name: user.name, email: user.email }, ...summary, recentShares };
}

/** The follow-through forms on the dashboard (log an interaction, snooze): the same handler as the person page. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData().catch(() => null);
  const intent = formData?.get("intent");
  if (!formData || !isFollowIntent(intent)) return new Response("Bad Request", { status: 400 });
  return followAction(
    app,
    user,
    parseId(formData.get("personId")),
    intent,
    formData,
    href("/dashboard"),
    new URL(request.url).origin,
  );
}

const hoursLeft = (createdAt: Date, now: number) =>
  Math.max(0, Math.ceil((new Date(createdAt).getTime() + 48 * 3_600_000 - now) / 3_600_000));

const panel = "mt-8 rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const muted = "text-slate-600 text-sm dark:text-slate-300";

/** The one thing to do next, while there is one: finish the guided start, or publish a card. */
function NextStep({
  onboarding,
  cards,
}: {
  onboarding: OnboardingStep;
  cards: { count: number; publishedSlug: string | null };
}) {
  const box =
    "mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5 dark:border-brand-900 dark:bg-slate-900";
  const button = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";
  if (onboarding !== "done")
    return (
      <section className={box} aria-labelledby="next-title">
        <div>
          <h2 id="next-title" className="font-semibold text-lg">
            Finish setting up
          </h2>
          <p className={muted}>
            Step {stepNumber(onboarding)} of {STEP_COUNT}: {STEP_TITLES[onboarding]}.
          </p>
        </div>
        <Link to={href("/welcome")} className={button}>
          Continue setting up
        </Link>
      </section>
    );
  if (cards.publishedSlug) return null;
  return (
    <section className={box} aria-labelledby="next-title">
      <div>
        <h2 id="next-title" className="font-semibold text-lg">
          {cards.count ? "Publish your card" : "Create your card"}
        </h2>
        <p className={muted}>
          {cards.count
            ? "Your card is a draft: publish it to get its link and QR code."
            : "Your card is what people scan to save your details and share theirs."}
        </p>
      </div>
      <Link to={href("/card")} className={button}>
        {cards.count ? "Publish your card" : "Create your card"}
      </Link>
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    user,
    recentShares,
    recentConnections,
    stats,
    notifications,
    followUps,
    timeZone,
    onboarding,
    cards,
    reconnect,
    unthanked,
    now,
  } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Welcome, {user.name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Signed in as {user.email}.</p>
      <TimesIn timeZone={timeZone} className="mt-1" />
      <NextStep onboarding={onboarding} cards={cards} />
      <UnthankedGifts gifts={unthanked} back={href("/dashboard")} />

      <h2 className="mt-8 font-semibold text-slate-600 text-sm dark:text-slate-300">This week</h2>
      <dl className="mt-2 grid grid-cols-3 gap-3">
        {[
          ["Card views", stats.views],
          ["Saves", stats.saves],
          ["People who shared back", stats.sharers],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <dt className={muted}>{label}</dt>
            <dd className="mt-1 font-bold text-2xl">{value}</dd>
          </div>
        ))}
      </dl>

      <section className={panel} aria-labelledby="today-title">
        <h2 id="today-title" className="font-semibold text-lg">
          Follow-ups today
        </h2>
        {followUps.length === 0 ? (
          <p className={`mt-2 ${muted}`}>Nothing due today.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {followUps.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium">
                    {f.type}
                    {f.name ? ` ${f.name}` : ""}
                  </p>
                  <p className={muted}>
                    {formatInZone(new Date(f.dueAt), timeZone)}
                    {f.notes ? ` · ${f.notes}` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  {new Date(f.dueAt).getTime() < now ? (
                    <span className="rounded-full bg-red-100 px-2.5 py-1 font-medium text-red-900 text-xs dark:bg-red-950 dark:text-red-100">
                      Overdue
                    </span>
                  ) : null}
                  {f.connectionId ? (
                    <QuickLog personId={f.connectionId} name={f.name ?? ""} returnTo={href("/dashboard")} />
                  ) : null}
                  {f.connectionId ? (
                    <Link
                      to={href("/connections/:id", { id: String(f.connectionId) })}
                      className="font-medium text-brand-700 text-sm underline dark:text-brand-200"
                    >
                      Open
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={panel} aria-labelledby="reconnect-title">
        <h2 id="reconnect-title" className="font-semibold text-lg">
          Reconnect this week
        </h2>
        <p className={muted}>
          People whose keep-in-touch rhythm is due this week, ranked by the built-in assistant: priority, then
          relationship strength, then how overdue.
        </p>
        <ReconnectList
          people={reconnect}
          returnTo={href("/dashboard")}
          empty="Nobody is due this week. Set a keep-in-touch rhythm on a person, or on a tag in Settings."
        />
      </section>

      <section className={panel} aria-labelledby="shares-title">
        <h2 id="shares-title" className="font-semibold text-lg">
          Shared with you in the last 48 hours
        </h2>
        {recentShares.length === 0 ? (
          <p className={`mt-2 ${muted}`}>
            {cards.publishedSlug ? (
              <>
                Nobody yet.{" "}
                <Link to={href("/card")} className="underline">
                  Share your card
                </Link>{" "}
                and the people who send their details back land here.
              </>
            ) : (
              <>
                Nobody yet. Once your card is published, people who scan it can send you their details, and they land
                here.
              </>
            )}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {recentShares.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium">
                    {s.connectionId ? (
                      <Link to={href("/connections/:id", { id: String(s.connectionId) })} className="underline">
                        {s.name}
                      </Link>
                    ) : (
                      s.name
                    )}
                  </p>
                  <p className={muted}>
                    <a href={`mailto:${s.email}`} className="underline">
                      {s.email}
                    </a>
                    {s.phone ? ` · ${s.phone}` : ""}
                    {s.consent ? " · agreed to be contacted" : ""}
                  </p>
                </div>
                <span className="rounded-full bg-amber-100 px-2.5 py-1 font-medium text-amber-950 text-xs dark:bg-amber-950 dark:text-amber-100">
                  Follow up within {hoursLeft(s.createdAt, now)} h
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={panel} aria-labelledby="recent-title">
        <div className="flex items-center justify-between">
          <h2 id="recent-title" className="font-semibold text-lg">
            Recent connections
          </h2>
          <Link to={href("/connections")} className="font-medium text-brand-700 text-sm underline dark:text-brand-200">
            All connections
          </Link>
        </div>
        {recentConnections.length === 0 ? (
          <p className={`mt-2 ${muted}`}>
            Nobody yet.{" "}
            <Link to={href("/capture")} className="underline">
              Capture someone
            </Link>{" "}
            you meet,{" "}
            <Link to={href("/connections/new")} className="underline">
              add someone
            </Link>{" "}
            or{" "}
            <Link to={href("/connections/import")} className="underline">
              import your contacts
            </Link>
            .
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {recentConnections.map((c) => (
              <li key={c.id} className="py-3">
                <Link to={href("/connections/:id", { id: String(c.id) })} className="font-medium hover:underline">
                  {c.name}
                </Link>
                <p className={muted}>
                  {[[c.title, c.company].filter(Boolean).join(" at "), c.eventName ? `Met at ${c.eventName}` : null]
                    .filter(Boolean)
                    .join(" · ") || `Added ${formatInZone(new Date(c.createdAt), timeZone)}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={panel} aria-labelledby="notes-title">
        <div className="flex items-center justify-between">
          <h2 id="notes-title" className="font-semibold text-lg">
            Notifications
          </h2>
          <Link
            to={href("/notifications")}
            className="font-medium text-brand-700 text-sm underline dark:text-brand-200"
          >
            All notifications
          </Link>
        </div>
        {notifications.length === 0 ? (
          <p className={`mt-2 ${muted}`}>Nothing new.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {notifications.map((n) => (
              <li key={n.id} className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-medium">
                    {n.read ? null : <span className="sr-only">Unread: </span>}
                    {n.title}
                  </p>
                  <p className={muted}>{n.message}</p>
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
    </section>
  );
}
