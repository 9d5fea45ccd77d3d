import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runScheduled } from "~/server/composition.server";
import { parseEnv } from "~/server/platform/env.server";
import { call, form, json, signUp } from "./helpers";

async function ownerWithContact() {
  const owner = await signUp("Rem Owner");
  await call("/api/capture", json({ name: "Follow Me", email: "follow@x.org" }, owner.cookie));
  const row = await env.DB.prepare(
    "select c.id, c.user_id from connection c join user u on u.id = c.user_id where u.email = ?",
  )
    .bind(owner.email)
    .first<{ id: number; user_id: string }>();
  return { ...owner, connectionId: row?.id ?? 0, userId: row?.user_id ?? "" };
}

const remind = (cookie: string, connectionId: number, values: Record<string, string>) =>
  call(`/connections/${connectionId}`, {
    ...form({ intent: "remind", type: "Email", ...values }),
    headers: { cookie },
  });

const setZone = (userId: string, zone: string) =>
  env.DB.prepare(
    "insert into user_settings (user_id, time_zone) values (?1, ?2) on conflict (user_id) do update set time_zone = ?2",
  )
    .bind(userId, zone)
    .run();

describe("reminders", () => {
  it("sets follow-ups from presets and from a time in the owner's zone", async () => {
    const a = await ownerWithContact();
    await setZone(a.userId, "America/New_York");
    const before = Date.now();
    expect((await remind(a.cookie, a.connectionId, { preset: "48h" })).status).toBe(302);
    expect(
      (
        await remind(a.cookie, a.connectionId, {
          preset: "custom",
          due: "2030-03-10T09:00",
          // The browser's zone is not the rule: a picked time is in the owner's zone from settings.
          timeZone: "UTC",
        })
      ).status,
    ).toBe(302);
    expect((await remind(a.cookie, a.connectionId, { preset: "custom", due: "not a date" })).status).toBe(400);
    const rows = await env.DB.prepare("select due_at from reminder where user_id = ? order by due_at")
      .bind(a.userId)
      .all<{ due_at: number }>();
    expect(rows.results).toHaveLength(2);
    expect(Math.abs((rows.results[0]?.due_at ?? 0) - (before + 48 * 3_600_000))).toBeLessThan(60_000);
    expect(new Date(rows.results[1]?.due_at ?? 0).toISOString()).toBe("2030-03-10T13:00:00.000Z");
  });

  it("shows every time on the person page in the owner's zone, and says which zone once", async () => {
    const a = await ownerWithContact();
    await setZone(a.userId, "Europe/Berlin");
    // 15:00 in Berlin on a winter day is 14:00 UTC and 06:00 in Los Angeles.
    await remind(a.cookie, a.connectionId, {
      preset: "custom",
      due: "2030-01-15T15:00",
      timeZone: "America/Los_Angeles",
    });
    // The history line (and its consent line) of the same instant, from the day the person was added.
    await env.DB.prepare("update person_history set created_at = ? where connection_id = ?")
      .bind(Date.parse("2030-01-15T14:00:00Z"), a.connectionId)
      .run();
    const res = await call(`/connections/${a.connectionId}`, { headers: { cookie: a.cookie } });
    // React marks the seams between text pieces with empty comments; the page as read has none.
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(res.status).toBe(200);
    expect(html.match(/Times in Europe\/Berlin/g)).toHaveLength(1);
    // The follow-up picked at 15:00 reads 15:00, in the list and nowhere as the browser's or UTC's hour.
    expect(html).toContain("Email · Tue, Jan 15, 3:00 PM");
    expect(html).toMatch(/Tue, Jan 15, 3:00 PM<\/span> /);
    expect(html).not.toContain("2:00 PM");
    expect(html).not.toMatch(/Or pick a time \(/);
    expect(html).not.toContain('name="timeZone"');
  });

  it("downloads a reminder as iCalendar for its owner only", async () => {
    const a = await ownerWithContact();
    const b = await signUp();
    await remind(a.cookie, a.connectionId, { preset: "24h", notes: "Ask about the gala; bring deck, budget" });
    const id = (
      await env.DB.prepare("select id from reminder where user_id = ?").bind(a.userId).first<{ id: number }>()
    )?.id;
    const res = await call(`/api/reminders/${id}.ics`, { headers: { cookie: a.cookie } });
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await res.text();
    expect(body).toContain("SUMMARY:Email: Follow Me");
    expect(body).toContain("DESCRIPTION:Ask about the gala\\; bring deck\\, budget");
    expect((await call(`/api/reminders/${id}.ics`, { headers: { cookie: b.cookie } })).status).toBe(404);
    expect((await call(`/api/reminders/${id}.ics`)).status).toBe(401);
    // Nor can another account add follow-ups to someone else's connection.
    expect((await remind(b.cookie, a.connectionId, { preset: "24h" })).status).toBe(404);
  });

  it("cannot be done, snoozed or removed by another account, even through its own connection", async () => {
    const a = await ownerWithContact();
    const b = await ownerWithContact();
    await remind(a.cookie, a.connectionId, { preset: "24h" });
    const before = await env.DB.prepare("select id, done, due_at from reminder where user_id = ?")
      .bind(a.userId)
      .first<{ id: number }>();
    for (const intent of ["reminder-done", "reminder-snooze", "reminder-delete"]) {
      await call(`/connections/${b.connectionId}`, {
        ...form({ intent, reminderId: String(before?.id) }),
        headers: { cookie: b.cookie },
      });
      expect(
        (
          await call(`/connections/${a.connectionId}`, {
            ...form({ intent, reminderId: String(before?.id) }),
            headers: { cookie: b.cookie },
          })
        ).status,
      ).toBe(404);
    }
    const after = await env.DB.prepare("select id, done, due_at from reminder where user_id = ?")
      .bind(a.userId)
      .first();
    expect(after).toEqual(before);
  });

  it("turns due reminders into one notification each", async () => {
    const a = await ownerWithContact();
    await remind(a.cookie, a.connectionId, { preset: "24h", notes: "Send the proposal" });
    await env.DB.prepare("update reminder set due_at = ? where user_id = ?")
      .bind(Date.now() - 60_000, a.userId)
      .run();
    await runScheduled(parseEnv(env), new Date(), createExecutionContext());
    await runScheduled(parseEnv(env), new Date(), createExecutionContext());
    const notes = await env.DB.prepare(
      "select title, message, action_url from notification where user_id = ? and type = 'warning'",
    )
      .bind(a.userId)
      .all();
    expect(notes.results).toEqual([
      { title: "Email Follow Me", message: "Send the proposal", action_url: `/connections/${a.connectionId}` },
    ]);
  });

  it("serves a secret, revocable calendar feed that leaks nothing to a wrong token", async () => {
    const a = await ownerWithContact();
    await remind(a.cookie, a.connectionId, { preset: "1w" });
    const created = await call("/settings.data", { ...form({ intent: "feed" }), headers: { cookie: a.cookie } });
    const token = (await created.text()).match(/"([A-Za-z0-9_-]{32})"/)?.[1];
    expect(token).toBeTruthy();
    const feed = await call(`/api/calendar/${token}.ics`);
    expect(feed.status).toBe(200);
    const body = await feed.text();
    expect(body).toContain("SUMMARY:Email: Follow Me");
    expect(body).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT60M");
    expect(body).toContain("X-PUBLISHED-TTL:PT60M");
    expect(body).toMatch(/^UID:reminder-\d+@localhost\r$/m);
    const wrong = await call(`/api/calendar/${"A".repeat(32)}.ics`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toBe(JSON.stringify({ error: "Not found" }));
    await call("/settings", { ...form({ intent: "revoke-feed" }), headers: { cookie: a.cookie } });
    expect((await call(`/api/calendar/${token}.ics`)).status).toBe(404);
  });
});
