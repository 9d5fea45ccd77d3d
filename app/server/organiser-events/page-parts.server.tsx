// The public pages' shell (one inline stylesheet, no script) and the parts every page uses.
import { Fragment, type ReactNode } from "react";
import type { EventStatus } from "~/lib/events/rules";
import { formatCount } from "~/lib/i18n/format";
import { DEFAULT_LOCALE, type Locale, localeDir } from "~/lib/i18n/locales";
import { type MessageKey, type MessageValues, type Translate, translator } from "~/lib/i18n/translate";
import { clockTime, placesLeft } from "~/lib/organiser-events/programme";
import { formatLocal, formatLocalDay } from "~/lib/organiser-events/rules";
import { SITE } from "~/lib/site";
import { zoneName } from "~/lib/time/time";
import { LanguageSwitch, SuggestTranslation } from "~/server/platform/language-switch.server";
import { renderStatic } from "~/server/platform/render-static.server";
import type { OrgEvent } from "./events.server";
import type { AgendaSession } from "./programme.server";

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
.langs{font-size:.85rem;margin:0 0 .5rem;text-align:end}.langs summary{cursor:pointer;display:inline-block;padding:.2rem .4rem}.langs ul{list-style:none;padding:0;margin:.25rem 0;display:flex;flex-wrap:wrap;gap:.25rem .75rem;justify-content:flex-end}.langs a[aria-current=true]{font-weight:700}
.agenda h3{font-size:1rem;margin:1rem 0 .25rem}.agenda article{padding:.6rem 0;border-top:1px solid #e2e8f0}.agenda h4{margin:.1rem 0;font-size:1rem}.agenda p{margin:.2rem 0}.agenda form{display:inline}.agenda .btn{margin:.4rem .5rem 0 0;padding:.4rem .8rem}
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}.panel{background:#0f172a;border-color:#1e293b}.muted{color:#94a3b8}a{color:#93c5fd}.b-line{color:#86efac;border-color:#4ade80}input[type=text],input[type=email],select,textarea{background:#020617;color:#e2e8f0}}`.replace(
  /\n/g,
  "",
);

/** A message with links or markup inside: each node takes its placeholder's place, wherever the language puts it. */
const MARK = "\u0001";
export function rich(
  t: Translate,
  key: MessageKey,
  nodes: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode {
  const list = Object.values(nodes);
  const marked = Object.fromEntries(Object.keys(nodes).map((name, i) => [name, `${MARK}${i}${MARK}`]));
  return (
    t(key, { ...values, ...marked })
      .split(MARK)
      // biome-ignore lint/suspicious/noArrayIndexKey: the message's own order, rendered once
      .map((part, i) => (i % 2 ? <Fragment key={i}>{list[Number(part)]}</Fragment> : part))
  );
}

export function Doc({
  title,
  children,
  noindex,
  description,
  locale = DEFAULT_LOCALE,
  keep,
  page,
}: {
  title: string;
  children: ReactNode;
  noindex?: boolean;
  description?: string;
  locale?: Locale;
  keep?: Record<string, string>;
  /** The page's public path: read in another language than English, its footer offers a correction (0270). */
  page?: string;
}) {
  const t = translator(locale);
  return (
    <html lang={locale} dir={localeDir(locale)}>
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
          <LanguageSwitch locale={locale} t={t} keep={keep} />
          {children}
          <footer className="muted">
            <p>{rich(t, "event.footer", { site: <a href="/">{SITE.name}</a> })}</p>
            <SuggestTranslation page={page} locale={locale} t={t} />
          </footer>
        </main>
      </body>
    </html>
  );
}

// The streaming renderer writes the doctype itself for an <html> root.
export const page = (node: ReactNode) => renderStatic(node);

export const statusLabel = (t: Translate, status: EventStatus) => t(`event.status.${status}`);

export function When({ e, t, locale }: { e: OrgEvent; t: Translate; locale: Locale }) {
  return (
    <>
      {rich(
        t,
        "event.when",
        {
          start: <time dateTime={e.startsAt}>{formatLocal(e.startsAt, locale)}</time>,
          end: <time dateTime={e.endsAt}>{formatLocal(e.endsAt, locale)}</time>,
        },
        { zone: zoneName(e.timeZone) },
      )}
    </>
  );
}

/** The pass in a wallet (only where the operator set its keys, like the card's buttons) and the event's calendar file. */
export function WalletLinks({
  token,
  slug,
  wallet,
  t,
}: {
  token: string;
  slug: string;
  wallet: { apple: boolean; google: boolean };
  t: Translate;
}) {
  return (
    <p data-wallet="">
      {wallet.apple ? (
        <a className="btn b-past" href={`/pass/${token}/wallet.pkpass`}>
          {t("pass.wallet.apple")}
        </a>
      ) : null}
      {wallet.google ? (
        <a className="btn b-past" href={`/pass/${token}/google-wallet`}>
          {t("pass.wallet.google")}
        </a>
      ) : null}
      <a className="btn b-line" href={`/e/${slug}/event.ics`}>
        {t("event.session.calendar")}
      </a>
    </p>
  );
}

/** A refused form: what was typed, and each field's message by its name ("form" for the whole form). */
export type FormState = { values?: Record<string, string>; errors?: Record<string, string> };
/** A labelled text input with its own message beside it, keeping what was typed. */
export function TextField({
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

/** The sessions by day, each with its time, room, track, speakers and seats; the pass adds its own controls. */
export function Agenda({
  sessions,
  slug,
  controls,
  t,
  locale,
}: {
  sessions: AgendaSession[];
  slug: string;
  controls?: (s: AgendaSession) => ReactNode;
  t: Translate;
  locale: Locale;
}) {
  const days = Map.groupBy(sessions, (s) => s.startsAt.slice(0, 10));
  return (
    <>
      {[...days].map(([day, list]) => (
        <div key={day}>
          <h3>{formatLocalDay(day, locale)}</h3>
          {list.map((s) => {
            const left = placesLeft(s);
            return (
              <article key={s.id} id={`s-${s.id}`} data-session={s.id}>
                <p className="muted">
                  {rich(t, "event.session.time", {
                    start: <time dateTime={s.startsAt}>{clockTime(s.startsAt, locale)}</time>,
                    end: <time dateTime={s.endsAt}>{clockTime(s.endsAt, locale)}</time>,
                  })}
                  {[s.room, s.track].map((x) => (x ? ` · ${x}` : "")).join("")}
                </p>
                <h4>{s.title}</h4>
                {s.speakers.length ? (
                  <p>
                    {rich(t, "event.session.with", {
                      speakers: s.speakers.map((p, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the organiser's order, rendered once
                        <span key={i}>
                          {i ? ", " : ""}
                          {p.cardSlug ? <a href={`/c/${p.cardSlug}`}>{p.name}</a> : p.name}
                          {p.company ? ` (${p.company})` : ""}
                        </span>
                      )),
                    })}
                  </p>
                ) : null}
                {s.description ? <p style={{ whiteSpace: "pre-line" }}>{s.description}</p> : null}
                <p>
                  {left === 0 ? (
                    <strong data-full="">{t("event.session.full")}</strong>
                  ) : s.capacity !== null ? (
                    <span className="muted">
                      {t("event.session.capacity", { capacity: formatCount(s.capacity, locale) })}
                    </span>
                  ) : null}{" "}
                  <a href={`/e/${slug}/sessions/${s.id}.ics`}>{t("event.session.calendar")}</a>
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

/** What an attendee without a place reads where their pass would be, in their language: no QR, nothing to scan. */
export function renderNoPass(
  e: { title: string; slug: string },
  a: { state: "pending" | "waitlist" | "declined" },
  locale: Locale = DEFAULT_LOCALE,
) {
  const t = translator(locale);
  return page(
    <Doc title={e.title} noindex locale={locale}>
      <h1 dir="auto">{e.title}</h1>
      <p className="note" role="status" data-attendee-state={a.state}>
        {t(`pass.place.${a.state}`, { title: e.title })}
      </p>
      <p>
        <a href={`/e/${e.slug}`}>{t("event.back")}</a>
      </p>
    </Doc>,
  );
}
