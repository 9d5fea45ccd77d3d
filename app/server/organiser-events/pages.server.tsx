import type { ReactNode } from "react";
import { EVENT_TYPE_LABEL, type EventStatus } from "~/lib/events/rules";
import { CONFIRMED_FIELD } from "~/lib/forms/confirm";
import { clockTime, placesLeft, SESSION_MESSAGES } from "~/lib/organiser-events/programme";
import {
  DIRECTORY_CONSENT_TEXT,
  formatLocal,
  JOIN_MESSAGES,
  LEAVE_CONSEQUENCE,
  organiserMailConsentText,
  VISIBILITY,
  VISIBILITY_LABEL,
} from "~/lib/organiser-events/rules";
import { SITE } from "~/lib/site";
import { renderStatic } from "~/server/platform/render-static.server";
import type { Attendee } from "./attendees.server";
import type { OrgEvent, PublicOrgEvent } from "./events.server";
import type { AgendaSession } from "./programme.server";
import type { Waiting } from "./requests.server";

/**
 * Organiser events' public pages: plain HTML with inline CSS and no script, so they load in one round
 * trip, work without JavaScript and stay small. React renders them only to escape text.
 */

const CSS = `*{box-sizing:border-box}html{color-scheme:light dark}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:40rem;margin:0 auto;padding:1rem 1rem 3rem}a{color:#1d4ed8}.muted{color:#475569}
.panel{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem;margin-top:1rem}
h1{font-size:1.7rem;line-height:1.2;margin:.5rem 0}h2{font-size:1.2rem;margin:0 0 .5rem}
.badge{display:inline-block;border-radius:999px;padding:.1rem .7rem;font-weight:700;font-size:.8rem}
.upcoming{background:#dbeafe;color:#1e40af}.active{background:#dcfce7;color:#166534}.past{background:#e2e8f0;color:#334155}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;font-size:.9rem;margin:.75rem 0 .3rem}
fieldset{border:0;padding:0;margin:.75rem 0 0;min-width:0}legend{font-weight:600;font-size:.9rem;padding:0}fieldset .check{margin:.4rem 0}
input[type=text],input[type=email],select,textarea{width:100%;padding:.65rem .8rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit;background:#fff;color:#0f172a}
.check{display:flex;gap:.6rem;align-items:flex-start;font-weight:400}.check input{margin-top:.3rem;width:1.1rem;height:1.1rem}
.btn{display:inline-block;border:0;border-radius:.5rem;padding:.65rem 1.1rem;font:inherit;font-weight:700;text-decoration:none;cursor:pointer;margin:.75rem .5rem 0 0}
.b-upcoming{background:#1d4ed8;color:#fff}.b-active{background:#15803d;color:#fff}.b-past{background:#475569;color:#fff}.b-line{background:none;border:1px solid #15803d;color:#166534}
.err{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}.note{padding:.75rem 1rem;border-radius:.6rem;background:#fef3c7;color:#78350f}.ok{background:#dcfce7;color:#14532d}
.qr{display:block;width:12rem;height:12rem;background:#fff;margin:.5rem 0}.qr svg{width:100%;height:100%}ul.plain{list-style:none;padding:0}ul.plain li{padding:.4rem 0;border-bottom:1px solid #e2e8f0}
footer{text-align:center;margin-top:2rem;font-size:.8rem}
.agenda h3{font-size:1rem;margin:1rem 0 .25rem}.agenda article{padding:.6rem 0;border-top:1px solid #e2e8f0}.agenda h4{margin:.1rem 0;font-size:1rem}.agenda p{margin:.2rem 0}.agenda form{display:inline}.agenda .btn{margin:.4rem .5rem 0 0;padding:.4rem .8rem}
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}.panel{background:#0f172a;border-color:#1e293b}.muted{color:#94a3b8}a{color:#93c5fd}.b-line{color:#86efac;border-color:#4ade80}input[type=text],input[type=email],select,textarea{background:#020617;color:#e2e8f0}}`.replace(
  /\n/g,
  "",
);

function Doc({
  title,
  children,
  noindex,
  description,
}: {
  title: string;
  children: ReactNode;
  noindex?: boolean;
  description?: string;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {noindex ? <meta name="robots" content="noindex" /> : null}
        <title>{`${title} · ${SITE.name}`}</title>
        {description ? <meta name="description" content={description} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style>{CSS}</style>
      </head>
      <body>
        <main>
          {children}
          <footer className="muted">
            <p>
              <a href="/">{SITE.name}</a>: know where, know who, know how.
            </p>
          </footer>
        </main>
      </body>
    </html>
  );
}

// The streaming renderer writes the doctype itself for an <html> root.
const page = (node: ReactNode) => renderStatic(node);

const STATUS_LABEL: Record<EventStatus, string> = { upcoming: "Upcoming", active: "Active", past: "Past" };

function When({ e }: { e: OrgEvent }) {
  return (
    <>
      <time dateTime={e.startsAt}>{formatLocal(e.startsAt)}</time> to{" "}
      <time dateTime={e.endsAt}>{formatLocal(e.endsAt)}</time> ({e.timeZone.replace(/_/g, " ")})
    </>
  );
}

/** A refused form: what was typed, and each field's message by its name ("form" for the whole form). */
export type FormState = { values?: Record<string, string>; errors?: Record<string, string> };
export type JoinState = FormState;

/** A labelled text input with its own message beside it, keeping what was typed. */
function TextField({
  id,
  name,
  label,
  state,
  fallback = "",
  type = "text",
  auto,
  required,
}: {
  id: string;
  name: string;
  label: string;
  state: FormState;
  fallback?: string;
  type?: string;
  auto?: string;
  required?: boolean;
}) {
  const message = state.errors?.[name];
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={state.values?.[name] ?? fallback}
        autoComplete={auto}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-err` : undefined}
      />
      {message ? (
        <p id={`${id}-err`} className="err">
          {message}
        </p>
      ) : null}
    </>
  );
}

function JoinForm({ e, state }: { e: PublicOrgEvent; state: JoinState }) {
  const v = state.values ?? {};
  const err = state.errors ?? {};
  const field = (
    name: "name" | "email" | "company" | "title" | "interests",
    label: string,
    type = "text",
    auto = "",
  ) => (
    <TextField
      id={`j-${name}`}
      name={name}
      label={label}
      state={state}
      type={type}
      auto={auto || undefined}
      required={name === "name" || name === "email"}
    />
  );
  return (
    <form method="post" action={`/e/${e.slug}`} noValidate>
      {err.form ? (
        <p className="note" role="alert">
          {err.form}
        </p>
      ) : null}
      {field("name", "Name", "text", "name")}
      {field("email", "Email", "email", "email")}
      {field("company", "Company (optional)", "text", "organization")}
      {field("title", "Title (optional)", "text", "organization-title")}
      {field("interests", "Interests (optional)")}
      <label className="check">
        <input type="checkbox" name="listed" defaultChecked={v.listed === "on"} />
        <span>{DIRECTORY_CONSENT_TEXT}</span>
      </label>
      <label className="check">
        <input type="checkbox" name="updates" defaultChecked={v.updates === "on"} />
        <span>{organiserMailConsentText(e.organiserName)}</span>
      </label>
      <VisibilityChoice legend="Who can see me in the directory" value={v.visibility ?? "everyone"} />
      <button type="submit" className={`btn b-${e.status}`}>
        Join
      </button>
    </form>
  );
}

/** Who sees the attendee, as radios: each choice wraps on a phone, where a select cut the longer one off. */
function VisibilityChoice({ legend, value }: { legend: string; value: string }) {
  return (
    <fieldset data-visibility-choice="">
      <legend>{legend}</legend>
      {VISIBILITY.map((o) => (
        <label key={o} className="check">
          <input type="radio" name="visibility" value={o} defaultChecked={value === o} />
          <span>{VISIBILITY_LABEL[o]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Why an event takes no joins now, or null when it does. */
export function joinRefusal(e: PublicOrgEvent): string | null {
  if (e.state !== "open") return JOIN_MESSAGES.closed;
  if (e.status === "past") return JOIN_MESSAGES.past;
  if (e.capacity !== null && e.attendees >= e.capacity) return JOIN_MESSAGES.full;
  return null;
}

/** What search results and link previews say of an event: who organises it, when and where, then its own words. */
function eventDescription(e: PublicOrgEvent): string {
  const where = e.venue ?? e.platform ?? (e.url ? "Online" : null);
  const head = `${EVENT_TYPE_LABEL[e.type]} event organised by ${e.organiserName}, ${formatLocal(e.startsAt)} (${e.timeZone.replace(/_/g, " ")})${where ? `, ${where}` : ""}.`;
  const own = e.description?.replace(/\s+/g, " ").trim();
  const text = own ? `${head} ${own}` : head;
  // Search engines show about 160 characters; cut on a character, not inside a surrogate pair.
  return text.length > 160 ? `${Array.from(text).slice(0, 157).join("").trimEnd()}…` : text;
}

/** The sessions by day, each with its time, room, track, speakers and seats; the pass adds its own controls. */
function Agenda({
  sessions,
  slug,
  controls,
}: {
  sessions: AgendaSession[];
  slug: string;
  controls?: (s: AgendaSession) => ReactNode;
}) {
  const days = Map.groupBy(sessions, (s) => s.startsAt.slice(0, 10));
  return (
    <>
      {[...days].map(([day, list]) => (
        <div key={day}>
          <h3>{formatLocal(`${day}T00:00`).replace(/, \d{1,2}:\d{2} [AP]M$/, "")}</h3>
          {list.map((s) => {
            const left = placesLeft(s);
            return (
              <article key={s.id} id={`s-${s.id}`} data-session={s.id}>
                <p className="muted">
                  <time dateTime={s.startsAt}>{clockTime(s.startsAt)}</time> to{" "}
                  <time dateTime={s.endsAt}>{clockTime(s.endsAt)}</time>
                  {[s.room, s.track].map((x) => (x ? ` · ${x}` : "")).join("")}
                </p>
                <h4>{s.title}</h4>
                {s.speakers.length ? (
                  <p>
                    {"With "}
                    {s.speakers.map((p, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the organiser's order, rendered once
                      <span key={i}>
                        {i ? ", " : ""}
                        {p.cardSlug ? <a href={`/c/${p.cardSlug}`}>{p.name}</a> : p.name}
                        {p.company ? ` (${p.company})` : ""}
                      </span>
                    ))}
                  </p>
                ) : null}
                {s.description ? <p style={{ whiteSpace: "pre-line" }}>{s.description}</p> : null}
                <p>
                  {left === 0 ? (
                    <strong data-full="">{SESSION_MESSAGES.full}</strong>
                  ) : s.capacity !== null ? (
                    <span className="muted">{`Up to ${s.capacity.toLocaleString("en-US")} people`}</span>
                  ) : null}{" "}
                  <a href={`/e/${slug}/sessions/${s.id}.ics`}>Add to calendar</a>
                </p>
                {controls ? controls(s) : null}
              </article>
            );
          })}
        </div>
      ))}
    </>
  );
}

/** The public event page: the same for every visitor (so it can be cached at the edge), but for its own attendees. */
export function renderEventPage(
  e: PublicOrgEvent,
  origin: string,
  state: JoinState = {},
  agenda: AgendaSession[] = [],
  /** The signed-in visitor's own pass, when they joined: shown instead of the join form (never cached). */
  attending?: { pass: string },
): Promise<string> {
  // The link to share is the whole address: a path alone cannot be pasted into a message.
  const link = `${origin}/e/${e.slug}`;
  const refusal = joinRefusal(e);
  return page(
    <Doc title={e.title} description={eventDescription(e)}>
      <p>
        <span className={`badge ${e.status}`} data-status={e.status}>
          {STATUS_LABEL[e.status]}
        </span>{" "}
        <span className="muted">{EVENT_TYPE_LABEL[e.type]}</span>
      </p>
      <h1>{e.title}</h1>
      <p className="muted">{`Organised by ${e.organiserName}`}</p>
      {e.raisesFor ? (
        <p data-raises-for="">
          {"Raising funds for "}
          <a href={`/fundraising/${encodeURIComponent(e.raisesFor.id)}?src=event`}>{e.raisesFor.title}</a>
        </p>
      ) : null}
      <dl>
        <dt>When</dt>
        <dd>
          <When e={e} />
        </dd>
        {e.venue ? (
          <>
            <dt>Where</dt>
            <dd>{e.venue}</dd>
          </>
        ) : null}
        {e.platform || e.url ? (
          <>
            <dt>Online</dt>
            <dd>
              {e.platform ?? ""} {e.url ? <a href={e.url}>{e.url}</a> : null}
            </dd>
          </>
        ) : null}
        <dt>Attendees</dt>
        <dd data-attendees={e.attendees}>
          {e.attendees.toLocaleString("en-US")}
          {e.capacity ? ` of ${e.capacity.toLocaleString("en-US")}` : ""}
        </dd>
      </dl>
      {e.description ? <p style={{ whiteSpace: "pre-line" }}>{e.description}</p> : null}
      {e.status === "upcoming" ? (
        <a className="btn b-upcoming" href={`/e/${e.slug}/join`}>
          Prepare
        </a>
      ) : null}
      {e.status === "active" ? (
        <>
          {e.url ? (
            <a className="btn b-active" href={e.url}>
              Join online
            </a>
          ) : null}
          <a className="btn b-line" href="/capture">
            Scan QR
          </a>
        </>
      ) : null}
      {agenda.length ? (
        <section className="panel agenda" id="agenda" aria-labelledby="agenda-title">
          <h2 id="agenda-title">Programme</h2>
          <p className="muted">Times are on the event's clock ({e.timeZone.replace(/_/g, " ")}).</p>
          <Agenda sessions={agenda} slug={e.slug} />
        </section>
      ) : null}
      {attending ? (
        <section className="panel ok" id="join" aria-labelledby="join-title" data-attending="">
          <h2 id="join-title">You joined this event</h2>
          <p>
            <a className="btn b-upcoming" href={`/pass/${attending.pass}`}>
              Open your pass
            </a>{" "}
            <a className="btn b-line" href={`/e/${e.slug}/directory`}>
              Attendee directory
            </a>
          </p>
        </section>
      ) : (
        <section className="panel" id="join" aria-labelledby="join-title">
          <h2 id="join-title">{e.status === "past" ? "View Details" : "Join this event"}</h2>
          {refusal ? (
            <p className="note" role="status">
              {refusal}
            </p>
          ) : (
            <>
              <p className="muted">
                Have a KnowWho account? <a href={`/e/${e.slug}/join`}>Join with one of your cards</a>. Or join with your
                name and email: we send you your attendee pass.
              </p>
              <JoinForm e={e} state={state} />
            </>
          )}
        </section>
      )}
      <section className="panel" aria-labelledby="share-title">
        <h2 id="share-title">Share this event</h2>
        <img className="qr" src={`/e/${e.slug}/qr.svg`} alt={`QR code for ${e.title}`} width={192} height={192} />
        <p>
          Link: <a href={link}>{link}</a>
        </p>
      </section>
    </Doc>,
  );
}

export function renderJoined(e: OrgEvent, email: string): Promise<string> {
  return page(
    <Doc title={`Joined ${e.title}`} noindex>
      <section className="panel ok" role="status">
        <h1>You joined {e.title}</h1>
        <p>We sent your attendee pass to {email}. Open the link in that email to show your pass QR code.</p>
        <p>
          <a href={`/e/${e.slug}`}>Back to the event</a>
        </p>
      </section>
    </Doc>,
  );
}

export function renderEventNotFound(): Promise<string> {
  return page(
    <Doc title="Event not found" noindex>
      <h1>Event not found</h1>
      <p>This event does not exist, or its organiser took it down.</p>
      <p>
        <a className="btn b-upcoming" href="/">
          Go home
        </a>
      </p>
    </Doc>,
  );
}

/** What someone opening a pass's QR link without the app sees. */
export function renderBadge(e: OrgEvent, a: Pick<Attendee, "name">): Promise<string> {
  return page(
    <Doc title={`${a.name} at ${e.title}`} noindex>
      <h1>{a.name}</h1>
      <p>
        Attendee pass at <a href={`/e/${e.slug}`}>{e.title}</a>.
      </p>
      <p>
        To exchange details, attendees scan this code with <a href="/capture">Capture</a> in KnowWho.
      </p>
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
}: PassData) {
  const typed = settings.values;
  // A refused form shows the choices as they were sent, not as stored.
  const checked = (name: string, stored: boolean | undefined) => (typed ? typed[name] === "on" : stored);
  return page(
    <Doc title={`Your pass for ${e.title}`} noindex>
      <p>
        <span className={`badge ${e.status}`}>{STATUS_LABEL[e.status]}</span>
      </p>
      <h1>{a.name}</h1>
      <p className="muted">
        {[a.title, a.company].filter(Boolean).join(", ")}
        {a.title || a.company ? " · " : ""}
        Attendee pass for <a href={`/e/${e.slug}`}>{e.title}</a>
      </p>
      {notice ? (
        <p className="note ok" role="status">
          {notice}
        </p>
      ) : null}
      {/* The SVG is made by the QR library from our own badge link; nothing typed reaches it. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user text */}
      <div className="qr" role="img" aria-label="Your pass QR code" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p className="muted">
        Badge link: <span data-badge-link>{badgeUrl}</span>
      </p>
      <p className="muted">
        <When e={e} />
      </p>
      {signedIn ? (
        <p>
          <a href={`/e/${e.slug}/directory`}>Open the attendee directory</a>
        </p>
      ) : (
        <p className="muted">
          <a href={`/auth?mode=signup&redirectTo=${encodeURIComponent(`/pass/${a.passToken}`)}`}>Create an account</a>{" "}
          to browse the directory and keep the people you meet; this pass stays yours.
        </p>
      )}
      {waiting.length ? (
        <section className="panel" id="requests" aria-labelledby="requests-title">
          <h2 id="requests-title">Requests waiting for you</h2>
          <ul className="plain">
            {waiting.map((w) => (
              <li key={w.kind === "connect" ? `c-${w.fromId}` : `m-${w.id}`} data-request={w.kind}>
                <strong>{w.name}</strong>
                {w.company ? `, ${w.company}` : ""}
                {w.kind === "connect"
                  ? " asks to connect: accepting exchanges your details with each other."
                  : ` asks to meet: ${w.line}`}
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
                    Accept
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={w.kind === "connect" ? "decline" : "meeting-decline"}
                    className="btn b-line"
                  >
                    Decline
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {agenda.length ? (
        <section className="panel agenda" id="schedule" aria-labelledby="schedule-title">
          <h2 id="schedule-title">Your schedule</h2>
          <p className="muted">
            {schedule.size
              ? `${schedule.size} ${schedule.size === 1 ? "session" : "sessions"} on your schedule. `
              : "Add the sessions you mean to attend. "}
            {feedUrl ? (
              <>
                Subscribe to <a href={feedUrl}>your schedule's calendar feed</a> to see it in your calendar.
              </>
            ) : null}
          </p>
          <Agenda
            sessions={agenda}
            slug={e.slug}
            controls={(s) => {
              const mine = schedule.has(s.id);
              if (!mine && placesLeft(s) === 0) return null;
              return (
                <form method="post" action={`/pass/${a.passToken}#s-${s.id}`}>
                  <input type="hidden" name="intent" value={mine ? "schedule-remove" : "schedule-add"} />
                  <input type="hidden" name="session" value={s.id} />
                  {mine ? <strong data-on-schedule="">On your schedule </strong> : null}
                  <button type="submit" className={mine ? "btn b-line" : "btn b-upcoming"}>
                    {mine ? "Remove" : "Add to my schedule"}
                  </button>
                </form>
              );
            }}
          />
        </section>
      ) : null}
      {meetingTimes.length ? (
        <section className="panel" id="availability" aria-labelledby="avail-title">
          <h2 id="avail-title">When you can meet</h2>
          <p className="muted">
            {available.size
              ? "People can ask you to meet only at the times ticked, and never during your sessions or meetings."
              : "No times ticked: people can ask you at any meeting time you are free. Tick times to limit it."}
          </p>
          <form method="post" action={`/pass/${a.passToken}#availability`}>
            <input type="hidden" name="intent" value="availability" />
            {meetingTimes.map((t) => (
              <label key={t.startsAt} className="check">
                <input type="checkbox" name="at" value={t.startsAt} defaultChecked={available.has(t.startsAt)} />
                <span>
                  {formatLocal(t.startsAt)}, {t.minutes} min
                </span>
              </label>
            ))}
            <button type="submit" className="btn b-upcoming">
              Save my times
            </button>
          </form>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="dir-title">
        <h2 id="dir-title">The attendee directory</h2>
        <form method="post" noValidate>
          <input type="hidden" name="intent" value="settings" />
          {settings.errors ? (
            <p className="note" role="alert">
              Check the fields below: nothing was saved.
            </p>
          ) : null}
          <label className="check">
            <input type="checkbox" name="listed" defaultChecked={checked("listed", a.listed)} />
            <span>{DIRECTORY_CONSENT_TEXT}</span>
          </label>
          <label className="check">
            <input type="checkbox" name="updates" defaultChecked={checked("updates", hearsFromOrganiser)} />
            <span>{organiserMailConsentText(e.organiserName)}</span>
          </label>
          <VisibilityChoice legend="Who can see me" value={typed?.visibility ?? a.visibility} />
          {settings.errors?.visibility ? <p className="err">{settings.errors.visibility}</p> : null}
          <TextField id="p-interests" name="interests" label="Interests" state={settings} fallback={a.interests} />
          <TextField
            id="p-goals"
            name="goals"
            label="My goals for this event (private, for my matches)"
            state={settings}
            fallback={a.goals}
          />
          <button type="submit" className="btn b-upcoming">
            Save
          </button>
        </form>
      </section>
      <section className="panel" aria-labelledby="met-title">
        <h2 id="met-title">People you exchanged with</h2>
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
          <p className="muted">No one yet. Show your QR code to exchange.</p>
        )}
        <h2>Stands that scanned you</h2>
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
          <p className="muted">None.</p>
        )}
      </section>
      <section className="panel" aria-labelledby="leave-title">
        <h2 id="leave-title">Leave the event</h2>
        <p className="muted">Removes you from the attendees and the directory; you are asked once more first.</p>
        <form method="post">
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className="btn b-past">
            Leave {e.title}
          </button>
        </form>
      </section>
    </Doc>,
  );
}

/** The step before leaving: leaving cannot be undone, so it is asked on a page of its own. */
export function renderLeaveConfirm(e: OrgEvent, token: string): Promise<string> {
  return page(
    <Doc title={`Leave ${e.title}?`} noindex>
      <section className="panel" aria-labelledby="leave-title">
        <h1 id="leave-title">Leave {e.title}?</h1>
        <p>{LEAVE_CONSEQUENCE}</p>
        <form method="post" action={`/pass/${token}`}>
          <input type="hidden" name="intent" value="leave" />
          <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
          <button type="submit" className="btn b-past" data-confirm-step="leave">
            Leave {e.title}
          </button>
          <a className="btn b-line" href={`/pass/${token}`}>
            Keep my pass
          </a>
        </form>
      </section>
    </Doc>,
  );
}

export function renderLeft(e: OrgEvent): Promise<string> {
  return page(
    <Doc title={`You left ${e.title}`} noindex>
      <p className="note ok" role="status">
        You left {e.title}. You are no longer in its attendee directory.
      </p>
      <p>
        <a href="/">Go home</a>
      </p>
    </Doc>,
  );
}
