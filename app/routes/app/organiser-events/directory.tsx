import { data, Form, href, Link, redirect } from "react-router";
import { IntentSuggestions, IntentsForm } from "~/components/organiser-events/intents";
import { AnswerButtons, MeetingForm, Meetings } from "~/components/organiser-events/meetings";
import { ConfirmStep } from "~/components/ui/confirm-step";
import { inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { isConfirmed } from "~/lib/forms/confirm";
import { negotiateLocale } from "~/lib/i18n/locales";
import { translator, withCatalog } from "~/lib/i18n/translate";
import { readIntentsForm } from "~/lib/organiser-events/intents";
import { meetingFormSchema } from "~/lib/organiser-events/rules";
import type { PageHandle } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { mailPromoted } from "~/server/organiser-events/admission.server";
import { answerConnect, leaveEvent, myAttendee, requestConnect } from "~/server/organiser-events/attendees.server";
import { directory, matchesFor, pendingRequests } from "~/server/organiser-events/directory.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import { linkedHub, planInHub } from "~/server/organiser-events/hub-link.server";
import { intentMatches, intentOptions, intentsOf, setIntents } from "~/server/organiser-events/intents.server";
import { cancelMeeting, hasSlots, notifyMeeting } from "~/server/organiser-events/meeting-slots.server";
import { answerMeeting, meetingLine, meetingsOf, requestMeeting } from "~/server/organiser-events/meetings.server";
import { noticeRequest } from "~/server/organiser-events/requests.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/directory";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? translator(loaderData.locale)("att.dir.title", { title: loaderData.event.title }) : "Attendees",
  ),
  { name: "robots", content: "noindex" },
];

/** In the visitor's language, chosen as the public event page chooses it (decision 0258). */
export const handle = { localized: true } satisfies PageHandle;

const FILTERS = ["q", "company", "title", "interest"] as const;
const MORE_FILTERS = ["company", "title", "interest"] as const;
const MEETING_FIELDS = ["startsAt", "minutes", "place", "note"] as const;

async function load(slug: string, context: Route.LoaderArgs["context"]) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await publicOrgEvent(app.db, slug);
  if (!event) notFound();
  const me = await myAttendee(app.db, user.id, event.id);
  return { app, event, me };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, event, me } = await load(params.slug, context);
  if (!me) throw redirect(href("/e/:slug/join", { slug: event.slug }));
  const url = new URL(request.url);
  const { locale } = negotiateLocale(request);
  const filters = Object.fromEntries(FILTERS.map((f) => [f, (url.searchParams.get(f) ?? "").slice(0, 100)]));
  // Waiting for a place (or declined): the page says so, and reads nobody else (the queries answer none either).
  const page = Math.max(0, Number.parseInt(url.searchParams.get("page") ?? "0", 10) || 0);
  const [list, requests, matches, meetings, hubId, slotted, options, intents, suggested] = await Promise.all([
    directory(app.db, me, { ...filters, page }),
    pendingRequests(app.db, me),
    matchesFor(app.db, me),
    meetingsOf(app.db, me),
    linkedHub(app.db, me.userId ?? "", event.id),
    hasSlots(app.db, event.id),
    intentOptions(app.db, event.id),
    intentsOf(app.db, me),
    intentMatches(app.db, me),
  ]);
  return {
    locale,
    event: {
      slug: event.slug,
      title: event.title,
      status: event.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      timeZone: event.timeZone,
      slotted,
    },
    meetings: meetings.map((m) => ({ ...m, line: meetingLine(m, event.timeZone, locale) })),
    hubId,
    me: {
      place: me.state,
      name: me.name,
      listed: me.listed,
      visibility: me.visibility,
      passToken: me.passToken,
      goals: me.goals,
      exhibitor: me.leadRights !== "none",
    },
    filters,
    page,
    ...list,
    requests,
    matches: matches.map((m) => ({ id: m.id, name: m.name, company: m.company, title: m.title, reasons: m.reasons })),
    intents: { options, mine: intents, suggested },
  };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event, me } = await load(params.slug, context);
  if (!me) notFound();
  const t = translator(negotiateLocale(request).locale);
  const form = await request.formData().catch(() => null);
  const intent = String(form?.get("intent") ?? "");
  const id = Number(form?.get("id"));
  const back = href("/e/:slug/directory", { slug: event.slug });
  if (intent === "leave") {
    // Leaving deletes the exchanges made here: asked once more first.
    if (!isConfirmed(form)) return data({ confirm: "leave" as const });
    await mailPromoted(app, request, event.title, await leaveEvent(app.db, me));
    return redirectWithToast(href("/organiser"), {
      type: "success",
      title: t("att.toast.left", { title: event.title }),
    });
  }
  // Only an admitted attendee asks, answers or plans; someone waiting may still leave.
  if (me.state !== "going")
    return data({ error: t(`pass.place.${me.state}`, { title: event.title }) }, { status: 409 });
  if (intent === "hub") {
    const hub = await planInHub(app.db, me.userId ?? "", event, me);
    return redirectWithToast(href("/events/:id", { id: String(hub) }), {
      type: "success",
      title: t("att.toast.hub"),
      description: t("att.toast.hubNext"),
    });
  }
  if (intent === "intents") {
    const read = readIntentsForm(form);
    if (!read.ok) return data({ intents: read.sent }, { status: 400 });
    await setIntents(app.db, me, read.intents);
    return redirectWithToast(`${back}#intents-title`, { type: "success", title: t("att.toast.intents") });
  }
  if (!Number.isSafeInteger(id) || id < 1) return data({ error: t("att.error.chooseAttendee") }, { status: 400 });
  if (intent === "meet") {
    // With the organiser's slots, a request offers only the free times of both people (the meet page).
    if (await hasSlots(app.db, event.id)) return data({ error: t("att.slot.slot") }, { status: 400 });
    const fields = Object.fromEntries(MEETING_FIELDS.map((f) => [f, String(form?.get(f) ?? "")]));
    const parsed = meetingFormSchema(event).safeParse(fields);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        errors[key] = [...(errors[key] ?? []), issue.message];
      }
      // The form comes back with what was typed and each message beside its field.
      return data({ meet: { to: id, values: fields, errors } }, { status: 400 });
    }
    const asked = await requestMeeting(app.db, event, me, id, parsed.data);
    if (asked === "unknown") return data({ error: t("att.error.notVisible") }, { status: 404 });
    if (asked === "requested") await noticeRequest(app.db, new URL(request.url).origin, event, me, id, "meeting");
    return redirectWithToast(back, { type: "success", title: t("att.toast.meetingSent") });
  }
  if (intent === "meeting-accept" || intent === "meeting-decline") {
    const accept = intent === "meeting-accept";
    const answered = await answerMeeting(app.db, app, event, me, id, accept);
    if (!answered) return data({ error: t("att.error.meetingGone") }, { status: 404 });
    await notifyMeeting(app.db, new URL(request.url).origin, event, me, answered, accept ? "accepted" : "declined");
    return redirectWithToast(back, {
      type: "success",
      title: t(accept ? "att.toast.meetingAccepted" : "att.toast.meetingDeclined"),
    });
  }
  if (intent === "meeting-cancel") {
    const cancelled = await cancelMeeting(app.db, me, id);
    if (!cancelled) return data({ error: t("att.error.meetingNotListed") }, { status: 404 });
    await notifyMeeting(app.db, new URL(request.url).origin, event, me, cancelled, "cancelled");
    return redirectWithToast(back, { type: "success", title: t("att.toast.meetingCancelled") });
  }
  if (intent === "connect") {
    const result = await requestConnect(app.db, app, event, me, id);
    if (result === "unknown") return data({ error: t("att.error.notVisible") }, { status: 404 });
    if (result === "requested") await noticeRequest(app.db, new URL(request.url).origin, event, me, id, "connect");
    return redirectWithToast(back, {
      type: "success",
      title: t(result === "exchanged" ? "att.toast.exchanged" : "att.toast.requestSent"),
    });
  }
  if (intent === "accept" || intent === "decline") {
    if (!(await answerConnect(app.db, app, event, me, id, intent === "accept")))
      return data({ error: t("att.error.requestGone") }, { status: 404 });
    return redirectWithToast(back, {
      type: "success",
      title: t(intent === "accept" ? "att.toast.exchanged" : "att.toast.declined"),
    });
  }
  return data({ error: t("att.error.unknown") }, { status: 400 });
}

export default function DirectoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, me, filters, people, more, page, requests, matches, meetings, hubId, intents, locale } = loaderData;
  const t = translator(locale);
  const meet = actionData && "meet" in actionData ? actionData.meet : null;
  const intentsSent = actionData && "intents" in actionData ? actionData.intents : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const small = "rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-sm dark:border-slate-700";
  const leave =
    actionData && "confirm" in actionData ? (
      <ConfirmStep
        intent="leave"
        question={t("att.dir.leaveQuestion", { title: event.title })}
        consequence={t("pass.leave.consequence")}
        confirmLabel={t("att.dir.leave", { title: event.title })}
      />
    ) : (
      <Form method="post" className="mt-10">
        <button type="submit" name="intent" value="leave" className={small}>
          {t("att.dir.leave", { title: event.title })}
        </button>
      </Form>
    );
  const back = (
    // The public event page is the Worker's own, not a page of the app: a document load, not a client navigation.
    <a href={`/e/${event.slug}`} className="text-sm underline">
      ← {event.title}
    </a>
  );
  // Waiting for a place or declined: their place, their pass and leaving; nobody else.
  if (me.place !== "going")
    return (
      <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        {back}
        <h1 className="mt-3 font-bold text-2xl tracking-tight sm:text-3xl">
          {t("att.dir.title", { title: event.title })}
        </h1>
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-950" role="status" data-place={me.place}>
          {t(`pass.place.${me.place}`, { title: event.title })}{" "}
          <a href={`/pass/${me.passToken}`} className="underline">
            {t("att.dir.pass")}
          </a>
        </p>
        {error ? (
          <p className="mt-3 rounded-lg bg-red-100 p-3 text-red-900" role="alert">
            {error}
          </p>
        ) : null}
        {leave}
      </section>
    );
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      {back}
      <h1 className="mt-3 font-bold text-2xl tracking-tight sm:text-3xl">
        {t("att.dir.title", { title: event.title })}
      </h1>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        {me.listed
          ? t("att.dir.you.listed", {
              who: t(me.visibility === "exchanged" ? "event.visibility.exchanged" : "event.visibility.everyone"),
            })
          : t("att.dir.you.unlisted")}{" "}
        <a href={`/pass/${me.passToken}`} className="underline">
          {t("att.dir.pass")}
        </a>
      </p>
      {me.exhibitor ? (
        <p className="mt-2 flex flex-wrap gap-3 text-sm">
          <a href={href("/e/:slug/leads/:format", { slug: event.slug, format: "csv" })} className={small}>
            {t("att.dir.leadsCsv")}
          </a>
          <a href={href("/e/:slug/leads/:format", { slug: event.slug, format: "xlsx" })} className={small}>
            {t("att.dir.leadsXlsx")}
          </a>
          <Link to={href("/e/:slug/lead-questions", { slug: event.slug })} className={small}>
            {t("att.dir.questions")}
          </Link>
        </p>
      ) : null}
      {error ? (
        <p className="mt-3 rounded-lg bg-red-100 p-3 text-red-900" role="alert">
          {error}
        </p>
      ) : null}
      <Meetings meetings={meetings} slug={event.slug} locale={locale} />
      {requests.length ? (
        <section aria-labelledby="req-title" className="mt-6">
          <h2 id="req-title" className="font-semibold text-xl">
            {t("att.dir.asking")}
          </h2>
          <ul className="mt-2 grid gap-2">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {r.name}
                  {r.company ? `, ${r.company}` : ""}
                </span>
                <AnswerButtons
                  id={r.id}
                  intents={["accept", "decline"]}
                  labels={[t("att.dir.acceptWho", { name: r.name }), t("att.dir.declineWho", { name: r.name })]}
                  buttonClass={small}
                  locale={locale}
                  className="flex gap-2"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* One search box first and the rest folded, so on a phone the first attendee is on the first screen. */}
      <Form method="get" className="mt-4" role="search" aria-label={t("att.dir.searchLabel")}>
        <div className="flex items-end gap-2">
          <label className="grid flex-1 gap-1 text-sm">
            <span className="font-medium">{t("att.dir.search")}</span>
            <input name="q" defaultValue={filters.q} className={inputClass} />
          </label>
          <button type="submit" className={`${small} py-2`}>
            {t("att.dir.search")}
          </button>
        </div>
        <details className="mt-2 text-sm" open={MORE_FILTERS.some((f) => filters[f])}>
          <summary className="cursor-pointer font-medium">{t("att.dir.moreFilters")}</summary>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {MORE_FILTERS.map((f) => (
              <label key={f} className="grid gap-1">
                <span className="font-medium">{t(`att.dir.filter.${f}`)}</span>
                <input name={f} defaultValue={filters[f]} className={inputClass} />
              </label>
            ))}
          </div>
        </details>
      </Form>
      <ul className="mt-4 grid gap-3" aria-label={t("att.dir.list")}>
        {people.map((p) => (
          <li
            key={p.id}
            className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            data-attendee={p.name}
          >
            <p className="font-semibold">{p.name}</p>
            <p className="text-slate-600 text-sm dark:text-slate-300">
              {[p.title, p.company].filter(Boolean).join(", ")}
            </p>
            {p.interests ? <p className="text-sm">{t("att.dir.interests", { interests: p.interests })}</p> : null}
            {p.exchanged ? (
              <p className="mt-1 text-sm">
                {t("att.dir.exchanged")} ·{" "}
                <a href={`mailto:${p.email}`} className="underline">
                  {p.email}
                </a>
                {p.phone ? ` · ${p.phone}` : ""}
              </p>
            ) : p.requested ? (
              <p className="mt-1 text-sm">{t("att.dir.requestSent")}</p>
            ) : (
              <Form method="post" className="mt-2">
                <input type="hidden" name="id" value={p.id} />
                <button
                  type="submit"
                  name="intent"
                  value="connect"
                  className={small}
                  aria-label={t("att.dir.connectWho", { name: p.name })}
                >
                  {t("att.dir.connect")}
                </button>
              </Form>
            )}
            <MeetingForm
              to={p}
              event={event}
              sent={meet?.to === p.id ? meet : null}
              buttonClass={small}
              locale={locale}
            />
          </li>
        ))}
      </ul>
      {people.length === 0 ? <p className="mt-4 text-slate-600 dark:text-slate-300">{t("att.dir.none")}</p> : null}
      <nav className="mt-4 flex gap-3" aria-label={t("att.dir.pages")}>
        {page > 0 ? (
          <Link to={`?${new URLSearchParams({ ...filters, page: String(page - 1) })}`} className="underline">
            {t("att.dir.previous")}
          </Link>
        ) : null}
        {more ? (
          <Link to={`?${new URLSearchParams({ ...filters, page: String(page + 1) })}`} className="underline">
            {t("att.dir.next")}
          </Link>
        ) : null}
      </nav>
      {/* After the list: on a phone the first attendee stays on the first screen (what I look for is set once). */}
      <section
        aria-labelledby="intents-title"
        className="mt-8 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <h2 id="intents-title" className="font-semibold text-xl">
          {t("att.intents.title")}
        </h2>
        <IntentSuggestions matches={intents.suggested} event={event} sent={meet} buttonClass={small} locale={locale} />
        <details
          className="mt-3"
          open={Boolean(intentsSent) || !(intents.mine.need.length || intents.mine.offer.length)}
        >
          <summary className="cursor-pointer font-medium text-sm">{t("att.intents.edit")}</summary>
          <IntentsForm
            options={intents.options}
            mine={intents.mine}
            sent={intentsSent}
            buttonClass={small}
            locale={locale}
          />
        </details>
      </section>
      <section
        aria-labelledby="plan-title"
        className="mt-8 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <h2 id="plan-title" className="font-semibold text-xl">
          {t("att.dir.plan")}
        </h2>
        {matches.length ? (
          <ol className="mt-2 grid gap-2" aria-label="People to meet">
            {matches.map((m) => (
              <li key={m.id}>
                <strong>{m.name}</strong>
                {m.title || m.company ? ` (${[m.title, m.company].filter(Boolean).join(", ")})` : ""}
                <span className="block text-slate-600 text-sm dark:text-slate-300">{m.reasons.join("; ")}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t("att.dir.planEmpty")}</p>
        )}
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          {hubId ? (
            <Link to={href("/events/:id", { id: String(hubId) })} className="underline">
              {t("att.dir.strategy", { title: event.title })}
            </Link>
          ) : null}
          <button type="submit" name="intent" value="hub" className={small}>
            {t(hubId ? "att.dir.hubRefresh" : "att.dir.hubPlan")}
          </button>
        </Form>
      </section>
      {leave}
    </section>
  );
}
