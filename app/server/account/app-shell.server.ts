import type { RouterContextProvider } from "react-router";
import { planStateQuery } from "../billing/plans.server";
import type { Database } from "../db/db.server";
import { activeEventQuery } from "../events/active-event.server";
import { unreadQuery, untoastedUpdate } from "../follow/notifications.server";
import { oncePerRequest } from "../platform/per-request.server";
import { settingsQuery } from "./settings.server";

/**
 * What a signed-in page's root (unread count, active event, new notifications) and signed-in layout (settings,
 * plan) read, in one D1 round trip per request: whichever loader asks first starts it, the other shares it.
 * Only document loads claim new notifications as toasts; data requests leave them for the next page view.
 */
export function shellReads(context: Readonly<RouterContextProvider>, db: Database, userId: string, request: Request) {
  return oncePerRequest(context, `app-shell:${userId}`, async () => {
    const documentLoad = request.headers.get("accept")?.includes("text/html") ?? false;
    const reads = [
      unreadQuery(db, userId),
      activeEventQuery(db, userId),
      settingsQuery(db, userId),
      planStateQuery(db, userId),
    ] as const;
    const [unreadRows, activeRows, settingsRows, planRows, fresh] = documentLoad
      ? await db.batch([...reads, untoastedUpdate(db, userId)])
      : [...(await db.batch(reads)), []];
    return {
      unread: unreadRows[0]?.n ?? 0,
      activeEvent: activeRows[0] ?? null,
      fresh: fresh.slice(-3),
      settingsRows,
      planRows,
    };
  });
}
