import { Hono } from "hono";
import type { ReactNode } from "react";
import type { AppContext } from "~/context";
import { LOCALES, type Locale, localeDir } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { SITE } from "~/lib/site";
import { html } from "../platform/http.server";
import { LanguageLink } from "../platform/language-switch.server";
import { renderStatic } from "../platform/render-static.server";
import { visitorLocale } from "../platform/visitor-locale.server";
import { applyProviderEvent, recipientById, recordClick, unsubscribe, verifyProviderEvent } from "./events.server";
import { readRecipientToken } from "./tokens.server";

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

/** Mailings' public side: unsubscribe (page and RFC 8058 one-click), the click redirect, the provider's webhook. */
export const mailingRoutes = new Hono<HonoEnv>();

const CSS =
  `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem}.panel{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}button{border:0;border-radius:.5rem;padding:.65rem 1.1rem;font:inherit;font-weight:700;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}.muted{color:#475569;font-size:.9rem}
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}.panel{background:#0f172a;border-color:#1e293b}.muted{color:#94a3b8}a{color:#93c5fd}}`.replace(
    /\n/g,
    "",
  );

function page(title: string, children: ReactNode, locale: Locale = "en") {
  // The streaming renderer writes the doctype itself for an <html> root.
  return renderStatic(
    <html lang={locale} dir={localeDir(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${SITE.name}`}</title>
        <style>{CSS}</style>
      </head>
      <body>
        <main>
          <div className="panel">
            <h1>{title}</h1>
            {children}
          </div>
          <p className="muted">
            <a href="/">{SITE.name}</a>
          </p>
          {/* Links, so the choice works without JavaScript; the unsubscribe button posts to the chosen address. */}
          <nav className="muted" aria-label={translator(locale)("lang.label")}>
            {LOCALES.map((code) => (
              <span key={code}>
                {" "}
                <LanguageLink code={code} locale={locale} />
              </span>
            ))}
          </nav>
        </main>
      </body>
    </html>,
  );
}

const notFound = (locale: Locale, headers: Record<string, string>) => {
  const t = translator(locale);
  return html(page(t("unsub.invalid.title"), <p>{t("unsub.invalid.text")}</p>, locale), 404, "no-store", headers);
};

// In the visitor's language (decision 0194): the page, its button and its answer; the sender's name stays theirs.
mailingRoutes.get("/mail/u/:token", async (c) => {
  const app = c.get("app");
  const { locale, headers } = visitorLocale(c.req.raw);
  const t = translator(locale);
  const token = c.req.param("token");
  if (token === "test")
    return html(page(t("unsub.test.title"), <p>{t("unsub.test.text")}</p>, locale), 200, "no-store", headers);
  const id = await readRecipientToken(app.env, token, "u");
  const r = id ? await recipientById(app.db, id) : null;
  if (!r) return notFound(locale, headers);
  // A GET never unsubscribes (mail scanners follow links); the button posts, and works without JavaScript.
  return html(
    page(
      t("unsub.ask", { sender: r.owner_name }),
      <form method="post">
        <p>{t("unsub.askText", { email: r.email, sender: r.owner_name, site: SITE.name })}</p>
        <button type="submit">{t("mail.unsubscribe")}</button>
      </form>,
      locale,
    ),
    200,
    "no-store",
    headers,
  );
});

// The page's button and the RFC 8058 one-click POST (List-Unsubscribe=One-Click) both land here.
mailingRoutes.post("/mail/u/:token", async (c) => {
  const app = c.get("app");
  const { locale, headers } = visitorLocale(c.req.raw);
  const t = translator(locale);
  const id = await readRecipientToken(app.env, c.req.param("token"), "u");
  const r = id ? await unsubscribe(app.db, id) : null;
  if (!r) return notFound(locale, headers);
  return html(
    page(
      t("unsub.done.title"),
      <p role="status">{t("unsub.done.text", { email: r.email, sender: r.owner_name })}</p>,
      locale,
    ),
    200,
    "no-store",
    headers,
  );
});

mailingRoutes.get("/mail/c/:token", async (c) => {
  const app = c.get("app");
  const url = c.req.query("u") ?? "";
  const safe = URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  const id = safe ? await readRecipientToken(app.env, c.req.param("token"), `c:${url}`) : null;
  if (!id) {
    const { locale, headers } = visitorLocale(c.req.raw);
    return notFound(locale, headers);
  }
  // Counted after the answer, so the person is never kept waiting by the write.
  app.ctx.waitUntil(recordClick(app.db, id, url).catch((e) => console.error("mailing click", e)));
  return c.redirect(url, 302);
});

mailingRoutes.post("/api/mailings/webhook", async (c) => {
  const app = c.get("app");
  const body = await c.req.text();
  const event = await verifyProviderEvent(app.env, c.req.raw.headers, body);
  if (!event) return c.json({ error: "Invalid signature" }, 400);
  const outcome = await applyProviderEvent(app.db, event);
  return c.json(outcome === "duplicate" ? { received: true, duplicate: true } : { received: true });
});
