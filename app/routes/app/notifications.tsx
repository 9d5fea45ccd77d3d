import { Form, href, redirect } from "react-router";
import { ReconnectList } from "~/components/follow/reconnect-list";
import { AskFirst, ConfirmStep } from "~/components/ui/confirm-step";
import { appContext } from "~/context";
import { isConfirmed } from "~/lib/forms/confirm";
import { pageMeta } from "~/lib/site";
import { ownersOf, shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { followAction, isFollowIntent } from "~/server/follow/follow.server";
import { dueToReconnect } from "~/server/follow/rhythm.server";
import { idOf, notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { listNotifications, markRead, removeNotification } from "~/server/platform/notifications.server";
import type { Route } from "./+types/notifications";

export const meta = () => [...pageMeta("Notifications"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const { timeZone } = await shellSettings(context, request);
  const [notifications, due] = await Promise.all([
    listNotifications(app.db, user.id),
    dueToReconnect(app.db, ownersOf(user), timeZone, { limit: 20 }),
  ]);
  return { notifications, due, now: Date.now() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const form = await request.formData();
  const id = idOf(form.get("id"));
  const intent = form.get("intent");
  if (isFollowIntent(intent))
    return followAction(
      app,
      user,
      parseId(form.get("personId")),
      intent,
      form,
      href("/notifications"),
      new URL(request.url).origin,
    );
  // Removing asks once first; the first tap reads nothing, so another account's learns nothing.
  if ((intent === "remove" && id) || intent === "clear") {
    if (!isConfirmed(form)) return { confirm: intent === "clear" ? "clear" : String(id) };
    if (intent === "remove" && id && (await removeNotification(app.db, user.id, id)) === 0) notFound();
    if (intent === "clear") await removeNotification(app.db, user.id);
  } else if (intent === "read" && id) await markRead(app.db, user.id, id);
  else if (intent === "read-all") await markRead(app.db, user.id);
  else unknownIntent();
  return redirect(href("/notifications"));
}

const TYPE_STYLE = {
  success: "bg-emerald-600",
  info: "bg-brand-600",
  warning: "bg-amber-500",
  error: "bg-red-600",
} as const;

// Kept: one per isolate, not one per notification in the list.
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function relativeTime(then: number, now: number) {
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 60) return rtf.format(-seconds, "second");
  if (seconds < 3600) return rtf.format(-Math.round(seconds / 60), "minute");
  if (seconds < 86_400) return rtf.format(-Math.round(seconds / 3600), "hour");
  return rtf.format(-Math.round(seconds / 86_400), "day");
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { notifications, due, now } = loaderData;
  const asked = actionData && "confirm" in actionData ? actionData.confirm : undefined;
  const unread = notifications.filter((n) => !n.read).length;
  const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-3xl tracking-tight">Notifications</h1>
        <div className="flex gap-2">
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="read-all"
              disabled={unread === 0}
              className={`${small} disabled:opacity-50`}
            >
              Mark all read
            </button>
          </Form>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="clear"
              disabled={notifications.length === 0}
              className={`${small} disabled:opacity-50`}
            >
              Clear all
            </button>
          </Form>
        </div>
      </div>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{unread} unread</p>
      {asked === "clear" && notifications.length > 0 ? (
        <ConfirmStep
          intent="clear"
          question="Clear all notifications?"
          consequence={`All ${notifications.length} notifications are removed; they cannot be brought back.`}
          confirmLabel="Clear all"
        />
      ) : null}
      {due.length ? (
        <section
          className="mt-6 rounded-xl border border-amber-300 p-4 dark:border-amber-800"
          aria-labelledby="due-title"
        >
          <h2 id="due-title" className="font-semibold text-lg">
            Due to reconnect
          </h2>
          <ReconnectList people={due} returnTo={href("/notifications")} empty="" />
        </section>
      ) : null}
      <ul className="mt-6 space-y-3">
        {notifications.map((n) => (
          <li
            key={n.id}
            className={`rounded-xl border p-4 ${n.read ? "border-slate-200 dark:border-slate-800" : "border-brand-300 bg-brand-50/60 dark:border-brand-700 dark:bg-brand-900/30"}`}
          >
            <div className="flex items-start gap-3">
              <span className={`mt-2 size-2.5 flex-none rounded-full ${TYPE_STYLE[n.type]}`} aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {n.read ? null : <span className="sr-only">Unread: </span>}
                  <span className="sr-only">{`${n.type[0]?.toUpperCase()}${n.type.slice(1)}: `}</span>
                  {n.title}
                </p>
                {n.message ? <p className="text-slate-700 text-sm dark:text-slate-300">{n.message}</p> : null}
                <p className="mt-1 text-slate-500 text-xs dark:text-slate-400">
                  <time dateTime={new Date(n.createdAt).toISOString()}>
                    {relativeTime(new Date(n.createdAt).getTime(), now)}
                  </time>
                </p>
              </div>
            </div>
            <div className="mt-3 flex flex-wrap gap-2 pl-5">
              {n.actionUrl?.startsWith("/") ? (
                <a href={n.actionUrl} className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-sm text-white">
                  {n.actionLabel ?? "Open"}
                </a>
              ) : null}
              {n.read ? null : (
                <Form method="post">
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" name="intent" value="read" className={small}>
                    Mark read
                  </button>
                </Form>
              )}
              {asked === String(n.id) ? null : (
                <AskFirst
                  intent="remove"
                  fields={{ id: n.id }}
                  label="Remove"
                  ariaLabel={`Remove: ${n.title}`}
                  className={small}
                />
              )}
            </div>
            {asked === String(n.id) ? (
              <ConfirmStep
                intent="remove"
                question={`Remove "${n.title}"?`}
                consequence="The notification is removed; it cannot be brought back."
                confirmLabel="Remove"
                fields={{ id: n.id }}
              />
            ) : null}
          </li>
        ))}
        {notifications.length === 0 ? (
          <li className="text-slate-600 dark:text-slate-300">You're all caught up.</li>
        ) : null}
      </ul>
    </section>
  );
}
