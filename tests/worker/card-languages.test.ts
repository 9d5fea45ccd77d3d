import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { giftMessages } from "~/lib/fundraising/giving-messages";
import { LOCALES, localeDir } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { edgeGet } from "~/server/platform/edge-cache.server";
import { connectStripe, publishCampaign } from "./fundraising-helpers";
import { call, form, signUp, testAddress } from "./helpers";

async function publishedCard(slug: string) {
  const owner = await signUp("Ann Lee");
  const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
  const id = Number(created.headers.get("location")?.split("/").pop());
  const fields = { intent: "save", name: "Ann Lee", label: "Work", title: "Director", company: "Acme" };
  const card = (over: Record<string, string> = {}) =>
    call(`/card/${id}`, {
      ...form({ ...fields, email: "ann@acme.org", template: "classic", colour: "#4f46e5", ...over }),
      headers: { cookie: owner.cookie },
    });
  await card();
  await call(`/card/${id}`, { ...form({ intent: "publish", slug }), headers: { cookie: owner.cookie } });
  return { edit: card };
}

const page = (path: string, headers: Record<string, string> = {}) => call(path, { headers });

describe("the card page in the visitor's language", () => {
  it("answers Accept-Language in Japanese and in Arabic, right to left, and says it varies", async () => {
    const ja = await page("/c/demo", { "accept-language": "ja-JP,ja;q=0.9,en;q=0.8" });
    expect(ja.status).toBe(200);
    expect(ja.headers.get("vary")).toBe("Accept-Language, Cookie");
    expect(ja.headers.get("set-cookie")).toBeNull();
    const jaHtml = await ja.text();
    expect(jaHtml).toContain('<html lang="ja" dir="ltr">');
    for (const text of [
      "連絡先を保存",
      "自分の情報を共有",
      "連絡先を共有する",
      '<input type="hidden" name="lang" value="ja"/>',
    ]) {
      expect(jaHtml).toContain(text);
    }
    expect(jaHtml).not.toContain("Save Contact");

    const ar = await (await page("/c/demo", { "accept-language": "ar-EG" })).text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain("حفظ جهة الاتصال");
  });

  it("remembers an explicit choice in a functional cookie; an unknown code or a hostile header falls back", async () => {
    const chosen = await page("/c/demo?lang=ar", { "accept-language": "fr" });
    expect(chosen.headers.get("set-cookie")).toBe("lang=ar; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(await chosen.text()).toContain('dir="rtl"');
    const remembered = await (await page("/c/demo", { "accept-language": "fr", cookie: "lang=ar" })).text();
    expect(remembered).toContain('<html lang="ar"');

    const unknown = await page("/c/demo?lang=tlh");
    expect(unknown.headers.get("set-cookie")).toBeNull();
    expect(await unknown.text()).toContain('<html lang="en" dir="ltr">');

    const huge = await page("/c/demo", { "accept-language": `${"q;=,".repeat(2_500)}de` });
    expect(huge.status).toBe(200);
    expect(await huge.text()).toContain('<html lang="en"');

    const notFound = await page("/c/nobody-here", { "accept-language": "de" });
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain("Visitenkarte nicht gefunden");
  });

  it("keeps one cached copy per language, and an edit purges every one of them", async () => {
    const { edit } = await publishedCard("ann-lang");
    expect((await page("/c/ann-lang")).headers.get("x-edge-cache")).toBe("MISS");
    await vi.waitFor(async () => expect(await edgeGet("/c/ann-lang")).not.toBeNull());
    const jaMiss = await page("/c/ann-lang", { "accept-language": "ja" });
    expect(jaMiss.headers.get("x-edge-cache")).toBe("MISS");
    await vi.waitFor(async () => expect(await edgeGet("/c/ann-lang?lang=ja")).not.toBeNull());
    const jaHit = await page("/c/ann-lang", { "accept-language": "ja" });
    expect(jaHit.headers.get("x-edge-cache")).toBe("HIT");
    expect(jaHit.headers.get("vary")).toBe("Accept-Language, Cookie");
    expect(await jaHit.text()).toContain("連絡先を保存");
    const enHit = await page("/c/ann-lang", { "accept-language": "en-GB" });
    expect(enHit.headers.get("x-edge-cache")).toBe("HIT");
    expect(await enHit.text()).toContain("Save Contact");
    // A choice by URL is served from the same copy, and the stored copy never keeps the cookie.
    const byUrl = await page("/c/ann-lang?lang=ja");
    expect(byUrl.headers.get("x-edge-cache")).toBe("HIT");
    expect(byUrl.headers.get("set-cookie")).toContain("lang=ja");
    expect((await edgeGet("/c/ann-lang?lang=ja"))?.headers.get("set-cookie")).toBeNull();

    await edit({ title: "Chief Partnerships Officer" });
    expect(await edgeGet("/c/ann-lang")).toBeNull();
    expect(await edgeGet("/c/ann-lang?lang=ja")).toBeNull();
    expect(await (await page("/c/ann-lang", { "accept-language": "ja" })).text()).toContain(
      "Chief Partnerships Officer",
    );
  });
});

describe("a share-back answered in the visitor's language", () => {
  const share = (values: Record<string, string>, headers: Record<string, string>) =>
    call("/c/demo/share", { ...form(values), headers: { "cf-connecting-ip": testAddress(), ...headers } });

  it("names wrong fields in Japanese, with JavaScript and without", async () => {
    const json = await share({ name: "", email: "" }, { accept: "application/json", "accept-language": "ja" });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({
      title: "入力内容が不足しています",
      fields: { name: "お名前とメールアドレスを入力してください。" },
    });
    const html = await (await share({ name: "花子", email: "hanako@", lang: "ja" }, {})).text();
    expect(html).toContain(
      '<p class="field-error" id="share-error-email">有効なメールアドレスを入力してください。</p>',
    );
    expect(html).toContain('value="花子"');
  });

  it("confirms in the language of the page the form came from, even without the cookie", async () => {
    const sent = await share({ name: "سارة", email: `sara.${testAddress()}@example.org`, lang: "ar" }, {});
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/c/demo/shared?lang=ar#shared");
    const cookie = (sent.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const confirmation = await page("/c/demo/shared?lang=ar", { cookie });
    const html = await confirmation.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("تمت مشاركة جهة الاتصال بنجاح");
    expect(html).toContain("تمت مشاركة معلومات الاتصال الخاصة بـسارة مع");
  });
});

describe("what a visitor agreed to, kept in the words they read", () => {
  it("offers the news box unticked by the card's name, and only a tick is consent to email", async () => {
    const html = await (await call("/c/demo", { headers: { "cf-connecting-ip": testAddress() } })).text();
    const box = html.match(/<input[^>]*name="updates"[^>]*>/)?.[0] ?? "";
    expect(box).toContain('type="checkbox"');
    expect(box).not.toContain("checked");
    const words = html.match(/name="updates"[^>]*\/><span>([^<]+)<\/span>/)?.[1] ?? "";
    expect(words).toMatch(/^Email me news from \S/);
    const sender = words.replace("Email me news from ", "");
    const shareAs = async (extra: Record<string, string>) => {
      const email = `news.${testAddress()}@example.org`;
      const sent = await call("/c/demo/share", {
        ...form({ name: "Noor News", email, ...extra }),
        headers: { "cf-connecting-ip": testAddress() },
      });
      expect(sent.status).toBe(303);
      return (
        await env.DB.prepare(
          `select purpose, state, sender_name as sender, shown from consent_record where connection_id =
             (select connection_id from contact_point where kind = 'email' and value = ? limit 1) order by purpose`,
        )
          .bind(email)
          .all<{ purpose: string; state: string; sender: string; shown: string }>()
      ).results;
    };
    // Unticked: details exchanged, nothing more; ticked: a yes to email from the sender named on the box.
    expect((await shareAs({})).map((r) => r.purpose)).toEqual(["exchange"]);
    const ticked = await shareAs({ updates: "on" });
    expect(ticked.find((r) => r.purpose === "email")).toEqual({ purpose: "email", state: "yes", sender, shown: words });
  });

  it("records the ticked contact box of a French share-back in French", async () => {
    const email = `luc.${testAddress()}@example.org`;
    const sent = await call("/c/demo/share", {
      ...form({ name: "Luc Martin", email, consent: "on", lang: "fr" }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    expect(sent.status).toBe(303);
    const record = await env.DB.prepare(
      `select shown from consent_record where purpose = 'exchange' and connection_id =
         (select connection_id from contact_point where kind = 'email' and value = ? limit 1)`,
    )
      .bind(email)
      .first<{ shown: string }>();
    expect(record?.shown).toMatch(/; ticked “.+ peut me recontacter au sujet de notre échange\.”$/);
  });
});

/** A published campaign in `currency` on a connected test Stripe account, so its Donate form shows. */
async function givingCampaign(currency: string, budget: string) {
  const owner = await signUp("Giving Languages");
  const headers = { cookie: owner.cookie };
  const id = await publishCampaign(headers, {
    intent: "save",
    title: "Wells for Wamba",
    description: "Clean water for four villages.",
    organization: "Water First",
    organizerName: "Ana Ruiz",
    category: "community",
    currency,
    goal: "10000",
    startDate: "2026-01-01",
    endDate: "2030-12-31",
    budget,
    suggested: "3000, 5000",
  });
  expect(id).toMatch(/^wells-for-wamba-/);
  await connectStripe(headers, owner.email);
  return { id, headers };
}

const donate = (id: string, values: Record<string, string>, headers: Record<string, string> = {}) =>
  call(`/fundraising/${id}/donate${values.lang ? `?lang=${values.lang}` : ""}`, {
    ...form(values),
    headers: { "cf-connecting-ip": testAddress(), ...headers },
  });

describe("the giving pages in the visitor's language", () => {
  it("answers the campaign page in each of the ten languages, with its lang and dir, and says it varies", async () => {
    const { id } = await givingCampaign("USD", "Drilling: 600");
    for (const locale of LOCALES) {
      const res = await page(`/fundraising/${id}`, { "accept-language": locale });
      expect(res.status, locale).toBe(200);
      expect(res.headers.get("vary")).toBe("Accept-Language, Cookie");
      const html = await res.text();
      const t = translator(locale);
      expect(html, locale).toContain(`<html lang="${locale}" dir="${localeDir(locale)}"`);
      for (const key of ["donate.submit", "donate.howOften", "giving.donors", "giving.budget"] as const)
        expect(html, `${locale} ${key}`).toContain(t(key));
      expect(html).toContain(`hrefLang="${locale}"`);
    }
    // The same page in English keeps the wording it always had.
    const en = await (await page(`/fundraising/${id}`)).text();
    expect(en).toContain('<html lang="en" dir="ltr"');
    expect(en).toContain("Add the card processing fee so Water First receives my whole gift");
    // Our own newsletter offer never sits over a charity's Donate form; other public pages still carry it.
    expect(en).not.toContain("data-slide-in");
    expect(await (await page("/pricing")).text()).toContain("data-slide-in");
  });

  it("shows one language chooser on the campaign page: its own, not the site footer's as well", async () => {
    const { id } = await givingCampaign("EUR", "Pumps: 300");
    for (const lang of ["en", "ja"]) {
      const html = await (await page(`/fundraising/${id}`, { "accept-language": lang })).text();
      expect(html.match(/data-testid="(site-language|language-switch)"/g), lang).toEqual([
        'data-testid="language-switch"',
      ]);
    }
  });

  it("writes ¥3,000 and 1.234,56 € the visitor's way, and reads an amount as they type it", async () => {
    const yen = await givingCampaign("JPY", "Pumps: 3000");
    const ja = await (await page(`/fundraising/${yen.id}`, { "accept-language": "ja" })).text();
    expect(ja).toContain("￥3,000");
    expect(ja).toContain("目標 ￥10,000 のうち ￥0 を達成（0%）");

    const euro = await givingCampaign("EUR", "Pumps: 1234.56");
    const de = await (await page(`/fundraising/${euro.id}`, { "accept-language": "de-DE" })).text();
    expect(de).toContain("1.234,56\u00a0€");
    // A German giver's "25,50" is €25.50, never €2,550; the answer is the checkout, not a message.
    const given = await donate(euro.id, { amount: "custom", custom: "25,50", lang: "de" });
    expect(given.status).toBe(303);
    expect(given.headers.get("location")).toMatch(/^\/pay\/test\/checkout\//);
    const checkout = await (await call(given.headers.get("location") ?? "")).text();
    expect(checkout).toContain("25.50");
    expect(checkout).not.toContain("2,550");
  });

  it("names a wrong field in the form's language, keeps the spec's English, and never a key", async () => {
    const { id } = await givingCampaign("EUR", "Pumps: 100");
    const ja = await donate(id, { amount: "custom", custom: "abc", lang: "ja" });
    expect(ja.status).toBe(400);
    const jaHtml = await ja.text();
    expect(jaHtml).toContain('<html lang="ja" dir="ltr"');
    expect(jaHtml).toContain(giftMessages("ja").amount("EUR"));
    expect(jaHtml).toContain("25 や 25.50 のように金額を入力してください");
    expect(jaHtml).toContain('value="abc"');
    const de = await (await donate(id, { amount: "custom", custom: "0,50", lang: "de" })).text();
    expect(de).toContain("Die kleinste Spende beträgt 1,00\u00a0€");
    const ar = await (
      await call(`/fundraising/${id}/donate`, {
        ...form({ amount: "3000", tribute: "memory", tributeName: "" }),
        headers: { "cf-connecting-ip": testAddress(), cookie: "lang=ar", "accept-language": "en" },
      })
    ).text();
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    expect(ar).toContain("أدخل اسم الشخص الذي تتبرع باسمه");
    const en = await (await donate(id, { amount: "custom", custom: "abc" })).text();
    expect(en).toContain("Enter an amount, such as 25 or 25.50");
    expect(en).not.toMatch(/donate\.error\./);
  });

  it("keeps one cached copy per language, and a change to the campaign purges every one", async () => {
    const { id, headers } = await givingCampaign("USD", "Drilling: 600");
    const path = `/fundraising/${id}`;
    const hit = async (lang: string) => {
      let last = "";
      await vi.waitFor(
        async () => {
          const res = await page(path, { "accept-language": lang });
          expect(res.headers.get("x-edge-cache")).toBe("HIT");
          last = await res.text();
        },
        { timeout: 5000, interval: 100 },
      );
      return last;
    };
    expect(await hit("ja")).toContain("寄付する");
    expect(await hit("en")).toContain("Donate");
    expect(await hit("ar")).toContain('dir="rtl"');
    // A choice by address is its own copy and sets the cookie, which no stored copy keeps.
    const chosen = await page(`${path}?lang=fr`);
    expect(chosen.headers.get("set-cookie")).toContain("lang=fr");
    expect(await chosen.text()).toContain('<html lang="fr"');
    const remembered = await page(path, { cookie: "lang=fr", "accept-language": "ja" });
    expect(await remembered.text()).toContain('<html lang="fr"');

    await call(`/campaigns/${id}/edit`, { ...form({ intent: "close" }), headers });
    for (const lang of ["ja", "en", "ar"]) {
      const after = await page(path, { "accept-language": lang });
      expect(after.headers.get("x-edge-cache"), lang).toBe("MISS");
      expect(await after.text()).not.toContain(
        translator(lang === "en" ? "en" : (lang as "ja" | "ar"))("donate.submit"),
      );
    }
  });

  it("answers the thank-you, manage and error pages in the donor's language, Arabic right to left", async () => {
    const { id } = await givingCampaign("USD", "Drilling: 600");
    const fr = await (await page(`/fundraising/${id}/thanks`, { "accept-language": "fr" })).text();
    expect(fr).toContain('<html lang="fr" dir="ltr"');
    expect(fr).toContain("Votre don à Wells for Wamba est en route vers Water First.");
    const manage = await page("/fundraising/gifts/not-a-token", { "accept-language": "ar" });
    expect(manage.status).toBe(404);
    const ar = await manage.text();
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    expect(ar).toContain("رابط الإدارة هذا غير مكتمل");
    // A campaign that is not there: the error page in the visitor's language, and English stays English.
    const missing = await page("/fundraising/no-such-campaign", { "accept-language": "ja" });
    expect(missing.status).toBe(404);
    const ja = await missing.text();
    expect(ja).toContain('<html lang="ja" dir="ltr"');
    expect(ja).toContain("ページが見つかりません");
    expect(ja).toContain("エラー 404");
    const en = await (await page("/fundraising/no-such-campaign")).text();
    expect(en).toContain("Page not found");
    expect(en).toContain("Error 404");
  });

  it("keeps the language a donor gave in on the gift, receipts them in it, and records the opt-in in the words they read", async () => {
    const { id } = await givingCampaign("USD", "Drilling: 600");
    const start = await donate(id, { amount: "3000", news: "on", lang: "es" });
    expect(start.status).toBe(303);
    const email = `es.${testAddress()}@example.org`;
    // Checkout itself is asked to speak the donor's language.
    const session = (start.headers.get("location") ?? "").split("/").pop() ?? "";
    const stored = await env.DB.prepare("select data from payment_local_object where id = ?")
      .bind(session)
      .first<{ data: string }>();
    expect(JSON.parse(stored?.data ?? "{}")).toMatchObject({ locale: "es" });
    const paid = await call(start.headers.get("location") ?? "", form({ intent: "pay", email, name: "Lucía" }));
    expect(paid.status).toBe(302);
    await vi.waitFor(async () => {
      const row = await env.DB.prepare("select locale from gift where campaign_id = ?")
        .bind(id)
        .first<{ locale: string }>();
      expect(row?.locale).toBe("es");
    });
    // The receipt reaches them in Spanish: our default letter, the receipt's words, money and date their way.
    const mail = await env.DB.prepare(
      "select subject, text, html from outbox where \"to\" = ? and kind = 'thank-you' order by id desc",
    )
      .bind(email)
      .first<{ subject: string; text: string; html: string }>();
    expect(mail?.subject).toBe("Gracias por su donación a Wells for Wamba");
    expect(mail?.text).toContain("Estimado/a Lucía:");
    expect(mail?.text).toContain("Importe: 30,00\u00a0US$");
    expect(mail?.text).toContain("Frecuencia: Donación única");
    expect(mail?.text).toMatch(/Fecha: \d{1,2} de [a-z]+ de \d{4}/);
    expect(mail?.html).toContain('<html lang="es" dir="ltr">');
    const consent = await env.DB.prepare(
      "select shown from consent_record where source = 'donate' and shown like '%Water First%' order by id desc limit 1",
    ).first<{ shown: string }>();
    expect(consent?.shown).toBe("Quiero recibir noticias de Water First por correo electrónico");
  });

  it("answers the unsubscribe pages in the visitor's language, and the mail provider's one-click in English", async () => {
    const test = await page("/mail/u/test?lang=ar");
    expect(test.headers.get("set-cookie")).toContain("lang=ar");
    expect(test.headers.get("vary")).toBe("Accept-Language, Cookie");
    const ar = await test.text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain("كانت هذه رسالة تجريبية");
    const bad = await page("/mail/u/not-a-token", { "accept-language": "de-CH" });
    expect(bad.status).toBe(404);
    expect(await bad.text()).toContain("Dieser Link ist ungültig");
    const oneClick = await call("/mail/u/not-a-token", form({ "List-Unsubscribe": "One-Click" }));
    expect(oneClick.status).toBe(404);
    expect(await oneClick.text()).toContain("This link is not valid");
  });
});
