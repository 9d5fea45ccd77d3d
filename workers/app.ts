import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import { api } from "~/server/api/router.server";
import { createDb } from "~/server/db.server";
import { parseEnv } from "~/server/env.server";
import { runScheduled } from "~/server/scheduled.server";
import { createNonce, guardRequest, readCappedBody, withSecurityHeaders } from "~/server/security.server";

// Built once per isolate, not per request.
const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

const app = new Hono<HonoEnv>();

app.use(async (c, next) => {
  const nonce = createNonce();
  const dev = import.meta.env.DEV;
  const refused = guardRequest(c.req.raw);
  if (refused) return withSecurityHeaders(refused, nonce, dev);
  const body = await readCappedBody(c.req.raw);
  if (body instanceof Response) return withSecurityHeaders(body, nonce, dev);
  const env = parseEnv(c.env);
  c.set("app", { env, ctx: c.executionCtx as ExecutionContext, db: createDb(env.DB), nonce });
  await next();
  c.res = withSecurityHeaders(c.res, nonce, dev);
});

app.route("/api", api);

app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(appContext, c.get("app"));
  return handleRequest(c.req.raw, context);
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(parseEnv(env), new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
