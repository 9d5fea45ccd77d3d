import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { translator } from "~/lib/i18n/translate";
import { call, form, signUp } from "./helpers";

const JA = {
  primaryLang: "en",
  secondLang: "ja",
  secondName: "山田 太郎",
  secondTitle: "部長",
  secondCompany: "アクメ株式会社",
  secondLocation: "東京",
  secondHeadline: "子どもの読書を支える",
};

async function ownerCard() {
  const owner = await signUp("Taro Yamada");
  const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
  const id = Number(created.headers.get("location")?.split("/").pop());
  const base = { name: "Taro Yamada", label: "Work", title: "Director", company: "Acme", location: "Tokyo" };
  const save = (over: Record<string, string> = {}, intent = "save") =>
    call(`/card/${id}`, {
      ...form({ intent, ...base, email: "taro@acme.org", template: "classic", colour: "#4f46e5", ...over }),
      headers: { cookie: owner.cookie },
    });
  return { owner, id, save };
}

describe("a card in two languages", () => {
  it("refuses a second-language field over its limit beside the field, keeping what was typed", async () => {
    const { save } = await ownerCard();
    const long = "長".repeat(101);
    const res = await save({ ...JA, secondName: long, secondTitle: "t".repeat(121) });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Must be at most 100 characters");
    expect(body).toContain("Must be at most 120 characters");
    expect(body).toContain(long);
    expect(body).toContain("アクメ株式会社");
  });

  it("shows the Japanese version to a Japanese reader and the English one otherwise, each linking to the other", async () => {
    const { save } = await ownerCard();
    const slug = `taro-${crypto.randomUUID().slice(0, 8)}`;
    expect((await save(JA)).status).toBe(302);
    expect((await save({ ...JA, slug }, "publish")).status).toBe(302);

    const ja = await (await call(`/c/${slug}`, { headers: { "accept-language": "ja" } })).text();
    for (const text of ["山田 太郎", "部長", "アクメ株式会社", "東京", "子どもの読書を支える"])
      expect(ja).toContain(text);
    expect(ja).not.toContain(">Taro Yamada<");
    expect(ja).toMatch(/<a href="\?lang=en" lang="en" hreflang="en">English<\/a>/i);
    // The card page stays light in its second language too (issue budget: 10 KB gzip).
    const gzip = await new Response(new Blob([ja]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    expect(gzip.byteLength).toBeLessThanOrEqual(10 * 1024);

    const en = await (await call(`/c/${slug}`, { headers: { "accept-language": "en" } })).text();
    expect(en).toContain("Taro Yamada");
    expect(en).not.toContain("山田 太郎");
    expect(en).toMatch(/<a href="\?lang=ja" lang="ja" hreflang="ja">日本語<\/a>/i);

    // An explicit switch, no script: the Japanese version through ?lang=ja.
    expect(await (await call(`/c/${slug}?lang=ja`, { headers: { "accept-language": "en" } })).text()).toContain(
      "山田 太郎",
    );

    // The owner changes the second version: every cached language hears of it.
    expect((await save({ ...JA, secondName: "山田 花子" })).status).toBe(302);
    const again = await (await call(`/c/${slug}`, { headers: { "accept-language": "ja" } })).text();
    expect(again).toContain("山田 花子");
  });

  it("writes both languages to vCard 4.0 with ALTID and LANGUAGE, and the primary alone to vCard 3.0", async () => {
    const { save } = await ownerCard();
    const slug = `taro-${crypto.randomUUID().slice(0, 8)}`;
    await save(JA);
    await save({ ...JA, slug }, "publish");
    const v4 = await (await call(`/c/${slug}/contact.vcf?version=4.0`)).text();
    expect(v4).toContain("VERSION:4.0");
    for (const line of [
      "FN;ALTID=1;LANGUAGE=en:Taro Yamada",
      "FN;ALTID=1;LANGUAGE=ja:山田 太郎",
      "N;ALTID=1;LANGUAGE=en:Yamada;Taro;;;",
      "N;ALTID=1;LANGUAGE=ja:山田;太郎;;;",
      "ORG;ALTID=1;LANGUAGE=ja:アクメ株式会社",
      "TITLE;ALTID=1;LANGUAGE=ja:部長",
      "ADR;TYPE=work;ALTID=1;LANGUAGE=ja:;;;東京;;;",
      "ADR;TYPE=work;ALTID=1;LANGUAGE=en:;;;Tokyo;;;",
    ])
      expect(v4).toContain(line);
    const v3 = await (await call(`/c/${slug}/contact.vcf`)).text();
    expect(v3).toContain("VERSION:3.0");
    expect(v3).toContain("FN:Taro Yamada");
    expect(v3).not.toContain("山田");
    expect(v3).not.toContain("ALTID");
  });

  it("lets no other account change the second version", async () => {
    const { id } = await ownerCard();
    const stranger = await signUp("Mallory");
    const res = await call(`/card/${id}`, {
      ...form({ intent: "save", name: "X", ...JA }),
      headers: { cookie: stranger.cookie },
    });
    expect(res.status).toBe(404);
  });
});

describe("the card page's vCard 4.0 link", () => {
  it("offers both languages in the reader's words, and ical.js reads each name with its language", async () => {
    const { save } = await ownerCard();
    const slug = `taro-${crypto.randomUUID().slice(0, 8)}`;
    await save(JA);
    await save({ ...JA, slug }, "publish");
    const page = await (await call(`/c/${slug}`, { headers: { "accept-language": "ja" } })).text();
    const href = `/c/${slug}/contact.vcf?version=4.0`;
    expect(page).toContain(`href="${href}"`);
    expect(page).toContain(translator("ja")("card.vcard4", { primary: "English", second: "日本語" }));
    expect(await (await call(`/c/${slug}`)).text()).toContain("Save both, English and 日本語 (vCard 4.0)");

    const vcard = await (await call(href)).text();
    const card = new ICAL.Component(ICAL.parse(vcard));
    expect(card.name).toBe("vcard");
    expect(card.getFirstPropertyValue("version")).toBe("4.0");
    const versions = (name: string) =>
      card.getAllProperties(name).map((p) => ({
        altid: p.getParameter("altid"),
        language: p.getParameter("language"),
        value: p.getValues(),
      }));
    expect(versions("fn")).toEqual([
      { altid: "1", language: "en", value: ["Taro Yamada"] },
      { altid: "1", language: "ja", value: ["山田 太郎"] },
    ]);
    expect(versions("n")).toEqual([
      { altid: "1", language: "en", value: [["Yamada", "Taro", "", "", ""]] },
      { altid: "1", language: "ja", value: [["山田", "太郎", "", "", ""]] },
    ]);
    expect(versions("org").map((v) => v.value)).toEqual([["Acme"], ["アクメ株式会社"]]);
    expect(versions("title").map((v) => [v.language, v.value])).toEqual([
      ["en", ["Director"]],
      ["ja", ["部長"]],
    ]);
  });

  it("is not offered on a card written in one language", async () => {
    const { save } = await ownerCard();
    const slug = `one-${crypto.randomUUID().slice(0, 8)}`;
    await save({ slug }, "publish");
    expect(await (await call(`/c/${slug}`)).text()).not.toContain("version=4.0");
  });
});
