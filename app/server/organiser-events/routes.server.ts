import { Hono } from "hono";
import type { AppContext } from "~/context";
import { isConfirmed } from "~/lib/forms/confirm";
import { fieldErrors } from "~/lib/forms/field-errors";
import { type Locale, matchLocale, negotiateLocale } from "~/lib/i18n/locales";
import { type MessageKey, translator } from "~/lib/i18n/translate";
import { badgePath } from "~/lib/organiser-events/badge";
import { JOIN_REFUSAL_KEY, localFieldMessages } from "~/lib/organiser-events/event-words";
import { type IntentsSent, readIntentsForm } from "~/lib/organiser-events/intents";
import { joinedPath } from "~/lib/organiser-events/joined-path";
import { checkAnswers } from "~/lib/organiser-events/lead-questions";
import { checkRegistration } from "~/lib/organiser-events/registration-questions";
import {
  directorySettingsSchema,
  joinFormSchema,
  LOCAL_DATETIME,
  leadFormSchema,
  nextStatusChange,
  orgEventStatus,
} from "~/lib/organiser-events/rules";
import { getSessionUser } from "../account/auth.server";
import { confirmFirst } from "../account/confirm-first.server";
import { cardQrSvg } from "../cards/qr.server";
import { walletsOffered } from "../cards/wallet/config.server";
import { edgeGet, edgePut, edgeTicket, fromEdge } from "../platform/edge-cache.server";
import { html } from "../platform/http.server";
import { allow, clientKey, RETRY_AFTER_SECONDS } from "../platform/rate-limit.server";
import { visitorLocale } from "../platform/visitor-locale.server";
import { mailPlace, mailPromoted, sendPass } from "./admission.server";
import {
  answerConnect,
  attendeeByBadge,
  attendeeByPass,
  attendeeByScan,
  badgeProof,
  claimPass,
  hearsFromOrganiser,
  joinEvent,
  leaveEvent,
  myAttendee,
  myPassAt,
  scanBadge,
  updateDirectorySettings,
} from "./attendees.server";
import { exchangedPeople, scannedBy } from "./directory.server";
import { orgEventPagePath, orgEventTag, publicOrgEvent, purgeOrgEvent } from "./events.server";
import { setIntents } from "./intents.server";
import { renderLeadForm, renderNotice } from "./lead-form.server";
import {
  type Booth,
  isStaff,
  leadOf,
  ownLeadNotes,
  questionsOf,
  saveAnswers,
  standBooth,
  storedLead,
} from "./leads.server";
import { availabilityOf, eventSlots, notifyMeeting, setAvailability } from "./meeting-slots.server";
import { answerMeeting } from "./meetings.server";
import { renderNoPass } from "./page-parts.server";
import {
  type FormState,
  type JoinState,
  renderBadge,
  renderEventNotFound,
  renderEventPage,
  renderJoined,
  renderLeaveConfirm,
  renderLeft,
  renderPass,
} from "./pages.server";
import { passIntentsData } from "./pass-intents.server";

import {
  addToSchedule,
  agendaOf,
  programmeIcs,
  removeFromSchedule,
  scheduleFeedKey,
  scheduleOf,
} from "./programme.server";
import { registrationQuestions } from "./registration.server";
import { waitingRequests } from "./requests.server";
import { walletRoutes } from "./wallet-routes.server";

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

/** Organiser events' public side: the event page, joining without an account, passes and badge scans. */
export const organiserEventRoutes = new Hono<HonoEnv>();
organiserEventRoutes.route("/", walletRoutes);

const SLUG = "[a-z0-9-]{1,60}";

/** The attendees count on a cached page may be this old; the status is never stale (see validUntil). */
const COUNT_FRESH_MS = 60_000;
const VALID_UNTIL = "x-valid-until";

/**
 * One edge-cache read on a hit. A copy is stored until the next status change or a minute, whichever
 * comes first, so a surge of joins never purges it and the badge never shows the wrong status; the
 * organiser's edits purge it by tag at once.
 */
organiserEventRoutes.get(`/e/:slug{${SLUG}}`, async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug");
  // One cached copy per language, each under its own key; a purge drops them all (orgEventPaths).
  const { locale, headers } = visitorLocale(c.req.raw);
  const path = orgEventPagePath(slug, locale);
  // A signed-in attendee gets their pass in place of the form, never cached; everyone else shares one copy.
  if (/session_token/.test(c.req.header("cookie") ?? "")) {
    const user = await getSessionUser(app, c.req.raw);
    const mine = user ? await myPassAt(app.db, user.id, slug) : null;
    const event = mine ? await publicOrgEvent(app.db, slug) : null;
    if (mine && event) {
      const agenda = await agendaOf(app.db, event.id);
      return html(
        renderEventPage(event, new URL(c.req.url).origin, {}, agenda, mine, locale),
        200,
        "private, no-store",
        headers,
      );
    }
  }
  const hit = await edgeGet(path);
  if (hit && Number(hit.headers.get(VALID_UNTIL)) > Date.now())
    return withHeaders(stripValid(fromEdge(hit, true)), headers);
  const ticket = await edgeTicket([orgEventTag(slug)]);
  const now = new Date();
  const event = await publicOrgEvent(app.db, slug, now);
  if (!event) return html(renderEventNotFound(locale), 404, "no-store", headers);
  const change = nextStatusChange(event, now)?.getTime() ?? Number.POSITIVE_INFINITY;
  const [agenda, questions] = await Promise.all([agendaOf(app.db, event.id), registrationQuestions(app.db, event.id)]);
  const fresh = await html(
    renderEventPage(event, new URL(c.req.url).origin, { questions }, agenda, undefined, locale),
    200,
    "no-store",
    {
      [VALID_UNTIL]: String(Math.min(change, now.getTime() + COUNT_FRESH_MS)),
      vary: headers.vary ?? "",
    },
  );
  app.ctx.waitUntil(edgePut(path, fresh.clone(), [orgEventTag(slug)], app.env, ticket));
  // Added after the copy is stored: the cached page never carries a visitor's cookie.
  return withHeaders(stripValid(fromEdge(fresh, false)), headers);
});

function stripValid(res: Response) {
  res.headers.delete(VALID_UNTIL);
  return res;
}

const withHeaders = (res: Response, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
};

/** The language a form was read in (its hidden field), else the request's own preference. */
const formLocale = (request: Request, form: Record<string, unknown>): Locale =>
  matchLocale(typeof form.lang === "string" ? form.lang : null) ?? negotiateLocale(request).locale;

organiserEventRoutes.get(`/e/:slug{${SLUG}}/qr.svg`, async (c) => {
  const slug = c.req.param("slug");
  const event = await publicOrgEvent(c.get("app").db, slug);
  if (!event) return c.text("Not found", 404);
  const origin = new URL(c.req.url).origin;
  return new Response(await cardQrSvg(`${origin}/e/${slug}?src=qr`), {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600" },
  });
});

/**
 * Joining without an account: plain form post, answered with the page and the typed values on any
 * refusal, and with a 303 to a confirmation once the pass is mailed.
 */
organiserEventRoutes.post(`/e/:slug{${SLUG}}`, async (c) => {
  const app = c.get("app");
  const request = c.req.raw;
  const slug = c.req.param("slug");
  const now = new Date();
  const event = await publicOrgEvent(app.db, slug, now);
  if (!event) return html(renderEventNotFound(negotiateLocale(request).locale), 404);
  const form = Object.fromEntries(await request.formData().catch(() => new FormData()));
  const locale = formLocale(request, form);
  const t = translator(locale);
  const values = Object.fromEntries(
    Object.entries(form)
      .filter((e): e is [string, string] => typeof e[1] === "string")
      // Kept as typed, longer than any limit, so an over-long field comes back whole beside its message.
      .map(([k, v]) => [k, v.slice(0, 2000)]),
  );
  const questions = await registrationQuestions(app.db, event.id);
  const refuse = async (status: number, state: JoinState, headers: Record<string, string> = {}) =>
    html(
      renderEventPage(
        event,
        new URL(request.url).origin,
        { values, questions, ...state },
        await agendaOf(app.db, event.id),
        undefined,
        locale,
      ),
      status,
      "no-store",
      headers,
    );
  const parsed = joinFormSchema.safeParse(values);
  const registration = checkRegistration(questions, values);
  if (!parsed.success || Object.keys(registration.errors).length) {
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...registration.errors };
    return refuse(400, { errors: localFieldMessages(t, errors) });
  }
  // Generous for a keynote: a person may retry 5 times a minute, one address 120 joins a minute here.
  const person = await allow(app.env, "strict", `join-person:${event.id}:${parsed.data.email}`);
  const address = person && (await allow(app.env, "card", `join-ip:${clientKey(request)}:${event.id}`));
  if (!person || !address)
    return refuse(
      429,
      { errors: { form: t(JOIN_REFUSAL_KEY.tooMany) } },
      { "retry-after": String(RETRY_AFTER_SECONDS) },
    );
  const joined = await joinEvent(app.db, event, { ...parsed.data, locale, answers: registration.answers }, now);
  if (!joined.ok) return refuse(409, { errors: { form: t(JOIN_REFUSAL_KEY[joined.reason]) } });
  // A full event answers an attendee's address as a stranger's (no list of who came); the pass goes by mail.
  if (!joined.created && joined.full) {
    app.ctx.waitUntil(sendPass(app, request, event.title, joined.attendee).catch((e) => console.error("pass", e)));
    return refuse(409, { errors: { form: t(JOIN_REFUSAL_KEY.full) } });
  }
  // The cached page must not offer its form once the last place is taken.
  if (joined.full) app.ctx.waitUntil(purgeOrgEvent(app.env, slug));
  const place = joined.attendee.state;
  if (place === "pending" || place === "waitlist") {
    if (joined.created) await mailPlace(app.db, new URL(request.url).origin, event.title, joined.attendee, place);
    return new Response(null, {
      status: 303,
      headers: { location: joinedPath(slug, place), "cache-control": "no-store" },
    });
  }
  await sendPass(app, request, event.title, joined.attendee);
  // The confirmation names the language only when the request alone would not choose it (cookies off).
  const langQuery = locale === negotiateLocale(request).locale ? "" : `?lang=${locale}`;
  return new Response(null, {
    status: 303,
    headers: { location: `/e/${slug}/joined${langQuery}`, "cache-control": "no-store" },
  });
});

organiserEventRoutes.get(`/e/:slug{${SLUG}}/joined`, async (c) => {
  const { locale, headers } = visitorLocale(c.req.raw);
  const event = await publicOrgEvent(c.get("app").db, c.req.param("slug"));
  if (!event) return html(renderEventNotFound(locale), 404, "no-store", headers);
  const place = c.req.query("place");
  if (place === "pending" || place === "waitlist")
    return html(renderNoPass(event, { state: place }, locale), 200, "private, no-store", headers);
  return html(renderJoined(event, null, locale), 200, "private, no-store", headers);
});

const CALENDAR = { "content-type": "text/calendar; charset=utf-8" };

/** One session's calendar file, from the public agenda: nothing in it that the agenda does not show. */
organiserEventRoutes.get(`/e/:slug{${SLUG}}/sessions/:file{[0-9]{1,10}\\.ics}`, async (c) => {
  const app = c.get("app");
  const event = await publicOrgEvent(app.db, c.req.param("slug"));
  if (!event) return c.text("Not found", 404);
  const id = Number(c.req.param("file").replace(".ics", ""));
  const session = (await agendaOf(app.db, event.id)).find((s) => s.id === id);
  if (!session) return c.text("Not found", 404);
  return new Response(programmeIcs([session], event, new URL(c.req.url).origin, event.title), {
    headers: {
      ...CALENDAR,
      "content-disposition": `attachment; filename="session-${id}.ics"`,
      "cache-control": "public, max-age=300",
    },
  });
});

/** An attendee's schedule as one calendar feed: the badge code names them, the derived key proves the pass. */
organiserEventRoutes.get(`/e/:slug{${SLUG}}/a/:code{[A-Za-z0-9_-]{8,64}}/schedule.ics`, async (c) => {
  const app = c.get("app");
  const found = await attendeeByBadge(app.db, c.req.param("slug"), c.req.param("code"));
  const key = c.req.query("k") ?? "";
  if (!found || found.e.state === "archived" || key !== (await scheduleFeedKey(found.a.passToken)))
    return c.text("Not found", 404);
  const [agenda, mine] = await Promise.all([agendaOf(app.db, found.e.id), scheduleOf(app.db, found.a)]);
  const body = programmeIcs(
    agenda.filter((s) => mine.has(s.id)),
    found.e,
    new URL(c.req.url).origin,
    `${found.e.title}: my schedule`,
  );
  return new Response(body, { headers: { ...CALENDAR, "cache-control": "private, no-store" } });
});

/** Someone opening a pass's QR without the app: who it is, and how to exchange. A bare code names nobody. */
organiserEventRoutes.get(`/e/:slug{${SLUG}}/a/:code{[A-Za-z0-9_-]{8,64}}`, async (c) => {
  const app = c.get("app");
  const found = await attendeeByScan(app.db, c.req.param("slug"), c.req.param("code"), c.req.query("k"));
  const { locale, headers } = visitorLocale(c.req.raw);
  if (!found || found.e.state === "archived") return html(renderEventNotFound(locale), 404, "no-store", headers);
  // A stand opening the QR with the phone's camera gets its lead form, filled with what an earlier scan stored.
  const user = /session_token/.test(c.req.header("cookie") ?? "") ? await getSessionUser(app, c.req.raw) : null;
  const stand = user ? await myAttendee(app.db, user.id, found.e.id) : null;
  const booth =
    user && stand && stand.leadRights !== "none" ? await standBooth(app.db, stand, user.workspace.id) : null;
  // Only the booth's staff see its lead: a member who left the team gets the plain badge page.
  if (user && stand && booth && stand.id !== found.a.id && (await isStaff(app.db, booth, user.id))) {
    const lead = await leadOf(app.db, booth.id, found.a.id);
    const state = lead === null ? {} : { values: await storedLead(app.db, lead) };
    const noted = lead === null ? [] : await ownLeadNotes(app.db, lead, stand.id);
    return leadPage(app, c.req.url, found, booth, state, null, 200, noted);
  }
  const keep: Record<string, string> = c.req.query("k") ? { k: c.req.query("k") ?? "" } : {};
  return html(renderBadge(found.e, found.a, locale, keep), 200, "private, no-store", {
    "x-robots-tag": "noindex",
    ...headers,
  });
});

const NOT_STAFF = "You are no longer on this stand's team, so your scans cannot go into its leads";

type Scan = NonNullable<Awaited<ReturnType<typeof attendeeByScan>>>;

/** The stand's lead form page for a scanned pass: a no-script browser's answer to every scan post. */
async function leadPage(
  app: AppContext,
  url: string,
  found: Scan,
  booth: Booth,
  state: FormState,
  notice: { text: string; ok: boolean } | null,
  status: number,
  noted: string[] = [],
) {
  const { pathname, search } = new URL(url);
  const questions = await questionsOf(app.db, booth.id);
  const action = pathname + search;
  const body = renderLeadForm({ e: found.e, name: found.a.name, action, questions, state, notice, noted });
  return html(body, status, "private, no-store", { "x-robots-tag": "noindex" });
}

/**
 * A pass scanned in /capture: the signed-in scanner must attend the same event, and the link must carry the
 * pass's proof (the QR has it; a badge code from anywhere else does not). A form in, JSON out. An
 * exhibitor's scan is a lead; anyone else's an exchange both ways.
 */
organiserEventRoutes.post(`/e/:slug{${SLUG}}/a/:code{[A-Za-z0-9_-]{8,64}}`, async (c) => {
  const app = c.get("app");
  // Capture's script asks for JSON; a browser posting the lead form without script gets the form back.
  const accept = c.req.header("accept") ?? "";
  const page = accept.includes("text/html") && !accept.includes("application/json");
  const refuse = (error: string, status: 400 | 401 | 403 | 404 | 409) =>
    page ? html(renderNotice(error), status, "private, no-store") : c.json({ error }, status);
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return refuse("Sign in to exchange details", 401);
  const found = await attendeeByScan(app.db, c.req.param("slug"), c.req.param("code"), c.req.query("k"));
  if (!found || found.e.state === "archived")
    return refuse("Scan their pass in person to exchange, or ask them with Connect in the event's directory", 404);
  const scanner = await myAttendee(app.db, user.id, found.e.id);
  if (!scanner) return refuse(`Join ${found.e.title} first to exchange with its attendees`, 403);
  // A form body: pages post forms (the Worker refuses JSON outside /api before any route runs).
  const body = Object.fromEntries(await c.req.raw.formData().catch(() => new FormData()));
  const values = Object.fromEntries(
    Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const lead = leadFormSchema.safeParse({ rating: values.rating, notes: values.notes });
  // A stand scans into its booth; answers are checked before anything is stored, so a refused form leaves the lead as it was.
  const booth = scanner.leadRights !== "none" ? await standBooth(app.db, scanner, user.workspace.id) : null;
  if (booth && !(await isStaff(app.db, booth, user.id))) return refuse(NOT_STAFF, 403);
  const checked = booth ? checkAnswers(await questionsOf(app.db, booth.id), body) : { answers: [], errors: {} };
  const errors = { ...(lead.success ? {} : fieldErrors(lead.error)), ...checked.errors };
  if (!lead.success || Object.keys(errors).length) {
    if (page && booth) return leadPage(app, c.req.url, found, booth, { values, errors }, null, 400);
    return c.json({ error: Object.values(errors)[0] ?? "Check the lead details", errors }, 400);
  }
  const result = await scanBadge(app.db, app, found.e, scanner, found.a, booth && { booth, lead: lead.data });
  if (!result.ok)
    return refuse(
      result.reason === "self"
        ? "That is your own pass"
        : result.reason === "not-staff"
          ? NOT_STAFF
          : "That pass is for another event",
      result.reason === "not-staff" ? 403 : 409,
    );
  if (result.leadId !== undefined && checked.answers.length) await saveAnswers(app.db, result.leadId, checked.answers);
  if (page && booth && result.leadId !== undefined) {
    const state = { values: await storedLead(app.db, result.leadId) };
    const noted = await ownLeadNotes(app.db, result.leadId, scanner.id);
    const saved = { text: `Lead saved: ${found.a.name}`, ok: true };
    return leadPage(app, c.req.url, found, booth, state, saved, 200, noted);
  }
  if (page) return html(renderNotice(`Details exchanged with ${found.a.name}`), 200, "private, no-store");
  return c.json({ kind: result.kind, created: result.created, name: found.a.name, event: found.e.title });
});

/** The cached event page changes only when a seat taken fills a session or a seat freed opens a full one. */
async function purgeOnFullness(
  app: AppContext,
  slug: string,
  eventId: number,
  sessionId: number,
  seat: "taken" | "freed",
) {
  const s = (await agendaOf(app.db, eventId)).find((x) => x.id === sessionId);
  if (!s || s.capacity === null) return;
  if (seat === "taken" ? s.taken >= s.capacity : s.taken === s.capacity - 1) await purgeOrgEvent(app.env, slug);
}

async function passPage(
  app: AppContext,
  request: Request,
  token: string,
  noticeKey: MessageKey | null = null,
  settings: FormState = {},
  status = 200,
  intentsSent: IntentsSent | null = null,
) {
  const { locale, headers } = visitorLocale(request);
  const t = translator(locale);
  let notice = noticeKey ? t(noticeKey) : null;
  const found = await attendeeByPass(app.db, token);
  if (!found) return html(renderEventNotFound(locale), 404, "no-store", headers);
  // No place yet (or declined): the page says so, with no QR to show at the door.
  if (found.a.state !== "going")
    return html(renderNoPass(found.e, { state: found.a.state }, locale), status, "private, no-store", headers);
  const user = /session_token/.test(request.headers.get("cookie") ?? "") ? await getSessionUser(app, request) : null;
  // An account made later with the same email keeps the pass: opening it signed in links it, once the address is proved.
  if (user && !found.a.userId) {
    const own = user.email.trim().toLowerCase() === found.a.email;
    const refusal = own ? await confirmFirst(app, request, user, "attendeeClaim") : null;
    if (refusal) notice ??= refusal;
    else await claimPass(app.db, found.a.id, user);
  }
  const origin = new URL(request.url).origin;
  const badgeUrl = `${origin}${badgePath(found.e.slug, found.a.badgeCode, await badgeProof(found.a.passToken))}`;
  const [qrSvg, exchanged, scanned, agenda, schedule, feedKey, waiting] = await Promise.all([
    cardQrSvg(badgeUrl, 240),
    exchangedPeople(app.db, found.a),
    scannedBy(app.db, found.a),
    agendaOf(app.db, found.e.id),
    scheduleOf(app.db, found.a),
    scheduleFeedKey(found.a.passToken),
    waitingRequests(app.db, found.a, found.e.timeZone, locale),
  ]);
  const [slots, available] = await Promise.all([eventSlots(app.db, found.e.id), availabilityOf(app.db, found.a.id)]);
  const meetingTimes = [
    ...new Map(slots.map((s) => [s.startsAt, { startsAt: s.startsAt, minutes: s.minutes }])).values(),
  ];
  const [hears, intents] = await Promise.all([
    hearsFromOrganiser(app.db, found.a),
    passIntentsData(app.db, found.a, intentsSent),
  ]);
  return html(
    renderPass({
      attendee: found.a,
      event: { ...found.e, status: orgEventStatus(found.e, new Date()) },
      qrSvg,
      badgeUrl,
      exchanged,
      scannedBy: scanned,
      notice,
      signedIn: Boolean(user),
      hearsFromOrganiser: hears,
      agenda,
      schedule,
      feedUrl: `${origin}/e/${found.e.slug}/a/${found.a.badgeCode}/schedule.ics?k=${feedKey}`,
      waiting,
      meetingTimes,
      available,
      wallet: walletsOffered(app.env),
      locale,
      intents,
      settings: settings.errors ? { ...settings, errors: localFieldMessages(t, settings.errors) } : settings,
    }),
    status,
    "private, no-store",
    // Same-origin, not no-referrer: the token never leaves for another site, and the pass's own forms
    // keep their Origin header (no-referrer makes Chromium send "null", which the cross-site guard refuses).
    { "referrer-policy": "same-origin", "x-robots-tag": "noindex", ...headers },
  );
}

organiserEventRoutes.get("/pass/:token{[A-Za-z0-9_-]{16,64}}", (c) =>
  passPage(c.get("app"), c.req.raw, c.req.param("token")),
);

/** The pass's own forms: directory choices, answering a Connect, leaving. The token is the key. */
organiserEventRoutes.post("/pass/:token{[A-Za-z0-9_-]{16,64}}", async (c) => {
  const app = c.get("app");
  const token = c.req.param("token");
  const { locale, headers } = visitorLocale(c.req.raw);
  const found = await attendeeByPass(app.db, token);
  if (!found) return html(renderEventNotFound(locale), 404, "no-store", headers);
  const body = await c.req.raw.formData().catch(() => new FormData());
  const form = Object.fromEntries(body);
  if (form.intent === "leave") {
    // Leaving deletes the exchanges made here: a page asks once more first.
    if (!isConfirmed(form)) return html(renderLeaveConfirm(found.e, token, locale), 200, "private, no-store", headers);
    await mailPromoted(app, c.req.raw, found.e.title, await leaveEvent(app.db, found.a));
    return html(renderLeft(found.e, locale), 200, "private, no-store", headers);
  }
  if (found.a.state !== "going") return passPage(app, c.req.raw, token, null, {}, 409);
  if (form.intent === "accept" || form.intent === "decline") {
    const from = Number(form.from);
    if (!Number.isSafeInteger(from)) return c.text("Bad request", 400);
    const answered = await answerConnect(app.db, app, found.e, found.a, from, form.intent === "accept");
    if (!answered) return passPage(app, c.req.raw, token, "pass.notice.gone", {}, 404);
    return passPage(app, c.req.raw, token, form.intent === "accept" ? "pass.notice.exchanged" : "pass.notice.declined");
  }
  if (form.intent === "meeting-accept" || form.intent === "meeting-decline") {
    const id = Number(form.id);
    if (!Number.isSafeInteger(id) || id < 1) return c.text("Bad request", 400);
    const accept = form.intent === "meeting-accept";
    const answered = await answerMeeting(app.db, app, found.e, found.a, id, accept);
    if (!answered) return passPage(app, c.req.raw, token, "pass.notice.meetingGone", {}, 404);
    await notifyMeeting(
      app.db,
      new URL(c.req.url).origin,
      found.e,
      found.a,
      answered,
      accept ? "accepted" : "declined",
    );
    return passPage(app, c.req.raw, token, accept ? "pass.notice.meetingAccepted" : "pass.notice.meetingDeclined");
  }
  if (form.intent === "availability") {
    const times = body.getAll("at").filter((t): t is string => typeof t === "string" && LOCAL_DATETIME.test(t));
    await setAvailability(app.db, found.a, times);
    return passPage(app, c.req.raw, token, "pass.notice.times");
  }
  if (form.intent === "schedule-add" || form.intent === "schedule-remove") {
    const session = Number(form.session);
    if (!Number.isSafeInteger(session) || session < 1) return c.text("Bad request", 400);
    if (form.intent === "schedule-remove") {
      if (await removeFromSchedule(app.db, found.a, session))
        app.ctx.waitUntil(purgeOnFullness(app, found.e.slug, found.e.id, session, "freed"));
      return passPage(app, c.req.raw, token, "pass.notice.removed");
    }
    const added = await addToSchedule(app.db, found.a, session);
    if (added === "unknown") return passPage(app, c.req.raw, token, "pass.notice.unknownSession", {}, 404);
    if (added === "full") return passPage(app, c.req.raw, token, "event.session.full", {}, 409);
    if (added === "added") app.ctx.waitUntil(purgeOnFullness(app, found.e.slug, found.e.id, session, "taken"));
    return passPage(app, c.req.raw, token, "pass.notice.added");
  }
  if (form.intent === "intents") {
    // The directory's form and limits (one reader); a refused form comes back as typed, nothing stored.
    const read = readIntentsForm(body);
    if (!read.ok) return passPage(app, c.req.raw, token, null, {}, 400, read.sent);
    await setIntents(app.db, found.a, read.intents);
    return passPage(app, c.req.raw, token, "pass.notice.intents");
  }
  if (form.intent !== "settings") return c.text("Bad request", 400);
  const parsed = directorySettingsSchema.safeParse(form);
  if (!parsed.success) {
    const values = Object.fromEntries(
      Object.entries(form).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    return passPage(app, c.req.raw, token, null, { values, errors: fieldErrors(parsed.error) }, 400);
  }
  await updateDirectorySettings(app.db, found.a, parsed.data, found.e.organiserName, locale);
  return passPage(app, c.req.raw, token, "pass.notice.saved");
});
