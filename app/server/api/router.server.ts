import { Hono } from "hono";
import type { AppContext } from "~/context";
import { captureSchema } from "~/lib/capture";
import { type CsvLayout, toCsv } from "~/lib/csv";
import { type IcsEvent, toIcs } from "~/lib/ics";
import { buildVCard } from "~/lib/vcard";
import { exportAccount } from "../account.server";
import { createAuth, getSessionUser } from "../auth.server";
import { saveCapture } from "../capture.server";
import { AVATAR_MAX_BYTES, getPublishedCard, removeAvatar, saveCardToConnections, setAvatar } from "../cards.server";
import { connectionsForExport } from "../connections.server";
import { getReminder, openReminders } from "../reminders.server";
import { userForCalendarToken } from "../settings.server";
import { v1 } from "./v1.server";

type ApiEnv = { Bindings: Env; Variables: { app: AppContext } };

/** JSON, files and auth endpoints under /api. Pages and forms are React Router's. */
export const api = new Hono<ApiEnv>();

api.get("/health", async (c) => {
  const { env } = c.get("app");
  const started = Date.now();
  const row = await env.DB.prepare("select 1 as ok").first<{ ok: number }>();
  return c.json({ ok: row?.ok === 1, d1Ms: Date.now() - started }, 200, { "Cache-Control": "no-store" });
});

api.route("/v1", v1);

api.on(["GET", "POST"], "/auth/*", (c) => createAuth(c.get("app"), c.req.raw).handler(c.req.raw));

// Replays of captures made offline; the capture page's own form posts to its route action.
api.post("/capture", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in to save contacts" }, 401);
  const body = await c.req.json().catch(() => null);
  // A capture queued offline names the account it was made in; another session may not store it.
  const ownerId = body && typeof body === "object" && "ownerId" in body ? body.ownerId : undefined;
  if (ownerId !== undefined && ownerId !== user.id) {
    return c.json({ error: "This capture was made in another account" }, 409);
  }
  const parsed = captureSchema.safeParse(body);
  if (!parsed.success) {
    return c.json({ error: "Invalid capture", fields: parsed.error.flatten().fieldErrors }, 400);
  }
  const saved = await saveCapture(app.db, user.id, parsed.data);
  return c.json(saved, saved.duplicate || saved.mergedInto ? 200 : 201);
});

api.post("/cards/:slug/save", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in to save contacts to your network" }, 401);
  const card = await getPublishedCard(app.env, app.db, c.req.param("slug").toLowerCase());
  if (!card?.id) return c.json({ error: "Not found" }, 404);
  if (card.ownerId === user.id) return c.json({ error: "This is your own card" }, 409);
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

const icsEvent = (
  r: { id: number; type: string; dueAt: Date; notes: string | null; updatedAt: Date; name: string | null },
  origin: string,
): IcsEvent => ({
  uid: `reminder-${r.id}@knowwho`,
  start: new Date(r.dueAt),
  minutes: r.type === "Meeting" ? 30 : 15,
  summary: `${r.type}${r.name ? `: ${r.name}` : ""}`,
  description: r.notes,
  url: origin.startsWith("https://") ? `${origin}/dashboard` : null,
  updated: new Date(r.updatedAt),
});

const ics = (body: string, filename?: string) =>
  new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "cache-control": "private, no-store",
      ...(filename ? { "content-disposition": `attachment; filename="${filename}"` } : {}),
    },
  });

api.get("/reminders/:file", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in first" }, 401);
  const id = Number(c.req.param("file").match(/^(\d+)\.ics$/)?.[1]);
  const reminder = Number.isSafeInteger(id) ? await getReminder(app.db, user.id, id) : undefined;
  if (!reminder) return c.json({ error: "Not found" }, 404);
  return ics(toIcs([icsEvent(reminder, new URL(c.req.url).origin)]), `follow-up-${id}.ics`);
});

// The secret feed calendar apps subscribe to; a wrong token learns nothing but 404.
api.get("/calendar/:file", async (c) => {
  const app = c.get("app");
  const token = c.req.param("file").match(/^([A-Za-z0-9_-]+)\.ics$/)?.[1] ?? "";
  const userId = await userForCalendarToken(app.db, token);
  if (!userId) return c.json({ error: "Not found" }, 404);
  const origin = new URL(c.req.url).origin;
  return ics(toIcs((await openReminders(app.db, userId)).map((r) => icsEvent(r, origin))));
});

// "Download all my data": the whole account as one JSON file, for its owner only.
api.get("/account/export", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in first" }, 401);
  const body = JSON.stringify(await exportAccount(app.db, user.id), null, 2);
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="knowwho-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
});

// Export as CSV (our layout or HubSpot's import layout) or as one vCard file.
api.get("/connections/export", async (c) => {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return c.json({ error: "Sign in first" }, 401);
  const format = c.req.query("format") ?? "csv";
  if (!["csv", "hubspot", "vcf"].includes(format)) return c.json({ error: "Unknown format" }, 400);
  // A selection comes as ?ids=1,2 or as the list's checkboxes (?id=1&id=2); without one, everything.
  const picked = [...(c.req.query("ids")?.split(",") ?? []), ...(c.req.queries("id") ?? [])]
    .slice(0, 5000)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (c.req.query("selection") && picked.length === 0) return c.json({ error: "Choose people to export" }, 400);
  const ids = picked.length ? picked : null;
  const rows = await connectionsForExport(app.db, user.id, ids);
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === "vcf") {
    const body = rows
      .map((r) =>
        buildVCard({
          name: r.name,
          title: r.title,
          company: r.company,
          email: r.email,
          phone: r.phone,
          website: r.website,
          linkedin: r.linkedin,
          location: null,
          notes: r.notes ?? "",
          socialAccounts: [],
          additionalContacts: [],
        }),
      )
      .join("");
    return new Response(body, {
      headers: {
        "content-type": "text/vcard; charset=utf-8",
        "content-disposition": `attachment; filename="connections-${stamp}.vcf"`,
      },
    });
  }
  const csv = toCsv(
    rows.map((r) => ({
      ...r,
      lastContactDate: r.lastContactAt ? new Date(r.lastContactAt).toISOString().slice(0, 10) : null,
    })),
    (format === "hubspot" ? "hubspot" : "generic") as CsvLayout,
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="connections-${format === "hubspot" ? "hubspot-" : ""}${stamp}.csv"`,
    },
  });
});

api.notFound((c) => c.json({ error: "Not found" }, 404));

api.onError((error, c) => {
  console.error(error);
  return c.json({ error: "Something went wrong on our side" }, 500);
});
