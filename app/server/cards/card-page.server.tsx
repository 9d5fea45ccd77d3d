import { CardFace, colourVars, type FaceLabels } from "~/components/card/face";
import { cardIn, type PublicCard, SHARE_FIELDS } from "~/lib/card/card";
import { CARD_FACE_CSS_PAGE } from "~/lib/card/face-css";
import { DEFAULT_LOCALE, LOCALE_NAME, type Locale, localeDir } from "~/lib/i18n/locales";
import { type Translate, translator } from "~/lib/i18n/translate";
import { SITE } from "~/lib/site";
import { escapeHtml } from "~/lib/text/escape";
import { LanguageSwitch, SuggestTranslation } from "~/server/platform/language-switch.server";
import { renderStatic } from "~/server/platform/render-static.server";

/**
 * The visitor card page: plain HTML with inline CSS and one small deferred script, so it renders in
 * one round trip on a phone and works with JavaScript off. React renders it only to escape text.
 */

export type Notice = { kind: "success" | "error"; title: string; description: string };

const CSS =
  `
*{box-sizing:border-box}html{color-scheme:light dark;-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}.panel{background:#0f172a!important;border-color:#1e293b!important}.muted{color:#94a3b8!important}.toast{background:#0f172a!important;color:#e2e8f0!important;border-color:#334155!important}input,textarea{background:#020617!important;color:#e2e8f0!important;border-color:#334155!important}.field-error{color:#fca5a5}}
main{max-width:28rem;margin:0 auto;padding:1rem 1rem 3rem}.muted{color:#475569}
.support{margin:1rem 0 0}.support .btn{background:#047857;color:#fff;white-space:normal}
.panel{margin-top:1.5rem;background:#fff;border:1px solid #e2e8f0;border-top:4px solid var(--c);border-radius:1rem;padding:1.25rem}
.panel h2{margin:0;font-size:1.2rem}.panel p{margin:.35rem 0 1rem}
label{display:block;font-weight:600;font-size:.9rem;margin:.75rem 0 .3rem}
input[type=text],input[type=email],input[type=tel],textarea{width:100%;padding:.7rem .8rem;border:1px solid #cbd5e1;border-radius:.5rem;font:inherit;background:#fff;color:#0f172a}
input:focus-visible,textarea:focus-visible,.btn:focus-visible{outline:3px solid var(--c);outline-offset:2px}
.check{display:flex;gap:.6rem;align-items:flex-start;font-weight:400;margin-top:1rem}.check input{margin-top:.3rem;width:1.1rem;height:1.1rem;accent-color:var(--c)}
.field-error{margin:.3rem 0 0;color:#b91c1c;font-size:.9rem;font-weight:600}[aria-invalid=true]{border-color:#b91c1c!important;border-width:2px!important}
.hp{position:absolute;inset-inline-start:-10000px;width:1px;height:1px;overflow:hidden}
.banner{padding:.75rem 1rem;border-radius:.6rem;margin:0 0 1rem;font-size:.95rem}
.ok{background:#dcfce7;color:#14532d}.bad{background:#fee2e2;color:#7f1d1d}.info{background:#e0e7ff;color:#312e81}.warn{background:#fef3c7;color:#78350f}
.done{margin:0 0 1.25rem;padding:1.25rem;border-radius:1rem;background:#dcfce7;color:#14532d;border-inline-start:6px solid #16a34a}.done h1{margin:0 0 .25rem;font-size:1.35rem}.done p{margin:0 0 .75rem}.done .btn{display:inline-block;padding:.6rem 1rem}
dialog{border:0;border-radius:1rem;padding:0;width:min(28rem,calc(100% - 2rem));max-height:calc(100% - 2rem)}dialog::backdrop{background:rgba(2,6,23,.6)}
dialog .panel{margin:0;border:0;border-top:4px solid var(--c)}.close{float:inline-end;background:none;border:0;font-size:1.5rem;line-height:1;cursor:pointer;color:inherit;padding:.25rem .5rem}
footer{text-align:center;margin-top:2rem;font-size:.8rem}footer p{margin:.2rem 0}footer a{color:inherit}
#toasts{position:fixed;inset-inline-end:32px;bottom:32px;display:grid;gap:14px;width:min(356px,calc(100% - 32px));z-index:10}
@media (max-width:600px){#toasts{inset-inline-end:16px;bottom:16px}}
.alt-lang{text-align:center;margin:.5rem 0}.alt-lang a{display:inline-block;padding:.4rem .6rem;font-weight:600}.langs{margin-top:.75rem}.langs summary{cursor:pointer;display:inline-block;padding:.4rem .6rem}.langs ul{list-style:none;padding:0;margin:.25rem 0 0;display:flex;flex-wrap:wrap;justify-content:center;gap:.25rem .5rem}.langs a{display:inline-block;padding:.4rem .5rem}.langs a[aria-current]{font-weight:700}
.toast{background:#fff;color:#0f172a;border:1px solid #e2e8f0;border-radius:.6rem;padding:.9rem 1rem;box-shadow:0 4px 12px rgba(0,0,0,.1);font-size:.9rem}
.toast strong{display:block}.toast.error{border-color:#fecaca;background:#fef2f2}.toast.success{border-color:#bbf7d0;background:#f0fdf4}
`.replace(/\n/g, "") + CARD_FACE_CSS_PAGE;

export type CardPageOptions = {
  card: PublicCard;
  /** Where Save Contact and the share form go; null when share-back is off (unverified links). */
  vcardHref: string;
  /** The vCard 4.0 with both of the card's languages (decision 0249), offered beside the language link. */
  vcard4Href?: string;
  shareAction: string | null;
  unverified?: boolean;
  notice?: Notice | null;
  values?: Record<string, string>;
  /** Messages shown beside their fields after a refused share-back. */
  fieldErrors?: Record<string, string>;
  nonce: string;
  openShare?: boolean;
  /** The confirmation after a no-JavaScript share-back, shown first on its own page. */
  shared?: { title: string; description: string } | null;
  /** The visitor's language; English when absent. */
  locale?: Locale;
};

const faceLabels = (t: Translate): FaceLabels => ({
  save: t("card.save"),
  share: t("card.share"),
  email: t("card.row.email"),
  phone: t("card.row.phone"),
  website: t("card.row.website"),
  location: t("card.row.location"),
  contact: t("card.row.contact"),
  link: t("card.row.link"),
});

/** The card's other language, one tap away: the page in that language shows the owner's version in it. */
function OtherVersion({
  card,
  locale,
  vcard4Href,
  t,
}: {
  card: PublicCard;
  locale: Locale;
  vcard4Href?: string;
  t: Translate;
}) {
  const second = card.second;
  if (!second) return null;
  const other = locale === second.lang ? second.primary : second.lang;
  return (
    <p className="alt-lang">
      <a href={`?lang=${other}`} lang={other} hrefLang={other}>
        {LOCALE_NAME[other]}
      </a>
      {vcard4Href ? (
        <>
          {" · "}
          <a href={vcard4Href} download="" data-vcard4="">
            {t("card.vcard4", { primary: LOCALE_NAME[second.primary], second: LOCALE_NAME[second.lang] })}
          </a>
        </>
      ) : null}
    </p>
  );
}

function ShareInputField({
  id,
  label,
  value,
  type = "text",
  autoComplete,
  max,
  optional,
  error,
  t,
}: {
  t: Translate;
  id: string;
  label: string;
  value: string | undefined;
  type?: "text" | "email" | "tel" | "textarea";
  autoComplete?: string;
  max: number;
  optional?: boolean;
  error?: string;
}) {
  // card.js draws its errors with the same ids and class, so both paths read alike to screen readers.
  const invalid = error
    ? { "aria-invalid": true as const, "aria-describedby": `share-error-${id}` }
    : { "aria-invalid": undefined, "aria-describedby": undefined };
  return (
    <>
      <label htmlFor={`share-field-${id}`}>
        {label} {optional ? <span className="muted">{t("share.optional")}</span> : null}
      </label>
      {type === "textarea" ? (
        <textarea id={`share-field-${id}`} name={id} rows={3} maxLength={max} defaultValue={value} {...invalid} />
      ) : (
        <input
          id={`share-field-${id}`}
          name={id}
          type={type}
          autoComplete={autoComplete}
          maxLength={max}
          defaultValue={value}
          required={!optional}
          {...invalid}
        />
      )}
      {error ? (
        <p className="field-error" id={`share-error-${id}`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export function CardPage({
  card,
  vcardHref,
  vcard4Href,
  shareAction,
  unverified,
  notice,
  values,
  fieldErrors: errors = {},
  openShare,
  shared,
  locale = DEFAULT_LOCALE,
}: CardPageOptions) {
  const t = translator(locale);
  const recipient = card.name;
  const asked = card.shareFields ?? SHARE_FIELDS;
  return (
    <main
      className="kw"
      style={colourVars(card.colour)}
      data-slug={card.slug ?? ""}
      data-name={card.name}
      data-msg={JSON.stringify(scriptMessages(t, card.name))}
    >
      {shared ? (
        <section id="shared" className="done" role="status" aria-labelledby="shared-title">
          <h1 id="shared-title">{shared.title}</h1>
          <p>{shared.description}</p>
          <a className="btn btn-primary" href={vcardHref} download="">
            {t("card.saveNamed", { name: recipient })}
          </a>
        </section>
      ) : null}
      {unverified ? (
        <p className="banner warn" role="note">
          <strong>{t("card.unverified.title")}</strong> {t("card.unverified.body", { site: SITE.name })}
        </p>
      ) : null}
      <CardFace
        card={card}
        heading={shared ? "p" : "h1"}
        labels={faceLabels(t)}
        actions={{
          saveHref: vcardHref,
          shareHref: shareAction && !shared ? "#share" : null,
          shareOffReason: shared ? undefined : t("card.shareOff"),
        }}
      />
      {card.second ? <OtherVersion card={card} locale={locale} vcard4Href={vcard4Href} t={t} /> : null}
      {card.campaign && card.id ? (
        <p className="support">
          <a className="btn" href={`/fundraising/${encodeURIComponent(card.campaign.id)}?src=card&card=${card.id}`}>
            {t("card.support", { campaign: card.campaign.title })}
          </a>
        </p>
      ) : null}

      {shareAction && !shared ? (
        <section id="share" className="panel" aria-labelledby="share-title" data-open={openShare ? "true" : undefined}>
          <h2 id="share-title">{t("share.title")}</h2>
          <p className="muted">{t("share.intro", { recipient })}</p>
          {card.activeEvent ? <p className="banner info">{t("share.meetingAt", { event: card.activeEvent })}</p> : null}
          {notice ? (
            <div
              id="share-notice"
              className={`banner ${notice.kind === "success" ? "ok" : "bad"}`}
              role={notice.kind === "success" ? "status" : "alert"}
            >
              <strong>{notice.title}</strong> {notice.description}
            </div>
          ) : null}
          {/* The fragment brings a no-JavaScript visitor back to this form when it answers with an error. */}
          <form method="post" action={`${shareAction}#share`} noValidate>
            {/* The answer comes back in the language of the page it was sent from, cookie or not. */}
            <input type="hidden" name="lang" value={locale} />
            <ShareInputField
              t={t}
              id="name"
              label={t("share.field.name")}
              value={values?.name}
              error={errors.name}
              autoComplete="name"
              max={100}
            />
            <ShareInputField
              t={t}
              id="email"
              label={t("share.field.email")}
              type="email"
              value={values?.email}
              error={errors.email}
              autoComplete="email"
              max={254}
            />
            <ShareInputField
              t={t}
              id="phone"
              label={t("share.field.phone")}
              type="tel"
              value={values?.phone}
              error={errors.phone}
              autoComplete="tel"
              max={40}
              optional
            />
            {asked.includes("company") ? (
              <ShareInputField
                t={t}
                id="company"
                label={t("share.field.company")}
                value={values?.company}
                error={errors.company}
                autoComplete="organization"
                max={120}
                optional
              />
            ) : null}
            {asked.includes("title") ? (
              <ShareInputField
                t={t}
                id="title"
                label={t("share.field.title")}
                value={values?.title}
                error={errors.title}
                autoComplete="organization-title"
                max={120}
                optional
              />
            ) : null}
            {asked.includes("note") ? (
              <ShareInputField
                t={t}
                id="note"
                label={t("share.field.note")}
                type="textarea"
                value={values?.note}
                error={errors.note}
                max={500}
                optional
              />
            ) : null}
            <div className="hp" aria-hidden="true">
              <label htmlFor="share-company-website">{t("share.honeypot")}</label>
              <input id="share-company-website" name="company_website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <label className="check" htmlFor="share-consent">
              <input id="share-consent" name="consent" type="checkbox" defaultChecked={values?.consent === "on"} />
              <span>{t("share.consent", { recipient })}</span>
            </label>
            <label className="check" htmlFor="share-updates">
              <input id="share-updates" name="updates" type="checkbox" defaultChecked={values?.updates === "on"} />
              <span>{t("share.news", { recipient })}</span>
            </label>
            <button className="btn btn-primary" type="submit" style={{ width: "100%", marginTop: "1.25rem" }}>
              {t("share.submit")}
            </button>
          </form>
        </section>
      ) : null}

      <footer className="muted">
        <p>{t("card.footer.only", { recipient })}</p>
        <p>
          <a href="/">{t("card.footer.made", { site: SITE.name })}</a> · {t("card.footer.tagline")}
        </p>
        <LanguageSwitch locale={locale} t={t} />
        <SuggestTranslation page={card.slug ? `/c/${card.slug}` : undefined} locale={locale} t={t} />
      </footer>
      <section id="toasts" aria-label={t("toast.region")} aria-live="polite" />
    </main>
  );
}

/** The words card.js shows (its toasts and in-place errors), formatted here so the page ships no catalog. */
function scriptMessages(t: Translate, name: string) {
  return {
    missingTitle: t("share.missing.title"),
    missing: t("share.missing.body"),
    sending: t("share.sending"),
    errorTitle: t("share.error.title"),
    error: t("share.error.body"),
    close: t("dialog.close"),
    closeToast: t("toast.close"),
    savedTitle: t("card.saved.title"),
    saved: t("card.saved.body", { name }),
    saveFailedTitle: t("card.saveFailed.title"),
    saveFailed: t("card.saveFailed.body"),
  };
}

function pageTitle(t: Translate, card: PublicCard) {
  const name = card.name;
  if (card.title && card.company)
    return t("card.pageTitle.titleAndCompany", { name, title: card.title, company: card.company });
  if (card.title) return t("card.pageTitle.title", { name, title: card.title });
  if (card.company) return t("card.pageTitle.company", { name, company: card.company });
  return name;
}

/** `<html>`'s opening tag for a language: its code and its direction. */
export const htmlOpen = (locale: Locale) => `<html lang="${locale}" dir="${localeDir(locale)}">`;

export async function renderCardPage(options: CardPageOptions): Promise<string> {
  const { nonce, unverified } = options;
  const locale = options.locale ?? DEFAULT_LOCALE;
  // The owner's own version in the visitor's language, when they wrote one; else the card as written.
  const card = cardIn(options.card, locale);
  const t = translator(locale);
  const title = pageTitle(t, card);
  const body = await renderStatic(<CardPage {...options} card={card} />);
  const esc = escapeHtml;
  // Without a nonce the page is the same for every visitor, so the edge can keep it (CSP allows 'self').
  const nonceAttr = nonce ? ` nonce="${esc(nonce)}"` : "";
  return `<!doctype html>${htmlOpen(locale)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${options.shared ? `${esc(options.shared.title)} | ` : ""}${esc(title)} | ${SITE.name}</title><meta name="description" content="${esc(`${t("card.description", { name: card.name })}${card.headline ? ` ${card.headline}` : ""}`)}">${unverified || card.unlisted || options.shared ? '<meta name="robots" content="noindex">' : ""}<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style${nonceAttr}>${CSS}</style></head><body>${body}<script src="/card.js" defer${nonceAttr}></script></body></html>`;
}

export function renderCardNotFound(nonce: string, locale: Locale = DEFAULT_LOCALE): string {
  const esc = escapeHtml;
  const t = translator(locale);
  // Text between tags needs only these three escaped; the specification's "you're" stays as written.
  const text = (s: string) => s.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
  return `<!doctype html>${htmlOpen(locale)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(t("card.notFound.title"))} | ${SITE.name}</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style nonce="${esc(nonce)}">${CSS}</style></head><body><main class="kw" style="text-align:center;padding-top:4rem;--c:#4f46e5;--fg:#fff"><h1>${text(t("card.notFound.title"))}</h1><p class="muted">${text(t("card.notFound.body"))}</p><p style="margin-top:2rem"><a class="btn btn-primary" style="display:inline-block;padding:.8rem 1.5rem" href="/">${text(t("card.notFound.home"))}</a></p></main></body></html>`;
}

/**
 * A paused card's page (its holder left the team, decision 0236): it says the card is no longer active and offers the
 * team's main card when there is one, never a stranger's card and never "not found".
 */
export function renderCardPaused(
  nonce: string,
  locale: Locale,
  paused: { team: string; main: { slug: string; name: string } | null },
): string {
  const esc = escapeHtml;
  const t = translator(locale);
  const team = paused.team || SITE.name;
  const main = paused.main
    ? `<p style="margin-top:2rem"><a class="btn btn-primary" style="display:inline-block;padding:.8rem 1.5rem" href="/c/${esc(encodeURIComponent(paused.main.slug))}">${esc(t("card.paused.main", { team }))}</a></p>`
    : `<p style="margin-top:2rem"><a class="btn btn-primary" style="display:inline-block;padding:.8rem 1.5rem" href="/">${esc(t("card.notFound.home"))}</a></p>`;
  return `<!doctype html>${htmlOpen(locale)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(t("card.paused.title"))} | ${SITE.name}</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style nonce="${esc(nonce)}">${CSS}</style></head><body><main class="kw" style="text-align:center;padding-top:4rem;--c:#4f46e5;--fg:#fff"><h1>${esc(t("card.paused.title"))}</h1><p class="muted">${esc(t("card.paused.body", { team }))}</p>${main}</main></body></html>`;
}
