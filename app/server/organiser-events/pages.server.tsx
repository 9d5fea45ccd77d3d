import type { EventStatus } from "~/lib/events/rules";
import { CONFIRMED_FIELD } from "~/lib/forms/confirm";
import { formatCount } from "~/lib/i18n/format";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { type Translate, translator } from "~/lib/i18n/translate";
import { JOIN_REFUSAL_KEY } from "~/lib/organiser-events/event-words";
import { placesLeft } from "~/lib/organiser-events/programme";
import { formatLocal } from "~/lib/organiser-events/rules";
import { SITE } from "~/lib/site";
import { zoneName } from "~/lib/time/time";

import type { Attendee } from "./attendees.server";
import type { OrgEvent, PublicOrgEvent } from "./events.server";
import { JoinForm, type JoinState, VisibilityChoice } from "./join-form.server";
import {
  Agenda,
  Doc,
  type FormState,
  page,
  rich,
  statusLabel,
  TextField,
  WalletLinks,
  When,
} from "./page-parts.server";
import { PassIntents, type PassIntentsData } from "./pass-intents.server";
import type { AgendaSession } from "./programme.server";
import type { Waiting } from "./requests.server";

/**
 * Organiser events' public pages: plain HTML with inline CSS and no script, so they load in one round
 * trip, work without JavaScript and stay small. React renders them only to escape text.
 */

export type { JoinState } from "./join-form.server";
export type { FormState } from "./page-parts.server";
/** Why an event takes no joins now, or null when it does; in the visitor's language (English unless named). */
export function joinRefusal(e: PublicOrgEvent, t: Translate = translator(DEFAULT_LOCALE)): string | null {
  if (e.state !== "open") return t(JOIN_REFUSAL_KEY.closed);
  if (e.status === "past") return t(JOIN_REFUSAL_KEY.past);
  if (e.capacity !== null && e.attendees >= e.capacity && !e.waitlist) return t(JOIN_REFUSAL_KEY.full);
  return null;
}

/** What search results and link previews say of an event: who organises it, when and where, then its own words. */
function eventDescription(e: PublicOrgEvent, t: Translate, locale: Locale): string {
  const where = e.venue ?? e.platform ?? (e.url ? t("event.online") : null);
  const said = {
    type: t(`event.type.${e.type}`),
    organiser: e.organiserName,
    when: formatLocal(e.startsAt, locale),
    zone: zoneName(e.timeZone),
  };
  const head = where ? t("event.meta.descriptionAt", { ...said, where }) : t("event.meta.description", said);
  const own = e.description?.replace(/\s+/g, " ").trim();
  const text = own ? `${head} ${own}` : head;
  // Search engines show about 160 characters; cut on a character, not inside a surrogate pair.
  return text.length > 160 ? `${Array.from(text).slice(0, 157).join("").trimEnd()}…` : text;
}

/** The public event page: the same for every visitor (so it can be cached at the edge), but for its own attendees. */
export function renderEventPage(
  e: PublicOrgEvent,
  origin: string,
  state: JoinState = {},
  agenda: AgendaSession[] = [],
  /** The signed-in visitor's own pass, when they joined: shown instead of the join form (never cached). */
  attending?: { pass: string; state: "going" | "pending" | "waitlist" | "declined" },
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  const t = translator(locale);
  // The link to share is the whole address: a path alone cannot be pasted into a message.
  const link = `${origin}/e/${e.slug}`;
  const refusal = joinRefusal(e, t);
  return page(
    <Doc title={e.title} description={eventDescription(e, t, locale)} locale={locale} page={`/e/${e.slug}`}>
      <p>
        <span className={`badge ${e.status}`} data-status={e.status}>
          {statusLabel(t, e.status)}
        </span>{" "}
        <span className="muted">{t(`event.type.${e.type}`)}</span>
      </p>
      <h1 dir="auto">{e.title}</h1>
      <p className="muted">{t("event.organisedBy", { organiser: e.organiserName })}</p>
      {e.raisesFor ? (
        <p data-raises-for="">
          {rich(t, "event.raisesFor", {
            campaign: (
              <a href={`/fundraising/${encodeURIComponent(e.raisesFor.id)}?src=event`} dir="auto">
                {e.raisesFor.title}
              </a>
            ),
          })}
        </p>
      ) : null}
      <dl>
        <dt>{t("event.whenLabel")}</dt>
        <dd>
          <When e={e} t={t} locale={locale} />
        </dd>
        {e.venue ? (
          <>
            <dt>{t("event.where")}</dt>
            <dd dir="auto">{e.venue}</dd>
          </>
        ) : null}
        {e.platform || e.url ? (
          <>
            <dt>{t("event.online")}</dt>
            <dd>
              {e.platform ?? ""} {e.url ? <a href={e.url}>{e.url}</a> : null}
            </dd>
          </>
        ) : null}
        <dt>{t("event.attendees")}</dt>
        <dd data-attendees={e.attendees}>
          {e.capacity
            ? t("event.attendeesOf", {
                count: formatCount(e.attendees, locale),
                capacity: formatCount(e.capacity, locale),
              })
            : formatCount(e.attendees, locale)}
        </dd>
      </dl>
      {e.description ? (
        <p dir="auto" style={{ whiteSpace: "pre-line" }}>
          {e.description}
        </p>
      ) : null}
      {e.status === "upcoming" ? (
        <a className="btn b-upcoming" href={`/e/${e.slug}/join`}>
          {t("event.prepare")}
        </a>
      ) : null}
      {e.status === "active" ? (
        <>
          {e.url ? (
            <a className="btn b-active" href={e.url}>
              {t("event.joinOnline")}
            </a>
          ) : null}
          <a className="btn b-line" href="/capture">
            {t("event.scan")}
          </a>
        </>
      ) : null}
      {agenda.length ? (
        <section className="panel agenda" id="agenda" aria-labelledby="agenda-title">
          <h2 id="agenda-title">{t("event.programme")}</h2>
          <p className="muted">{t("event.clock", { zone: zoneName(e.timeZone) })}</p>
          <Agenda sessions={agenda} slug={e.slug} t={t} locale={locale} />
        </section>
      ) : null}
      {attending ? (
        <section
          className={attending.state === "going" ? "panel ok" : "panel"}
          id="join"
          aria-labelledby="join-title"
          data-attending={attending.state}
        >
          {/* Joined is true only with a place: someone waiting or declined is told where their request stands. */}
          <h2 id="join-title">
            {attending.state === "going"
              ? t("event.attending.title")
              : t(`pass.place.${attending.state}`, { title: e.title })}
          </h2>
          <p>
            <a className="btn b-upcoming" href={`/pass/${attending.pass}`}>
              {t("event.attending.pass")}
            </a>{" "}
            <a className="btn b-line" href={`/e/${e.slug}/directory`}>
              {t("event.attending.directory")}
            </a>
          </p>
        </section>
      ) : (
        <section className="panel" id="join" aria-labelledby="join-title">
          <h2 id="join-title">{e.status === "past" ? t("event.viewDetails") : t("event.joinTitle")}</h2>
          {refusal ? (
            <p className="note" role="status">
              {refusal}
            </p>
          ) : (
            <>
              <p className="muted">
                {rich(
                  t,
                  "event.join.intro",
                  { link: <a href={`/e/${e.slug}/join`}>{t("event.join.withCard")}</a> },
                  { site: SITE.name },
                )}
              </p>
              <JoinForm e={e} state={state} t={t} locale={locale} />
            </>
          )}
        </section>
      )}
      <section className="panel" aria-labelledby="share-title">
        <h2 id="share-title">{t("event.share")}</h2>
        <img
          className="qr"
          src={`/e/${e.slug}/qr.svg`}
          alt={t("event.qrAlt", { title: e.title })}
          width={192}
          height={192}
        />
        <p>{rich(t, "event.link", { link: <a href={link}>{link}</a> })}</p>
      </section>
    </Doc>,
  );
}

/** After joining: `email` names the address, or null for "your email address" in the visitor's language. */
export function renderJoined(e: OrgEvent, email: string | null, locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const t = translator(locale);
  return page(
    <Doc title={t("event.joined.title", { title: e.title })} noindex locale={locale}>
      <section className="panel ok" role="status">
        <h1>{t("event.joined.heading", { title: e.title })}</h1>
        <p>{t("event.joined.body", { email: email ?? t("event.joined.yourAddress") })}</p>
        <p>
          <a href={`/e/${e.slug}`}>{t("event.back")}</a>
        </p>
      </section>
    </Doc>,
  );
}

export function renderEventNotFound(locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const t = translator(locale);
  return page(
    <Doc title={t("event.notFound.title")} noindex locale={locale}>
      <h1>{t("event.notFound.title")}</h1>
      <p>{t("event.notFound.body")}</p>
      <p>
        <a className="btn b-upcoming" href="/">
          {t("event.home")}
        </a>
      </p>
    </Doc>,
  );
}

/** What someone opening a pass's QR link without the app sees; `keep` is the link's proof, for the language switch. */
export function renderBadge(
  e: OrgEvent,
  a: Pick<Attendee, "name">,
  locale: Locale = DEFAULT_LOCALE,
  keep: Record<string, string> = {},
): Promise<string> {
  const t = translator(locale);
  return page(
    <Doc title={t("badge.title", { name: a.name, title: e.title })} noindex locale={locale} keep={keep}>
      <h1 dir="auto">{a.name}</h1>
      <p>{rich(t, "badge.passAt", { event: <a href={`/e/${e.slug}`}>{e.title}</a> })}</p>
      <p>{rich(t, "badge.exchange", { capture: <a href="/capture">{t("badge.capture")}</a> }, { site: SITE.name })}</p>
    </Doc>,
  );
}

type PassData = {
  attendee: Attendee;
  event: OrgEvent & { status: EventStatus };
  qrSvg: string;
  /** What the QR carries, also written out for badges printed without a scanner at hand. */
  badgeUrl: string;
  exchanged: { name: string; company: string | null; email: string; phone: string | null }[];
  scannedBy: { name: string; company: string | null }[];
  notice?: string | null;
  signedIn: boolean;
  hearsFromOrganiser?: boolean;
  /** A refused directory-settings form, shown back with its messages. */
  settings?: FormState;
  agenda?: AgendaSession[];
  /** The sessions on this attendee's schedule. */
  schedule?: Set<number>;
  /** The calendar feed of their schedule (a derived key, never the pass token). */
  feedUrl?: string;
  /** Connect and meeting requests waiting for this attendee's answer. */
  waiting?: Waiting[];
  /** The organiser's meeting times, and those this attendee said they are free (none: any time). */
  meetingTimes?: { startsAt: string; minutes: number }[];
  available?: Set<string>;
  /** Which wallets the operator set keys for. */
  wallet?: { apple: boolean; google: boolean };
  locale?: Locale;
  /** Matchmaking by intent: the organiser's list, this attendee's words, who fits them. */
  intents?: PassIntentsData;
};

/** The attendee's own pass: their QR to show, their directory choices, who they met, and leaving. */
export function renderPass({
  attendee: a,
  event: e,
  qrSvg,
  badgeUrl,
  exchanged,
  scannedBy,
  notice,
  signedIn,
  hearsFromOrganiser,
  settings = {},
  agenda = [],
  schedule = new Set(),
  feedUrl,
  waiting = [],
  meetingTimes = [],
  available = new Set(),
  wallet = { apple: false, google: false },
  locale = DEFAULT_LOCALE,
  intents,
}: PassData) {
  const t = translator(locale);
  const typed = settings.values;
  // A refused form shows the choices as they were sent, not as stored.
  const checked = (name: string, stored: boolean | undefined) => (typed ? typed[name] === "on" : stored);
  return page(
    <Doc title={t("pass.title", { title: e.title })} noindex locale={locale}>
      <p>
        <span className={`badge ${e.status}`}>{statusLabel(t, e.status)}</span>
      </p>
      <h1 dir="auto">{a.name}</h1>
      <p className="muted">
        {[a.title, a.company].filter(Boolean).join(", ")}
        {a.title || a.company ? " · " : ""}
        {rich(t, "pass.for", { event: <a href={`/e/${e.slug}`}>{e.title}</a> })}
      </p>
      {notice ? (
        <p className="note ok" role="status">
          {notice}
        </p>
      ) : null}
      {/* The SVG is made by the QR library from our own badge link; nothing typed reaches it. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user text */}
      <div className="qr" role="img" aria-label={t("pass.qr")} dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p className="muted">{rich(t, "pass.badgeLink", { link: <span data-badge-link>{badgeUrl}</span> })}</p>
      <p className="muted">
        <When e={e} t={t} locale={locale} />
      </p>
      <WalletLinks token={a.passToken} slug={e.slug} wallet={wallet} t={t} />
      {signedIn ? (
        <p>
          <a href={`/e/${e.slug}/directory`}>{t("pass.directoryLink")}</a>
        </p>
      ) : (
        <p className="muted">
          {rich(t, "pass.createAccount", {
            link: (
              <a href={`/auth?mode=signup&redirectTo=${encodeURIComponent(`/pass/${a.passToken}`)}`}>
                {t("pass.createAccountLink")}
              </a>
            ),
          })}
        </p>
      )}
      {waiting.length ? (
        <section className="panel" id="requests" aria-labelledby="requests-title">
          <h2 id="requests-title">{t("pass.requests")}</h2>
          <ul className="plain">
            {waiting.map((w) => (
              <li key={w.kind === "connect" ? `c-${w.fromId}` : `m-${w.id}`} data-request={w.kind}>
                {rich(
                  t,
                  w.kind === "connect" ? "pass.request.connect" : "pass.request.meeting",
                  {
                    who: (
                      <>
                        <strong>{w.name}</strong>
                        {w.company ? `, ${w.company}` : ""}
                      </>
                    ),
                  },
                  { line: w.kind === "meeting" ? w.line : "" },
                )}
                {w.kind === "meeting" && w.note ? <span className="muted">{` "${w.note}"`}</span> : null}
                <form method="post" action={`/pass/${a.passToken}#requests`}>
                  {w.kind === "connect" ? (
                    <input type="hidden" name="from" value={w.fromId} />
                  ) : (
                    <input type="hidden" name="id" value={w.id} />
                  )}
                  <button
                    type="submit"
                    name="intent"
                    value={w.kind === "connect" ? "accept" : "meeting-accept"}
                    className="btn b-active"
                  >
                    {t("pass.accept")}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={w.kind === "connect" ? "decline" : "meeting-decline"}
                    className="btn b-line"
                  >
                    {t("pass.decline")}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {agenda.length ? (
        <section className="panel agenda" id="schedule" aria-labelledby="schedule-title">
          <h2 id="schedule-title">{t("pass.schedule")}</h2>
          <p className="muted">
            {schedule.size ? t("pass.schedule.count", { count: schedule.size }) : t("pass.schedule.empty")}{" "}
            {feedUrl
              ? rich(t, "pass.schedule.feed", { link: <a href={feedUrl}>{t("pass.schedule.feedLink")}</a> })
              : null}
          </p>
          <Agenda
            sessions={agenda}
            slug={e.slug}
            t={t}
            locale={locale}
            controls={(s) => {
              const mine = schedule.has(s.id);
              if (!mine && placesLeft(s) === 0) return null;
              return (
                <form method="post" action={`/pass/${a.passToken}#s-${s.id}`}>
                  <input type="hidden" name="intent" value={mine ? "schedule-remove" : "schedule-add"} />
                  <input type="hidden" name="session" value={s.id} />
                  {mine ? <strong data-on-schedule="">{t("pass.schedule.on")} </strong> : null}
                  <button type="submit" className={mine ? "btn b-line" : "btn b-upcoming"}>
                    {mine ? t("pass.schedule.remove") : t("pass.schedule.add")}
                  </button>
                </form>
              );
            }}
          />
        </section>
      ) : null}
      {meetingTimes.length ? (
        <section className="panel" id="availability" aria-labelledby="avail-title">
          <h2 id="avail-title">{t("pass.meet")}</h2>
          <p className="muted">{available.size ? t("pass.meet.limited") : t("pass.meet.any")}</p>
          <form method="post" action={`/pass/${a.passToken}#availability`}>
            <input type="hidden" name="intent" value="availability" />
            {meetingTimes.map((slot) => (
              <label key={slot.startsAt} className="check">
                <input type="checkbox" name="at" value={slot.startsAt} defaultChecked={available.has(slot.startsAt)} />
                <span>{t("pass.meet.slot", { when: formatLocal(slot.startsAt, locale), minutes: slot.minutes })}</span>
              </label>
            ))}
            <button type="submit" className="btn b-upcoming">
              {t("pass.meet.save")}
            </button>
          </form>
        </section>
      ) : null}
      {intents ? <PassIntents data={intents} token={a.passToken} listed={a.listed} t={t} locale={locale} /> : null}
      <section className="panel" aria-labelledby="dir-title">
        <h2 id="dir-title">{t("pass.directory")}</h2>
        <form method="post" noValidate>
          <input type="hidden" name="intent" value="settings" />
          {settings.errors ? (
            <p className="note" role="alert">
              {t("pass.directory.unsaved")}
            </p>
          ) : null}
          <label className="check">
            <input type="checkbox" name="listed" defaultChecked={checked("listed", a.listed)} />
            <span>{t("event.join.directoryConsent")}</span>
          </label>
          <label className="check">
            <input type="checkbox" name="updates" defaultChecked={checked("updates", hearsFromOrganiser)} />
            <span>{t("event.join.mailConsent", { organiser: e.organiserName })}</span>
          </label>
          <VisibilityChoice legend={t("pass.directory.visibility")} value={typed?.visibility ?? a.visibility} t={t} />
          {settings.errors?.visibility ? <p className="err">{settings.errors.visibility}</p> : null}
          <TextField
            id="p-interests"
            name="interests"
            label={t("pass.directory.interests")}
            state={settings}
            fallback={a.interests}
          />
          <TextField id="p-goals" name="goals" label={t("pass.directory.goals")} state={settings} fallback={a.goals} />
          <button type="submit" className="btn b-upcoming">
            {t("pass.directory.save")}
          </button>
        </form>
      </section>
      <section className="panel" aria-labelledby="met-title">
        <h2 id="met-title">{t("pass.exchanged")}</h2>
        {exchanged.length ? (
          <ul className="plain">
            {exchanged.map((p) => (
              <li key={p.email}>
                <strong>{p.name}</strong>
                {p.company ? `, ${p.company}` : ""} · <a href={`mailto:${p.email}`}>{p.email}</a>
                {p.phone ? ` · ${p.phone}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("pass.exchanged.none")}</p>
        )}
        <h2>{t("pass.scannedBy")}</h2>
        {scannedBy.length ? (
          <ul className="plain">
            {scannedBy.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
              <li key={i}>
                {p.name}
                {p.company ? `, ${p.company}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("pass.scannedBy.none")}</p>
        )}
      </section>
      <section className="panel" aria-labelledby="leave-title">
        <h2 id="leave-title">{t("pass.leave")}</h2>
        <p className="muted">{t("pass.leave.note")}</p>
        <form method="post">
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className="btn b-past">
            {t("pass.leave.submit", { title: e.title })}
          </button>
        </form>
      </section>
    </Doc>,
  );
}

/** The step before leaving: leaving cannot be undone, so it is asked on a page of its own. */
export function renderLeaveConfirm(e: OrgEvent, token: string, locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const t = translator(locale);
  return page(
    <Doc title={t("pass.leave.confirmTitle", { title: e.title })} noindex locale={locale}>
      <section className="panel" aria-labelledby="leave-title">
        <h1 id="leave-title">{t("pass.leave.confirmTitle", { title: e.title })}</h1>
        <p>{t("pass.leave.consequence")}</p>
        <form method="post" action={`/pass/${token}`}>
          <input type="hidden" name="intent" value="leave" />
          <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
          <button type="submit" className="btn b-past" data-confirm-step="leave">
            {t("pass.leave.submit", { title: e.title })}
          </button>
          <a className="btn b-line" href={`/pass/${token}`}>
            {t("pass.leave.keep")}
          </a>
        </form>
      </section>
    </Doc>,
  );
}

export function renderLeft(e: OrgEvent, locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const t = translator(locale);
  return page(
    <Doc title={t("pass.left.title", { title: e.title })} noindex locale={locale}>
      <p className="note ok" role="status">
        {t("pass.left.body", { title: e.title })}
      </p>
      <p>
        <a href="/">{t("event.home")}</a>
      </p>
    </Doc>,
  );
}
