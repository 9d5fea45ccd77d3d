import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCALES, localeDir } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { SLOT_MESSAGES } from "~/lib/organiser-events/meeting-slots";
import { call, confirmEmail, form, signUp, testAddress } from "./helpers";
import { mailsTo, publishNow as publish } from "./organiser-helpers";

/** A message as React writes it into the page. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** A signed-up person with one card, joined through the one-tap page by a browser speaking `lang`. */
async function joinIn(slug: string, name: string, lang: string) {
  const person = await signUp(name);
  await confirmEmail(person.cookie, person.email);
  const created = await call("/card", { method: "POST", headers: { cookie: person.cookie } });
  const cardId = Number(created.headers.get("location")?.split("/").pop());
  await call(`/card/${cardId}`, {
    ...form({
      intent: "save",
      name,
      label: "Work",
      title: "Director",
      company: "Acme",
      email: person.email,
      template: "classic",
      colour: "#4f46e5",
    }),
    headers: { cookie: person.cookie },
  });
  const joined = await call(`/e/${slug}/join`, {
    ...form({ card: String(cardId), listed: "on", visibility: "everyone" }),
    headers: { cookie: person.cookie, "cf-connecting-ip": testAddress(), "accept-language": lang },
  });
  expect(joined.status).toBe(302);
  const row = await env.DB.prepare(
    "select a.id, a.locale from org_attendee a join org_event e on e.id = a.event_id where e.slug = ? and a.email = ?",
  )
    .bind(slug, person.email.toLowerCase())
    .first<{ id: number; locale: string | null }>();
  if (!row) throw new Error(`${name} did not join`);
  return { ...person, id: row.id, locale: row.locale };
}

const page = (path: string, cookie: string, lang: string) =>
  call(path, { headers: { cookie, "accept-language": lang } }).then((r) => r.text());

describe("the signed-in attendee's screens in the visitor's language", () => {
  it("shows the directory in each of the ten languages with its lang and dir, and the organiser's words untouched", async () => {
    const owner = await signUp("Lang Owner");
    const e = await publish(owner, "Foro Abierto 東京");
    const me = await joinIn(e.slug, "Ana Lang", "en");
    for (const locale of LOCALES) {
      const html = await page(`/e/${e.slug}/directory`, me.cookie, locale);
      const t = translator(locale);
      expect(html, locale).toContain(`<html lang="${locale}" dir="${localeDir(locale)}"`);
      for (const key of ["att.dir.search", "att.intents.title", "att.dir.plan", "att.dir.moreFilters"] as const)
        expect(html, `${locale} ${key}`).toContain(escaped(t(key)));
      expect(html, locale).toContain(escaped(t("att.dir.title", { title: "Foro Abierto 東京" })));
    }
    // English keeps the words the page always had.
    const en = await page(`/e/${e.slug}/directory`, me.cookie, "en");
    expect(en).toContain("Attendees of Foro Abierto 東京");
    expect(en).toContain("Your plan: people to meet");
    expect(en).toContain("You: listed, seen by All users at this event.");
    // A hostile header falls back to English; the ?lang= choice wins over the header.
    const hostile = await page(`/e/${e.slug}/directory`, me.cookie, `${"q;=,".repeat(2_500)}de`);
    expect(hostile).toContain('<html lang="en"');
    const chosen = await page(`/e/${e.slug}/directory?lang=ar`, me.cookie, "ja");
    expect(chosen).toContain('<html lang="ar" dir="rtl"');
  });

  it("joins with a card in the visitor's language, and the attendee keeps it for their mail", async () => {
    const owner = await signUp("Join Lang Owner");
    const e = await publish(owner, "Join Lang Summit");
    const visitor = await signUp("Jun Join");
    await confirmEmail(visitor.cookie, visitor.email);
    await call("/card", { method: "POST", headers: { cookie: visitor.cookie } });
    const ja = translator("ja");
    const form$ = await page(`/e/${e.slug}/join`, visitor.cookie, "ja");
    expect(form$).toContain('<html lang="ja" dir="ltr"');
    expect(form$).toContain(escaped(ja("att.join.title", { title: "Join Lang Summit" })));
    expect(form$).toContain(escaped(ja("event.join.directoryConsent")));
    expect(form$).toContain(escaped(ja("att.join.whichCard")));
    // A card that is not theirs: refused in Japanese.
    const refused = await call(`/e/${e.slug}/join`, {
      ...form({ card: "999999999" }),
      headers: { cookie: visitor.cookie, "cf-connecting-ip": testAddress(), "accept-language": "ja" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(ja("att.join.chooseCard"));
    const joined = await joinIn(e.slug, "Kei Kept", "ja-JP,ja;q=0.9");
    expect(joined.locale).toBe("ja");
    // The pass mail went in Japanese.
    const [pass] = await mailsTo(joined.email, "event-pass");
    expect(pass?.subject).toBe(ja("pass.mail.subject", { title: "Join Lang Summit" }));
  });

  it("words suggestions and meetings in the reader's language, and mails each side in the language they joined in", async () => {
    const owner = await signUp("Mail Lang Owner");
    const e = await publish(owner, "Mail Lang Summit");
    const de = await joinIn(e.slug, "Dora Deutsch", "de");
    const ja = await joinIn(e.slug, "Jiro Nihon", "ja");
    const state = (who: { cookie: string }, need: string, offer: string) =>
      call(`/e/${e.slug}/directory`, {
        ...form({ intent: "intents", needOwn: need, offerOwn: offer }),
        headers: { cookie: who.cookie },
      });
    await state(de, "funding", "");
    await state(ja, "", "funding");
    const tJa = translator("ja");
    const tDe = translator("de");
    const suggestions = await page(`/e/${e.slug}/directory`, de.cookie, "de");
    expect(suggestions).toContain(escaped(tDe("att.intents.theyOffer", { count: 1, words: "funding" })));
    // A refused intents form speaks the page's language beside the field.
    const many = Array.from({ length: 11 }, (_, i) => `w${i}`).join(",");
    const refused = await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "intents", needOwn: many, offerOwn: "" }),
      headers: { cookie: ja.cookie, "accept-language": "ja" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(escaped(tJa("att.intents.error", { max: 10, length: 40 })));

    // Dora (German) asks Jiro (Japanese) to meet: Jiro's mail is Japanese, whoever asked.
    const startsAt =
      (await env.DB.prepare("select starts_at as s from org_event where id = ?").bind(e.id).first<string>("s")) ?? "";
    const asked = await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "meet", id: String(ja.id), startsAt, minutes: "30", place: "Stand 7", note: "" }),
      headers: { cookie: de.cookie, "accept-language": "de" },
    });
    expect(asked.status).toBe(302);
    const [request] = await mailsTo(ja.email, "event-request");
    expect(request?.subject).toBe(
      tJa("att.mail.request.subject", {
        asks: tJa("att.mail.request.meeting", { who: "Dora Deutsch" }),
        event: "Mail Lang Summit",
      }),
    );
    expect(request?.text).toContain(tJa("att.mail.hi", { name: "Jiro Nihon" }));
    expect(request?.text).toContain(tJa("att.mail.request.answer"));
    // Jiro's directory lists the meeting in Japanese, its time in Japanese.
    const jiro = await page(`/e/${e.slug}/directory`, ja.cookie, "ja");
    expect(jiro).toContain(escaped(tJa("att.meetings.asksYou", { name: "Dora Deutsch" })));
    expect(jiro).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    // Jiro accepts: Dora's mail is German.
    const meeting = await env.DB.prepare("select id from org_meeting where from_id = ? and to_id = ?")
      .bind(de.id, ja.id)
      .first<number>("id");
    const accepted = await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "meeting-accept", id: String(meeting) }),
      headers: { cookie: ja.cookie, "accept-language": "ja" },
    });
    expect(accepted.status).toBe(302);
    const [answer] = await mailsTo(de.email, "event-meeting");
    const title = tDe("att.mail.meeting.accepted", { name: "Jiro Nihon" });
    expect(answer?.subject).toBe(tDe("att.mail.meeting.subject", { what: title, event: "Mail Lang Summit" }));
    expect(answer?.text).toContain(tDe("att.mail.meeting.why", { event: "Mail Lang Summit" }));
    expect(answer?.text).toContain("30 Min. an Stand 7");
  });

  it("offers the meet page in Arabic, right to left, and keeps the slot rules' English word for word", async () => {
    const owner = await signUp("Meet Lang Owner");
    const e = await publish(owner, "Meet Lang Summit");
    const a = await joinIn(e.slug, "Amal Arabi", "ar");
    const b = await joinIn(e.slug, "Ben English", "en");
    const ar = translator("ar");
    const html = await page(`/e/${e.slug}/meet/${b.id}`, a.cookie, "ar");
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain(escaped(ar("att.meet.title", { name: "Ben English, Acme" })));
    const en = translator("en");
    for (const [key, message] of [
      ["att.slot.slot", SLOT_MESSAGES.slot],
      ["att.slot.taken", SLOT_MESSAGES.taken],
      ["att.slot.clash", SLOT_MESSAGES.clash],
    ] as const)
      expect(en(key)).toBe(message);
    const refused = await call(`/e/${e.slug}/meet/${b.id}`, {
      ...form({ note: "" }),
      headers: { cookie: a.cookie, "accept-language": "ar" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(ar("att.slot.slot"));
  });
});

describe("an attendee without a place, in their language", () => {
  it("is mailed waiting, waitlist and declined notes, and shown their place, in the language they joined in", async () => {
    const owner = await signUp("Place Lang Owner");
    const e = await publish(owner, "Place Lang Summit");
    const admission = (values: Record<string, string>) =>
      call(`/organiser/${e.id}/questions`, {
        ...form({ intent: "admission", ...values }),
        headers: { cookie: owner.cookie },
      });
    expect((await admission({ approval: "on" })).status).toBe(302);
    const joinBy = async (locale: string) => {
      const email = `place-${locale.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.org`;
      const res = await call(`/e/${e.slug}`, {
        ...form({ name: `Pia ${locale}`, email }),
        headers: { "cf-connecting-ip": testAddress(), "accept-language": locale },
      });
      expect(res.status, locale).toBe(303);
      const row = await env.DB.prepare(
        "select id, pass_token as token from org_attendee where event_id = ? and email = ?",
      )
        .bind(e.id, email)
        .first<{ id: number; token: string }>();
      return { email, id: Number(row?.id), token: String(row?.token) };
    };
    const title = "Place Lang Summit";
    const joined = new Map<string, Awaited<ReturnType<typeof joinBy>>>();
    for (const locale of LOCALES) {
      const who = await joinBy(locale);
      joined.set(locale, who);
      const t = translator(locale);
      const [mail] = await mailsTo(who.email, "event-pending");
      expect(mail?.subject, locale).toBe(t("pass.place.mail.subject", { title }));
      expect(mail?.text, locale).toContain(t("pass.place.pending", { title }));
      expect(mail?.text, locale).toContain(`/pass/${who.token}`);
    }
    // Every language says each place in its own words (none falls back to the English).
    const en = translator("en");
    for (const locale of LOCALES.filter((l) => l !== "en"))
      for (const key of ["pass.place.pending", "pass.place.waitlist", "pass.place.declined"] as const)
        expect(translator(locale)(key, { title }), `${locale} ${key}`).not.toBe(en(key, { title }));
    const de = translator("de");
    const hans = joined.get("de");
    const declined = await call(`/organiser/${e.id}/attendees`, {
      ...form({ intent: "decline", attendee: String(hans?.id) }),
      headers: { cookie: owner.cookie },
    });
    expect(declined.status).toBe(200);
    const [no] = await mailsTo(String(hans?.email), "event-declined");
    expect(no?.subject).toBe(de("pass.place.mail.declinedSubject", { title }));
    expect(no?.text).toContain(de("pass.place.declined", { title }));
    // Their pass page says it in German too.
    const pass = await page(`/pass/${hans?.token}`, "", "de");
    expect(pass).toContain(escaped(de("pass.place.declined", { title })));
    // A full event's waitlist, in Japanese.
    expect((await admission({ waitlist: "on" })).status).toBe(302);
    await env.DB.prepare("update org_event set capacity = 0 where id = ?").bind(e.id).run();
    const ja = translator("ja");
    const kei = await joinBy("ja");
    const [wait] = await mailsTo(kei.email, "event-waitlist");
    expect(wait?.subject).toBe(ja("pass.place.mail.subject", { title }));
    expect(wait?.text).toContain(ja("pass.place.waitlist", { title }));
  });
});
