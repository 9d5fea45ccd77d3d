import { and, eq, gt, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
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
import { addMonths, DAY_MS } from "~/lib/time/days";
import { accountPlan, notification, user } from "~db/schema";
import { provedMailbox } from "../account/proved-mailbox.server";
import type { Database, Owner } from "../db/db.server";
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

type Ending = { kind: "trial" | "nonprofit"; userId: string; email: string; name: string; endsAt: Date };

/**
 * The scheduled reminders: a few days before a trial or a nonprofit grant ends, a notification and a
 * mail; when a trial has ended, one notice that the account is on Basic now. Each is claimed by a
 * conditional update in the same batch as its notification, so overlapping runs send it once.
 */
export async function remindPlanEndings(db: Database, now: Date, mail: Mailer = outboxMailer(db)) {
  const soon = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const who = { userId: accountPlan.userId, email: user.email, name: user.name };
  const [trials, nonprofits, ended] = await Promise.all([
    db
      .select({ ...who, endsAt: accountPlan.trialEndsAt })
      .from(accountPlan)
      .innerJoin(user, eq(user.id, accountPlan.userId))
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
      .select({ ...who, endsAt: accountPlan.nonprofitEndsAt })
      .from(accountPlan)
      .innerJoin(user, eq(user.id, accountPlan.userId))
      .where(
        and(
          gt(accountPlan.nonprofitEndsAt, now),
          lte(accountPlan.nonprofitEndsAt, soon(NONPROFIT_REMINDER_DAYS)),
          isNull(accountPlan.nonprofitRemindedAt),
        ),
      )
      .limit(50),
    db
      .select({ ...who, endsAt: accountPlan.trialEndsAt })
      .from(accountPlan)
      .innerJoin(user, eq(user.id, accountPlan.userId))
      .where(
        and(
          isNotNull(accountPlan.trialEndsAt),
          lte(accountPlan.trialEndsAt, now),
          isNull(accountPlan.trialEndedNoticeAt),
          isNull(accountPlan.subscriptionStatus),
        ),
      )
      .limit(50),
  ]);
  const sent: Ending[] = [];
  for (const row of [
    ...trials.map((r) => ({ ...r, kind: "trial" as const })),
    ...nonprofits.map((r) => ({ ...r, kind: "nonprofit" as const })),
  ]) {
    if (!row.endsAt) continue;
    const mark = row.kind === "trial" ? "trialRemindedAt" : "nonprofitRemindedAt";
    const claimed = await claimAndNotify(db, row.userId, mark, now, {
      title: row.kind === "trial" ? "Your Card Pro trial ends soon" : "Your nonprofit Card Pro ends soon",
      message: `Card Pro ends on ${formatPlanDate(row.endsAt)}. Subscribe to keep it; nothing you made is deleted either way.`,
      type: "warning",
    });
    if (claimed) sent.push({ ...row, endsAt: row.endsAt });
  }
  for (const row of ended) {
    // A later grant (a nonprofit approval) may still be running: then nothing has ended for the owner.
    const ent = entitlements(await getPlanState(db, row.userId), now);
    const claimed = await claimAndNotify(
      db,
      row.userId,
      "trialEndedNoticeAt",
      now,
      ent.tier === "pro"
        ? null
        : {
            title: "Your Card Pro trial has ended",
            message: "You are on Basic now. Everything you made is kept; subscribe to use Card Pro features again.",
            type: "info",
          },
    );
    if (claimed && ent.tier === "basic") await mail.send(endedMail(row.email, row.name));
  }
  for (const row of sent) await mail.send(endingMail(row));
  return { reminded: sent.length };
}

async function claimAndNotify(
  db: Database,
  userId: string,
  mark: "trialRemindedAt" | "nonprofitRemindedAt" | "trialEndedNoticeAt",
  now: Date,
  note: { title: string; message: string; type: "warning" | "info" } | null,
): Promise<boolean> {
  const column = accountPlan[mark];
  const claim = db
    .update(accountPlan)
    .set({ [mark]: now })
    .where(and(eq(accountPlan.userId, userId), isNull(column)))
    .returning({ userId: accountPlan.userId });
  if (!note) {
    const [row] = await claim;
    return Boolean(row);
  }
  // The notification is inserted only while the mark is still unset, in the same transaction as the mark.
  const insert = notifyWhere(
    db,
    userId,
    note,
    sql`EXISTS (SELECT 1 FROM ${accountPlan} WHERE user_id = ${userId} AND ${sql.identifier(column.name)} IS NULL)`,
  );
  const [, claimed] = await db.batch([insert, claim]);
  return claimed.length > 0;
}

function endingMail(row: Ending) {
  const what = row.kind === "trial" ? "Your Card Pro trial" : "Your nonprofit offer of Card Pro";
  return {
    to: row.email,
    kind: `${row.kind}-ending`,
    subject: `${what} ends on ${formatPlanDate(row.endsAt)}`,
    text: `Hi ${row.name},\n\n${what} ends on ${formatPlanDate(row.endsAt)}. To keep strategy plans, post-event reports, lead prioritisation, CRM sync and your other Card Pro features, subscribe in Settings → Plan and billing (7.99 USD a month or 79 USD a year).\n\nIf you do nothing, your account moves to the free Basic plan. Nothing you made is deleted: your cards, connections, events and plans stay yours.`,
  };
}

function endedMail(email: string, name: string) {
  return {
    to: email,
    kind: "trial-ended",
    subject: "Your Card Pro trial has ended",
    text: `Hi ${name},\n\nYour Card Pro trial has ended and your account is on the free Basic plan. Everything you made is kept; features of Card Pro are read-only until you subscribe in Settings → Plan and billing.`,
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
