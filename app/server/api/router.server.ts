import { Hono } from "hono";
import type { AppContext } from "~/context";
import { createAuth } from "../auth.server";

type ApiEnv = { Bindings: Env; Variables: { app: AppContext } };

/** JSON, files and auth endpoints under /api. Pages and forms are React Router's. */
export const api = new Hono<ApiEnv>();

api.get("/health", async (c) => {
  const { env } = c.get("app");
  const started = Date.now();
  const row = await env.DB.prepare("select 1 as ok").first<{ ok: number }>();
  return c.json({ ok: row?.ok === 1, d1Ms: Date.now() - started }, 200, { "Cache-Control": "no-store" });
});

api.on(["GET", "POST"], "/auth/*", (c) => createAuth(c.get("app"), c.req.raw).handler(c.req.raw));

api.notFound((c) => c.json({ error: "Not found" }, 404));

api.onError((error, c) => {
  console.error(error);
  return c.json({ error: "Something went wrong on our side" }, 500);
});
