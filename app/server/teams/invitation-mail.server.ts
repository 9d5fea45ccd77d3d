// A team invitation's mail, in the language its reader most likely reads (decision 0269).
import { sql } from "drizzle-orm";
import { accountLocale, type Locale } from "~/lib/i18n/locales";
import { bareLink, translator } from "~/lib/i18n/translate";
import { INVITATION_DAYS } from "~/lib/teams/rules";
import { user } from "~db/schema";
import type { Database } from "../db/db.server";
import { outboxMailer } from "../platform/mail.server";

/**
 * The language of a mail to `email` from a team: the account that address already has, else the sender's (decision
 * 0269), else English.
 */
export async function readerLocale(db: Database, email: string, senderId: string | null): Promise<Locale> {
  const [row] = await db
    .select({
      locale: sql<
        string | null
      >`coalesce((select u.locale from ${user} u where lower(u.email) = ${email.toLowerCase()}),
        (select s.locale from ${user} s where s.id = ${senderId}))`,
    })
    .from(sql`(select 1)`);
  return accountLocale(row?.locale);
}

export type InvitationMail = { team: string; inviter: string; origin: string; role: "admin" | "member" };

/**
 * The invitation's mail: its link works once, for a week, for that address only. Written in the language of the
 * account that address already has, else in the inviter's (decision 0269): a colleague most likely reads it too.
 */
export async function mailInvitation(db: Database, inviterId: string, email: string, token: string, m: InvitationMail) {
  const link = `${m.origin}/teams/join?token=${encodeURIComponent(token)}`;
  const t = translator(await readerLocale(db, email, inviterId));
  await outboxMailer(db).send({
    to: email,
    kind: "team-invitation",
    subject: t("acct.invite.subject", { inviter: m.inviter, team: m.team }),
    text: bareLink(
      t("acct.invite.body", { inviter: m.inviter, team: m.team, role: m.role, link, days: INVITATION_DAYS, email }),
      link,
    ),
  });
}
