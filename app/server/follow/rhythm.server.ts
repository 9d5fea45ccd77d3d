import { and, asc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  addDays,
  daysBetween,
  describeRhythm,
  dueInstant,
  MAX_RHYTHM_DAYS,
  nextDue,
  POST_EVENT_WINDOW_MS,
  postEventDue,
  type Rhythm,
  type RhythmDue,
  type RhythmEvery,
  rhythmLengthDays,
} from "~/lib/follow/rhythm";
import { PRIORITIES, type Priority } from "~/lib/people/connection-rules";
import { DAY_MS } from "~/lib/time/days";
import { dayInZone } from "~/lib/time/time";
import { connection, keepInTouch, tagRhythm } from "~db/schema";
import type { Database, Owner, Owners } from "../db/db.server";
import { seesPersonAs, type Viewer, viewerOf } from "../people/access.server";
import { notifyWorkspace } from "../platform/notifications.server";

export function listTagRhythms(db: Database, userId: Owner) {
  return db
    .select({ tag: tagRhythm.tag, every: tagRhythm.every, days: tagRhythm.days })
    .from(tagRhythm)
    .where(eq(tagRhythm.userId, userId))
    .orderBy(asc(tagRhythm.tag))
    .limit(200);
}

export async function setTagRhythm(db: Database, userId: string, tag: string, rhythm: Rhythm | null) {
  if (!rhythm) {
    const gone = await db
      .delete(tagRhythm)
      .where(and(eq(tagRhythm.userId, userId), eq(tagRhythm.tag, tag)))
      .returning({ tag: tagRhythm.tag });
    return gone.length > 0;
  }
  const days = rhythm.every === "days" ? (rhythm.days ?? 30) : null;
  await db
    .insert(tagRhythm)
    .values({ userId, tag, every: rhythm.every, days })
    .onConflictDoUpdate({ target: [tagRhythm.userId, tagRhythm.tag], set: { every: rhythm.every, days } });
  return true;
}

/** Sets (or clears, with null) a person's own rhythm. Another account's person changes nothing. */
export async function setPersonRhythm(db: Database, userId: string, personId: number, rhythm: Rhythm | null) {
  const days = rhythm?.every === "days" ? (rhythm.days ?? 30) : null;
  const every = rhythm?.every ?? null;
  const rows = await db.all(sql`insert into ${keepInTouch} (user_id, connection_id, every, days, snoozed_until)
    select ${userId}, id, ${every}, ${days}, null from ${connection} where id = ${personId} and user_id = ${userId}
    on conflict (user_id, connection_id) do update set every = excluded.every, days = excluded.days,
      snoozed_until = null, updated_at = ${Date.now()}
    returning connection_id`);
  return rows.length > 0;
}

/** Hides a person from due lists until `days` after the owner's today. */
export async function snoozePerson(
  db: Database,
  userId: string,
  personId: number,
  days: number,
  timeZone: string,
  now = new Date(),
) {
  const until = addDays(dayInZone(now, timeZone), Math.max(1, Math.min(365, Math.round(days))));
  const rows = await db.all(sql`insert into ${keepInTouch} (user_id, connection_id, snoozed_until)
    select ${userId}, id, ${until} from ${connection} where id = ${personId} and user_id = ${userId}
    on conflict (user_id, connection_id) do update set snoozed_until = excluded.snoozed_until, updated_at = ${Date.now()}
    returning connection_id`);
  return rows.length ? until : null;
}

export type DuePerson = {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  priority: Priority;
  strength: number | null;
  /** "own", "post-event", or the tag whose rhythm applies. */
  via: string;
  rhythm: string;
  lastAt: Date | null;
  due: RhythmDue;
  /** For the post-event window: its deadline. */
  deadline?: Date;
  reasons: string[];
};

type Row = {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  priority: Priority;
  strength: number | null;
  tags: string;
  event_name: string | null;
  created_at: number;
  last_contact_at: number | null;
  every: RhythmEvery | null;
  days: number | null;
  snoozed_until: string | null;
  reached_out: number | null;
};

const CANDIDATES = 2000;

/** The reads `rhythmsFrom` works on (the owner's tag rules and the candidates), for one D1 batch with a page's other reads. */
function rhythmReads(db: Database, viewer: Viewer, now = new Date(), onlyId?: number) {
  return [
    listTagRhythms(db, viewer.workspaceId),
    rhythmCandidates(db, viewer, now.getTime() - 7 * DAY_MS, onlyId),
  ] as const;
}

/** A rhythm candidate's columns over `connection c` and `keep_in_touch k`, read alike by both candidate reads. */
const CANDIDATE_COLUMNS = {
  id: sql<number>`c.id`,
  name: sql<string>`c.name`,
  title: sql<string | null>`c.title`,
  company: sql<string | null>`c.company`,
  priority: sql<Priority>`c.priority`,
  strength: sql<number | null>`c.strength`,
  tags: sql<string>`c.tags`,
  event_name: sql<string | null>`c.event_name`,
  created_at: sql<number>`c.created_at`,
  last_contact_at: sql<number | null>`c.last_contact_at`,
  every: sql<RhythmEvery | null>`k.every`,
  days: sql<number | null>`k.days`,
  snoozed_until: sql<string | null>`k.snoozed_until`,
};

/** Who a rhythm may apply to, of the people the viewer sees (0234): `recent` (ms) is when "met lately at an event" starts. */
export function rhythmCandidates(db: Database, viewer: Viewer, recent: number | SQLWrapper, onlyId?: number) {
  const userId = viewer.workspaceId;
  // A select builder rather than db.all, which drizzle cannot bind inside a D1 batch.
  return db
    .select({
      ...CANDIDATE_COLUMNS,
      reached_out: sql<number | null>`(select max(i.occurred_at) from interaction i where i.user_id = c.user_id
          and i.connection_id = c.id and i.source in ('manual', 'api', 'assistant', 'gift'))`,
    })
    .from(sql`${connection} c left join ${keepInTouch} k on k.user_id = c.user_id and k.connection_id = c.id`)
    .where(sql`c.user_id = ${userId} and c.status <> 'Archived' and ${seesPersonAs(viewer, "c")} ${onlyId === undefined ? sql`` : sql`and c.id = ${onlyId}`} and (
      k.every is not null
      or exists (select 1 from json_each(c.tags) t join ${tagRhythm} r on r.user_id = c.user_id and lower(r.tag) = lower(t.value))
      or (c.event_name is not null and c.created_at > ${recent}))`)
    .limit(CANDIDATES);
}

/** The shortest a rhythm can be in days, whatever the month or the owner's zone (a month is at least 28 days). */
const shortestDays = (every: string, days: string) =>
  `case ${every} when 'weekly' then 7 when 'biweekly' then 14 when 'monthly' then 28 when 'quarterly' then 89
    when 'yearly' then 365 when 'days' then min(max(coalesce(${days}, 30), 1), ${MAX_RHYTHM_DAYS}) end`;

/**
 * The earliest instant (ms) a candidate can be due: the last contact (or arrival) plus the shortest length of
 * their rhythm (their own, else their tags' shortest), or the end of the 48 hours after they arrived at an
 * event; never before a snooze day. A bound, not the day: the owner's zone and month lengths move the day by
 * up to 4 days, and `rhythmsFrom` works the day out exactly.
 */
const EARLIEST_DUE = sql.raw(`max(
  case when coalesce(${shortestDays("k.every", "k.days")}, c.rule_days) is not null
    then coalesce(c.last_contact_at, c.created_at) + coalesce(${shortestDays("k.every", "k.days")}, c.rule_days) * ${DAY_MS}
    else c.created_at + ${POST_EVENT_WINDOW_MS} end,
  coalesce((julianday(k.snoozed_until) - 2440587.5) * ${DAY_MS}, 0))`);

/** How many of the earliest-due people the dashboard reads: enough for its list, whatever the account's size. */
export const DUE_ROWS = 200;

/**
 * The first `limit` people met at an event since `recent` who are due only for that (no rhythm, no snooze, not
 * reached out since): their order is the dashboard's (priority, strength, then arrival, as the window is the
 * same for each), so `connection_due_met_idx` (migration 0051) hands them over in order and the read stops at
 * `limit`. The others of the union are read whole, so the first `limit` of the union are among these.
 */
function metLately(
  userId: Owner,
  ruleDays: SQL,
  recent: number | SQLWrapper,
  until: number | SQLWrapper,
  limit: number,
) {
  // "+created_at": the window is checked on the index's entries, not taken as the range to read and sort.
  return sql`select c.id from ${connection} c where c.user_id = ${userId} and c.event_name is not null
      and c.status <> 'Archived' and +c.created_at > ${recent} and +c.created_at + ${POST_EVENT_WINDOW_MS} <= ${until}
      and not exists (select 1 from ${keepInTouch} k where k.user_id = c.user_id and k.connection_id = c.id
        and (k.every is not null or k.snoozed_until is not null))
      and ${ruleDays} is null
      and not exists (select 1 from interaction i where i.user_id = c.user_id and i.connection_id = c.id
        and i.source in ('manual', 'api', 'assistant', 'gift') and i.occurred_at >= c.created_at)
    order by case c.priority when 'high' then 0 when 'medium' then 1 else 2 end, coalesce(c.strength, 0) desc,
      c.created_at, c.name
    limit ${limit}`;
}

/**
 * The candidates who may be due by `until` (ms), best first as `dueFrom` ranks them (priority, strength, then
 * the earliest they can be due), at most `limit`. The database picks them from three indexed sources (people
 * with a rhythm of their own, people with a tag that has one when the owner has any, people who arrived from
 * an event since `recent`), so the read grows with the people a rhythm applies to, not with the account
 * (decision 0205). `until` must allow 2 days past the owner's last day of the window.
 */
export function dueCandidates(
  db: Database,
  viewer: Viewer,
  recent: number | SQLWrapper,
  until: number | SQLWrapper,
  limit = DUE_ROWS,
) {
  const userId = viewer.workspaceId;
  const ruleDays = sql.raw(`(select min(${shortestDays("r.every", "r.days")}) from json_each(c.tags) t
    join tag_rhythm r on r.user_id = c.user_id and lower(r.tag) = lower(t.value))`);
  return db
    .select({
      ...CANDIDATE_COLUMNS,
      reached_out: sql<number | null>`c.reached_out`,
    })
    .from(
      // "+c.user_id": found by id from the sources below, not by a scan of the account's index.
      sql`(select c.*, ${ruleDays} as rule_days,
          (select max(i.occurred_at) from interaction i where i.user_id = c.user_id and i.connection_id = c.id
            and i.source in ('manual', 'api', 'assistant', 'gift')) as reached_out
        from ${connection} c where +c.user_id = ${userId} and c.status <> 'Archived' and ${seesPersonAs(viewer, "c")} and c.id in (
          select k.connection_id from ${keepInTouch} k where k.user_id = ${userId}
            and (k.every is not null or k.snoozed_until is not null)
          union
          select c.id from (select 1 from ${tagRhythm} where user_id = ${userId} limit 1) cross join ${connection} c
            where c.user_id = ${userId} and ${ruleDays} is not null
          union
          select id from (${metLately(userId, ruleDays, recent, until, limit)}))) c
        left join ${keepInTouch} k on k.user_id = c.user_id and k.connection_id = c.id`,
    )
    .where(sql`(k.every is not null or c.rule_days is not null
        or (c.event_name is not null and c.created_at > ${recent} and (c.reached_out is null or c.reached_out < c.created_at)))
      and ${EARLIEST_DUE} <= ${until}`)
    .orderBy(
      sql`case c.priority when 'high' then 0 when 'medium' then 1 else 2 end`,
      sql`coalesce(c.strength, 0) desc`,
      EARLIEST_DUE,
      sql`c.name`,
    )
    .limit(limit);
}

type RhythmRead = readonly [Awaited<ReturnType<typeof listTagRhythms>>, Row[]];

/**
 * Everyone a rhythm applies to, with when they are next due in the owner's zone: their own rhythm,
 * else the shortest of their tags' rhythms, and people met at an event inside the 48-hour window
 * (until the owner reaches out). Snoozed people move to their snooze day. One D1 round trip.
 */
export async function rhythmsOf(
  db: Database,
  owner: string | Owners,
  timeZone: string,
  now = new Date(),
  onlyId?: number,
) {
  return rhythmsFrom(await db.batch(rhythmReads(db, viewerOf(owner), now, onlyId)), timeZone, now);
}

/** `rhythmsOf` on the answers of `rhythmReads`. */
export function rhythmsFrom([tagRules, rows]: RhythmRead, timeZone: string, now: Date): DuePerson[] {
  const byTag = new Map(tagRules.map((r) => [r.tag.toLowerCase(), r]));
  const people: DuePerson[] = [];
  // The owner's today once, not per person: a conference's worth of people met this week is 2,000 rows.
  const today = dayInZone(now, timeZone);
  for (const r of rows) {
    const tags = safeTags(r.tags);
    const lastAt = r.last_contact_at === null ? null : new Date(r.last_contact_at);
    const createdAt = new Date(r.created_at);
    const base = {
      id: r.id,
      name: r.name,
      title: r.title,
      company: r.company,
      priority: r.priority,
      strength: r.strength,
      lastAt,
    };
    let rule: { rhythm: Rhythm; via: string } | null = r.every
      ? { rhythm: { every: r.every, days: r.days }, via: "own" }
      : null;
    if (!rule) {
      const matches = tags
        .map((t) => byTag.get(t.toLowerCase()))
        .filter((m): m is NonNullable<typeof m> => Boolean(m))
        .sort((a, b) => rhythmLengthDays(a) - rhythmLengthDays(b));
      if (matches[0]) rule = { rhythm: { every: matches[0].every, days: matches[0].days }, via: matches[0].tag };
    }
    if (rule) {
      const due = nextDue(
        { lastAt: lastAt ?? createdAt, rhythm: rule.rhythm, snoozedUntil: r.snoozed_until },
        now,
        timeZone,
      );
      people.push({ ...base, via: rule.via, rhythm: describeRhythm(rule.rhythm), due, reasons: [] });
      continue;
    }
    // The 48-hour window after an event: until the owner reaches out after meeting them.
    const reached = r.reached_out !== null && r.reached_out >= r.created_at;
    if (r.event_name && !reached && now.getTime() - r.created_at < POST_EVENT_WINDOW_MS + 5 * DAY_MS) {
      const window = postEventDue(createdAt, now);
      let dueDay = dayInZone(window.deadline, timeZone);
      if (r.snoozed_until && r.snoozed_until > today) dueDay = r.snoozed_until;
      const state =
        r.snoozed_until && r.snoozed_until > today ? "upcoming" : window.state === "overdue" ? "overdue" : "due";
      people.push({
        ...base,
        via: "post-event",
        rhythm: `Within 48 hours of ${r.event_name}`,
        due: { dueDay, state, daysOverdue: state === "overdue" ? Math.max(0, daysBetween(dueDay, today)) : 0 },
        deadline: window.deadline,
        reasons: [],
      });
    }
  }
  return people;
}

function safeTags(json: string): string[] {
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

const rankOf = (p: DuePerson) => PRIORITIES.indexOf(p.priority);

/** Why someone is on the list, in the owner's words. */
function reasonsFor(p: DuePerson, now: Date, timeZone: string): string[] {
  const reasons: string[] = [];
  if (p.via === "post-event") {
    const left = p.deadline ? Math.ceil((p.deadline.getTime() - now.getTime()) / 3_600_000) : 0;
    reasons.push(left > 0 ? `${p.rhythm}: ${left} h left` : `${p.rhythm}: the window has passed`);
  } else {
    reasons.push(p.via === "own" ? p.rhythm : `${p.via}: ${p.rhythm.toLowerCase()}`);
    if (p.lastAt) {
      const ago = daysBetween(dayInZone(p.lastAt, timeZone), dayInZone(now, timeZone));
      reasons.push(`Last contact ${ago === 0 ? "today" : ago === 1 ? "yesterday" : `${ago} days ago`}`);
    } else reasons.push("No contact logged yet");
    if (p.due.state === "overdue")
      reasons.push(`${p.due.daysOverdue} day${p.due.daysOverdue === 1 ? "" : "s"} overdue`);
  }
  if (p.priority === "high") reasons.push("High priority");
  if (p.strength !== null && p.strength >= 70) reasons.push(`Strong relationship (${p.strength})`);
  return reasons;
}

type DueOptions = { now?: Date; withinDays?: number; limit?: number };

/**
 * People due by the end of `withinDays` from the owner's today (0: due today or overdue), ranked by
 * priority, then relationship strength, then how overdue, each with its reasons.
 */
export async function dueToReconnect(db: Database, owner: string | Owners, timeZone: string, options: DueOptions = {}) {
  const now = options.now ?? new Date();
  return dueFrom(await rhythmsOf(db, owner, timeZone, now), timeZone, { ...options, now });
}

/** `dueToReconnect` on people `rhythmsFrom` gave. */
export function dueFrom(
  people: DuePerson[],
  timeZone: string,
  { now = new Date(), withinDays = 0, limit = 50 }: DueOptions = {},
) {
  const until = addDays(dayInZone(now, timeZone), withinDays);
  return people
    .filter((p) => p.due.state !== "upcoming" || (withinDays > 0 && p.due.dueDay <= until))
    .sort(
      (a, b) =>
        rankOf(a) - rankOf(b) ||
        (b.strength ?? 0) - (a.strength ?? 0) ||
        b.due.daysOverdue - a.due.daysOverdue ||
        a.due.dueDay.localeCompare(b.due.dueDay) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, limit)
    .map((p) => ({ ...p, reasons: reasonsFor(p, now, timeZone) }));
}

/** One person's rhythm as their page shows it. */
export async function rhythmOfPerson(
  db: Database,
  userId: string,
  personId: number,
  timeZone: string,
  now = new Date(),
) {
  const [[own], [current = null]] = await Promise.all([
    db
      .select({ every: keepInTouch.every, days: keepInTouch.days, snoozedUntil: keepInTouch.snoozedUntil })
      .from(keepInTouch)
      .where(and(eq(keepInTouch.userId, userId), eq(keepInTouch.connectionId, personId))),
    rhythmsOf(db, userId, timeZone, now, personId),
  ]);
  return {
    own: own?.every ? { every: own.every, days: own.days } : null,
    snoozedUntil: own?.snoozedUntil ?? null,
    current: current ? { ...current, reasons: reasonsFor(current, now, timeZone) } : null,
  };
}

/**
 * Calendar entries for the feed: each person with a rhythm on their next due day (09:00 in the owner's
 * zone; overdue people on today), one stable UID per person, so the entry moves when a contact is logged.
 */
export async function rhythmCalendarEvents(
  db: Database,
  userId: string,
  timeZone: string,
  origin: string,
  now = new Date(),
) {
  const people = await rhythmsOf(db, userId, timeZone, now);
  const today = dayInZone(now, timeZone);
  const host = URL.canParse(origin) ? new URL(origin).hostname : "knowwho.app";
  return people.slice(0, 500).map((p) => {
    const day = p.due.state === "overdue" ? today : p.due.dueDay;
    return {
      uid: `keep-in-touch-${p.id}@${host}`,
      start: p.deadline && p.via === "post-event" && p.due.state === "due" ? p.deadline : dueInstant(day, timeZone),
      minutes: 15,
      summary: `Reconnect: ${p.name}`,
      description: `${p.rhythm}${p.due.state === "overdue" ? ` (due ${p.due.dueDay})` : ""}`,
      url: origin.startsWith("https://") ? `${origin}/connections/${p.id}` : null,
      updated: p.lastAt ?? now,
    };
  });
}

/**
 * The scheduled handler's part: each owner with rhythms gets one notification per person and due day
 * (the day is remembered on the person's keep-in-touch row), written in one batch per owner.
 */
export async function notifyDueRhythms(db: Database, now: Date, owners = 100): Promise<number> {
  const users = await db.all<{ user_id: string; time_zone: string | null; wants: number | null }>(sql`
    select u.user_id, s.time_zone, s.notify_reminders as wants from (
      select user_id from ${keepInTouch} where every is not null union select user_id from ${tagRhythm}
    ) u left join user_settings s on s.user_id = u.user_id limit ${owners}`);
  let written = 0;
  for (const u of users) {
    if (u.wants === 0) continue;
    const timeZone = u.time_zone ?? "UTC";
    const due = (await dueToReconnect(db, u.user_id, timeZone, { now, limit: 200 })).filter(
      (p) => p.via !== "post-event",
    );
    if (!due.length) continue;
    const marks = await db
      .select({ id: keepInTouch.connectionId, notifiedFor: keepInTouch.notifiedFor })
      .from(keepInTouch)
      .where(eq(keepInTouch.userId, u.user_id));
    const notified = new Map(marks.map((m) => [m.id, m.notifiedFor]));
    const fresh = due.filter((p) => notified.get(p.id) !== p.due.dueDay).slice(0, 40);
    if (!fresh.length) continue;
    const statements = fresh.flatMap((p) => [
      notifyWorkspace(db, u.user_id, {
        title: `Reconnect with ${p.name}`,
        message: p.reasons.join(" · ").slice(0, 500),
        type: "info" as const,
        actionLabel: "Open contact",
        actionUrl: `/connections/${p.id}`,
      }),
      db
        .insert(keepInTouch)
        .values({ userId: u.user_id, connectionId: p.id, notifiedFor: p.due.dueDay })
        .onConflictDoUpdate({
          target: [keepInTouch.userId, keepInTouch.connectionId],
          set: { notifiedFor: p.due.dueDay },
        }),
    ]);
    await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    written += fresh.length;
  }
  return written;
}
