import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { receiptWords } from "~/lib/fundraising/giving-messages";
import {
  DEFAULT_RECEIPT_WORDING,
  type Organisation,
  type ReceiptGift,
  type Statement,
  statementHtml,
  statementPeriod,
  statementText,
} from "~/lib/fundraising/receipt";
import { DEFAULT_LOCALE, matchLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { dayInZone } from "~/lib/time/time";
import { campaign, connection, fundraisingOrg, gift, userSettings } from "~db/schema";
import type { Database } from "../db/db.server";
import { outboxMailer } from "../platform/mail.server";

export const EMPTY_ORGANISATION: Organisation = {
  legalName: "",
  taxId: "",
  country: "",
  address: "",
  contactEmail: "",
  receiptWording: DEFAULT_RECEIPT_WORDING,
  fiscalYearStart: 1,
};

/**
 * Today in the organisation's zone (the owner's settings): the day a gift recorded now is dated and
 * receipted, so an evening gift in New York is not dated tomorrow, nor a 31 December one next year.
 */
export async function organisationDay(db: Database, userId: string, now = new Date()): Promise<string> {
  return dayInZone(now, await organisationZone(db, userId));
}

/** The organisation's time zone (the owner's settings): where its days, and its reminders' working hours, fall. */
export async function organisationZone(db: Database, userId: string): Promise<string> {
  const row = await db
    .select({ timeZone: userSettings.timeZone })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .get();
  return row?.timeZone ?? "UTC";
}

/** The owner's organisation profile, or an empty one: receipts then name the campaign's organisation. */
export async function getOrganisation(db: Database, userId: string): Promise<Organisation> {
  const row = await db
    .select({
      legalName: fundraisingOrg.legalName,
      taxId: fundraisingOrg.taxId,
      country: fundraisingOrg.country,
      address: fundraisingOrg.address,
      contactEmail: fundraisingOrg.contactEmail,
      receiptWording: fundraisingOrg.receiptWording,
      fiscalYearStart: fundraisingOrg.fiscalYearStart,
    })
    .from(fundraisingOrg)
    .where(eq(fundraisingOrg.userId, userId))
    .get();
  return row ?? EMPTY_ORGANISATION;
}

/** Where a campaign's donors write to the charity: the owner's profile address, or null when none is given. */
export async function organisationContact(db: Database, userId: string | null) {
  if (!userId) return null;
  const row = await db
    .select({ email: fundraisingOrg.contactEmail })
    .from(fundraisingOrg)
    .where(eq(fundraisingOrg.userId, userId))
    .get();
  return row?.email || null;
}

export async function saveOrganisation(db: Database, userId: string, o: Organisation) {
  await db
    .insert(fundraisingOrg)
    .values({ userId, ...o })
    .onConflictDoUpdate({ target: fundraisingOrg.userId, set: { ...o, updatedAt: new Date() } });
}

/** What a receipt reads of a gift; the one select every receipt uses. */
export const receiptColumns = {
  amount: gift.amount,
  amountRefunded: gift.amountRefunded,
  currency: gift.currency,
  date: gift.date,
  recurring: gift.recurring,
  feeCovered: gift.feeCovered,
  tributeKind: gift.tributeKind,
  tributeName: gift.tributeName,
  donorName: gift.donorName,
  donorAddress: gift.donorAddress,
  campaign: campaign.title,
  organization: campaign.organization,
  // The language the donor gave in: their receipt and statement are written in it.
  locale: gift.locale,
};

/** One gift's receipt data, only when the gift is this owner's. */
export async function giftReceipt(db: Database, userId: string, giftId: number) {
  const g = await db
    .select(receiptColumns)
    .from(gift)
    .leftJoin(campaign, eq(campaign.id, gift.campaignId))
    .where(and(eq(gift.userId, userId), eq(gift.id, giftId)))
    .get();
  if (!g) return null;
  return {
    org: await getOrganisation(db, userId),
    gift: g as ReceiptGift & { organization: string | null; locale: string | null },
  };
}

export type StatementBasis = "calendar" | "fiscal";

/**
 * A donor's year-end statement: every gift of the owner's person in the period, oldest first, fully
 * refunded ones left out. Null when the person is not this owner's.
 */
export async function donorStatement(
  db: Database,
  userId: string,
  personId: number,
  year: number,
  basis: StatementBasis,
): Promise<(Statement & { email: string | null }) | null> {
  const person = await db
    .select({ name: connection.name, email: connection.email })
    .from(connection)
    .where(and(eq(connection.userId, userId), eq(connection.id, personId)))
    .get();
  if (!person) return null;
  const org = await getOrganisation(db, userId);
  const period = statementPeriod(year, basis, org.fiscalYearStart);
  const gifts = await db
    .select(receiptColumns)
    .from(gift)
    .leftJoin(campaign, eq(campaign.id, gift.campaignId))
    .where(
      and(
        eq(gift.userId, userId),
        eq(gift.connectionId, personId),
        gte(gift.date, period.from),
        lte(gift.date, period.to),
        sql`${gift.amount} > ${gift.amountRefunded}`,
      ),
    )
    .orderBy(asc(gift.date), asc(gift.id));
  // The address the donor last gave with a gift, as they typed it; the language of their latest gift that names one.
  const address = [...gifts].reverse().find((g) => g.donorAddress)?.donorAddress ?? null;
  const words = receiptWords(matchLocale([...gifts].reverse().find((g) => g.locale)?.locale) ?? DEFAULT_LOCALE);
  return {
    org,
    fallbackName: gifts.find((g) => g.organization)?.organization ?? null,
    donor: { name: person.name, email: person.email, address },
    period: statementPeriod(year, basis, org.fiscalYearStart, words),
    words,
    gifts: gifts as ReceiptGift[],
    email: person.email,
  };
}

/** Mails the statement to the donor through the mail adapter, as text with the printable HTML beside it. */
export async function sendStatement(app: Pick<AppContext, "db">, s: Statement & { email: string | null }) {
  if (!s.email) return "no-email" as const;
  const issuer = s.org.legalName || s.fallbackName || "";
  await outboxMailer(app.db).send({
    to: s.email,
    subject: `${translator(matchLocale(s.words?.locale) ?? DEFAULT_LOCALE)("statement.subject", { period: s.period.label })}${issuer ? ` (${issuer})` : ""}`,
    text: statementText(s),
    html: statementHtml(s),
    kind: "giving-statement",
  });
  return "sent" as const;
}

/** The owner's donors with gifts in a period (people only), with their totals per currency, by name. */
export async function statementDonors(db: Database, userId: string, period: { from: string; to: string }) {
  const rows = await db
    .select({
      personId: gift.connectionId,
      name: connection.name,
      email: connection.email,
      currency: gift.currency,
      total: sql<number>`sum(${gift.amount} - ${gift.amountRefunded})`,
      gifts: sql<number>`count(*)`,
    })
    .from(gift)
    .innerJoin(connection, and(eq(connection.id, gift.connectionId), eq(connection.userId, userId)))
    .where(
      and(
        eq(gift.userId, userId),
        gte(gift.date, period.from),
        lte(gift.date, period.to),
        sql`${gift.amount} > ${gift.amountRefunded}`,
      ),
    )
    .groupBy(gift.connectionId, gift.currency)
    .orderBy(asc(connection.name), asc(gift.connectionId));
  const donors = new Map<
    number,
    {
      personId: number;
      name: string;
      email: string | null;
      gifts: number;
      totals: { currency: string; amount: number }[];
    }
  >();
  for (const r of rows) {
    if (r.personId === null) continue;
    const d = donors.get(r.personId) ?? { personId: r.personId, name: r.name, email: r.email, gifts: 0, totals: [] };
    d.gifts += Number(r.gifts);
    d.totals.push({ currency: r.currency, amount: Number(r.total) });
    donors.set(r.personId, d);
  }
  return [...donors.values()];
}
