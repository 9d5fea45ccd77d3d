import { describe, expect, it } from "vitest";
import { LOCALES, localeDir } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { call } from "./helpers";

/** A message as React writes it into the page. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

const page = (path: string, headers: Record<string, string> = {}) => call(path, { headers });
const between = (html: string, open: RegExp, close: string) => {
  const start = html.search(open);
  return start < 0 ? "" : html.slice(start, html.indexOf(close, start));
};
const header = (html: string) => between(html, /<header[\s>]/, "</header>");
const footer = (html: string) => between(html, /<footer[\s>]/, "</footer>");

describe("the site header and footer in the visitor's language", () => {
  it("speaks each of the ten languages on a marketing page, with its own lang and dir, and says it varies", async () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      const res = await page("/docs/krystal-integration", { "accept-language": locale });
      expect(res.status, locale).toBe(200);
      expect(res.headers.get("vary"), locale).toContain("Accept-Language, Cookie");
      const html = await res.text();
      const top = header(html);
      expect(top, locale).toContain(`lang="${locale}" dir="${localeDir(locale)}"`);
      for (const key of ["site.link.pricing", "site.link.guides", "site.signIn", "site.getStarted"] as const)
        expect(top, `${locale} ${key}`).toContain(escaped(t(key)));
      const bottom = footer(html);
      expect(bottom, locale).toContain(`lang="${locale}" dir="${localeDir(locale)}"`);
      for (const key of ["site.column.product", "site.link.privacy", "site.footer.newsletter", "site.email"] as const)
        expect(bottom, `${locale} ${key}`).toContain(escaped(t(key)));
      expect(bottom).toContain(escaped(t("card.footer.tagline")));
      // The chooser: plain links, each language named in itself.
      expect(bottom).toContain('data-testid="site-language"');
      for (const code of LOCALES) expect(bottom).toContain(`href="?lang=${code}"`);
      // The page's own body is still English, and the document says so.
      expect(html, locale).toContain('<html lang="en" dir="ltr"');
    }
    const en = await (await page("/docs/krystal-integration")).text();
    for (const word of ["Get Started", "Sign in", "Watch Demo", "Get networking tips and product news"])
      expect(en).toContain(word);
  });

  it("keeps each language's cached copy apart", async () => {
    const path = `/features?kept=${crypto.randomUUID()}`;
    const ja = translator("ja");
    for (let round = 0; round < 2; round++) {
      expect(header(await (await page(path, { "accept-language": "ja" })).text())).toContain(ja("site.link.features"));
      const en = header(await (await page(path, { "accept-language": "en-GB" })).text());
      expect(en).toContain(">Features<");
      expect(en).not.toContain(ja("site.link.features"));
    }
  });

  it("remembers a chosen language, refuses an unknown code and survives a 10,000-character header", async () => {
    const chosen = await page("/about?lang=ar", { "accept-language": "de" });
    expect(chosen.headers.get("set-cookie")).toMatch(/^lang=ar; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const chosenHtml = await chosen.text();
    expect(header(chosenHtml)).toContain('lang="ar" dir="rtl"');
    expect(footer(chosenHtml)).toContain('aria-current="true"');
    const again = await page("/about", { "accept-language": "de", cookie: "lang=ar" });
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(header(await again.text())).toContain(escaped(translator("ar")("site.link.about")));

    const unknown = await page("/about?lang=xx-<b>", { "accept-language": "nl" });
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    expect(header(await unknown.text())).toContain('lang="nl" dir="ltr"');

    const long = await page("/about", { "accept-language": "x-invalid;q=0.5,".repeat(625) });
    expect(long.status).toBe(200);
    expect(header(await long.text())).toContain('lang="en" dir="ltr"');
  });

  it("writes the landing page's body in the visitor's language, Arabic right to left, English as it was", async () => {
    const ja = await (await page("/", { "accept-language": "ja" })).text();
    expect(ja).toContain('<html lang="ja" dir="ltr"');
    for (const words of ["ご利用の流れ", "無料で名刺をつくる", translator("ja")("card.save")])
      expect(ja).toContain(words);
    const ar = await (await page("/?lang=ar")).text();
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    expect(ar).toContain("كيف يعمل");
    const en = await (await page("/", { "accept-language": "en-US" })).text();
    expect(en).toContain('<html lang="en" dir="ltr"');
    expect(en).toContain("Your card opens in one tap. Your follow-ups actually happen.");
  });

  it("writes the pricing and about pages in the visitor's language, with the page's words in its HTML", async () => {
    const ja = await (await page("/pricing", { "accept-language": "ja" })).text();
    expect(ja).toContain('<html lang="ja" dir="ltr"');
    for (const words of ["本気で人脈を築く人のための、シンプルな料金", "よくある質問", "$7.99"])
      expect(ja).toContain(words);
    const ar = await (await page("/about?lang=ar")).text();
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    expect(ar).toContain("رسالتنا");
    const en = await (await page("/pricing", { "accept-language": "en-US" })).text();
    expect(en).toContain("Simple pricing for serious networkers");
  });

  it("keeps the legal pages' binding English body, marked English inside a page in the visitor's language", async () => {
    for (const [path, title] of [
      ["/terms", "شروط الخدمة"],
      ["/privacy", "سياسة الخصوصية"],
    ] as const) {
      const html = await (await page(path, { "accept-language": "ar" })).text();
      expect(html, path).toContain('<html lang="ar" dir="rtl"');
      expect(html, path).toContain(title);
      expect(html, path).toContain("النص الإنجليزي أدناه هو النسخة الملزمة.");
      expect(html, path).toMatch(
        /<div lang="en" dir="ltr"[^>]*><div class="space-y-10"><section><h2[^>]*>(Using KnowWho|What we store)/,
      );
    }
    const en = await (await page("/terms")).text();
    expect(en).toContain('<html lang="en" dir="ltr"');
    expect(en).not.toContain("binding version");
  });

  it("frames a guide in the visitor's language around its English text", async () => {
    const html = await (await page("/guides/welcome", { "accept-language": "ja" })).text();
    expect(html).toContain('<html lang="ja" dir="ltr"');
    for (const words of ["← ガイド一覧に戻る", "このガイドは役に立ちましたか？", "各ガイドは英語で書かれています。"])
      expect(html).toContain(words);
    expect(html).toMatch(/<div lang="en" dir="ltr" class="mt-10">/);
    const en = await (await page("/guides/welcome")).text();
    for (const words of ["Was this guide helpful?", "min read", "Explore More Guides"]) expect(en).toContain(words);
    expect(en).not.toContain("written in English");
  });

  it("lays out an Arabic page right to left, header and footer with it", async () => {
    const html = await (await page("/auth", { "accept-language": "ar" })).text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(header(html)).toContain('lang="ar" dir="rtl"');
    expect(footer(html)).toContain('lang="ar" dir="rtl"');
    expect(header(html)).toContain(escaped(translator("ar")("site.signIn")));
  });

  it("writes the sample event, contact, demo, reviews and newsletter pages in the visitor's language", async () => {
    const ja = await (await page("/events/nonprofit-tech-summit", { "accept-language": "ja" })).text();
    expect(ja).toContain('<html lang="ja" dir="ltr"');
    for (const words of ["非営利団体のためのテックサミット", "参加予定者数", "850"]) expect(ja).toContain(words);
    const ar = await (await page("/contact?lang=ar")).text();
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    for (const words of ["تحدّث إلى فريقنا", "إرسال الرسالة", "من الاثنين إلى الجمعة"]) expect(ar).toContain(words);
    for (const [path, words] of [
      ["/demo", "Rundgang durch"],
      ["/reviews", "Bewertung schreiben"],
      ["/newsletter/confirm?token=x", "Abonnement bestätigen"],
    ] as const) {
      const html = await (await page(path, { "accept-language": "de-DE" })).text();
      expect(html, path).toContain('<html lang="de" dir="ltr"');
      expect(html, path).toContain(words);
    }
    const en = await (await page("/contact", { "accept-language": "en-US" })).text();
    expect(en).toContain("Talk to our team");
    expect(en).toContain("Send Message");
  });

  it("answers a refused form in the language of the page it was sent from, with the spec's English in English", async () => {
    const form = (body: Record<string, string>) => new URLSearchParams(body);
    const fr = await call("/contact", {
      method: "POST",
      headers: { "accept-language": "fr", "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: form({ name: "J", email: "nope", subject: "ab", message: "short" }),
    });
    expect(fr.status).toBe(400);
    const html = await fr.text();
    for (const words of ["Le nom doit comporter au moins 2 caractères", "Veuillez saisir une adresse e-mail valide"])
      expect(html).toContain(words);
    const news = await call("/newsletter", {
      method: "POST",
      headers: { cookie: "lang=ja", "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: form({ email_address: "nope", source: "footer" }),
    });
    expect(news.status).toBe(400);
    expect(await news.text()).toContain("有効なメールアドレスを入力してください");
    const en = await call("/newsletter", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: form({ email_address: "nope", source: "footer" }),
    });
    expect(await en.text()).toContain("Please enter a valid email address");
  });

  it("tells a visitor in their language that a page is missing, the landing below it in the same one", async () => {
    const res = await page("/no-such-page-here", { "accept-language": "zh-CN" });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-Hans" dir="ltr"');
    expect(html).toContain("找不到 ");
    expect(html).toContain(escaped(translator("zh-Hans")("card.save")));
  });
});
