import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { endSentence } from "~/lib/text/sentence";
import { dateTimeFormat, isTimeZone } from "~/lib/time/time";
import {
  type CONSENT_PURPOSES,
  type CONSENT_STATES,
  connection,
  consentRecord,
  fundraisingOrg,
  user,
  workspace,
} from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement } from "../db/write.server";

/**
 * The one home of "may we email this person from this sender" (decision 0180): every consent is a record
 * with its purpose, and only the latest "email" record of the sender decides. An exchange, a scan, a lead or
 * a share-back is an "exchange" record and never lets anyone mail.
 */
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentState = (typeof CONSENT_STATES)[number];

export type ConsentInput = {
  senderWorkspaceId: string;
  purpose: ConsentPurpose;
  state: ConsentState;
  senderName: string;
  /** The words the person was shown (or, for a basis, the sender's own reason), as they were. */
  shown: string;
  /** Where it was given: share-back, donate, join, scan, lead, connect, owner, lawful-basis, import:donorbox... */
  source: string;
  eventName?: string | null;
  createdAt?: Date;
};

/** One consent record for a person, by id or by the id a batch computes (addPerson's `also`). */
export function consentStatement(db: Database, personId: number | SQL, c: ConsentInput): Statement {
  return db.insert(consentRecord).values({
    senderWorkspaceId: c.senderWorkspaceId,
    connectionId: personId as number,
    purpose: c.purpose,
    state: c.state,
    senderName: c.senderName.slice(0, 200),
    shown: c.shown.slice(0, 1000),
    source: c.source.slice(0, 60),
    eventName: c.eventName ?? null,
    ...(c.createdAt ? { createdAt: c.createdAt } : {}),
  });
}

/** A workspace's sender name in SQL, as senderNameOf names it outside fundraising: a team's name, or its owner's. */
const SENDER_NAME_SQL = (workspaceId: string) =>
  sql`coalesce((select case when w.kind = 'team' then coalesce(nullif(trim(w.name), ''), o.legal_name) else u.name end
    from workspace w left join user u on u.id = w.id left join fundraising_org o on o.user_id = w.id
    where w.id = ${workspaceId}), '')`;

/**
 * A "no" to email from the sender for the person of `personId` (a column or value), only when they have one;
 * `key` makes a repeated unsubscribe or complaint record nothing twice.
 */
export const emailWithdrawal = (
  userId: string,
  personId: number | null,
  shown: string,
  source: "unsubscribe" | "complaint",
  at: number,
): Statement =>
  rawSql(sql`insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, created_at)
    select ${userId}, ${personId}, 'email', 'no', ${SENDER_NAME_SQL(userId)}, ${shown.slice(0, 1000)}, ${source}, ${at}
    where ${personId} is not null and coalesce((select r.state from consent_record r
      where r.sender_workspace_id = ${userId} and r.connection_id = ${personId} and r.purpose = 'email'
      order by r.created_at desc, r.id desc limit 1), 'none') <> 'no'`);

/**
 * The latest "email" record's id for the person `c` (an alias of connection in the caller's query):
 * join consent_record on it to read that record.
 */
export const LATEST_EMAIL_CONSENT = sql`(select r2.id from consent_record r2
  where r2.sender_workspace_id = c.user_id and r2.connection_id = c.id and r2.purpose = 'email'
  order by r2.created_at desc, r2.id desc limit 1)`;

/** What an audience needs of the latest email record. */
export type EmailConsent = {
  state: ConsentState | null;
  source: string | null;
  shown: string | null;
  senderName: string | null;
  eventName: string | null;
  at: number | null;
};

/** Yes or a recorded basis lets the sender mail; no record, or a no, does not. */
export const mayEmail = (c: Pick<EmailConsent, "state">) => c.state === "yes" || c.state === "basis";

const day = (at: number, timeZone: string, locale: string) =>
  dateTimeFormat(
    isTimeZone(timeZone) ? timeZone : "UTC",
    { day: "numeric", month: "long", year: "numeric" },
    locale,
  ).format(new Date(at));

/**
 * Why the message came, from the record it is sent under, naming the sender the person agreed to hear
 * from (decision 0181), in the recipient's language (English when none is known). Never a generic
 * "you agreed" for a basis or an import.
 */
export function whyLine(c: EmailConsent, fallbackSender: string, timeZone = "UTC", locale: Locale = "en"): string {
  const t = translator(locale);
  const sender = c.senderName?.trim() || fallbackSender;
  // English dates read as they always have ("March 5, 2026"); other languages write theirs.
  const date = c.at ? day(c.at, timeZone, locale === "en" ? "en-US" : locale) : "none";
  const shown = (c.shown ?? "").trim();
  const source = c.source ?? "";
  if (c.state === "basis") return t("mail.why.basis", { sender, shown });
  if (source.startsWith("event-"))
    return endSentence(
      t("mail.why.event", {
        sender,
        action: source === "event-join" ? "joined" : "settings",
        event: c.eventName ?? t("mail.why.theirEvent"),
        date,
      }),
    );
  if (source === "share-back") return endSentence(t("mail.why.shareBack", { sender, shown, date }));
  if (source === "donate") return endSentence(t("mail.why.donate", { sender, shown, date }));
  if (source.startsWith("import:"))
    return endSentence(t("mail.why.import", { sender, shown, provider: providerName(source.slice(7)), date }));
  if (source === "owner") return endSentence(t("mail.why.owner", { sender, date }));
  return endSentence(t("mail.why.general", { sender, date }));
}

const PROVIDERS: Record<string, string> = {
  donorbox: "Donorbox",
  givebutter: "Givebutter",
  mailchimp: "Mailchimp",
  eventbrite: "Eventbrite",
};
export const providerName = (key: string) => PROVIDERS[key] ?? key;

/**
 * The name a sender's consents, why-lines and mailings carry: a team is its organisation (the charity's legal
 * name for fundraising, else the team's name), a personal workspace its owner, or the charity once given.
 */
export async function senderNameOf(db: Database, workspaceId: string, opts: { fundraising?: boolean } = {}) {
  const row = await db
    .select({ kind: workspace.kind, team: workspace.name, name: user.name, org: fundraisingOrg.legalName })
    .from(workspace)
    .leftJoin(user, eq(user.id, workspace.id))
    .leftJoin(fundraisingOrg, eq(fundraisingOrg.userId, workspace.id))
    .where(eq(workspace.id, workspaceId))
    .get();
  if (!row) return "";
  const org = row.org?.trim() ?? "";
  if (opts.fundraising && org) return org;
  if (row.kind === "team") return row.team?.trim() || org;
  return row.name ?? "";
}

/** The owner's own person, or nothing: a consent is only ever recorded for the sender's own people. */
export async function ownsPerson(db: Database, workspaceId: string, personId: number) {
  const row = await db
    .select({ id: connection.id })
    .from(connection)
    .where(and(eq(connection.id, personId), eq(connection.userId, workspaceId)))
    .get();
  return Boolean(row);
}
