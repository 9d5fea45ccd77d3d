import { Hono } from "hono";
import type { AppContext } from "~/context";
import { captureSchema } from "~/lib/capture/capture";
import { pullStream } from "~/lib/platform/stream";
import { type IcsEvent, icsUid, toIcs } from "~/lib/time/ics";
import { ownersOf } from "../account/app-shell.server";
import { createAuth, getSessionUser } from "../account/auth.server";
import { accountDownload } from "../account/data-export.server";
import {
  AVATAR_MAX_BYTES,
  getOwnedCard,
  getPublishedCard,
  removeAvatar,
  saveCardToConnections,
  setAvatar,
  setVCardPhoto,
  toPublicCard,
} from "../cards/cards.server";
import { countSoon } from "../cards/stat-buffer.server";
import { appleWalletConfig, googleWalletConfig } from "../cards/wallet/config.server";
import { googleWalletSaveUrl } from "../cards/wallet/google-wallet.server";
import { getReminder, openReminders } from "../follow/reminders.server";
import { rhythmCalendarEvents } from "../follow/rhythm.server";
import { getCampaignImage } from "../fundraising/campaigns.server";
import { meetingCalendarEvents } from "../organiser-events/meetings.server";
import { saveCapture } from "../people/capture.server";
import { EXPORT_FORMATS, type ExportFormat, exportDownload } from "../people/export.server";
import { personPhoto, removePersonPhoto, setPersonPhoto } from "../people/photo.server";
import { getSettings, userForCalendarToken } from "../settings/settings.server";
import { auditDownload } from "../teams/audit.server";
import { requireSession } from "./session.server";
import { v1 } from "./v1.server";

type ApiEnv = { Bindings: Env; Variables: { app: AppContext } };

const parseIdOrNull = (value: string) => (/^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** JSON, files and auth endpoints under /api. Pages and forms are React Router's. */
export const api = new Hono<ApiEnv>();

api.get("/health", async (c) => {
  const { env } = c.get("app");
  const started = Date.now();
  const row = await env.DB.prepare("select 1 as ok").first<{ ok: number }>();
  return c.json({ ok: row?.ok === 1, d1Ms: Date.now() - started }, 200, { "Cache-Control": "no-store" });
});

api.route("/v1", v1);

// Campaign images are named by their content hash, so they can be cached for a year.
api.get("/campaign-images/:key", async (c) => {
  const image = await getCampaignImage(c.get("app").env, c.req.param("key"));
  if (!image) return c.body(null, 404);
  return new Response(image.bytes, {
    headers: { "content-type": image.type, "cache-control": "public, max-age=31536000, immutable" },
  });
});

// Stripe's events (and the built-in test checkout's, signed the same way) for every domain that takes money.
api.post("/payments/webhook", (c) => {
  const app = c.get("app");
  return app.deliverPaymentEvent(app, c.req.raw);
});

api.on(["GET", "POST"], "/auth/*", (c) => createAuth(c.get("app"), c.req.raw).handler(c.req.raw));

// Replays of captures made offline; the capture page's own form posts to its route action.
api.post("/capture", requireSession("Sign in to save contacts"), async (c) => {
  const app = c.get("app");
  const user = c.get("user");
  const body = await c.req.json().catch(() => null);
  // A capture queued offline names the account it was made in; another session may not store it.
  const ownerId = body && typeof body === "object" && "ownerId" in body ? body.ownerId : undefined;
  if (ownerId !== undefined && ownerId !== user.workspace.id) {
    return c.json({ error: "This capture was made in another account" }, 409);
  }
  const parsed = captureSchema.safeParse(body);
  if (!parsed.success) {
    return c.json({ error: "Invalid capture", fields: parsed.error.flatten().fieldErrors }, 400);
  }
  const saved = await saveCapture(app.db, user.workspace.id, parsed.data, app, { metBy: user.id });
  return c.json(saved, saved.duplicate || saved.mergedInto ? 200 : 201);
});

api.post("/cards/:slug/save", requireSession("Sign in to save contacts to your network"), async (c) => {
  const app = c.get("app");
  const user = c.get("user");
  const card = await getPublishedCard(app.db, c.req.param("slug").toLowerCase());
  if (!card?.id) return c.json({ error: "Not found" }, 404);
  if (card.ownerId === user.workspace.id) return c.json({ error: "This is your own card" }, 409);
  const saved = await saveCardToConnections(app.db, user.workspace.id, card, app);
  return c.json(saved, 200);
});

// The editor uploads an already-cropped square image as the raw request body.
api.put("/cards/:id/avatar", requireSession(), async (c) => {
  const app = c.get("app");
  const user = c.get("user");
  const id = Number(c.req.param("id"));
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > AVATAR_MAX_BYTES) return c.json({ error: "That image is too large" }, 413);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (c.req.query("size") === "vcard") {
    const small = Number.isSafeInteger(id)
      ? await setVCardPhoto(app.env, app.db, user.workspace.id, id, c.req.header("content-type") ?? "", bytes)
      : null;
    if (small === null) return c.json({ error: "Not found" }, 404);
    if ("error" in small) return c.json({ error: small.error }, 400);
    return c.body(null, 204);
  }
  const result = Number.isSafeInteger(id)
    ? await setAvatar(app.env, app.db, user.workspace.id, id, c.req.header("content-type") ?? "", bytes)
    : null;
  if (result === null) return c.json({ error: "Not found" }, 404);
  if ("error" in result) return c.json({ error: result.error }, 400);
  return c.json({ url: `/avatars/${result.key}` }, 200);
});

// A person's photo: uploaded already cropped (raw body), served only to the person's owner.
api.put("/people/:id/photo", requireSession(), async (c) => {
  const app = c.get("app");
  const id = parseIdOrNull(c.req.param("id"));
  if (Number(c.req.header("content-length") ?? 0) > AVATAR_MAX_BYTES)
    return c.json({ error: "That image is too large" }, 413);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const result =
    id === null
      ? null
      : await setPersonPhoto(
          app.env,
          app.db,
          ownersOf(c.get("user")),
          id,
          c.req.header("content-type") ?? "",
          bytes,
          app,
        );
  if (result === null) return c.json({ error: "Not found" }, 404);
  if ("error" in result) return c.json({ error: result.error }, 400);
  return c.json(result, 200);
});

api.get("/people/:id/photo", requireSession(), async (c) => {
  const app = c.get("app");
  const id = parseIdOrNull(c.req.param("id"));
  const photo = id === null ? null : await personPhoto(app.env, app.db, ownersOf(c.get("user")), id);
  if (!photo) return c.json({ error: "Not found" }, 404);
  // Someone else's face is personal data: never kept by a browser or shared cache, like every export.
  return new Response(photo.bytes, {
    headers: {
      "content-type": photo.type,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});

api.delete("/people/:id/photo", requireSession(), async (c) => {
  const app = c.get("app");
  const id = parseIdOrNull(c.req.param("id"));
  const ok = id !== null && (await removePersonPhoto(app.env, app.db, ownersOf(c.get("user")), id, app));
  return ok ? c.body(null, 204) : c.json({ error: "Not found" }, 404);
});

api.delete("/cards/:id/avatar", requireSession(), async (c) => {
  const app = c.get("app");
  const user = c.get("user");
  const id = Number(c.req.param("id"));
  const ok = Number.isSafeInteger(id) && (await removeAvatar(app.env, app.db, user.workspace.id, id));
  return ok ? c.body(null, 204) : c.json({ error: "Not found" }, 404);
});

/** The owner's own published card for a wallet pass, with its public link; null for anything else. */
async function walletCard(c: { req: { raw: Request; param(name: string): string }; get(key: "app"): AppContext }) {
  const app = c.get("app");
  const user = await getSessionUser(app, c.req.raw);
  if (!user) return { status: 401 as const };
  const id = Number(c.req.param("id"));
  const row = Number.isSafeInteger(id) ? await getOwnedCard(app.db, user.workspace.id, id) : undefined;
  if (!row?.published || !row.slug) return { status: 404 as const };
  const origin = new URL(c.req.raw.url).origin;
  const card = toPublicCard(row, user.name);
  return {
    status: 200 as const,
    card: { ...card, avatarUrl: card.avatarUrl ? origin + card.avatarUrl : null },
    url: `${origin}/c/${row.slug}?src=wallet`,
    id: row.id,
    origin,
    slug: row.slug,
  };
}

api.get("/cards/:id/wallet.pkpass", requireSession(), async (c) => {
  const app = c.get("app");
  const config = appleWalletConfig(app.env);
  if (!config) return c.json({ error: "Apple Wallet is not configured" }, 404);
  const found = await walletCard(c);
  if (found.status !== 200)
    return c.json({ error: found.status === 401 ? "Sign in first" : "Not found" }, found.status);
  // The pass writer (PNG, zip and signature code) is loaded only when a pass is asked for.
  const { buildApplePass } = await import("../cards/wallet/apple-pass.server");
  const pass = await buildApplePass(found.card, found.url, config);
  countSoon(app.env.DB, app.ctx, found.id, "walletAdds", "wallet");
  return new Response(pass as BodyInit, {
    headers: {
      "content-type": "application/vnd.apple.pkpass",
      "content-disposition": `attachment; filename="${found.slug}.pkpass"`,
      "cache-control": "private, no-store",
    },
  });
});

api.get("/cards/:id/google-wallet", requireSession(), async (c) => {
  const app = c.get("app");
  const config = googleWalletConfig(app.env);
  if (!config) return c.json({ error: "Google Wallet is not configured" }, 404);
  const found = await walletCard(c);
  if (found.status !== 200)
    return c.json({ error: found.status === 401 ? "Sign in first" : "Not found" }, found.status);
  const url = await googleWalletSaveUrl(found.card, found.url, config, found.origin);
  countSoon(app.env.DB, app.ctx, found.id, "walletAdds", "wallet");
  return c.redirect(url, 303);
});

const icsEvent = (
  r: { id: number; type: string; dueAt: Date; notes: string | null; updatedAt: Date; name: string | null },
  origin: string,
): IcsEvent => ({
  uid: icsUid("reminder", r.id, origin),
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

api.get("/reminders/:file", requireSession(), async (c) => {
  const app = c.get("app");
  const user = c.get("user");
  const id = Number(c.req.param("file").match(/^(\d+)\.ics$/)?.[1]);
  const reminder = Number.isSafeInteger(id) ? await getReminder(app.db, user.workspace.id, id) : undefined;
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
  const { timeZone } = await getSettings(app.db, userId);
  const [reminders, rhythms, meetings] = await Promise.all([
    openReminders(app.db, userId),
    rhythmCalendarEvents(app.db, userId, timeZone, origin),
    meetingCalendarEvents(app.db, userId, origin),
  ]);
  return ics(toIcs([...reminders.map((r) => icsEvent(r, origin)), ...rhythms, ...meetings]));
});

// "Download all my data": the whole account as one JSON file, for its owner only.
api.get("/account/export", requireSession(), async (c) => {
  const app = c.get("app");
  const user = c.get("user");
  return new Response(pullStream(accountDownload(app.db, user)), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="knowwho-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
});

// Export as CSV (ours, Google's or HubSpot's import layout), as an Excel workbook, or as one vCard file.
api.get("/connections/export", requireSession(), async (c) => {
  const app = c.get("app");
  const user = c.get("user");
  const format = (c.req.query("format") ?? "csv") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) return c.json({ error: "Unknown format" }, 400);
  // A selection comes as ?ids=1,2 or as the list's checkboxes (?id=1&id=2); without one, everything.
  const picked = [...(c.req.query("ids")?.split(",") ?? []), ...(c.req.queries("id") ?? [])]
    .slice(0, 5000)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (c.req.query("selection") && picked.length === 0) return c.json({ error: "Choose people to export" }, 400);
  await auditDownload(app.db, user, `People (${format}${picked.length ? `, ${picked.length} chosen` : ""})`);
  // The workspace's people this member sees (decision 0234), not the account's personal ones.
  return exportDownload(app.env, app.db, ownersOf(user), format, picked.length ? picked : null);
});

api.notFound((c) => c.json({ error: "Not found" }, 404));

api.onError((error, c) => {
  console.error(error);
  return c.json({ error: "Something went wrong on our side" }, 500);
});
