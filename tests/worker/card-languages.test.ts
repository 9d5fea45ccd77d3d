import { describe, expect, it, vi } from "vitest";
import { edgeGet } from "~/server/platform/edge-cache.server";
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
