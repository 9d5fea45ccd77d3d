import { CardFace, colourVars } from "~/components/card/face";
import { type PublicCard, SHARE_FIELD_LABEL, SHARE_FIELDS } from "~/lib/card/card";
import { CARD_FACE_CSS_PAGE } from "~/lib/card/face-css";
import { SITE } from "~/lib/site";
import { escapeHtml } from "~/lib/text/escape";
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
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.banner{padding:.75rem 1rem;border-radius:.6rem;margin:0 0 1rem;font-size:.95rem}
.ok{background:#dcfce7;color:#14532d}.bad{background:#fee2e2;color:#7f1d1d}.info{background:#e0e7ff;color:#312e81}.warn{background:#fef3c7;color:#78350f}
.done{margin:0 0 1.25rem;padding:1.25rem;border-radius:1rem;background:#dcfce7;color:#14532d;border-left:6px solid #16a34a}.done h1{margin:0 0 .25rem;font-size:1.35rem}.done p{margin:0 0 .75rem}.done .btn{display:inline-block;padding:.6rem 1rem}
dialog{border:0;border-radius:1rem;padding:0;width:min(28rem,calc(100% - 2rem));max-height:calc(100% - 2rem)}dialog::backdrop{background:rgba(2,6,23,.6)}
dialog .panel{margin:0;border:0;border-top:4px solid var(--c)}.close{float:right;background:none;border:0;font-size:1.5rem;line-height:1;cursor:pointer;color:inherit;padding:.25rem .5rem}
footer{text-align:center;margin-top:2rem;font-size:.8rem}footer p{margin:.2rem 0}footer a{color:inherit}
#toasts{position:fixed;right:32px;bottom:32px;display:grid;gap:14px;width:min(356px,calc(100% - 32px));z-index:10}
@media (max-width:600px){#toasts{right:16px;bottom:16px}}
.toast{background:#fff;color:#0f172a;border:1px solid #e2e8f0;border-radius:.6rem;padding:.9rem 1rem;box-shadow:0 4px 12px rgba(0,0,0,.1);font-size:.9rem}
.toast strong{display:block}.toast.error{border-color:#fecaca;background:#fef2f2}.toast.success{border-color:#bbf7d0;background:#f0fdf4}
`.replace(/\n/g, "") + CARD_FACE_CSS_PAGE;

export type CardPageOptions = {
  card: PublicCard;
  /** Where Save Contact and the share form go; null when share-back is off (unverified links). */
  vcardHref: string;
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
};

function ShareInputField({
  id,
  label,
  value,
  type = "text",
  autoComplete,
  max,
  optional,
  error,
}: {
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
        {label} {optional ? <span className="muted">(optional)</span> : null}
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
  shareAction,
  unverified,
  notice,
  values,
  fieldErrors: errors = {},
  openShare,
  shared,
}: CardPageOptions) {
  const recipient = card.name;
  const asked = card.shareFields ?? SHARE_FIELDS;
  return (
    <main className="kw" style={colourVars(card.colour)} data-slug={card.slug ?? ""} data-name={card.name}>
      {shared ? (
        <section id="shared" className="done" role="status" aria-labelledby="shared-title">
          <h1 id="shared-title">{shared.title}</h1>
          <p>{shared.description}</p>
          <a className="btn btn-primary" href={vcardHref} download="">
            Save {recipient}'s contact
          </a>
        </section>
      ) : null}
      {unverified ? (
        <p className="banner warn" role="note">
          <strong>Unverified card.</strong> This link was not issued by {SITE.name}, so its details may not be genuine
          and sharing your details is turned off.
        </p>
      ) : null}
      <CardFace
        card={card}
        heading={shared ? "p" : "h1"}
        actions={{
          saveHref: vcardHref,
          shareHref: shareAction && !shared ? "#share" : null,
          shareOffReason: shared ? undefined : "Sharing is off for unverified cards",
        }}
      />
      {card.campaign && card.id ? (
        <p className="support">
          <a className="btn" href={`/fundraising/${encodeURIComponent(card.campaign.id)}?src=card&card=${card.id}`}>
            Support {card.campaign.title}
          </a>
        </p>
      ) : null}

      {shareAction && !shared ? (
        <section id="share" className="panel" aria-labelledby="share-title" data-open={openShare ? "true" : undefined}>
          <h2 id="share-title">Share Your Contact Information</h2>
          <p className="muted">Share your contact details with {recipient} to be added to their connections.</p>
          {card.activeEvent ? <p className="banner info">Meeting at {card.activeEvent}</p> : null}
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
            <ShareInputField
              id="name"
              label="Name"
              value={values?.name}
              error={errors.name}
              autoComplete="name"
              max={100}
            />
            <ShareInputField
              id="email"
              label="Email"
              type="email"
              value={values?.email}
              error={errors.email}
              autoComplete="email"
              max={254}
            />
            <ShareInputField
              id="phone"
              label="Phone"
              type="tel"
              value={values?.phone}
              error={errors.phone}
              autoComplete="tel"
              max={40}
              optional
            />
            {asked.includes("company") ? (
              <ShareInputField
                id="company"
                label={SHARE_FIELD_LABEL.company}
                value={values?.company}
                error={errors.company}
                autoComplete="organization"
                max={120}
                optional
              />
            ) : null}
            {asked.includes("title") ? (
              <ShareInputField
                id="title"
                label={SHARE_FIELD_LABEL.title}
                value={values?.title}
                error={errors.title}
                autoComplete="organization-title"
                max={120}
                optional
              />
            ) : null}
            {asked.includes("note") ? (
              <ShareInputField
                id="note"
                label={SHARE_FIELD_LABEL.note}
                type="textarea"
                value={values?.note}
                error={errors.note}
                max={500}
                optional
              />
            ) : null}
            <div className="hp" aria-hidden="true">
              <label htmlFor="share-company-website">Leave this empty</label>
              <input id="share-company-website" name="company_website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <label className="check" htmlFor="share-consent">
              <input id="share-consent" name="consent" type="checkbox" />
              <span>{recipient} may contact me about what we discussed.</span>
            </label>
            <button className="btn btn-primary" type="submit" style={{ width: "100%", marginTop: "1.25rem" }}>
              Share
            </button>
          </form>
        </section>
      ) : null}

      <footer className="muted">
        <p>Your details go only to {recipient}.</p>
        <p>
          <a href="/">Made with {SITE.name}</a> · {SITE.tagline}
        </p>
      </footer>
      <section id="toasts" aria-label="Notifications" aria-live="polite" />
    </main>
  );
}

export async function renderCardPage(options: CardPageOptions): Promise<string> {
  const { card, nonce, unverified } = options;
  const title = `${card.name}${card.title ? `, ${card.title}` : ""}${card.company ? ` at ${card.company}` : ""}`;
  const body = await renderStatic(<CardPage {...options} />);
  const esc = escapeHtml;
  // Without a nonce the page is the same for every visitor, so the edge can keep it (CSP allows 'self').
  const nonceAttr = nonce ? ` nonce="${esc(nonce)}"` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${options.shared ? `${esc(options.shared.title)} | ` : ""}${esc(title)} | ${SITE.name}</title><meta name="description" content="${esc(`${card.name}'s digital business card.${card.headline ? ` ${card.headline}` : ""}`)}">${unverified || card.unlisted || options.shared ? '<meta name="robots" content="noindex">' : ""}<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style${nonceAttr}>${CSS}</style></head><body>${body}<script src="/card.js" defer${nonceAttr}></script></body></html>`;
}

export function renderCardNotFound(nonce: string): string {
  const esc = escapeHtml;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Business Card Not Found | ${SITE.name}</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style nonce="${esc(nonce)}">${CSS}</style></head><body><main class="kw" style="text-align:center;padding-top:4rem;--c:#4f46e5;--fg:#fff"><h1>Business Card Not Found</h1><p class="muted">The business card you're looking for is either invalid or has been removed.</p><p style="margin-top:2rem"><a class="btn btn-primary" style="display:inline-block;padding:.8rem 1.5rem" href="/">Go Home</a></p></main></body></html>`;
}
