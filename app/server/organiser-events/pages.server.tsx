import { EVENT_TYPE_LABEL, type EventStatus } from "~/lib/events/rules";
import { CONFIRMED_FIELD } from "~/lib/forms/confirm";
import { placesLeft } from "~/lib/organiser-events/programme";
import {
  DIRECTORY_CONSENT_TEXT,
  formatLocal,
  JOIN_MESSAGES,
  LEAVE_CONSEQUENCE,
  organiserMailConsentText,
  VISIBILITY,
  VISIBILITY_LABEL,
} from "~/lib/organiser-events/rules";
import type { Attendee } from "./attendees.server";
import type { OrgEvent, PublicOrgEvent } from "./events.server";
import { Agenda, Doc, type FormState, page, STATUS_LABEL, TextField, When } from "./page-parts.server";
import type { AgendaSession } from "./programme.server";
import type { Waiting } from "./requests.server";

/**
 * Organiser events' public pages: plain HTML with inline CSS and no script, so they load in one round
 * trip, work without JavaScript and stay small. React renders them only to escape text.
 */

export type { FormState } from "./page-parts.server";
export type JoinState = FormState;

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
