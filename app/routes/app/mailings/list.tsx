import { href, Link } from "react-router";
import { appContext } from "~/context";
import { MAILING_LIMITS, MAILING_STATUS_LABEL } from "~/lib/mailings/rules";
import { pageMeta } from "~/lib/site";
import { formatInZone } from "~/lib/time/time";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { requireFeature } from "~/server/billing/plans.server";
import { listMailings } from "~/server/mailings/mailings.server";
import type { Route } from "./+types/list";

export const meta = () => [...pageMeta("Mailings"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  await requireFeature(app.db, user.workspace.id, "mailings");
  const [mailings, settings] = await Promise.all([
    listMailings(app.db, user.workspace.id),
    shellSettings(context, request),
  ]);
  return { mailings, timeZone: settings.timeZone };
}

export default function Mailings({ loaderData }: Route.ComponentProps) {
  const { mailings, timeZone } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-3xl tracking-tight">Mailings</h1>
        <Link
          to={href("/mailings/new")}
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          New mailing
        </Link>
      </div>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Mail the people who agreed to hear from you: up to {MAILING_LIMITS.perMailing.toLocaleString("en-US")} a
        mailing, sent at your mail provider's pace.
      </p>
      <ul aria-label="Your mailings" className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
        {mailings.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <Link to={href("/mailings/:id", { id: String(m.id) })} className="font-medium underline">
              {m.subject}
            </Link>
            <span className="text-slate-600 text-sm dark:text-slate-300">
              {MAILING_STATUS_LABEL[m.status]} · {m.recipients} {m.recipients === 1 ? "person" : "people"} ·{" "}
              {formatInZone(m.sentAt ?? m.scheduledAt ?? m.createdAt, timeZone)}
            </span>
          </li>
        ))}
        {mailings.length === 0 ? <li className="py-3 text-slate-600 dark:text-slate-300">No mailings yet.</li> : null}
      </ul>
    </section>
  );
}
