import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LOCALES, localeDir } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { DIRECTORY_CONSENT_TEXT, JOIN_MESSAGES, organiserMailConsentText } from "~/lib/organiser-events/rules";
import { edgeGet } from "~/server/platform/edge-cache.server";
import { call, form, signUp, testAddress } from "./helpers";

/** A local wall-clock time `days` from now, as the event form takes it. */
const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

async function publishedEvent(values: Record<string, string> = {}) {
  const owner = await signUp("Ines Ortega");
  const res = await call("/organiser", {
    ...form({
      title: "Foro de Datos Abiertos",
      description: "Dos días de datos abiertos.",
      timeZone: "Asia/Tokyo",
      type: "hybrid",
      venue: "東京国際フォーラム",
      organiserName: "Civic Data Org",
      startsAt: local(3),
      endsAt: local(4),
      ...values,
    }),
    headers: { cookie: owner.cookie },
  });
  expect(res.status).toBe(302);
  const id = Number(res.headers.get("location")?.split("/").pop());
  const row = await env.DB.prepare("select slug from org_event where id = ?").bind(id).first<{ slug: string }>();
  if (!row) throw new Error("event not stored");
  return { id, slug: row.slug, owner };
}

/** A message as React writes it into the page. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

const page = (path: string, headers: Record<string, string> = {}) => call(path, { headers });
const join = (slug: string, values: Record<string, string>, headers: Record<string, string> = {}) =>
  call(`/e/${slug}`, { ...form(values), headers: { "cf-connecting-ip": testAddress(), ...headers } });

describe("the public event page in the visitor's language", () => {
  it("answers each of the ten languages with its lang and dir, its own words, and says it varies", async () => {
    const { slug } = await publishedEvent();
    for (const locale of LOCALES) {
      const res = await page(`/e/${slug}`, { "accept-language": locale });
      expect(res.status, locale).toBe(200);
      expect(res.headers.get("vary")).toBe("Accept-Language, Cookie");
      const html = await res.text();
      const t = translator(locale);
      expect(html, locale).toContain(`<html lang="${locale}" dir="${localeDir(locale)}">`);
      for (const key of ["event.joinTitle", "event.join.submit", "event.share", "event.type.hybrid"] as const)
        expect(html, `${locale} ${key}`).toContain(escaped(t(key)));
      expect(html).toContain(`<input type="hidden" name="lang" value="${locale}"/>`);
      expect(html).toContain(`hrefLang="${locale}"`);
      // The organiser's words are never translated.
      expect(html).toContain("Foro de Datos Abiertos");
    }
    const ja = await (await page(`/e/${slug}`, { "accept-language": "ja" })).text();
    expect(ja).toContain("ハイブリッド開催");
    expect(ja).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    // English keeps the wording the page always had.
    const en = await (await page(`/e/${slug}`)).text();
    expect(en).toContain("Join this event");
    expect(en).toContain(escaped(DIRECTORY_CONSENT_TEXT));
    expect(en).toContain(organiserMailConsentText("Civic Data Org"));
    expect(en).toContain("Organised by Civic Data Org");
  });

  it("keeps one cached copy per language, and the organiser's edit purges every one", async () => {
    const { id, slug, owner } = await publishedEvent();
    expect((await page(`/e/${slug}`)).headers.get("x-edge-cache")).toBe("MISS");
    await vi.waitFor(async () => expect(await edgeGet(`/e/${slug}`)).not.toBeNull());
    expect((await page(`/e/${slug}`, { "accept-language": "ar" })).headers.get("x-edge-cache")).toBe("MISS");
    await vi.waitFor(async () => expect(await edgeGet(`/e/${slug}?lang=ar`)).not.toBeNull());
    const arHit = await page(`/e/${slug}`, { "accept-language": "ar-EG" });
    expect(arHit.headers.get("x-edge-cache")).toBe("HIT");
    expect(arHit.headers.get("vary")).toBe("Accept-Language, Cookie");
    expect(await arHit.text()).toContain('<html lang="ar" dir="rtl">');
    const enHit = await page(`/e/${slug}`);
    expect(enHit.headers.get("x-edge-cache")).toBe("HIT");
    expect(await enHit.text()).toContain('<html lang="en" dir="ltr">');
    // A choice by address is served from the same copy, remembered by a cookie the copy never keeps.
    const byUrl = await page(`/e/${slug}?lang=ar`);
    expect(byUrl.headers.get("x-edge-cache")).toBe("HIT");
    expect(byUrl.headers.get("set-cookie")).toBe("lang=ar; Path=/; Max-Age=31536000; SameSite=Lax");
    expect((await edgeGet(`/e/${slug}?lang=ar`))?.headers.get("set-cookie")).toBeNull();

    const closed = await call(`/organiser/${id}`, { ...form({ intent: "close" }), headers: { cookie: owner.cookie } });
    expect(closed.status).toBe(302);
    await vi.waitFor(async () => {
      expect(await edgeGet(`/e/${slug}`)).toBeNull();
      expect(await edgeGet(`/e/${slug}?lang=ar`)).toBeNull();
    });
    const ar = await (await page(`/e/${slug}`, { "accept-language": "ar" })).text();
    expect(ar).toContain(translator("ar")("event.error.closed"));
  });

  it("falls back on a hostile header or an unknown code, and names a missing event in the visitor's language", async () => {
    const { slug } = await publishedEvent();
    const huge = await page(`/e/${slug}`, { "accept-language": `${"q;=,".repeat(2_500)}de` });
    expect(huge.status).toBe(200);
    expect(await huge.text()).toContain('<html lang="en"');
    const unknown = await page(`/e/${slug}?lang=tlh`);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    const missing = await page("/e/no-such-event-here", { "accept-language": "de-CH" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Veranstaltung nicht gefunden");
  });
});

describe("joining in the visitor's language", () => {
  it("names wrong fields in the form's language, keeps what was typed, and keeps the spec's English", async () => {
    const { slug } = await publishedEvent();
    const ja = await join(slug, { name: "花", email: "hanako@", company: "株".repeat(121), lang: "ja" });
    expect(ja.status).toBe(400);
    const html = await ja.text();
    expect(html).toContain('<html lang="ja" dir="ltr">');
    expect(html).toContain("有効なメールアドレスを入力してください");
    expect(html).toContain("お名前は2文字以上で入力してください");
    expect(html).toContain("120文字以内で入力してください");
    expect(html).toContain('value="hanako@"');

    const en = await (await join(slug, { name: "Jo Doe", email: "nope" })).text();
    expect(en).toContain(JOIN_MESSAGES.email);
    expect(en).toContain("Please enter a valid email address");
  });

  it("keeps the language on the attendee, mails the pass in it, and records consent in the words read", async () => {
    const { slug } = await publishedEvent();
    const email = `ar.${testAddress()}@example.org`;
    const joined = await join(slug, { name: "سارة أحمد", email, listed: "on", updates: "on", lang: "ar" });
    expect(joined.status).toBe(303);
    // The request alone would read English: the confirmation's address names the language.
    expect(joined.headers.get("location")).toBe(`/e/${slug}/joined?lang=ar`);
    const confirmation = await (await page(joined.headers.get("location") ?? "")).text();
    expect(confirmation).toContain('<html lang="ar" dir="rtl">');
    expect(confirmation).toContain("أرسلنا بطاقة الحضور إلى بريدك الإلكتروني");

    const row = await env.DB.prepare("select id, locale, pass_token from org_attendee where email = ?")
      .bind(email)
      .first<{ id: number; locale: string; pass_token: string }>();
    expect(row?.locale).toBe("ar");
    const mail = await env.DB.prepare("select subject, text from outbox where `to` = ? and kind = 'event-pass'")
      .bind(email)
      .first<{ subject: string; text: string }>();
    expect(mail?.subject).toBe("بطاقة حضورك في \u2068Foro de Datos Abiertos\u2069");
    expect(mail?.text).toContain("مرحبًا سارة أحمد،");
    expect(mail?.text).toContain(`/pass/${row?.pass_token}`);
    const consent = await env.DB.prepare("select shown from org_consent where attendee_id = ?")
      .bind(row?.id)
      .first<{ shown: string }>();
    expect(consent?.shown).toContain(translator("ar")("event.join.directoryConsent"));
    const news = await env.DB.prepare("select shown from org_mail_consent where attendee_id = ?")
      .bind(row?.id)
      .first<{ shown: string }>();
    expect(news?.shown).toContain("أرسلوا إليّ أخبار");

    // An English join keeps English mail, word for word.
    const enEmail = `en.${testAddress()}@example.org`;
    expect((await join(slug, { name: "Jo Doe", email: enEmail })).headers.get("location")).toBe(`/e/${slug}/joined`);
    const enMail = await env.DB.prepare("select subject, text from outbox where `to` = ? and kind = 'event-pass'")
      .bind(enEmail)
      .first<{ subject: string; text: string }>();
    expect(enMail?.subject).toBe("Your pass for Foro de Datos Abiertos");
    expect(enMail?.text).toMatch(/^Hi Jo Doe,\n\nYou joined Foro de Datos Abiertos\. Your attendee pass/);
  });
});

describe("the pass in the visitor's language", () => {
  it("shows the pass, its notices and the leaving steps in the language asked for, in all ten", async () => {
    const { slug } = await publishedEvent();
    const email = `p.${testAddress()}@example.org`;
    expect((await join(slug, { name: "Pat Lee", email })).status).toBe(303);
    const token = (
      await env.DB.prepare("select pass_token from org_attendee where email = ?").bind(email).first<{
        pass_token: string;
      }>()
    )?.pass_token;
    for (const locale of LOCALES) {
      const res = await page(`/pass/${token}`, { "accept-language": locale });
      expect(res.status).toBe(200);
      expect(res.headers.get("vary")).toBe("Accept-Language, Cookie");
      const html = await res.text();
      const t = translator(locale);
      expect(html, locale).toContain(`<html lang="${locale}" dir="${localeDir(locale)}">`);
      for (const key of ["pass.directory", "pass.leave", "pass.exchanged.none"] as const)
        expect(html, `${locale} ${key}`).toContain(escaped(t(key)));
    }
    const saved = await call(`/pass/${token}`, {
      ...form({ intent: "settings", listed: "on", visibility: "everyone", interests: "", goals: "" }),
      headers: { "accept-language": "ja" },
    });
    expect(await saved.text()).toContain("名簿の設定を保存しました。");
    const refused = await call(`/pass/${token}`, {
      ...form({ intent: "settings", visibility: "everyone", interests: "x".repeat(301), goals: "" }),
      headers: { "accept-language": "fr" },
    });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("300 caractères au maximum");
    expect(refusedHtml).toContain("x".repeat(301));
    const confirm = await call(`/pass/${token}`, {
      ...form({ intent: "leave" }),
      headers: { "accept-language": "de" },
    });
    expect(await confirm.text()).toContain("Foro de Datos Abiertos verlassen?");
  });
});

describe("the attendee language migration", () => {
  it("keeps every attendee as they were, with no language (read as English)", async () => {
    const { applyD1Migrations } = await import("cloudflare:test");
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith("0073"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    const { d1Columns, seedAsOf } = await import("../seed-as-of");
    await db.exec(await seedAsOf(d1Columns(db)));
    const user = await db.prepare("select id from user limit 1").first<{ id: string }>();
    await db
      .prepare(
        "insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name) values ('lang-1', ?, 'Kept', '2030-05-01T09:00', '2030-05-01T18:00', 'UTC', 'Org')",
      )
      .bind(user?.id)
      .run();
    const ev = await db.prepare("select id from org_event where slug = 'lang-1'").first<{ id: number }>();
    await db
      .prepare("insert into org_attendee (event_id, email, name, pass_token, badge_code) values (?, ?, 'N', ?, ?)")
      .bind(ev?.id, "kept@example.org", "pass-kept-0123456789", "badge-kept")
      .run();
    const before = (await db.prepare("select * from org_attendee order by id").all()).results;
    expect(before.length).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    // Later migrations may add columns of their own (the booth, 0077): every earlier value is kept.
    expect((await db.prepare("select * from org_attendee order by id").all()).results).toEqual(
      before.map((row) => expect.objectContaining({ ...row, locale: null })),
    );
  });
});
