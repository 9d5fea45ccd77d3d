import { Form, href, Link } from "react-router";
import { appContext } from "~/context";
import { MAILING_STATUS_LABEL } from "~/lib/mailings/rules";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { formatInZone } from "~/lib/time/time";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { requireFeature } from "~/server/billing/plans.server";
import { mailingResults } from "~/server/mailings/mailings.server";
import { cancelMailing } from "~/server/mailings/send.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/results";

export const meta = () => [...pageMeta("Mailing results"), { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  await requireFeature(app.db, user.workspace.id, "mailings");
  const results = await mailingResults(app.db, user.workspace.id, parseId(params.id));
  if (!results) notFound();
  const { timeZone } = await shellSettings(context, request);
  return { ...results, timeZone };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  const formData = await request.formData();
  if (formData.get("intent") !== "cancel") unknownIntent();
  // Another owner's mailing is a 404, exactly as a missing one.
  if (!(await mailingResults(app.db, user.workspace.id, id))) notFound();
  const done = await cancelMailing(app.db, user.workspace.id, id);
  return redirectWithToast(
    href("/mailings/:id", { id: String(id) }),
    done ? { type: "success", title: "Mailing cancelled" } : { type: "info", title: "Already sent" },
  );
}

const RECIPIENT_LABEL: Record<string, string> = {
  queued: "Waiting",
  sending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  bounced: "Bounced",
  failed: "Failed",
  skipped: "Skipped (unsubscribed)",
};

export default function Results({ loaderData }: Route.ComponentProps) {
  const { mailing: m, counts, gifts, recipients, timeZone } = loaderData;
  const stats: [string, number | string][] = [
    ["Recipients", counts.total],
    ["Sent", counts.sent],
    ["Delivered", counts.delivered],
    ["Bounced", counts.bounced],
    ["Unsubscribed", counts.unsubscribed],
    ["Clicked", counts.clicked],
    ["Gifts", gifts.count ? `${gifts.count} (${formatMoney(gifts.total, gifts.currency ?? "USD")})` : 0],
  ];
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/mailings")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Mailings
      </Link>
      <h1 className="mt-2 break-words font-bold text-3xl tracking-tight">{m.subject}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300" id="mailing-status">
        {MAILING_STATUS_LABEL[m.status]}
        {m.status === "scheduled" && m.scheduledAt ? ` for ${formatInZone(m.scheduledAt, timeZone)}` : ""}
        {m.sentAt ? ` · finished ${formatInZone(m.sentAt, timeZone)}` : ""}
      </p>
      {m.status === "scheduled" || m.status === "sending" ? (
        <Form method="post" className="mt-3">
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="rounded-md border border-red-300 px-4 py-2 font-medium text-red-800 text-sm dark:border-red-800 dark:text-red-200"
          >
            Cancel mailing
          </button>
        </Form>
      ) : null}
      <section aria-label="Results">
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <dt className="text-slate-600 text-sm dark:text-slate-300">{label}</dt>
              <dd className="font-semibold text-xl">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <h2 className="mt-8 font-semibold text-lg">People</h2>
      <ul aria-label="Recipients" className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {recipients.map((r) => (
          <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2">
            {r.connectionId ? (
              <Link to={href("/connections/:id", { id: String(r.connectionId) })} className="break-all underline">
                {r.email}
              </Link>
            ) : (
              <span className="break-all">{r.email}</span>
            )}
            <span>
              {RECIPIENT_LABEL[r.status] ?? r.status}
              {r.clickedAt ? " · clicked" : ""}
              {r.unsubscribedAt ? " · unsubscribed" : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
