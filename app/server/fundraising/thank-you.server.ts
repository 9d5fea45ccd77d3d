import { and, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "~/context";
import { defaultLetter, receiptWords } from "~/lib/fundraising/giving-messages";
import {
  ENGLISH_RECEIPT_WORDS,
  longDate,
  type ReceiptGift,
  type ReceiptOrg,
  type ReceiptWords,
  receiptText,
  thankYouHtml,
} from "~/lib/fundraising/receipt";
import type { templateSchema } from "~/lib/fundraising/thank-you";
import { DEFAULT_LOCALE, matchLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { formatMoney } from "~/lib/money";
import { campaign, gift, thankYouTemplate } from "~db/schema";
import { senderNameOf } from "../people/consent.server";
import { outboxMailer } from "../platform/mail.server";
import { donorGiftsPath } from "./donor-link.server";
import { EMPTY_ORGANISATION, getOrganisation, receiptColumns } from "./organisation.server";

export const DEFAULT_TEMPLATE = {
  subject: "Thank you for your gift to {campaign}",
  body: "Dear {name},\n\nThank you for your gift of {amount} on {date} to {campaign}. It goes straight to our work, and we will keep you posted on what it makes possible.\n\nWith gratitude,\n{organization}",
  // Receipt wording moved to the organisation profile; the column stays for rows written before.
  receiptStatement: "",
};

export async function getTemplate(app: Pick<AppContext, "db">, userId: string) {
  const row = await app.db.select().from(thankYouTemplate).where(eq(thankYouTemplate.userId, userId)).get();
  if (row) return row;
  // Signed by the charity or the team, never an empty name for a team (which has no user row).
  return { userId, organization: await senderNameOf(app.db, userId, { fundraising: true }), ...DEFAULT_TEMPLATE };
}

export async function saveTemplate(app: Pick<AppContext, "db">, userId: string, t: z.output<typeof templateSchema>) {
  await app.db
    .insert(thankYouTemplate)
    .values({ userId, ...t, receiptStatement: "" })
    .onConflictDoUpdate({ target: thankYouTemplate.userId, set: t });
}

/** Fills {name}, {amount}, {date}, {campaign}, {organization}; the HTML part escapes every filled value. */
export function renderThankYou(
  t: { subject: string; body: string; organization: string },
  g: ReceiptGift & { organization?: string | null },
  org: ReceiptOrg = EMPTY_ORGANISATION,
  w: ReceiptWords = ENGLISH_RECEIPT_WORDS,
) {
  const say = translator(matchLocale(w.locale) ?? DEFAULT_LOCALE);
  const amount = formatMoney(g.amount, g.currency, { locale: w.locale });
  const values: Record<string, string> = {
    name: g.donorName || say("letter.friend"),
    amount: g.recurring ? say("letter.monthly", { amount }) : amount,
    date: longDate(g.date, w.locale),
    campaign: g.campaign ?? t.organization,
    organization: t.organization,
  };
  const fill = (s: string) =>
    s.replace(/\{(name|amount|date|campaign|organization)\}/g, (_, k: string) => values[k] ?? "");
  const fallback = g.organization || t.organization;
  const letter = fill(t.body);
  return {
    subject: fill(t.subject),
    text: `${letter}\n\n${receiptText(org, g, fallback, w)}`.trim(),
    html: thankYouHtml(letter, org, g, fallback, w),
  };
}

/**
 * Sends one gift's thank-you through the mail adapter, once: the gift is claimed (acknowledged_at set
 * where it was empty) before the mail goes, so two clicks or a webhook retry never send it twice.
 */
export async function sendThankYou(
  app: Pick<AppContext, "db"> & Partial<Pick<AppContext, "env">>,
  userId: string,
  which: { giftId: number } | { externalKey: string },
  site?: { origin: string },
): Promise<"sent" | "no-email" | "already" | "missing"> {
  const where =
    "giftId" in which
      ? and(eq(gift.userId, userId), eq(gift.id, which.giftId))
      : and(eq(gift.userId, userId), eq(gift.externalKey, which.externalKey));
  const row = await app.db
    .select({
      ...receiptColumns,
      id: gift.id,
      donorEmail: gift.donorEmail,
      acknowledgedAt: gift.acknowledgedAt,
      recurringId: gift.recurringId,
    })
    .from(gift)
    .leftJoin(campaign, eq(campaign.id, gift.campaignId))
    .where(where)
    .get();
  if (!row) return "missing";
  if (row.acknowledgedAt) return "already";
  if (!row.donorEmail) return "no-email";
  const claimed = await app.db
    .update(gift)
    .set({ acknowledgedAt: new Date() })
    .where(and(eq(gift.id, row.id), isNull(gift.acknowledgedAt)))
    .returning({ id: gift.id });
  if (!claimed.length) return "already";
  // A monthly gift's receipt carries the donor's own signed link to pause, resume or cancel it, in both parts.
  const manageUrl =
    row.recurringId && site && app.env
      ? `${site.origin}${await donorGiftsPath(app.env, userId, row.donorEmail)}`
      : null;
  // In the language the donor gave in: our default letter and the receipt's words; an owner's own letter stays theirs.
  const locale = matchLocale(row.locale) ?? DEFAULT_LOCALE;
  const template = await getTemplate(app, userId);
  const own = template.subject !== DEFAULT_TEMPLATE.subject || template.body !== DEFAULT_TEMPLATE.body;
  const mail = renderThankYou(
    own ? template : { ...template, ...defaultLetter(locale) },
    { ...row, manageUrl },
    await getOrganisation(app.db, userId),
    receiptWords(locale),
  );
  try {
    await outboxMailer(app.db).send({ to: row.donorEmail, ...mail, kind: "thank-you" });
  } catch (error) {
    await app.db.update(gift).set({ acknowledgedAt: null }).where(eq(gift.id, row.id));
    throw error;
  }
  return "sent";
}

/** Marks a gift thanked without mail (a call, a handwritten card). */
export async function markThanked(app: Pick<AppContext, "db">, userId: string, giftId: number) {
  const done = await app.db
    .update(gift)
    .set({ acknowledgedAt: new Date() })
    .where(and(eq(gift.userId, userId), eq(gift.id, giftId), isNull(gift.acknowledgedAt)))
    .returning({ id: gift.id });
  return done.length > 0;
}

/** Bulk thank-you marks stop here: the longest list of waiting gifts a page shows. */
export const MAX_MARKED_AT_ONCE = 100;

/**
 * Marks the owner's chosen gifts thanked without mail, in one statement: another account's ids and
 * gifts already thanked are left as they are, and the count is of gifts this call changed.
 */
export async function markManyThanked(app: Pick<AppContext, "db">, userId: string, giftIds: number[]) {
  const ids = [...new Set(giftIds)].slice(0, MAX_MARKED_AT_ONCE);
  if (!ids.length) return 0;
  const done = await app.db
    .update(gift)
    .set({ acknowledgedAt: new Date() })
    .where(and(eq(gift.userId, userId), inArray(gift.id, ids), isNull(gift.acknowledgedAt)))
    .returning({ id: gift.id });
  return done.length;
}

/**
 * Tells the person the donor named that a gift was made in honour or memory of someone, without the
 * amount; a monthly gift tells them once, with its first payment.
 */
export async function sendTributeNotice(app: Pick<AppContext, "db">, userId: string, externalKey: string) {
  const row = await app.db
    .select({
      id: gift.id,
      recurringId: gift.recurringId,
      donorName: gift.donorName,
      kind: gift.tributeKind,
      name: gift.tributeName,
      to: gift.tributeNotifyEmail,
      campaign: campaign.title,
      organization: campaign.organization,
    })
    .from(gift)
    .leftJoin(campaign, eq(campaign.id, gift.campaignId))
    .where(and(eq(gift.userId, userId), eq(gift.externalKey, externalKey)))
    .get();
  if (!row?.to || !row.kind || !row.name) return false;
  if (row.recurringId) {
    const first = await app.db
      .select({ id: gift.id })
      .from(gift)
      .where(and(eq(gift.userId, userId), eq(gift.recurringId, row.recurringId)))
      .orderBy(gift.id)
      .get();
    if (first && first.id !== row.id) return false;
  }
  const org = await getOrganisation(app.db, userId);
  const charity = org.legalName || row.organization || row.campaign || "our organisation";
  const how = row.kind === "memory" ? "in memory of" : "in honour of";
  await outboxMailer(app.db).send({
    to: row.to,
    subject: `A gift ${how} ${row.name}`,
    text: `${row.donorName || "Someone"} has made a gift ${how} ${row.name} to ${row.campaign ?? charity}, with ${charity}.\n\nThey asked us to let you know.`,
    kind: "tribute-notice",
  });
  return true;
}
