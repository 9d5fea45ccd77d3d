import { renderToString } from "react-dom/server";
import { initials, type PublicCard, safeHref, textOn } from "~/lib/card";
import { SITE } from "~/lib/site";

/**
 * The visitor card page: plain HTML with inline CSS and one small deferred script, so it renders in
 * one round trip on a phone and works with JavaScript off. React renders it only to escape text.
 */

export type Notice = { kind: "success" | "error"; title: string; description: string };

const CSS = `
*{box-sizing:border-box}html{color-scheme:light dark;-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}.panel,.card-body{background:#0f172a!important;border-color:#1e293b!important}.muted,.k{color:#94a3b8!important}.notes{color:#cbd5e1!important}.tagline{color:#c7d2fe!important}.btn-secondary{background:#1e293b!important;color:#e2e8f0!important}.toast{background:#0f172a!important;color:#e2e8f0!important;border-color:#334155!important}input{background:#020617!important;color:#e2e8f0!important;border-color:#334155!important}}
main{max-width:28rem;margin:0 auto;padding:1rem 1rem 3rem}
.card{border-radius:1.25rem;overflow:hidden;box-shadow:0 10px 30px rgba(15,23,42,.15)}
.card-head{background:var(--c);color:var(--fg);padding:1.5rem;display:flex;gap:1rem;align-items:center}
.t-bold .card-head{padding:2.25rem 1.5rem}.t-minimal .card-head{background:#fff;color:#0f172a;border-bottom:4px solid var(--c)}
.avatar{position:relative;flex:none;width:4.5rem;height:4.5rem;border-radius:50%;background:rgba(255,255,255,.2);display:grid;place-items:center;font-weight:700;font-size:1.6rem;overflow:hidden}
.t-minimal .avatar{background:var(--c);color:#fff}.avatar img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
h1{margin:0;font-size:1.5rem;line-height:1.2}.role{margin:.15rem 0 0;opacity:.9}.org{margin:0;opacity:.8;font-size:.95rem}
.card-body{background:#fff;padding:1.25rem 1.5rem}
.tagline{margin:0 0 1rem;font-weight:600;color:#334155;font-size:.9rem}
ul.links{list-style:none;margin:0;padding:0;display:grid;gap:.25rem}
ul.links a,ul.links>li>span{display:grid;grid-template-columns:5.25rem 1fr;gap:.5rem;align-items:baseline;padding:.45rem .25rem;color:inherit;text-decoration:none;border-radius:.5rem;overflow-wrap:anywhere}
ul.links a:hover{background:rgba(99,102,241,.08)}.k{font-size:.7rem;text-transform:uppercase;letter-spacing:.04em;white-space:nowrap;color:#475569}
.notes{white-space:pre-wrap;margin:1rem 0 0;color:#334155}.muted{color:#475569}
.actions{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;margin-top:1.25rem}
.btn{display:block;text-align:center;white-space:nowrap;padding:.8rem .5rem;border-radius:.6rem;font-weight:700;text-decoration:none;border:0;font-size:1rem;cursor:pointer;font-family:inherit}
.btn-primary{background:var(--c);color:var(--fg)}.btn-secondary{background:#e2e8f0;color:#0f172a}
.panel{margin-top:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem}
.panel h2{margin:0;font-size:1.2rem}.panel p{margin:.35rem 0 1rem}
label{display:block;font-weight:600;font-size:.9rem;margin:.75rem 0 .3rem}
input[type=text],input[type=email],input[type=tel]{width:100%;padding:.7rem .8rem;border:1px solid #cbd5e1;border-radius:.5rem;font:inherit;background:#fff;color:#0f172a}
.check{display:flex;gap:.6rem;align-items:flex-start;font-weight:400;margin-top:1rem}.check input{margin-top:.3rem;width:1.1rem;height:1.1rem}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.banner{padding:.75rem 1rem;border-radius:.6rem;margin:0 0 1rem;font-size:.95rem}
.ok{background:#dcfce7;color:#14532d}.bad{background:#fee2e2;color:#7f1d1d}.info{background:#e0e7ff;color:#312e81}.warn{background:#fef3c7;color:#78350f}
dialog{border:0;border-radius:1rem;padding:0;width:min(28rem,calc(100% - 2rem));max-height:calc(100% - 2rem)}dialog::backdrop{background:rgba(2,6,23,.6)}
dialog .panel{margin:0;border:0}.close{float:right;background:none;border:0;font-size:1.5rem;line-height:1;cursor:pointer;color:inherit;padding:.25rem .5rem}
footer{text-align:center;margin-top:2rem;font-size:.85rem}footer a{color:inherit}
#toasts{position:fixed;right:32px;bottom:32px;display:grid;gap:14px;width:min(356px,calc(100% - 32px));z-index:10}
@media (max-width:600px){#toasts{right:16px;bottom:16px}}
.toast{background:#fff;color:#0f172a;border:1px solid #e2e8f0;border-radius:.6rem;padding:.9rem 1rem;box-shadow:0 4px 12px rgba(0,0,0,.1);font-size:.9rem}
.toast strong{display:block}.toast.error{border-color:#fecaca;background:#fef2f2}.toast.success{border-color:#bbf7d0;background:#f0fdf4}
`;

function row(label: string, text: string, href: string | null) {
  return (
    <li key={`${label}-${text}`}>
      {href ? (
        <a
          href={href}
          rel={href.startsWith("https:") ? "noopener noreferrer" : undefined}
          target={href.startsWith("https:") ? "_blank" : undefined}
        >
          <span className="k">{label}</span>
          {text}
        </a>
      ) : (
        <span>
          <span className="k">{label}</span>
          {text}
        </span>
      )}
    </li>
  );
}

const PLATFORM_LABEL: Record<string, string> = {
  facebook: "Facebook",
  twitter: "X",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  github: "GitHub",
  youtube: "YouTube",
  generic: "Link",
};

function displayUrl(href: string) {
  return href.replace(/^https:\/\/(www\.)?/, "").replace(/\/$/, "");
}

export type CardPageOptions = {
  card: PublicCard;
  /** Where Save Contact and the share form go; null when share-back is off (unverified links). */
  vcardHref: string;
  shareAction: string | null;
  unverified?: boolean;
  notice?: Notice | null;
  values?: Record<string, string>;
  nonce: string;
  openShare?: boolean;
};

function CardPage({ card, vcardHref, shareAction, unverified, notice, values, openShare }: CardPageOptions) {
  const recipient = card.name;
  const email = card.email && safeHref(`mailto:${card.email}`);
  const phone = card.phone && safeHref(`tel:${card.phone.replace(/[^\d+]/g, "")}`);
  const website = safeHref(card.website);
  const linkedin = safeHref(card.linkedin);
  return (
    <main data-slug={card.slug ?? ""} data-name={card.name}>
      {unverified ? (
        <p className="banner warn" role="note">
          <strong>Unverified card.</strong> This link was not issued by {SITE.name}, so its details may not be genuine
          and sharing your details is turned off.
        </p>
      ) : null}
      <article
        className={`card t-${card.template}`}
        style={{ ["--c" as string]: card.colour, ["--fg" as string]: textOn(card.colour) }}
        aria-labelledby="card-name"
      >
        <div className="card-head">
          <div className="avatar" aria-hidden="true">
            {initials(card.name)}
            {/* Drawn over the initials; a missing image with empty alt shows nothing, so the initials remain. */}
            {card.avatarUrl ? <img src={card.avatarUrl} alt="" width={144} height={144} /> : null}
          </div>
          <div>
            <h1 id="card-name">{card.name}</h1>
            {card.title ? <p className="role">{card.title}</p> : null}
            {card.company ? <p className="org">{card.company}</p> : null}
          </div>
        </div>
        <div className="card-body">
          <p className="tagline">{SITE.tagline}</p>
          <ul className="links">
            {email ? row("Email", card.email ?? "", email) : null}
            {phone ? row("Phone", card.phone ?? "", phone) : null}
            {website ? row("Website", displayUrl(website), website) : null}
            {linkedin ? row("LinkedIn", displayUrl(linkedin), linkedin) : null}
            {card.location ? row("Location", card.location, null) : null}
            {card.socialAccounts.map((s) => {
              const href = safeHref(s.url);
              return href ? row(PLATFORM_LABEL[s.platform] ?? "Link", displayUrl(href), href) : null;
            })}
            {card.additionalContacts.map((c) => {
              const href =
                c.type === "email"
                  ? safeHref(`mailto:${c.value}`)
                  : c.type === "phone"
                    ? safeHref(`tel:${c.value.replace(/[^\d+]/g, "")}`)
                    : safeHref(c.value);
              const label =
                c.type === "email"
                  ? "Email"
                  : c.type === "phone"
                    ? "Phone"
                    : c.type === "website"
                      ? "Website"
                      : "Contact";
              return row(label, c.value, c.type === "generic" ? null : href);
            })}
          </ul>
          {card.notes ? <p className="notes">{card.notes}</p> : null}
          <div className="actions">
            <a className="btn btn-primary" href={vcardHref} download="" data-action="save">
              Save Contact
            </a>
            {shareAction ? (
              <a className="btn btn-secondary" href="#share" data-action="share">
                Share Your Info
              </a>
            ) : (
              <span className="btn btn-secondary" aria-disabled="true" title="Sharing is off for unverified cards">
                Share Your Info
              </span>
            )}
          </div>
        </div>
      </article>

      {shareAction ? (
        <section id="share" className="panel" aria-labelledby="share-title" data-open={openShare ? "true" : undefined}>
          <h2 id="share-title">Share Your Contact Information</h2>
          <p className="muted">Share your contact details with {recipient} to be added to their connections.</p>
          {card.activeEvent ? <p className="banner info">Meeting at {card.activeEvent}</p> : null}
          {notice ? (
            <div
              className={`banner ${notice.kind === "success" ? "ok" : "bad"}`}
              role={notice.kind === "success" ? "status" : "alert"}
            >
              <strong>{notice.title}</strong> {notice.description}
            </div>
          ) : null}
          <form method="post" action={shareAction} noValidate>
            <label htmlFor="share-name">Name</label>
            <input
              id="share-name"
              name="name"
              type="text"
              autoComplete="name"
              maxLength={100}
              defaultValue={values?.name}
              required
            />
            <label htmlFor="share-email">Email</label>
            <input
              id="share-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={values?.email}
              required
            />
            <label htmlFor="share-phone">
              Phone <span className="muted">(optional)</span>
            </label>
            <input
              id="share-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={40}
              defaultValue={values?.phone}
            />
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
        <a href="/">Made with {SITE.name}</a> · Your details go only to {recipient}.
      </footer>
      <section id="toasts" aria-label="Notifications" aria-live="polite" />
    </main>
  );
}

export function renderCardPage(options: CardPageOptions): string {
  const { card, nonce, unverified } = options;
  const title = `${card.name}${card.title ? `, ${card.title}` : ""}${card.company ? ` at ${card.company}` : ""}`;
  const body = renderToString(<CardPage {...options} />);
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // Without a nonce the page is the same for every visitor, so the edge can keep it (CSP allows 'self').
  const nonceAttr = nonce ? ` nonce="${esc(nonce)}"` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} | ${SITE.name}</title><meta name="description" content="${esc(`${card.name}'s digital business card. ${SITE.tagline}`)}">${unverified || card.unlisted ? '<meta name="robots" content="noindex">' : ""}<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style${nonceAttr}>${CSS}</style></head><body>${body}<script src="/card.js" defer${nonceAttr}></script></body></html>`;
}

export function renderCardNotFound(nonce: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Business Card Not Found | ${SITE.name}</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style nonce="${esc(nonce)}">${CSS}</style></head><body><main style="text-align:center;padding-top:4rem"><h1>Business Card Not Found</h1><p class="muted">The business card you're looking for is either invalid or has been removed.</p><p style="margin-top:2rem"><a class="btn btn-primary" style="--c:#4f46e5;--fg:#fff;display:inline-block;padding:.8rem 1.5rem" href="/">Go Home</a></p></main></body></html>`;
}
