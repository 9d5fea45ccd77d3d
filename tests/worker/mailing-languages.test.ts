import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale, localeDir } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { EMPTY_AUDIENCE } from "~/lib/mailings/rules";
import { createDb } from "~/server/db/db.server";
import { createMailing } from "~/server/mailings/mailings.server";
import { consumeMailings } from "~/server/mailings/send.server";
import { type MailingMessage, parseEnv } from "~/server/platform/env.server";
import { call, form, ORIGIN, signUp, testAddress } from "./helpers";

const ctx = () => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB) };
};
const one = <T>(query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<T>();

/** One of the owner's people who ticked "Email me news" on the card, and gave in `giftLocale` (none: never gave). */
async function person(userId: string, name: string, email: string, giftLocale: string | null) {
  const row = await one<{ id: number }>(
    "insert into connection (user_id, name, email, tags, source) values (?, ?, ?, ?, 'share') returning id",
    userId,
    name,
    email,
    JSON.stringify([userId.slice(0, 8)]),
  );
  const id = row?.id ?? 0;
  await env.DB.prepare(
    "insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, created_at) values (?, ?, 'email', 'yes', 'Harbour Trust', 'Email me news from Harbour Trust', 'share-back', ?)",
  )
    .bind(userId, id, Date.UTC(2026, 2, 5, 12))
    .run();
  if (giftLocale !== null)
    await env.DB.prepare(
      "insert into gift (user_id, connection_id, amount, currency, date, method, source, external_key, locale) values (?, ?, 500, 'EUR', '2026-03-05', 'card', 'manual', ?, ?)",
    )
      .bind(userId, id, crypto.randomUUID(), giftLocale)
      .run();
  return id;
}

async function sendToAll(userId: string) {
  const made = await createMailing(
    ctx(),
    userId,
    {
      subject: "News",
      body: "Hello {{first_name}}.",
      campaignId: null,
      rules: { ...EMPTY_AUDIENCE, tags: [userId.slice(0, 8)] },
      scheduleAt: null,
      key: crypto.randomUUID(),
    },
    ORIGIN,
  );
  if ("errors" in made) throw new Error(JSON.stringify(made.errors));
  const { results } = await env.DB.prepare("select id from mailing_recipient where mailing_id = ? order by id")
    .bind(made.id)
    .all<{ id: number }>();
  const batch = createMessageBatch<MailingMessage>("knowwho-mailings", [
    {
      id: `m-${made.id}`,
      timestamp: new Date(),
      attempts: 1,
      body: { mailingId: made.id, recipientIds: results.map((r) => r.id) },
    },
  ]);
  await consumeMailings(ctx(), batch);
}

const delivered = (email: string) =>
  one<{ text: string; html: string }>("select text, html from outbox where \"to\" = ? and kind = 'mailing'", email);

describe("a mailing's footer in the recipient's language", () => {
  it("writes the why-line and the unsubscribe line in the language each person gave in; English stays word for word", async () => {
    const session = await signUp("Harbour Trust");
    const owner = await one<{ id: string }>("select id from user where email = ?", session.email);
    const userId = owner?.id ?? "";
    const tag = crypto.randomUUID().slice(0, 8);
    const address = (locale: string) => `foot-${locale.toLowerCase()}-${tag}@example.org`;
    for (const locale of LOCALES) await person(userId, `Pat ${locale}`, address(locale), locale);
    // Never gave, or gave in a language the app has no catalog for: English.
    await person(userId, "Nor Given", address("none"), null);
    await person(userId, "Xan Unknown", address("xx"), "tlh-x-<script>");
    await sendToAll(userId);

    for (const locale of LOCALES) {
      const got = await delivered(address(locale));
      expect(got, locale).not.toBeNull();
      const [why, unsubscribe] = (got?.text.split("\n--\n")[1] ?? "").split("\n");
      const t = translator(locale);
      expect(unsubscribe, locale).toMatch(new RegExp(`^${t("mail.unsubscribeLine")} ${ORIGIN}/mail/u/\\S+$`));
      expect(got?.html, locale).toContain(`<p lang="${locale}" dir="${localeDir(locale)}"`);
      expect(got?.html, locale).toContain(`>${t("mail.unsubscribe")}</a>`);
      if (locale !== "en") expect(why, locale).not.toContain("You get this");
      expect(why, locale).toContain("Harbour Trust");
    }
    const footer = async (who: string) => (await delivered(address(who)))?.text.split("\n--\n")[1] ?? "";
    const english =
      "You get this because you ticked “Email me news from Harbour Trust” when you shared your details with Harbour Trust on March 5, 2026.\nUnsubscribe: ";
    for (const who of ["en", "none", "xx"]) expect(await footer(who), who).toContain(english);
    const expected: Partial<Record<Locale, string>> = {
      ja: "このメールは、2026年3月5日にHarbour Trust と連絡先を共有された際に「Email me news from Harbour Trust」にチェックを入れていただいたため、お送りしています。\n配信停止： ",
      de: "Sie erhalten diese Nachricht, weil Sie am 5. März 2026 „Email me news from Harbour Trust“ angekreuzt haben, als Sie Ihre Kontaktdaten mit Harbour Trust geteilt haben.\nAbmelden: ",
      // French sets its quotation marks and colon apart with no-break spaces.
      fr: "Vous recevez ce message parce que vous avez coché «\u00a0Email me news from Harbour Trust\u00a0» en partageant vos coordonnées avec Harbour Trust le 5 mars 2026.\nSe désabonner\u00a0: ",
    };
    for (const [locale, text] of Object.entries(expected)) expect(await footer(locale), locale).toContain(text);
    // An English name in the Arabic line is set apart, so the sentence reads right to left around it.
    expect(await footer("ar")).toContain("تصلك هذه الرسالة لأنك اخترت «\u2068Email me news from Harbour Trust\u2069»");
  });

  it("writes an attendee's footer in the language they joined the event in", async () => {
    const session = await signUp("Olga Organiser");
    const tag = crypto.randomUUID().slice(0, 8);
    const when = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
    const made = await call("/organiser", {
      ...form({
        title: "Tokyo Summit",
        description: "A day of talks.",
        timeZone: "Asia/Tokyo",
        type: "in-person",
        venue: "Hall 1",
        organiserName: "Civic Org",
        startsAt: when(1),
        endsAt: when(2),
      }),
      headers: { cookie: session.cookie },
    });
    const eventId = Number(made.headers.get("location")?.split("/").pop());
    const slug = (await one<{ slug: string }>("select slug from org_event where id = ?", eventId))?.slug ?? "";
    const joined = `kenji-${tag}@example.org`;
    const english = `emma-${tag}@example.org`;
    for (const [name, email, lang] of [
      ["Kenji Sato", joined, "ja"],
      ["Emma Stone", english, "en"],
    ] as const) {
      const res = await call(`/e/${slug}`, {
        ...form({ name, email, updates: "on", lang }),
        headers: { "cf-connecting-ip": testAddress(), "accept-language": lang },
      });
      expect(res.status).toBe(303);
    }
    const sent = await call("/mailings/new", {
      ...form({
        intent: "send",
        confirmed: "yes",
        key: crypto.randomUUID(),
        orgEvent: String(eventId),
        subject: "News",
        body: "Hello {{first_name}}.",
      }),
      headers: { cookie: session.cookie },
    });
    expect(sent.status).toBe(302);
    const mailingId = Number(sent.headers.get("location")?.split("/").pop());
    const { results } = await env.DB.prepare("select id from mailing_recipient where mailing_id = ?")
      .bind(mailingId)
      .all<{ id: number }>();
    await consumeMailings(
      ctx(),
      createMessageBatch<MailingMessage>("knowwho-mailings", [
        {
          id: `a-${mailingId}`,
          timestamp: new Date(),
          attempts: 1,
          body: { mailingId, recipientIds: results.map((r) => r.id) },
        },
      ]),
    );
    const ja = (await delivered(joined))?.text.split("\n--\n")[1] ?? "";
    expect(ja).toMatch(
      /^このメールは、\d{4}年\d{1,2}月\d{1,2}日にTokyo Summitへのお申し込み時に「Civic Org からのお知らせをメールで受け取る」にチェックを入れていただいたため、お送りしています。\n配信停止： /,
    );
    const en = (await delivered(english))?.text.split("\n--\n")[1] ?? "";
    expect(en).toMatch(
      /^You get this because you ticked “Email me news from Civic Org” when you joined Tokyo Summit on \w+ \d{1,2}, \d{4}\.\nUnsubscribe: /,
    );
  });
});
