import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCALES, localeDir } from "~/lib/i18n/locales";
import { type MessageKey, translator } from "~/lib/i18n/translate";
import { call, form, ORIGIN, signUp, TEST_PASSWORD, testAddress } from "./helpers";

/** A message as React writes it into the page. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

const page = (path: string, headers: Record<string, string> = {}) => call(path, { headers });
const post = (path: string, values: Record<string, string>, headers: Record<string, string> = {}) =>
  call(path, { ...form(values), headers: { "cf-connecting-ip": testAddress(), ...headers } });

const lastMail = (to: string) =>
  env.DB.prepare("select subject, text from outbox where `to` = ? and kind = 'password-reset' order by id desc limit 1")
    .bind(to)
    .first<{ subject: string; text: string }>();

const TOKEN = "abcdefgh12345678";

describe("forgot, reset and two-step sign-in in the visitor's language", () => {
  it("answers each of the ten languages with its lang and dir, its own words, and says it varies", async () => {
    const pages: [string, MessageKey, MessageKey[]][] = [
      ["/auth/forgot", "auth.forgot.title", ["auth.forgot.intro", "auth.forgot.submit", "auth.forgot.remembered"]],
      [`/auth/reset?token=${TOKEN}`, "auth.reset.title", ["auth.reset.password", "auth.reset.confirm"]],
      ["/auth/reset?error=INVALID_TOKEN", "auth.reset.title", ["auth.reset.expired", "auth.reset.again"]],
      ["/auth/two-factor", "auth.twoFactor.title", ["auth.twoFactor.intro", "auth.twoFactor.useRecovery"]],
      ["/auth/two-factor?with=recovery", "auth.twoFactor.title", ["auth.twoFactor.recoveryCode"]],
    ];
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const [path, title, keys] of pages) {
        const res = await page(path, { "accept-language": locale });
        expect(res.status, `${locale} ${path}`).toBe(200);
        expect(res.headers.get("vary")).toContain("Accept-Language, Cookie");
        const html = await res.text();
        expect(html, `${locale} ${path}`).toContain(`<html lang="${locale}" dir="${localeDir(locale)}"`);
        expect(html, `${locale} ${path}`).toContain(`<title>${escaped(t(title))}`);
        for (const key of keys) expect(html, `${locale} ${key}`).toContain(escaped(t(key)));
        expect(html).toContain(`hrefLang="${locale}"`);
      }
    }
    // English reads as it always has.
    const en = await (await page("/auth/forgot")).text();
    expect(en).toContain(escaped("Enter the email address of your account and we'll send you a link"));
    expect(await (await page("/auth/two-factor")).text()).toContain(
      "Enter the 6-digit code your authenticator app shows for KnowWho.",
    );
  });

  it("mails the reset link in the language of the page that asked, and answers in it", async () => {
    const owner = await signUp("Yamada Taro");
    const ja = translator("ja");
    const asked = await post("/auth/forgot?lang=ja", { email: owner.email }, { "accept-language": "en" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(escaped(ja("auth.forgot.sent", { email: owner.email })));
    const mail = await lastMail(owner.email);
    expect(mail?.subject).toBe(ja("auth.mail.reset.subject"));
    expect(mail?.text).toMatch(/^Yamada Taro 様\n/);
    expect(mail?.text).toContain(`${ORIGIN}/api/auth/reset-password/`);
    expect(mail?.text).toContain("リンクは1時間以内に1回だけ使えます。");

    // Without a choice, English exactly as before.
    await post("/auth/forgot", { email: owner.email });
    const en = await lastMail(owner.email);
    expect(en?.subject).toBe("Reset your KnowWho password");
    expect(en?.text).toMatch(/^Hi Yamada Taro,\n\nSomeone \(we hope you\) asked to reset the password/);
  });

  it("gives the field messages in the visitor's language, and English word for word", async () => {
    const bad = await post("/auth/forgot", { email: "not-an-address" }, { "accept-language": "fr" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain(escaped(translator("fr")("auth.error.email")));
    expect(badHtml).toContain('value="not-an-address"');
    expect(await (await post("/auth/forgot", { email: "x" })).text()).toContain("Please enter a valid email address");

    const de = translator("de");
    const mismatch = await post(
      "/auth/reset",
      { token: TOKEN, password: "new password 2026", confirm: "other" },
      { cookie: "lang=de" },
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain(escaped(de("auth.reset.differ")));
    const short = await post(
      "/auth/reset",
      { token: TOKEN, password: "short", confirm: "short" },
      { cookie: "lang=de" },
    );
    expect(await short.text()).toContain(escaped(de("auth.error.passwordMin", { min: 8 })));
    const gone = await post("/auth/reset?lang=es", {
      token: TOKEN,
      password: "new password 2026",
      confirm: "new password 2026",
    });
    expect(gone.status).toBe(400);
    expect(await gone.text()).toContain(escaped(translator("es")("auth.reset.expired")));

    const ar = translator("ar");
    const code = await post("/auth/two-factor", { intent: "totp", code: "12ab" }, { "accept-language": "ar" });
    expect(code.status).toBe(400);
    const codeHtml = await code.text();
    expect(codeHtml).toContain('<html lang="ar" dir="rtl"');
    expect(codeHtml).toContain(escaped(ar("auth.twoFactor.codeFormat")));
    const expired = await post("/auth/two-factor", { intent: "totp", code: "123456" }, { "accept-language": "ar" });
    expect(await expired.text()).toContain(escaped(ar("auth.twoFactor.expired")));
    const enCode = await post("/auth/two-factor", { intent: "recovery", code: "<b>" });
    expect(await enCode.text()).toContain("Enter one of your recovery codes");
  });
});

describe("the sign-up's confirmation mail", () => {
  it("is written in the language of the sign-up page, and in English word for word without one", async () => {
    const mailTo = (to: string) =>
      env.DB.prepare(
        "select subject, text from outbox where `to` = ? and kind = 'email-verify' order by id desc limit 1",
      )
        .bind(to)
        .first<{ subject: string; text: string }>();
    const signUpIn = async (query: string) => {
      const email = `verify-${crypto.randomUUID()}@example.org`;
      const values = { intent: "signup", name: "Sara Haddad", email, password: TEST_PASSWORD };
      expect((await post(`/auth${query}`, { ...values, redirectTo: "/dashboard" })).status).toBe(302);
      return mailTo(email);
    };
    const ar = await signUpIn("?lang=ar");
    expect(ar?.subject).toBe(translator("ar")("auth.mail.verify.subject"));
    // The Latin name is set apart in the Arabic sentence; the link stands bare on its own line.
    expect(ar?.text).toMatch(/^مرحبًا \u2068Sara Haddad\u2069،\n/);
    expect(ar?.text).toMatch(new RegExp(`\n\n${ORIGIN}/api/auth/verify-email\\?token=\\S+\n\n`));
    const en = await signUpIn("");
    expect(en?.subject).toBe("Confirm your KnowWho email address");
    expect(en?.text).toMatch(/^Hi Sara Haddad,\n\nOpen this link to confirm that verify-.*@example\.org is yours:\n\n/);
  });
});
