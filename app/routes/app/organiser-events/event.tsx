import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import { EventForm, ORG_EVENT_FIELDS } from "~/components/events/event-form";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { NfcWrite } from "~/components/nfc-write";
import { ConfirmStep } from "~/components/ui/confirm-step";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { isConfirmed } from "~/lib/forms/confirm";
import { overCapacityNote } from "~/lib/organiser-events/admission";
import { formatLocal, orgEventFormSchema, orgEventStatus } from "~/lib/organiser-events/rules";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { mailPromoted } from "~/server/organiser-events/admission.server";
import {
  campaignChoices,
  organiserStats,
  ownOrgEvent,
  purgeOrgEvent,
  setLeadRights,
  setOrgEventCampaign,
  setOrgEventState,
  updateOrgEvent,
} from "~/server/organiser-events/events.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/event";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Organiser: ${loaderData.event.title}` : "Event"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await ownOrgEvent(app.db, user.workspace.id, parseId(params.id));
  if (!event) notFound();
  const [stats, campaigns] = await Promise.all([
    organiserStats(app.db, event.id),
    campaignChoices(app.db, user.workspace.id),
  ]);
  return {
    event: { ...event, status: orgEventStatus(event, new Date()) },
    stats,
    campaigns,
    origin: new URL(request.url).origin,
  };
}

const RIGHTS = ["none", "one-way", "two-way"] as const;
const CAMPAIGN_CHOICE = "Choose one of your campaigns";

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  const here = href("/organiser/:id", { id: String(id) });
  const form = await request.formData().catch(() => null);
  if (!form) return data({ error: "Send the form again" }, { status: 400 });
  const intent = String(form.get("intent") ?? "");
  // Archiving takes the public page down: asked once more first.
  if (intent === "archive" && !isConfirmed(form)) {
    if (!(await ownOrgEvent(app.db, user.workspace.id, id))) notFound();
    return data({ confirm: "archive" as const });
  }
  if (intent === "close" || intent === "reopen" || intent === "archive") {
    const state = intent === "close" ? "closed" : intent === "archive" ? "archived" : "open";
    const row = await setOrgEventState(app.db, user.workspace.id, id, state);
    if (!row) notFound();
    await purgeOrgEvent(app.env, row.slug);
    const title = { close: "Event closed to new attendees", reopen: "Event reopened", archive: "Event archived" }[
      intent
    ];
    return redirectWithToast(here, { type: "success", title });
  }
  if (intent === "edit") {
    const submission = parseWithZod(form, { schema: orgEventFormSchema });
    if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
    const saved = await updateOrgEvent(app.db, user.workspace.id, id, submission.value);
    if (!saved) notFound();
    await mailPromoted(app, request, saved.row.title, saved.moved);
    await purgeOrgEvent(app.env, saved.row.slug);
    return redirectWithToast(here, { type: "success", title: "Event saved" });
  }
  if (intent === "campaign") {
    const choice = z
      .string()
      .trim()
      .max(100)
      .safeParse(form.get("campaignId") ?? "");
    if (!choice.success) return data({ campaignError: CAMPAIGN_CHOICE }, { status: 400 });
    if (!(await ownOrgEvent(app.db, user.workspace.id, id))) notFound();
    const row = await setOrgEventCampaign(app.db, user.workspace.id, id, choice.data || null);
    if (!row) return data({ campaignError: CAMPAIGN_CHOICE }, { status: 400 });
    await purgeOrgEvent(app.env, row.slug);
    return redirectWithToast(here, {
      type: "success",
      title: choice.data ? "The event page names the campaign" : "The event page names no campaign",
    });
  }
  if (intent === "exhibitor") {
    const email = String(form.get("email") ?? "").trim();
    const rights = RIGHTS.find((r) => r === form.get("rights"));
    if (!rights) return data({ error: "Choose one-way, two-way or none" }, { status: 400 });
    if (!(await ownOrgEvent(app.db, user.workspace.id, id))) notFound();
    const row = await setLeadRights(app.db, user.workspace.id, id, email, rights);
    if (!row) return data({ error: "No attendee of this event has that email address" }, { status: 400 });
    return redirectWithToast(here, { type: "success", title: "Lead retrieval updated" });
  }
  unknownIntent();
}

export default function OrganiserEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, stats, campaigns, origin } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const campaignError = actionData && "campaignError" in actionData ? actionData.campaignError : null;
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  const link = `${origin}/e/${e.slug}`;
  const overCapacity = overCapacityNote(e, stats.admitted);
  const badge = STATUS_BADGE[e.status];
  const button = "rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm dark:border-slate-700";
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to={href("/organiser")} className="text-sm underline">
        ← Events you organise
      </Link>
      <p className="mt-4">
        <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${badge.className}`}>{badge.label}</span>{" "}
        {e.state !== "open" ? (
          <strong className="text-sm">{e.state === "closed" ? "Closed" : "Archived"}</strong>
        ) : null}
      </p>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{e.title}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        {formatLocal(e.startsAt)} to {formatLocal(e.endsAt)} ({e.timeZone})
      </p>
      {overCapacity ? (
        <p
          role="status"
          data-over-capacity=""
          className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-100"
        >
          {overCapacity}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-start gap-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <img src={`/e/${e.slug}/qr.svg`} alt={`QR code for ${e.title}`} width={144} height={144} className="bg-white" />
        <div>
          <h2 className="font-semibold">Share it</h2>
          <p className="mt-1 break-all">
            <a href={`/e/${e.slug}`} className="underline">
              {link}
            </a>
          </p>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            Print the QR code on signs and badges, or write the link to an NFC tag at the entrance.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <a href={`/e/${e.slug}/qr.svg`} download={`${e.slug}-qr.svg`} className={button}>
              Download the QR code
            </a>
            <NfcWrite url={link} opens="the event page" buttonClass={button} />
          </div>
        </div>
      </div>
      <h2 className="mt-8 font-semibold text-xl">Counts</h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="Event counts">
        {[
          // Those with a place; anyone still waiting is counted apart, and only when there is someone.
          ["Admitted", stats.admitted, "attendees"],
          ...(stats.pending ? [["Waiting for approval", stats.pending, "pending"]] : []),
          ...(stats.waitlist ? [["On the waitlist", stats.waitlist, "waitlist"]] : []),
          ["Exchanges made", stats.exchanges, "exchanges"],
          ["Listed in the directory", `${stats.optInRate}%`, "opt-in"],
          ["Exhibitors' leads", stats.exhibitors.reduce((n, x) => n + x.leads, 0), "leads"],
        ].map(([label, value, key]) => (
          <div key={key} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-count={key}>
            <dt className="text-slate-600 text-sm dark:text-slate-300">{label}</dt>
            <dd className="font-bold text-2xl">{value}</dd>
          </div>
        ))}
      </dl>
      {stats.joinsByDay.length ? (
        <table className="mt-4 text-sm">
          <caption className="text-left font-semibold">Joins by day (UTC)</caption>
          <tbody>
            {stats.joinsByDay.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {d.day}
                </th>
                <td>{d.joins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to={href("/organiser/:id/attendees", { id: String(e.id) })} className={button}>
          Attendee list and check-in
        </Link>
        <Link to={href("/organiser/:id/door", { id: String(e.id) })} className={button}>
          Door check-in
        </Link>
        <Link to={href("/organiser/:id/questions", { id: String(e.id) })} className={button}>
          Registration questions
        </Link>
        <a href={href("/organiser/:id/attendees/:format", { id: String(e.id), format: "csv" })} className={button}>
          Export consented attendees (CSV)
        </a>
        <a href={href("/organiser/:id/attendees/:format", { id: String(e.id), format: "xlsx" })} className={button}>
          Export consented attendees (Excel)
        </a>
        <Link to={href("/organiser/:id/analytics", { id: String(e.id) })} className={button}>
          What happened
        </Link>
        <Link to={href("/organiser/:id/matchmaking", { id: String(e.id) })} className={button}>
          Matchmaking
        </Link>
        <Link to={href("/organiser/:id/programme", { id: String(e.id) })} className={button}>
          Programme
        </Link>
        <Link to={href("/organiser/:id/meetings", { id: String(e.id) })} className={button}>
          Meeting tables
        </Link>
        <Link to={`${href("/mailings/new")}?orgEvent=${e.id}`} className={button}>
          Mail attendees who agreed to hear from you
        </Link>
      </p>
      <h2 className="mt-8 font-semibold text-xl">Fundraising</h2>
      <p className="text-slate-600 text-sm dark:text-slate-300">
        The public event page names the campaign this event raises for and links to its page, where people give.
      </p>
      {campaigns.length ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="campaign" />
          <Field id="raises-for" label="Raises funds for" errors={campaignError ? [campaignError] : undefined}>
            <select id="raises-for" name="campaignId" className={inputClass} defaultValue={e.campaignId ?? ""}>
              <option value="">No campaign</option>
              {campaigns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.status === "draft" ? `${c.title} (draft: shown once published)` : c.title}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className={button}>
            Save campaign
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm">
          <Link to={href("/campaigns/new")} className="underline">
            Start a campaign
          </Link>{" "}
          to raise funds at this event.
        </p>
      )}
      <h2 className="mt-8 font-semibold text-xl">Exhibitors</h2>
      <p className="text-slate-600 text-sm dark:text-slate-300">
        Exhibitors scan attendees' passes to keep them as leads. One-way: only the exhibitor gets the attendee. Two-way:
        the attendee also gets the exhibitor's card.
      </p>
      {stats.exhibitors.length ? (
        <ul className="mt-3 grid gap-1" aria-label="Exhibitors">
          {stats.exhibitors.map((x) => (
            <li key={x.id}>
              {x.name}
              {x.company ? `, ${x.company}` : ""}: {x.leadRights}, {x.leads} {x.leads === 1 ? "lead" : "leads"}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="exhibitor" />
        <Field id="ex-email" label="Attendee's email" errors={error ? [error] : undefined}>
          <input id="ex-email" name="email" type="email" required className={inputClass} />
        </Field>
        <Field id="ex-rights" label="Lead retrieval">
          <select id="ex-rights" name="rights" className={inputClass} defaultValue="one-way">
            <option value="one-way">One-way</option>
            <option value="two-way">Two-way</option>
            <option value="none">None</option>
          </select>
        </Field>
        <button type="submit" className={button}>
          Save exhibitor
        </button>
      </Form>
      <details className="mt-8" open={Boolean(reply)}>
        <summary className="list-item cursor-pointer font-semibold text-xl">Edit the event</summary>
        <EventForm
          id={`org-event-${e.id}`}
          schema={orgEventFormSchema}
          fields={ORG_EVENT_FIELDS}
          lastResult={reply}
          defaultValue={Object.fromEntries(
            ORG_EVENT_FIELDS.map(({ name }) => {
              const value = e[name as keyof typeof e];
              return [name, value === null || value === undefined ? "" : String(value)];
            }),
          )}
          submitLabel="Save event"
          intent="edit"
        />
      </details>
      <h2 className="mt-8 font-semibold text-xl">Close or archive</h2>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        {e.state === "open" ? (
          <button type="submit" name="intent" value="close" className={button}>
            Close to new attendees
          </button>
        ) : (
          <button type="submit" name="intent" value="reopen" className={button}>
            Reopen
          </button>
        )}
        {e.state !== "archived" ? (
          <button type="submit" name="intent" value="archive" className={button}>
            Archive (takes the public page down)
          </button>
        ) : null}
      </Form>
      {actionData && "confirm" in actionData && e.state !== "archived" ? (
        <ConfirmStep
          intent="archive"
          question={`Archive ${e.title}?`}
          consequence="Its public page comes down at once and it takes no more attendees."
          confirmLabel="Archive the event"
        />
      ) : null}
    </section>
  );
}
