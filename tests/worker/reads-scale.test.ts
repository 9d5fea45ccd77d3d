import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/server/db/db.server";
import { DUE_ROWS, dueCandidates, dueFrom, listTagRhythms, rhythmsFrom } from "~/server/follow/rhythm.server";
import { MATCH_LIMIT, matchesFor, matchesQuery } from "~/server/organiser-events/directory.server";
import { viewerOf } from "~/server/people/access.server";
import { parseEnv } from "~/server/platform/env.server";
import { orgAttendee } from "~db/schema";
import { call, form, signUp, userIdOf } from "./helpers";

const db = () => createDb(parseEnv(env).DB);
const DAY = 86_400_000;

/** A drizzle query run as D1 runs it, with what D1 says it read. */
async function measured(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { results, meta } = await env.DB.prepare(sql)
    .bind(...params)
    .all();
  return { rows: results.length, read: meta.rows_read };
}

/** `count` people for `userId` in one statement (D1 binds at most 100 values; JSON carries the rest). */
async function fill(userId: string, count: number, values: { prefix: string; tags?: string; ageDays: number }) {
  const now = Date.now();
  for (let start = 0; start < count; start += 1000) {
    const ids = Array.from({ length: Math.min(1000, count - start) }, (_, k) => start + k);
    await env.DB.prepare(
      `insert into connection (user_id, name, tags, priority, status, source, created_at, updated_at)
       select ?, ? || ' ' || j.value, ?, 'medium', 'Active', 'import', ?, ?
       from json_each(?) j`,
    )
      .bind(userId, values.prefix, values.tags ?? "[]", now - values.ageDays * DAY, now, JSON.stringify(ids))
      .run();
  }
}

/** An account with five people on a weekly rhythm of their own, last contacted a month ago, and `others` more. */
async function accountWith(others: number) {
  const owner = await signUp();
  const userId = await userIdOf(owner.email);
  await fill(userId, others, { prefix: "Quiet", ageDays: 400 });
  await fill(userId, 5, { prefix: "Due", ageDays: 30 });
  await env.DB.prepare(
    `insert into keep_in_touch (user_id, connection_id, every) select user_id, id, 'weekly' from connection
     where user_id = ? and name like 'Due %'`,
  )
    .bind(userId)
    .run();
  return { owner, userId };
}

const dueQuery = (userId: string) =>
  dueCandidates(db(), viewerOf(userId), Date.now() - 7 * DAY, Date.now() + 8 * DAY) as unknown as Parameters<
    typeof measured
  >[0];

describe("the dashboard's reconnect list at any size (decision 0205)", () => {
  it("reads the same rows for 20 people as for 3,000, and lists the same people due", async () => {
    const small = await accountWith(20);
    const large = await accountWith(3000);
    const [a, b] = [await measured(dueQuery(small.userId)), await measured(dueQuery(large.userId))];
    expect(a.rows).toBe(5);
    expect(b.rows).toBe(5);
    // Only the five with a rhythm and their keep-in-touch rows are read, whatever else the account holds.
    // (A row either side: where an index range ends, SQLite reads the next entry to see it has ended.)
    expect(b.read).toBeLessThanOrEqual(a.read + 2);
    expect(b.read).toBeLessThan(100);
    for (const { owner } of [small, large]) {
      const page = await (await call("/dashboard", { headers: { cookie: owner.cookie } })).text();
      for (let i = 0; i < 5; i++) expect(page).toContain(`Due ${i}`);
      expect(page).not.toContain("Quiet 1");
    }
  });

  it("lets the database rank who is due: the one high-priority donor among 2,500 is first", async () => {
    const { owner, userId } = await accountWith(0);
    await env.DB.prepare("insert into tag_rhythm (user_id, tag, every) values (?, 'Donor', 'weekly')")
      .bind(userId)
      .run();
    await fill(userId, 2500, { prefix: "Donor", tags: '["Donor"]', ageDays: 30 });
    await env.DB.prepare(
      `insert into connection (user_id, name, tags, priority, status, source, created_at, updated_at)
       values (?, 'Zed Keynote', '["donor"]', 'high', 'Active', 'import', ?, ?)`,
    )
      .bind(userId, Date.now() - 30 * DAY, Date.now())
      .run();
    const { rows } = await measured(dueQuery(userId));
    expect(rows).toBe(DUE_ROWS);
    const [rules, candidates] = await db().batch([
      listTagRhythms(db(), userId),
      dueCandidates(db(), viewerOf(userId), Date.now() - 7 * DAY, Date.now() + 8 * DAY),
    ]);
    const due = dueFrom(rhythmsFrom([rules, candidates], "UTC", new Date()), "UTC", { withinDays: 6, limit: 10 });
    expect(due.map((p) => p.name)).toEqual([
      "Zed Keynote",
      ...["0", "1", "10", "100", "1000", "1001", "1002", "1003", "1004"].map((n) => `Donor ${n}`),
    ]);
    const page = await (await call("/dashboard", { headers: { cookie: owner.cookie } })).text();
    const reconnect = page.slice(page.indexOf("Reconnect this week"));
    expect(reconnect.indexOf("Zed Keynote")).toBeGreaterThan(-1);
    expect(reconnect.indexOf("Zed Keynote")).toBeLessThan(reconnect.indexOf("Donor 0"));
    // Another account sees none of them.
    const other = await signUp();
    expect(await (await call("/dashboard", { headers: { cookie: other.cookie } })).text()).not.toContain("Zed Keynote");
  });

  it("picks the first of 3,000 people met lately by index: the same people, in the same order, as reading them all", async () => {
    const owner = await signUp();
    const userId = await userIdOf(owner.email);
    const now = Date.now();
    // Every 97th is high priority; strength 10-60 or unset; arrivals spread over 13 hours a day ago; every 17th
    // tagged Board (a monthly rhythm, so not due); 500 high-priority people met at last year's event before them.
    const met = Array.from({ length: 3000 }, (_, k) => k + 1);
    for (let start = 0; start < met.length; start += 1000) {
      await env.DB.prepare(
        `insert into connection (user_id, name, tags, priority, strength, event_name, source, created_at, updated_at)
         select ?, 'Met ' || j.value, case when j.value % 17 = 0 then '["Board"]' else '[]' end,
           case when j.value % 97 = 0 then 'high' when j.value % 3 = 0 then 'low' else 'medium' end,
           case when j.value % 11 = 0 then null else (j.value % 6) * 10 + 10 end,
           'Summit', 'share', ? - (j.value % 13) * 3600000, ?
         from json_each(?) j`,
      )
        .bind(userId, now - DAY, now, JSON.stringify(met.slice(start, start + 1000)))
        .run();
    }
    await env.DB.batch([
      env.DB.prepare(
        `insert into connection (user_id, name, priority, event_name, source, created_at, updated_at)
         select ?, 'Expo ' || j.value, 'high', 'Expo', 'share', ?, ? from json_each(?) j`,
      ).bind(userId, now - 400 * DAY, now, JSON.stringify(met.slice(0, 500))),
      env.DB.prepare("insert into tag_rhythm (user_id, tag, every) values (?, 'Board', 'monthly')").bind(userId),
      // Reached out since they arrived: not due. Reached out before (another event): still due.
      env.DB.prepare(
        `insert into interaction (user_id, connection_id, kind, source, occurred_at)
         select user_id, id, 'email', 'manual', case when name like '%0' then ? else ? end from connection
         where user_id = ? and event_name = 'Summit' and cast(substr(name, 5) as integer) % 194 = 0`,
      ).bind(now - 30 * DAY, now, userId),
      // Snoozed past the window (not due) or to the day after tomorrow (due later than their arrival says).
      env.DB.prepare(
        `insert into keep_in_touch (user_id, connection_id, snoozed_until)
         select user_id, id, case when cast(substr(name, 5) as integer) % 291 = 0 then '2099-01-01' else ? end
         from connection where user_id = ? and event_name = 'Summit'
           and (cast(substr(name, 5) as integer) % 291 = 0 or cast(substr(name, 5) as integer) % 485 = 0)`,
      ).bind(new Date(now + 2 * DAY).toISOString().slice(0, 10), userId),
      env.DB.prepare(
        `update connection set status = 'Archived' where user_id = ? and cast(substr(name, 5) as integer) % 679 = 0`,
      ).bind(userId),
    ]);
    const recent = now - 7 * DAY;
    const until = now + 8 * DAY;
    const [all, first] = await db().batch([
      dueCandidates(db(), viewerOf(userId), recent, until, 100_000),
      dueCandidates(db(), viewerOf(userId), recent, until),
    ]);
    expect(all.length).toBeGreaterThan(2 * DUE_ROWS);
    expect(first.map((c) => c.name)).toEqual(all.slice(0, DUE_ROWS).map((c) => c.name));
    const names = new Set(first.map((c) => c.name));
    expect(first[0]?.priority).toBe("high");
    expect(names.has("Met 485")).toBe(true);
    for (const gone of ["Met 194", "Met 291", "Met 679", "Met 17", "Expo 1"]) expect(names.has(gone)).toBe(false);
    expect(names.has("Met 970")).toBe(true);
    // The index hands the first ones over in order: fewer rows than the account's 3,500 people (reading each
    // with its lookups, as before the index, read 24,002).
    // (Without the tag's rhythm, which reads every person's tags by design: decision 0205.)
    await env.DB.prepare("delete from tag_rhythm where user_id = ?").bind(userId).run();
    const { rows, read } = await measured(dueQuery(userId));
    expect(rows).toBe(DUE_ROWS);
    expect(read).toBeLessThan(3500);
    const page = await (await call("/dashboard", { headers: { cookie: owner.cookie } })).text();
    expect(page).toContain(first[0]?.name ?? "no one");
  });
});

const local = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 16);

async function eventWith(attendees: number) {
  const owner = await signUp();
  const res = await call("/organiser", {
    ...form({
      title: "Rivers Forum",
      startsAt: local(-1),
      endsAt: local(1),
      timeZone: "UTC",
      type: "in-person",
      organiserName: "Org",
    }),
    headers: { cookie: owner.cookie },
  });
  const id = Number(res.headers.get("location")?.split("/").pop());
  const insert = (rows: number[], name: string, interests: string, listed: number, visibility = "everyone") =>
    env.DB.prepare(
      `insert into org_attendee (event_id, email, name, interests, pass_token, badge_code, listed, visibility)
       select ?1, ?2 || j.value || '@example.org', ?2 || ' ' || j.value, ?3, ?1 || ?2 || '-pass-' || j.value,
         ?1 || ?2 || '-badge-' || j.value, ?4, ?5
       from json_each(?6) j`,
    )
      .bind(id, name, interests, listed, visibility, JSON.stringify(rows))
      .run();
  const me = await db()
    .insert(orgAttendee)
    .values({
      eventId: id,
      email: `me-${id}@example.org`,
      name: "Me",
      passToken: `me-${id}`,
      badgeCode: `me-b-${id}`,
      listed: true,
      goals: "Meet people in watershed restoration",
    })
    .returning();
  for (let start = 0; start < attendees; start += 1000)
    await insert(
      Array.from({ length: Math.min(1000, attendees - start) }, (_, k) => start + k),
      "Civic",
      "Open data, civic tech",
      1,
    );
  // Joined last: the one match, and two who must never be suggested (unlisted, and visible only to exchanges).
  await insert([0], "River", "Watershed restoration (rivers)", 1);
  await insert([0], "Unlisted", "Watershed-funding", 0);
  await insert([0], "Hidden", "watershed grants", 1, "exchanged");
  return { id, me: me[0] as NonNullable<(typeof me)[0]> };
}

describe("the directory's suggestions over every visible attendee (decision 0205)", () => {
  it("finds the one match that joined after 3,000 others, and never an unlisted or hidden attendee", async () => {
    for (const size of [20, 3000]) {
      const { me } = await eventWith(size);
      const matches = await matchesFor(db(), me);
      expect(matches.map((m) => m.name)).toEqual(["River 0"]);
      expect(matches[0]?.reasons[0]).toContain("watershed, restoration");
      // One query, and at most the page's suggestions come back to the Worker, whatever the event's size.
      const { rows } = await measured(matchesQuery(db(), me));
      expect(rows).toBe(1);
      expect(rows).toBeLessThanOrEqual(MATCH_LIMIT);
    }
  });
});
