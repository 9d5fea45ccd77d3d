import { type Context, Hono, type Next } from "hono";
import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import { CARD_LINK_PREFIX, OLD_CARD_LINK_PREFIX } from "~/lib/card/link";
import { coalescing } from "~/server/db/coalesce.server";
import { keepBookmark, openSession } from "~/server/db/d1-session.server";
import { createDb } from "~/server/db/db.server";
import type { MailingMessage, WebhookMessage } from "~/server/platform/env.server";
import { servePublicPage } from "~/server/platform/page-cache.server";
import {
  answersTooLargeItself,
  bodyCapFor,
  createNonce,
  discardBody,
  guardRequest,
  readableForm,
  readCappedBody,
  tooLargeRequest,
  withSecurityHeaders,
} from "~/server/platform/security.server";

// Given a build, not a function, React Router derives its route tree once per isolate instead of per request
// (a tenth of a signed-in page's CPU); in development the function form keeps server edits live.
const loadBuild = () => import("virtual:react-router/server-build");
let built: Promise<RequestHandler> | undefined;
const handleRequest: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : (request, context) => {
      // A failed load is not kept: the next request tries again rather than failing for the isolate's life.
      built ??= loadBuild().then(
        (build) => createRequestHandler(build, import.meta.env.MODE),
        (error) => {
          built = undefined;
          throw error;
        },
      );
      return built.then((handle) => handle(request, context));
    };

/**
 * The environment's check, with zod, imported on the first request, queue batch or cron run rather than at
 * start-up (decision 0273); every path awaits it before any other module that builds a schema is loaded.
 */
const loadEnv = (raw: Env) => import("~/server/platform/env.server").then((m) => m.parseEnv(raw));

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

/** The payment handlers, wired by the composition root and imported on the first payment event (decision 0187). */
const deliverPaymentEvent: AppContext["deliverPaymentEvent"] = (app, request) =>
  import("~/server/composition.server").then((m) => m.deliverPaymentEvent(app, request));

const app = new Hono<HonoEnv>();

app.use(async (c, next) => {
  const nonce = createNonce();
  const env = await loadEnv(c.env);
  const session = openSession(env.DB, c.req.raw);
  c.set("app", { env, ctx: c.executionCtx as ExecutionContext, db: createDb(session), nonce, deliverPaymentEvent });
  await next();
  c.res = withSecurityHeaders(keepBookmark(c.res, session, c.req.raw), nonce, import.meta.env.DEV);
});

/** Each family's request context, handed from this app to the family's own router. */
const contextOf = new WeakMap<Request, AppContext>();
/** What a family's router answers for a path it has no route for: the request goes on to the next family. */
const PASS = new Response(null, { status: 404 });

/**
 * A family of routes imported on its first request, so start-up evaluates none of them (decision 0187): its
 * Hono router is built then, with this request's context already set, and a path it does not own falls through.
 */
function lazyRoutes(load: () => Promise<(router: Hono<HonoEnv>) => void>) {
  let router: Promise<Hono<HonoEnv>> | undefined;
  return async (c: Context<HonoEnv>, next: Next) => {
    // A failed import is not kept: the next request tries again rather than failing for the isolate's life.
    router ??= load().then(
      (mount) => {
        const r = new Hono<HonoEnv>();
        r.use((rc, rn) => {
          rc.set("app", contextOf.get(rc.req.raw) as AppContext);
          return rn();
        });
        mount(r);
        r.notFound(() => PASS);
        return r;
      },
      (error) => {
        router = undefined;
        throw error;
      },
    );
    contextOf.set(c.req.raw, c.get("app"));
    const res = await (await router).fetch(c.req.raw, c.env, c.executionCtx);
    if (res === PASS) return next();
    return res;
  };
}

// Mailings: unsubscribe pages and one-click POSTs, the click redirect, the provider's webhook.
const mailings = lazyRoutes(() =>
  import("~/server/mailings/routes.server").then((m) => (r) => r.route("/", m.mailingRoutes)),
);
app.all("/mail/*", mailings);
app.post("/api/mailings/webhook", mailings);
app.all(
  "/api/*",
  lazyRoutes(() => import("~/server/api/router.server").then((m) => (r) => r.route("/api", m.api))),
);
// CardDAV: its own methods (PROPFIND, REPORT) and bodies; discovery starts at the well-known address.
app.all("/.well-known/carddav", (c) => c.redirect("/dav/", 301));
const dav = lazyRoutes(() =>
  import("~/server/dav/routes.server").then((m) => (r) => {
    r.on(["PROPFIND", "REPORT"], "/", m.handleDav);
    r.route("/dav", m.dav);
  }),
);
app.on(["PROPFIND", "REPORT"], "/", dav);
app.all("/dav", dav);
app.all("/dav/*", dav);
const cards = lazyRoutes(() =>
  import("~/server/api/card-routes.server").then((m) => (r) => r.route("/", m.cardRoutes)),
);
for (const prefix of [CARD_LINK_PREFIX, OLD_CARD_LINK_PREFIX, "/c/", "/avatars/"]) app.all(`${prefix}*`, cards);
// SCIM 2.0 provisioning, one base per team (decision 0241): JSON bodies read and checked by its own handler.
const scim = lazyRoutes(() =>
  import("~/server/teams/scim-routes.server").then((m) => (r) => r.route("/", m.scimRoutes)),
);
app.all("/scim/*", scim);
// Organiser events: the public event page, visitor joins, passes and badge scans.
const events = lazyRoutes(() =>
  import("~/server/organiser-events/routes.server").then((m) => (r) => r.route("/", m.organiserEventRoutes)),
);
app.all("/e/*", events);
app.all("/pass/*", events);

app.all("*", (c) => {
  const context = new RouterContextProvider();
  // A page's loaders read side by side: what they start together goes to D1 as one batch (coalesce.server.ts).
  const app = c.get("app");
  context.set(appContext, { ...app, db: coalescing(app.db) });
  return servePublicPage(c.req.raw, app, (request) => handleRequest(request, context));
});

export default {
  async fetch(request, env, ctx) {
    // Refused before any route runs; a streamed body is read here once, within its cap.
    const cap = bodyCapFor(new URL(request.url).pathname);
    const capped = guardRequest(request, cap) ?? (await readCappedBody(request, cap));
    const checked = capped instanceof Response ? capped : await readableForm(capped);
    if (checked instanceof Response) {
      await discardBody(request);
      if (checked.status === 413 && answersTooLargeItself(new URL(request.url).pathname))
        return app.fetch(tooLargeRequest(request), env, ctx);
      return withSecurityHeaders(checked, null, import.meta.env.DEV);
    }
    return app.fetch(checked, env, ctx);
  },
  async scheduled(controller, env, ctx) {
    const parsed = await loadEnv(env);
    const { runScheduled } = await import("~/server/composition.server");
    ctx.waitUntil(runScheduled(parsed, new Date(controller.scheduledTime), ctx));
  },
  // Signed webhook and Krystal AI deliveries, one attempt per message, retried with back-off.
  async queue(batch, env) {
    const parsed = await loadEnv(env);
    // Mailings have their own queue; everything else on the webhook queue as before.
    if (batch.queue.startsWith("knowwho-mailings")) {
      const { consumeMailings } = await import("~/server/mailings/send.server");
      return consumeMailings({ env: parsed, db: createDb(parsed.DB) }, batch as MessageBatch<MailingMessage>);
    }
    const { consumeWebhooks } = await import("~/server/integrations/webhooks.server");
    await consumeWebhooks({ env: parsed, db: createDb(parsed.DB) }, batch as MessageBatch<WebhookMessage>);
  },
} satisfies ExportedHandler<Env, WebhookMessage | MailingMessage>;
