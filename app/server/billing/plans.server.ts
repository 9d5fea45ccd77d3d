import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import {
  can,
  EMPTY_PLAN_STATE,
  type Entitlements,
  entitlements,
  type Feature,
  formatPlanDate,
  type LockedFeature,
  NONPROFIT_MONTHS,
  NONPROFIT_REMINDER_DAYS,
  type PlanState,
  TRIAL_DAYS,
  TRIAL_REMINDER_DAYS,
} from "~/lib/billing/plans";
import { accountLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { addMonths, DAY_MS } from "~/lib/time/days";
import { accountPlan, member, notification, user, workspace } from "~db/schema";
import { provedMailbox } from "../account/proved-mailbox.server";
import type { Database, Owner } from "../db/db.server";
import { rawSql } from "../db/write.server";
import { type Mailer, outboxMailer } from "../platform/mail.server";

/** The account's plan row as the pure rules read it; an account without a row is on Basic with a trial to start. */
export async function getPlanState(db: Database, userId: string): Promise<PlanState> {
  return planStateFrom(await planStateQuery(db, userId));
}

/** The plan row read as a query, for a loader that sends it in one D1 batch with others. */
export const planStateFrom = (rows: Awaited<ReturnType<typeof planStateQuery>>): PlanState =>
  rows[0] ?? EMPTY_PLAN_STATE;

export function planStateQuery(db: Database, userId: Owner) {
  return db
    .select({
      trialEndsAt: accountPlan.trialEndsAt,
      nonprofitEndsAt: accountPlan.nonprofitEndsAt,
      complimentary: accountPlan.complimentary,
      subscriptionStatus: accountPlan.subscriptionStatus,
      billingInterval: accountPlan.billingInterval,
      currentPeriodEnd: accountPlan.currentPeriodEnd,
      cancelAtPeriodEnd: accountPlan.cancelAtPeriodEnd,
      graceEndsAt: accountPlan.graceEndsAt,
    })
    .from(accountPlan)
    .where(eq(accountPlan.userId, userId));
}

export async function getEntitlements(db: Database, userId: string, now = new Date()): Promise<Entitlements> {
  return entitlements(await getPlanState(db, userId), now);
}

export async function hasFeature(db: Database, userId: string, feature: Feature, now = new Date()) {
  return can(await getEntitlements(db, userId, now), feature);
}

/**
 * The one server-side gate: every loader, action and API that belongs to a Pro feature calls this (or
 * hasFeature, where only part of a page is Pro). Refuses with 403 and the feature's key; the signed-in
 * layout's error boundary turns that into the feature's explanation and the way to get it.
 */
export async function requireFeature(db: Database, userId: string, feature: Feature, now = new Date()) {
  const ent = await getEntitlements(db, userId, now);
  if (can(ent, feature)) return ent;
  const body: LockedFeature = { locked: feature, trialAvailable: ent.trialAvailable };
  throw Response.json(body, { status: 403, statusText: "Forbidden" });
}

/** Sign-up starts the trial; the row is created once (a second call changes nothing). */
export async function startTrialForNewAccount(db: Database, userId: string, now = new Date()) {
  await db
    .insert(accountPlan)
    .values({ userId, trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) })
    .onConflictDoNothing();
}

/**
 * The same trial as a statement for a batch that may have made the account `userId`: it starts only if that account
 * exists by then (an insert that met an existing address kept the old id, so nothing starts).
 */
export const trialIfMade = (userId: string, now = new Date()) =>
  rawSql(sql`insert into ${accountPlan} (user_id, trial_ends_at)
    select ${user.id}, ${now.getTime() + TRIAL_DAYS * DAY_MS} from ${user} where ${user.id} = ${userId}
    on conflict do nothing`);

/**
 * "Start Free Trial" for an account that never had one: one statement, so two presses at once still
 * start one trial. Answers the trial's end, or null when a trial was used or a subscription exists.
 */
export async function startTrial(db: Database, userId: string, now = new Date()): Promise<Date | null> {
  const ends = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const [row] = await db
    .insert(accountPlan)
    .values({ userId, trialEndsAt: ends })
    .onConflictDoUpdate({
      target: accountPlan.userId,
      set: { trialEndsAt: ends },
      setWhere: sql`${accountPlan.trialEndsAt} IS NULL AND ${accountPlan.subscriptionStatus} IS NULL`,
    })
    .returning({ trialEndsAt: accountPlan.trialEndsAt });
  return row?.trialEndsAt ?? null;
}

/** Published cards an owner may keep at once; the card module asks before publishing one more. */
export async function publishedCardLimit(db: Database, userId: string, now = new Date()) {
  return (await getEntitlements(db, userId, now)).publishedCardLimit;
}

/**
 * Operators (nonprofit approvals) are named by email in the OPERATOR_EMAILS secret, comma-separated, and
 * must have confirmed that address: anyone can sign up with an address they do not hold.
 */
export function isOperator(
  env: { OPERATOR_EMAILS?: string | undefined },
  user: { email: string; emailVerified: boolean },
): boolean {
  if (!provedMailbox(user)) return false;
  const list = (env.OPERATOR_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return list.includes(user.email.trim().toLowerCase());
}

type Person = { id: string; email: string; name: string; team: string | null; locale: string | null };
type Ending = { kind: "trial" | "nonprofit"; to: Person; endsAt: Date };

/**
 * Who hears about a workspace's plan: its owners and admins (decision 0254), so a team's trial reminds the people who
 * can buy for it; in an account's own workspace, the account alone.
 */
function planPeople(db: Database, workspaceId: string) {
  return db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      team: sql<string | null>`case when ${workspace.kind} = 'team' then ${workspace.name} end`,
      locale: user.locale,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .innerJoin(workspace, eq(workspace.id, member.workspaceId))
    .where(and(eq(member.workspaceId, workspaceId), inArray(member.role, ["owner", "admin"])))
    .orderBy(member.createdAt)
    .limit(50);
}

/**
 * The scheduled reminders: a few days before a trial or a nonprofit grant ends, a notification and a
 * mail; when a trial has ended, one notice that the workspace is on Basic now. Each is claimed by a
 * conditional update in the same batch as its notifications, so overlapping runs send it once.
 */
export async function remindPlanEndings(db: Database, now: Date, mail: Mailer = outboxMailer(db)) {
  const soon = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const plan = { userId: accountPlan.userId };
  const [trials, nonprofits, ended] = await Promise.all([
    db
      .select({ ...plan, endsAt: accountPlan.trialEndsAt })
      .from(accountPlan)
      .where(
        and(
          gt(accountPlan.trialEndsAt, now),
          lte(accountPlan.trialEndsAt, soon(TRIAL_REMINDER_DAYS)),
          isNull(accountPlan.trialRemindedAt),
          isNull(accountPlan.subscriptionStatus),
        ),
      )
      .limit(50),
    db
      .select({ ...plan, endsAt: accountPlan.nonprofitEndsAt })
      .from(accountPlan)
      .where(
        and(
          gt(accountPlan.nonprofitEndsAt, now),
          lte(accountPlan.nonprofitEndsAt, soon(NONPROFIT_REMINDER_DAYS)),
          isNull(accountPlan.nonprofitRemindedAt),
        ),
      )
      .limit(50),
    db
      .select({ ...plan, endsAt: accountPlan.trialEndsAt })
      .from(accountPlan)
      .where(
        and(
          isNotNull(accountPlan.trialEndsAt),
          lte(accountPlan.trialEndsAt, now),
          isNull(accountPlan.trialEndedNoticeAt),
          isNull(accountPlan.subscriptionStatus),
        ),
      )
      // The freshest endings first: after a backlog (an outage, a first run) the news that is still news goes out
      // now, and older ones on the next runs.
      .orderBy(desc(accountPlan.trialEndsAt))
      .limit(50),
  ]);
  const sent: Ending[] = [];
  for (const row of [
    ...trials.map((r) => ({ ...r, kind: "trial" as const })),
    ...nonprofits.map((r) => ({ ...r, kind: "nonprofit" as const })),
  ]) {
    if (!row.endsAt) continue;
    const people = await planPeople(db, row.userId);
    const team = people[0]?.team ?? null;
    const mark = row.kind === "trial" ? "trialRemindedAt" : "nonprofitRemindedAt";
    const what = row.kind === "trial" ? "Card Pro trial" : "nonprofit Card Pro";
    const claimed = await claimAndNotify(db, row.userId, people, mark, now, {
      title: team ? `${team}'s ${what} ends soon` : `Your ${what} ends soon`,
      message: `Card Pro ends on ${formatPlanDate(row.endsAt)}. Subscribe to keep it; nothing you made is deleted either way.`,
      type: "warning",
    });
    if (claimed) for (const to of people) sent.push({ kind: row.kind, to, endsAt: row.endsAt });
  }
  for (const row of ended) {
    // A later grant (a nonprofit approval) may still be running: then nothing has ended for the owner.
    const ent = entitlements(await getPlanState(db, row.userId), now);
    const people = await planPeople(db, row.userId);
    const team = people[0]?.team ?? null;
    const claimed = await claimAndNotify(
      db,
      row.userId,
      people,
      "trialEndedNoticeAt",
      now,
      ent.tier === "pro"
        ? null
        : {
            title: team ? `${team}'s Card Pro trial has ended` : "Your Card Pro trial has ended",
            message: `${team ? `${team} is` : "You are"} on Basic now. Everything you made is kept; subscribe to use Card Pro features again.`,
            type: "info",
          },
    );
    if (claimed && ent.tier === "basic") for (const to of people) await mail.send(endedMail(to));
  }
  for (const row of sent) await mail.send(endingMail(row));
  return { reminded: sent.length };
}

async function claimAndNotify(
  db: Database,
  planId: string,
  people: Person[],
  mark: "trialRemindedAt" | "nonprofitRemindedAt" | "trialEndedNoticeAt",
  now: Date,
  note: { title: string; message: string; type: "warning" | "info" } | null,
): Promise<boolean> {
  const column = accountPlan[mark];
  const claim = db
    .update(accountPlan)
    .set({ [mark]: now })
    .where(and(eq(accountPlan.userId, planId), isNull(column)))
    .returning({ userId: accountPlan.userId });
  if (!note || people.length === 0) {
    const [row] = await claim;
    return Boolean(row);
  }
  // Each notification is inserted only while the mark is still unset, in the same transaction as the mark.
  const unset = sql`EXISTS (SELECT 1 FROM ${accountPlan} WHERE user_id = ${planId} AND ${sql.identifier(column.name)} IS NULL)`;
  const [first, ...rest] = people.map((p) => notifyWhere(db, p.id, note, unset));
  if (!first) return false;
  const results = await db.batch([first, ...rest, claim]);
  return (results.at(-1) as unknown[]).length > 0;
}

/** Each person's mail in their own account's language (decision 0269); English is the words these mails had. */
function endingMail(row: Ending) {
  const { team, name } = row.to;
  const locale = accountLocale(row.to.locale);
  const t = translator(locale);
  const date = formatPlanDate(row.endsAt, "UTC", locale);
  const kind = row.kind === "trial" ? "trialEnding" : "nonprofitEnding";
  const subject = team ? t(`acct.${kind}.subjectTeam`, { team, date }) : t(`acct.${kind}.subject`, { date });
  return {
    to: row.to.email,
    kind: `${row.kind}-ending`,
    subject,
    text: team
      ? t("acct.ending.bodyTeam", { name, lead: subject, team })
      : t("acct.ending.body", { name, lead: subject }),
  };
}

function endedMail(to: Person) {
  const t = translator(accountLocale(to.locale));
  const { team, name } = to;
  return {
    to: to.email,
    kind: "trial-ended",
    subject: team ? t("acct.ended.subjectTeam", { team }) : t("acct.ended.subject"),
    text: team ? t("acct.ended.bodyTeam", { name, team }) : t("acct.ended.body", { name }),
  };
}

/** Three months of Pro from approval (or from the end of a grant still running), as one date. */
export function nonprofitGrantEnd(now: Date, current: Date | null): Date {
  const from = current && current.getTime() > now.getTime() ? current : now;
  return addMonths(from, NONPROFIT_MONTHS);
}

type Note = { title: string; message: string; type: "success" | "info" | "warning" };

/**
 * A notification inserted only if `condition` holds when the statement runs: a statement for a batch,
 * so the condition and the change it guards are one transaction. Columns in the table's order.
 */
export function notifyWhere(db: Database, userId: string, note: Note, condition: SQL) {
  return db
    .insert(notification)
    .select(
      sql`SELECT NULL, ${userId}, ${note.title}, ${note.message}, ${note.type}, 0, 0, 'Plan and billing', '/settings/billing', ${Date.now()} WHERE ${condition}`,
    );
}
