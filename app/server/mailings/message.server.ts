// What one recipient gets: the provider, the merge values and the rendered message with its unsubscribe link.
import { and, eq, sql } from "drizzle-orm";
import { lastGiftText } from "~/lib/fundraising/receipt";
import { DEFAULT_LOCALE, type Locale, localeDir } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { type MergeValues, merge, textToHtml, URL_IN_TEXT } from "~/lib/mailings/rules";
import { escapeHtml } from "~/lib/text/escape";
import { endSentence } from "~/lib/text/sentence";
import { card } from "~db/schema";
import type { Database } from "../db/db.server";
import type { AppEnv } from "../platform/env.server";
import type { Member } from "./audience.server";
import { type MailingProvider, type OutMessage, outboxProvider, resendProvider } from "./provider.server";
import { clickPath, unsubscribePath } from "./tokens.server";

/** The time the sender paces its provider calls by; tests pass one that only counts. */
export type Clock = { now(): number; sleep(ms: number): Promise<void> };
export const wallClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** `provider` stands in for the configured one (tests: a sender that dies mid-group); `clock` for the wall's. */
export type MailCtx = { env: AppEnv; db: Database; provider?: MailingProvider; clock?: Clock };

/** Resend when configured; the outbox outside production; nothing (mailings off) in production without a key. */
export function providerFor(ctx: MailCtx): MailingProvider | null {
  if (ctx.provider) return ctx.provider;
  if (ctx.env.RESEND_API_KEY)
    return resendProvider({ apiKey: ctx.env.RESEND_API_KEY, apiBase: ctx.env.RESEND_API_BASE });
  if (ctx.env.APP_ENV === "production") return null;
  return outboxProvider(ctx.db);
}

/** The owner's published card link, or "" when none is published. */
export async function cardLink(db: Database, userId: string, origin: string) {
  const row = await db
    .select({ slug: card.slug })
    .from(card)
    .where(and(eq(card.userId, userId), eq(card.published, true), sql`${card.slug} is not null`))
    .orderBy(card.id)
    .get();
  return row?.slug ? `${origin}/c/${row.slug}` : "";
}

/** Each person's latest gift, as a merge field shows it. */
export async function lastGifts(db: Database, userId: string, personIds: number[]) {
  const out = new Map<number, string>();
  for (let i = 0; i < personIds.length; i += 500) {
    const rows = await db.all<{ connection_id: number; amount: number; currency: string; date: string }>(
      sql`select g.connection_id, g.amount - g.amount_refunded as amount, g.currency, g.date from gift g
        where g.user_id = ${userId} and g.connection_id in (select value from json_each(${JSON.stringify(personIds.slice(i, i + 500))}))
          and g.amount > g.amount_refunded
        order by g.date desc, g.id desc`,
    );
    for (const r of rows)
      if (!out.has(r.connection_id)) out.set(r.connection_id, lastGiftText(r.amount, r.currency, r.date));
  }
  return out;
}

export const campaignLink = (origin: string, campaignId: string | null, mailingId: number | null) =>
  campaignId
    ? `${origin}/fundraising/${encodeURIComponent(campaignId)}${mailingId ? `?mailing=${mailingId}` : ""}`
    : "";

export type Shared = { card: string; campaign: string; gifts: Map<number, string> };

export const valuesFor = (m: Pick<Member, "id" | "firstName" | "eventName">, shared: Shared): MergeValues => ({
  first_name: m.firstName || "there",
  event: m.eventName ?? "",
  campaign_link: shared.campaign,
  last_gift: shared.gifts.get(m.id) ?? "",
  card_link: shared.card,
});

/** One message as the recipient gets it: merged text, the HTML part, and RFC 8058's two headers. */
export async function renderMessage(
  env: AppEnv,
  m: { subject: string; body: string; origin: string; ownerName: string },
  to: { recipientId: number; email: string; reason?: string; locale?: Locale },
  values: MergeValues,
  from: string,
): Promise<OutMessage> {
  const unsubscribe = `${m.origin}${await unsubscribePath(env, to.recipientId)}`;
  const text = merge(m.body, values);
  // The footer in the recipient's language (the link stands apart from the words, so no mark wraps it) where it is known (the why-line was written in it too).
  const locale = to.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  // Written when the mailing was made, from the consent it is sent under; older mailings keep the general line.
  const why = to.reason || endSentence(t("mail.why.general", { sender: m.ownerName, date: "none" }));
  const links = new Map<string, string>();
  for (const match of text.matchAll(URL_IN_TEXT))
    links.set(match[0], `${m.origin}${await clickPath(env, to.recipientId, match[0])}`);
  return {
    to: to.email,
    from,
    subject: merge(m.subject, values),
    text: `${text}\n\n--\n${why}\n${t("mail.unsubscribeLine")} ${unsubscribe}\n`,
    html: textToHtml(
      text,
      (url) => links.get(url) ?? url,
      `${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(t("mail.unsubscribe"))}</a>`,
      { lang: locale, dir: localeDir(locale) },
    ),
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export const fromAddress = (env: AppEnv, ownerName: string) =>
  env.MAIL_FROM
    ? `${ownerName.replace(/["<>\\]/g, "")} via KnowWho <${env.MAIL_FROM.replace(/^.*<|>.*$/g, "")}>`
    : `${ownerName.replace(/["<>\\]/g, "")} via KnowWho <mailings@knowwho.local>`;

/** Who a mailing is from: the account in a personal workspace; a team by its name, replies to its first owner (0207). */
export async function ownerOf(db: Database, workspaceId: string) {
  const [row] = await db.all<{ name: string; email: string }>(sql`select coalesce(u.name, w.name) as name,
      coalesce(u.email, (select o.email from member m join user o on o.id = m.user_id
        where m.workspace_id = w.id and m.role = 'owner' order by m.created_at limit 1)) as email
    from workspace w left join user u on u.id = w.id where w.id = ${workspaceId}`);
  return row;
}
