import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { translator } from "~/lib/i18n/translate";
import { call, form, signUp, testAddress } from "./helpers";
import { publishNow } from "./organiser-helpers";

const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

const suggest = (values: Record<string, string>, query = "?lang=ja", address = testAddress()) =>
  call(`/translate${query}`, { ...form(values), headers: { "cf-connecting-ip": address } });

const kept = (marker: string) =>
  env.DB.prepare("select name, email, subject, message, source from help_request where message like ?")
    .bind(`%${marker}%`)
    .all<{ name: string; email: string; subject: string; message: string; source: string }>();

describe("suggest a translation", () => {
  it("links from a translated page's footer, and only from one", async () => {
    const ja = await (await call("/pricing", { headers: { "accept-language": "ja" } })).text();
    expect(ja).toContain('href="/translate?page=%2Fpricing&amp;lang=ja"');
    expect(ja).toContain(translator("ja")("site.suggest"));
    expect(await (await call("/pricing")).text()).not.toContain("/translate?");
  });

  it("links from the card and event pages' own footers too, when read in another language than English", async () => {
    const card = await (await call("/c/demo", { headers: { "accept-language": "ja" } })).text();
    expect(card).toContain('href="/translate?page=%2Fc%2Fdemo&amp;lang=ja"');
    expect(card).toContain(translator("ja")("site.suggest"));
    expect(await (await call("/c/demo", { headers: { "accept-language": "en" } })).text()).not.toContain("/translate?");
    const owner = await signUp("Suggest Owner");
    const event = await publishNow(owner, "Suggest Summit");
    const ar = await (await call(`/e/${event.slug}`, { headers: { "accept-language": "ar" } })).text();
    expect(ar).toContain(`href="/translate?page=%2Fe%2F${event.slug}&amp;lang=ar"`);
    expect(ar).toContain(translator("ar")("site.suggest"));
    expect(await (await call(`/e/${event.slug}`)).text()).not.toContain("/translate?");
  });

  it("offers one language chooser on a page that has its own, and the footer's on a page that has none", async () => {
    for (const path of ["/auth", "/auth/forgot"]) {
      const html = await (await call(path, { headers: { "accept-language": "de" } })).text();
      expect(html.match(/data-testid="(site-language|language-switch)"/g), path).toEqual([
        'data-testid="language-switch"',
      ]);
    }
    const pricing = await (await call("/pricing", { headers: { "accept-language": "de" } })).text();
    expect(pricing.match(/data-testid="(site-language|language-switch)"/g)).toEqual(['data-testid="site-language"']);
  });

  it("keeps the visitor's correction, escaped, for the team, and thanks them in their language", async () => {
    const ja = translator("ja");
    const page = await call("/translate?page=%2Ffundraising%2Fabc&lang=ja");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ja" dir="ltr"');
    expect(html).toContain(escaped(ja("site.suggest.intro", { language: "日本語" })));
    expect(html).toContain('value="/fundraising/abc"');

    const marker = crypto.randomUUID();
    const text = `<script>alert(1)</script> 「寄付する」のほうが自然です ${marker}`;
    const res = await suggest({ page: "/fundraising/abc", text, email: "hanako@example.org" });
    expect(res.status).toBe(200);
    const answer = await res.text();
    expect(answer).toContain(escaped(ja("site.suggest.sent")));
    expect(answer).not.toContain("<script>alert(1)");
    const { results } = await kept(marker);
    expect(results).toEqual([
      {
        name: "",
        email: "hanako@example.org",
        subject: "Translation, 日本語 (ja): /fundraising/abc",
        message: text,
        source: "translation-ja",
      },
    ]);
    const mail = await env.DB.prepare("select subject from outbox where kind = 'support' and subject like ?")
      .bind("%Translation, 日本語 (ja): /fundraising/abc")
      .first();
    expect(mail).not.toBeNull();
  });

  it("refuses an empty or overlong suggestion beside the field, in the visitor's language, and names no foreign page", async () => {
    const ar = translator("ar");
    const empty = await suggest({ page: "/auth", text: "  " }, "?lang=ar");
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain('<html lang="ar" dir="rtl"');
    expect(emptyHtml).toContain(escaped(ar("site.suggest.missing")));

    const long = await suggest({ page: "/auth", text: "ب".repeat(2001), email: "not-an-address" }, "?lang=ar");
    expect(long.status).toBe(400);
    const longHtml = await long.text();
    expect(longHtml).toContain(escaped(ar("site.suggest.long", { max: 2000 })));
    expect(longHtml).toContain(escaped(ar("auth.error.email")));

    const en = await (await suggest({ text: "" }, "")).text();
    expect(en).toContain("Tell us what the page should say");

    const marker = crypto.randomUUID();
    await suggest({ page: "//evil.example/x", text: `better words ${marker}` }, "?lang=de");
    expect((await kept(marker)).results[0]?.subject).toBe("Translation, Deutsch (de): /");
    const foreign = await (await call("/translate?page=https://evil.example&lang=de")).text();
    expect(foreign).toContain('value="/"');
  });

  it("is rate-limited like the other public forms", async () => {
    const address = testAddress();
    const answers: number[] = [];
    for (let i = 0; i < 22; i++)
      answers.push((await suggest({ page: "/", text: `burst ${i}` }, "?lang=fr", address)).status);
    expect(answers).toContain(429);
    const refused = await suggest({ page: "/", text: "one more" }, "?lang=fr", address);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(escaped(translator("fr")("site.suggest.tooMany")));
  });
});
