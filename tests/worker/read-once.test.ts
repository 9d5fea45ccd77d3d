import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppContext } from "~/context";
import { deliverPaymentEvent } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import { changeRecurringGift, donorPortal, donorRecurringGifts } from "~/server/fundraising/recurring.server";
import { parseEnv } from "~/server/platform/env.server";
import { fetchRecording, recording } from "./d1-count";
import { call, form, signUp } from "./helpers";

/**
 * A page with sections runs its layout's loader and its section's side by side: what both show (the person,
 * the event) is read from D1 once per request, not once per loader.
 */

const count = (statements: string[], pattern: RegExp) => statements.filter((s) => pattern.test(s)).length;
// getPerson's and getEvent's own reads: the whole row by id and owner (a section may still read a column or two).
// On a load the person's owner is the session's workspace (decisions 0168, 0207), and in a team the member must
// be one who may see them (0234).
const PERSON =
  /^select "id", "user_id", "name", .* from "connection" where \("connection"\."id" = \? and \(?"connection"\."user_id" = (\?|\(select "session"\."user_id" from "session"|\(select coalesce\("member"\."workspace_id", "session"\."user_id"\) from "session")/;
const EVENT = /from "event" where \("event"\."id" = \? and "event"\."user_id" = \?\)/;
const SETTINGS = /from "user_settings" where "user_settings"\."user_id" = \?/;

describe("a page and its sections read what they share once", () => {
  it("reads the person once on each of their pages, for a browser's request and a client navigation", async () => {
    const { cookie } = await signUp("Read Once");
    const added = await call("/connections/new", {
      ...form({ name: "Ada Byron", email: "ada@example.org" }),
      headers: { cookie },
    });
    const id = added.headers.get("location")?.split("/").pop();
    expect(Number(id)).toBeGreaterThan(0);
    for (const [path, accept] of [
      [`/connections/${id}`, "text/html"],
      [`/connections/${id}/follow-up`, "text/html"],
      [`/connections/${id}/history`, "text/html"],
      [`/connections/${id}.data`, "*/*"],
    ] as const) {
      const page = await fetchRecording(path, { headers: { cookie, accept } });
      expect(page.status, path).toBe(200);
      expect(count(page.statements, PERSON), path).toBe(1);
    }
    // The person's pages read the owner's settings once too (the app layout's batch is the other read).
    const overview = await fetchRecording(`/connections/${id}`, { headers: { cookie, accept: "text/html" } });
    expect(count(overview.statements, SETTINGS)).toBeLessThanOrEqual(2);
    // Another account's person is still a 404, from the one read.
    const other = await signUp("Someone Else");
    expect((await fetchRecording(`/connections/${id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
  });

  it("reads the event once on each of its pages", async () => {
    const { cookie } = await signUp("Read Once Events");
    const created = await call("/events/new", {
      ...form({ title: "Harbour Forum", date: "2030-05-01", type: "in-person", location: "Portland, OR" }),
      headers: { cookie },
    });
    const id = created.headers.get("location")?.split("/").pop();
    expect(Number(id)).toBeGreaterThan(0);
    for (const path of [`/events/${id}`, `/events/${id}/plan`, `/events/${id}/attendees`, `/events/${id}.data`]) {
      const page = await fetchRecording(path, {
        headers: { cookie, accept: path.endsWith(".data") ? "*/*" : "text/html" },
      });
      expect(page.status, path).toBe(200);
      expect(count(page.statements, EVENT), path).toBe(1);
    }
    const other = await signUp("Someone Else");
    expect((await fetchRecording(`/events/${id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
  });
});

describe("a donor's monthly gifts", () => {
  it("read the organisation profile only for the page that names the charity, not to check a change", async () => {
    const owner = await signUp("Gift Owner");
    const userId =
      (await env.DB.prepare("select id from user where email = ?").bind(owner.email).first<{ id: string }>())?.id ?? "";
    const row = await env.DB.prepare(
      "insert into recurring_gift (user_id, subscription, amount, currency, interval, status, status_at, created_at) values (?, ?, 2500, 'USD', 'month', 'active', ?, ?) returning id",
    )
      .bind(userId, `sub_${crypto.randomUUID()}`, Date.now(), Date.now())
      .first<{ id: number }>();
    const recurringId = row?.id ?? 0;
    const statements: string[] = [];
    const parsed = parseEnv(env);
    const app: AppContext = {
      env: parsed,
      db: createDb(recording(parsed.DB, statements)),
      ctx: createExecutionContext(),
      nonce: "t",
      deliverPaymentEvent,
    };
    const ORG = /from "fundraising_org"/;
    const stranger = { email: "not-the-donor@example.org" };
    // Someone who gave nothing to this gift can neither change it nor open its portal.
    expect(await changeRecurringGift(app, userId, recurringId, "cancel", stranger)).toBe("missing");
    expect(await donorPortal(app, userId, recurringId, stranger, "http://localhost/")).toBeNull();
    expect(count(statements, ORG)).toBe(0);
    expect(await statusOf(recurringId)).toBe("active");
    // The donor's own page still names the charity.
    expect((await donorRecurringGifts(app.db, userId, stranger.email)).gifts).toEqual([]);
    expect(count(statements, ORG)).toBe(1);
  });
});

const statusOf = async (id: number) =>
  (await env.DB.prepare("select status from recurring_gift where id = ?").bind(id).first<{ status: string }>())?.status;
