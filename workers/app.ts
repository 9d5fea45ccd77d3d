import "~/lib/forms/zod-config";
import { Hono } from "hono";
import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import { cardRoutes } from "~/server/api/card-routes.server";
import { api } from "~/server/api/router.server";
import { deliverPaymentEvent, runScheduled } from "~/server/composition.server";
import { dav, handleDav } from "~/server/dav/routes.server";
import { coalescing } from "~/server/db/coalesce.server";
import { keepBookmark, openSession } from "~/server/db/d1-session.server";
import { createDb } from "~/server/db/db.server";
import { consumeWebhooks } from "~/server/integrations/webhooks.server";
import { consumeMailings } from "~/server/mailings/mailings.server";
import { mailingRoutes } from "~/server/mailings/routes.server";
import { organiserEventRoutes } from "~/server/organiser-events/routes.server";
import { type MailingMessage, parseEnv, type WebhookMessage } from "~/server/platform/env.server";
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

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

const app = new Hono<HonoEnv>();

app.use(async (c, next) => {
  const nonce = createNonce();
  const env = parseEnv(c.env);
  const session = openSession(env.DB, c.req.raw);
  c.set("app", { env, ctx: c.executionCtx as ExecutionContext, db: createDb(session), nonce, deliverPaymentEvent });
  await next();
  c.res = withSecurityHeaders(keepBookmark(c.res, session, c.req.raw), nonce, import.meta.env.DEV);
});

// Mailings: unsubscribe pages and one-click POSTs, the click redirect, the provider's webhook.
app.route("/", mailingRoutes);
app.route("/api", api);
// CardDAV: its own methods (PROPFIND, REPORT) and bodies; discovery starts at the well-known address.
app.all("/.well-known/carddav", (c) => c.redirect("/dav/", 301));
app.on(["PROPFIND", "REPORT"], "/", handleDav);
app.route("/dav", dav);
app.route("/", cardRoutes);
// Organiser events: the public event page, visitor joins, passes and badge scans.
app.route("/", organiserEventRoutes);

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
    ctx.waitUntil(runScheduled(parseEnv(env), new Date(controller.scheduledTime)));
  },
  // Signed webhook and Krystal AI deliveries, one attempt per message, retried with back-off.
  async queue(batch, env) {
    const parsed = parseEnv(env);
    // Mailings have their own queue; everything else on the webhook queue as before.
    if (batch.queue.startsWith("knowwho-mailings"))
      return consumeMailings({ env: parsed, db: createDb(parsed.DB) }, batch as MessageBatch<MailingMessage>);
    await consumeWebhooks({ env: parsed, db: createDb(parsed.DB) }, batch as MessageBatch<WebhookMessage>);
  },
} satisfies ExportedHandler<Env, WebhookMessage | MailingMessage>;
