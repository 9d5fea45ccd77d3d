import { and, desc, eq, sql } from "drizzle-orm";
import { formatPlanDate, NONPROFIT_MONTHS } from "~/lib/billing/plans";
import { accountLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { accountPlan, nonprofitApplication, user, workspace } from "~db/schema";
import type { Database } from "../db/db.server";
import { failedWith } from "../db/write.server";
import { type Mailer, outboxMailer } from "../platform/mail.server";
import { getPlanState, nonprofitGrantEnd, notifyWhere } from "./plans.server";

export type NonprofitInput = {
  organisation: string;
  country: string;
  registrationNumber: string;
  website?: string | undefined;
};

/** A workspace's applications (decision 0254: its own, or its team's by any of its admins), newest first. */
export function myApplications(db: Database, workspaceId: string) {
  return db
    .select({
      id: nonprofitApplication.id,
      organisation: nonprofitApplication.organisation,
      country: nonprofitApplication.country,
      registrationNumber: nonprofitApplication.registrationNumber,
      status: nonprofitApplication.status,
      decidedAt: nonprofitApplication.decidedAt,
      createdAt: nonprofitApplication.createdAt,
    })
    .from(nonprofitApplication)
    .where(eq(nonprofitApplication.workspaceId, workspaceId))
    .orderBy(desc(nonprofitApplication.createdAt), desc(nonprofitApplication.id))
    .limit(10);
}

/** One pending application per workspace, held by a partial unique index: a second is refused, not doubled. */
export async function applyForNonprofit(
  db: Database,
  who: { userId: string; workspaceId: string },
  input: NonprofitInput,
): Promise<{ ok: true; id: number } | { ok: false; error: string }> {
  try {
    const [row] = await db
      .insert(nonprofitApplication)
      .values({ ...who, ...input, website: input.website ?? null })
      .returning({ id: nonprofitApplication.id });
    if (!row) return { ok: false, error: "We couldn't send your application just now. Please try again." };
    return { ok: true, id: row.id };
  } catch (error) {
    if (failedWith(error, /UNIQUE constraint failed: nonprofit_application\.workspace_id/))
      return { ok: false, error: "Your application is already waiting for a decision." };
    throw error;
  }
}

/** Every application for the operators' page, pending first. */
export function listApplications(db: Database) {
  return db
    .select({
      id: nonprofitApplication.id,
      organisation: nonprofitApplication.organisation,
      country: nonprofitApplication.country,
      registrationNumber: nonprofitApplication.registrationNumber,
      website: nonprofitApplication.website,
      status: nonprofitApplication.status,
      decidedBy: nonprofitApplication.decidedBy,
      decidedAt: nonprofitApplication.decidedAt,
      createdAt: nonprofitApplication.createdAt,
      ownerName: user.name,
      ownerEmail: user.email,
      // A team's application is for the team: the operator sees which.
      team: sql<string | null>`case when ${workspace.kind} = 'team' then ${workspace.name} end`,
    })
    .from(nonprofitApplication)
    .innerJoin(user, eq(user.id, nonprofitApplication.userId))
    .leftJoin(workspace, eq(workspace.id, nonprofitApplication.workspaceId))
    .orderBy(sql`${nonprofitApplication.status} = 'pending' DESC`, desc(nonprofitApplication.createdAt))
    .limit(200);
}

export type Decision = "approve" | "decline";

/**
 * An operator's decision, taken once: the status changes only from pending (an atomic claim), and the grant
 * and the notification are written in the same batch only by the call whose claim changed the row, so a double click or two operators at once
 * grant three months once. Answers null when the application is unknown or already decided.
 */
export async function decideApplication(
  db: Database,
  id: number,
  decision: Decision,
  operatorEmail: string,
  now = new Date(),
  mail: Mailer = outboxMailer(db),
): Promise<{ status: "approved" | "declined"; endsAt: Date | null } | null> {
  const [app] = await db
    .select({
      userId: nonprofitApplication.userId,
      workspaceId: nonprofitApplication.workspaceId,
      organisation: nonprofitApplication.organisation,
      status: nonprofitApplication.status,
      email: user.email,
      name: user.name,
      locale: user.locale,
    })
    .from(nonprofitApplication)
    .innerJoin(user, eq(user.id, nonprofitApplication.userId))
    .where(eq(nonprofitApplication.id, id));
  if (app?.status !== "pending") return null;
  // The offer goes to the workspace applied for (decision 0254); the applicant hears of it either way.
  const plan = app.workspaceId ?? app.userId;
  const status = decision === "approve" ? "approved" : "declined";
  const decide = db
    .update(nonprofitApplication)
    .set({ status, decidedBy: operatorEmail, decidedAt: now })
    .where(and(eq(nonprofitApplication.id, id), eq(nonprofitApplication.status, "pending")))
    .returning({ id: nonprofitApplication.id });
  // True only right after this batch's own claim (or the notification it wrote): the claim, not the clock, decides.
  const claimedHere = sql`changes() = 1`;
  const endsAt = decision === "approve" ? nonprofitGrantEnd(now, (await getPlanState(db, plan)).nonprofitEndsAt) : null;
  const title = endsAt ? "Nonprofit offer approved" : "Nonprofit offer declined";
  const message = endsAt
    ? `${app.organisation} has Card Pro free until ${formatPlanDate(endsAt)}.`
    : `We could not confirm ${app.organisation} as a nonprofit. Reply to our email with its registration details and we will look again.`;
  const [, decided] = await db.batch([
    // Accounts have a plan row from sign-up; one from before plans existed gets an empty one here.
    db.insert(accountPlan).values({ userId: plan }).onConflictDoNothing(),
    decide,
    // Order matters: each statement reads changes() of the one before it, so only the claimer writes.
    notifyWhere(db, app.userId, { title, message, type: endsAt ? "success" : "info" }, claimedHere),
    db
      .update(accountPlan)
      .set({ nonprofitEndsAt: endsAt ?? undefined, nonprofitRemindedAt: null })
      .where(and(eq(accountPlan.userId, plan), endsAt ? claimedHere : sql`0`)),
  ]);
  if (decided.length === 0) return null;
  // The applicant's mail in their account's language (decision 0269); the operator's notification stays English.
  const locale = accountLocale(app.locale);
  const t = translator(locale);
  const words = { name: app.name, organisation: app.organisation };
  await mail.send({
    to: app.email,
    kind: `nonprofit-${status}`,
    subject: t(endsAt ? "acct.nonprofitApproved.subject" : "acct.nonprofitDeclined.subject"),
    text: endsAt
      ? t("acct.nonprofitApproved.body", {
          ...words,
          months: NONPROFIT_MONTHS,
          date: formatPlanDate(endsAt, "UTC", locale),
        })
      : t("acct.nonprofitDeclined.body", words),
  });
  return { status, endsAt };
}
