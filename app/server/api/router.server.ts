import { Hono } from "hono";
import type { AppContext } from "~/context";
import { captureSchema } from "~/lib/capture";
import { createAuth, getSessionUser } from "../auth.server";
import { saveCapture } from "../capture.server";
import { AVATAR_MAX_BYTES, getPublishedCard, removeAvatar, saveCardToConnections, setAvatar } from "../cards.server";

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

// Replays of captures made offline; the capture page's own form posts to its route action.
api.post("/capture", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in to save contacts" }, 401);
  const body = await c.req.json().catch(() => null);
  const parsed = captureSchema.safeParse(body);
  if (!parsed.success) {
    return c.json({ error: "Invalid capture", fields: parsed.error.flatten().fieldErrors }, 400);
  }
  const saved = await saveCapture(app.db, user.id, parsed.data);
  return c.json(saved, saved.duplicate ? 200 : 201);
});

api.post("/cards/:slug/save", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in to save contacts to your network" }, 401);
  const card = await getPublishedCard(app.env, app.db, c.req.param("slug").toLowerCase());
  if (!card?.id) return c.json({ error: "Not found" }, 404);
  const saved = await saveCardToConnections(app.db, user.id, card);
  return c.json(saved, 200);
});

// The editor uploads an already-cropped square image as the raw request body.
api.put("/cards/:id/avatar", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in first" }, 401);
  const id = Number(c.req.param("id"));
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > AVATAR_MAX_BYTES) return c.json({ error: "That image is too large" }, 413);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const result = Number.isSafeInteger(id)
    ? await setAvatar(app.env, app.db, user.id, id, c.req.header("content-type") ?? "", bytes)
    : null;
  if (result === null) return c.json({ error: "Not found" }, 404);
  if ("error" in result) return c.json({ error: result.error }, 400);
  return c.json({ url: `/avatars/${result.key}` }, 200);
});

api.delete("/cards/:id/avatar", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in first" }, 401);
  const id = Number(c.req.param("id"));
  const ok = Number.isSafeInteger(id) && (await removeAvatar(app.env, app.db, user.id, id));
  return ok ? c.body(null, 204) : c.json({ error: "Not found" }, 404);
});

api.notFound((c) => c.json({ error: "Not found" }, 404));

api.onError((error, c) => {
  console.error(error);
  return c.json({ error: "Something went wrong on our side" }, 500);
});
