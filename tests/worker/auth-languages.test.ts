import { describe, expect, it } from "vitest";
import { TRIAL_DAYS } from "~/lib/billing/plans";
import { LOCALES, localeDir } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { call, form, signUp, testAddress } from "./helpers";

/** A message as React writes it into the page. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

const page = (path: string, headers: Record<string, string> = {}) => call(path, { headers });
const post = (values: Record<string, string>, headers: Record<string, string> = {}, query = "") =>
  call(`/auth${query}`, {
    ...form({ redirectTo: "/dashboard", ...values }),
    headers: { "cf-connecting-ip": testAddress(), ...headers },
  });

describe("sign-in and sign-up in the visitor's language", () => {
  it("answers each of the ten languages with its lang and dir, its own words, and says it varies", async () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      const signIn = await page("/auth", { "accept-language": locale });
      expect(signIn.status, locale).toBe(200);
      expect(signIn.headers.get("vary")).toBe("Accept-Language, Cookie");
      const html = await signIn.text();
      expect(html, locale).toContain(`<html lang="${locale}" dir="${localeDir(locale)}"`);
      for (const key of ["auth.signIn.intro", "auth.forgot", "auth.passkey.continue", "auth.signUp.switch"] as const)
        expect(html, `${locale} ${key}`).toContain(escaped(t(key)));
      expect(html).toContain(`<title>${escaped(t("auth.signIn.title"))}`);
      expect(html).toContain(`hrefLang="${locale}"`);
      const signUpHtml = await (await page("/auth?mode=signup", { "accept-language": locale })).text();
      for (const key of ["auth.signUp.title", "auth.passkey.offer", "auth.signUp.have", "auth.name"] as const)
        expect(signUpHtml, `${locale} ${key}`).toContain(escaped(t(key)));
      expect(signUpHtml).toContain(escaped(t("auth.signUp.intro", { days: TRIAL_DAYS })));
    }
    // English reads as it always has.
    const en = await (await page("/auth?mode=signup")).text();
    expect(en).toContain("Card Pro free for 7 days, no credit card required. Then Basic stays free, or subscribe.");
    expect(en).toMatch(/Already have an account\?(<!-- -->)? <a/);
    expect(en).toContain(escaped("Add a passkey next, to sign in with this device's fingerprint, face or screen lock"));
  });

  it("survives a 10,000-character Accept-Language and an unknown code; a chosen language is remembered", async () => {
    const long = await page("/auth", { "accept-language": `${"x-invalid;q=0.5,".repeat(625)}` });
    expect(long.status).toBe(200);
    expect(await long.text()).toContain('<html lang="en" dir="ltr"');
    const unknown = await page("/auth?lang=xx-<b>", { "accept-language": "ja" });
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    expect(await unknown.text()).toContain('<html lang="ja" dir="ltr"');
    const chosen = await page("/auth?lang=ar", { "accept-language": "de" });
    expect(chosen.headers.get("set-cookie")).toMatch(/^lang=ar; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const again = await page("/auth", { "accept-language": "de", cookie: "lang=ar" });
    expect(await again.text()).toContain('<html lang="ar" dir="rtl"');
  });

  it("gives the field messages in the visitor's language, and the specification's English word for word", async () => {
    const bad = { intent: "signup", name: "J", email: "not-an-address", password: "short" };
    const ja = await post(bad, { "accept-language": "ja" });
    expect(ja.status).toBe(400);
    const jaHtml = await ja.text();
    const t = translator("ja");
    for (const message of [t("auth.error.nameMin"), t("auth.error.email"), t("auth.error.passwordMin", { min: 8 })])
      expect(jaHtml).toContain(escaped(message));
    expect(jaHtml).not.toContain("Please enter a valid email address");
    expect(jaHtml).toContain('value="not-an-address"');

    const en = await (await post(bad)).text();
    expect(en).toContain("Name must be at least 2 characters");
    expect(en).toContain("Please enter a valid email address");
    expect(en).toContain("Password must be at least 8 characters");

    const { email } = await signUp("Camille Martin");
    const wrong = { intent: "signin", email, password: "not the password" };
    const fr = await post(wrong, { "accept-language": "fr-CA" });
    expect(fr.status).toBe(400);
    expect(await fr.text()).toContain(escaped(translator("fr")("auth.error.credentials")));
    // The language chosen on the page travels with the form's own address, with no cookie.
    const ar = await post({ intent: "signin", email, password: "" }, {}, "?lang=ar");
    expect(await ar.text()).toContain(escaped(translator("ar")("auth.error.passwordMissing")));
    expect(await (await post(wrong)).text()).toContain("Incorrect email or password");
    const taken = await (await post({ intent: "signup", name: "Camille", email, password: "long enough 2026" })).text();
    expect(taken).toContain("An account with this email already exists. Sign in instead.");
  });
});
