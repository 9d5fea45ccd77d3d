import { eq, type SQL, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { bareLink, translator } from "~/lib/i18n/translate";
import { DAY_MS } from "~/lib/time/days";
import { workspace } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement } from "../db/write.server";
import { type Mail, outboxMailer } from "../platform/mail.server";
import { randomToken, sha256Hex } from "../platform/tokens.server";
import { readerLocale } from "./invitation-mail.server";

/**
 * A team card made from one of its templates and handed to a member by a single-use link (decision 0236): the
 * statements both an admin's issue (cards on brand) and the team's directory (SCIM, decision 0260) put in their batch.
 */

/** How long a card's hand-over link works. */
export const CARD_ISSUE_DAYS = 7;

export type HandOver = { token: string; hash: string; expiresAt: number; ref: string };

/** A fresh link (only its SHA-256 is stored) and the new card's reference. */
export async function newHandOver(now: Date): Promise<HandOver> {
  const token = randomToken();
  return {
    token,
    hash: await sha256Hex(token),
    expiresAt: now.getTime() + CARD_ISSUE_DAYS * DAY_MS,
    ref: crypto.randomUUID().replaceAll("-", "").slice(0, 24),
  };
}

/**
 * Two statements: the card, made from the team's template that `template` picks (a condition on `t`) when `guard`
 * holds, and its hand-over to `email`. When no template is picked or the guard fails, neither writes anything.
 */
export function cardFromTemplate(
  h: HandOver,
  to: { workspaceId: string; email: string; name: string },
  template: SQL,
  guard: SQL,
): Statement[] {
  const w = to.workspaceId;
  return [
    // The member's own address starts on the card, as a personal card's does: a card with no email reaches nobody.
    rawSql(sql`insert into card (user_id, label, ref, name, email, company, location, website, headline, colour, template_id)
      select ${w}, substr(t.name, 1, 40), ${h.ref}, ${to.name}, ${to.email.toLowerCase()}, t.company, t.address, t.website,
        t.headline, t.colour, t.id
      from card_template t where t.workspace_id = ${w} and ${template} and ${guard} returning id`),
    rawSql(sql`insert into card_issue (card_id, workspace_id, email, token_hash, expires_at)
      select id, ${w}, ${to.email.toLowerCase()}, ${h.hash}, ${h.expiresAt} from card where ref = ${h.ref}`),
  ];
}

/** The mail that carries the link, in `locale` (decision 0283): the English is the words it always had. */
export function handOverMail(
  team: string | null,
  email: string,
  origin: string,
  token: string,
  locale: Locale = DEFAULT_LOCALE,
): Mail {
  const link = `${origin}/teams/claim?token=${encodeURIComponent(token)}`;
  const t = translator(locale);
  const values = { named: team ? "yes" : "no", team: team ?? "", link, email, days: CARD_ISSUE_DAYS };
  return {
    to: email,
    kind: "team-card",
    subject: t("acct.cardHandOver.subject", values),
    text: bareLink(t("acct.cardHandOver.body", values), link),
  };
}

/**
 * A card from the team's default template (decision 0260) for an address the team's directory (SCIM) or provider (SSO)
 * vouched for, in the batch that makes them a member: only once they are a member, hold no team card and have none
 * waiting, and while the team is under its card limit (so a full team provisions the member without a card rather than failing). With
 * `joinedAt`, only a member who joined at that instant (this batch's join) gets one.
 */
export function defaultCard(h: HandOver, teamId: string, email: string, name: string, joinedAt?: Date) {
  const template = sql`t.id = (select w.default_template_id from workspace w where w.id = ${teamId})`;
  const joined = joinedAt ? sql`and m.created_at = ${joinedAt.getTime()}` : sql``;
  const guard = sql`exists (select 1 from member m join user u on u.id = m.user_id
      where m.workspace_id = ${teamId} and u.email = ${email} ${joined})
    and not exists (select 1 from card c join user u on u.id = c.holder_id where c.user_id = ${teamId} and u.email = ${email})
    and not exists (select 1 from card_issue i where i.workspace_id = ${teamId} and i.email = ${email.toLowerCase()})
    and (select count(*) from card c where c.user_id = ${teamId})
      < 10 * (select count(*) from member m where m.workspace_id = ${teamId})`;
  return cardFromTemplate(h, { workspaceId: teamId, email, name }, template, guard);
}

/** Mails the hand-over link when the batch made the card (its insert returned a row). */
export async function mailHandOver(
  db: Database,
  teamId: string,
  email: string,
  origin: string,
  h: HandOver,
  made: unknown,
) {
  if (!Array.isArray(made) || made.length === 0) return;
  const team = await db.select({ name: workspace.name }).from(workspace).where(eq(workspace.id, teamId)).get();
  // A member the directory or provider vouched for: their own account's language.
  const locale = await readerLocale(db, email, null);
  await outboxMailer(db).send(handOverMail(team?.name ?? null, email, origin, h.token, locale));
}
