import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/lib/time/days";
import { decideApplication } from "~/server/billing/nonprofit.server";
import { remindPlanEndings } from "~/server/billing/plans.server";
import { createDb } from "~/server/db/db.server";
import { call, form, proveMailbox, signUpByForm, TEST_PASSWORD } from "./helpers";

type Account = { cookie: string; email: string; id: string };

/** A sign-up from a page read in `language` (its Accept-Language), as a visitor would make it. */
async function signUpIn(language: string | null, name = "Language Owner"): Promise<Account> {
  const a = await signUpByForm(name, {
    email: `lang-${crypto.randomUUID()}@example.org`,
    headers: language ? { "accept-language": language } : {},
  });
  return { ...a, id: await proveMailbox(a.email) };
}

const stored = async (a: Account) =>
  (await env.DB.prepare("select locale from user where id = ?").bind(a.id).first<{ locale: string | null }>())?.locale;
const post = (path: string, who: Account, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: who.cookie } });
const mailTo = (to: string, kind: string) =>
  env.DB.prepare('select subject, text from outbox where "to" = lower(?) and kind = ? order by id desc limit 1')
    .bind(to, kind)
    .first<{ subject: string; text: string }>();

describe("the account's own language", () => {
  it("is the sign-up page's language, English when the visitor's is none we have", async () => {
    expect(await stored(await signUpIn("ja-JP,ja;q=0.9,en;q=0.5"))).toBe("ja");
    expect(await stored(await signUpIn("pt-PT"))).toBe("pt-BR");
    expect(await stored(await signUpIn("xx-YY"))).toBe("en");
    expect(await stored(await signUpIn(null))).toBe("en");
  });

  it("is changed in Settings → Account, by its own account only, and refuses a code we do not have", async () => {
    const a = await signUpIn("en");
    const b = await signUpIn("fr");
    const saved = await post("/settings/account", a, { intent: "set-language", locale: "de" });
    expect(saved.status).toBe(302);
    expect(await stored(a)).toBe("de");
    expect(await stored(b)).toBe("fr");
    const page = await (await call("/settings/account", { headers: { cookie: a.cookie, accept: "text/html" } })).text();
    expect(page).toContain("Language of your emails");
    expect(page).toMatch(/<option value="de" lang="de" selected="">Deutsch<\/option>/);
    for (const locale of ["xx", "", "de<script>", "x".repeat(5000)]) {
      const refused = await post("/settings/account.data", a, { intent: "set-language", locale });
      expect(refused.status, locale.slice(0, 20)).toBe(400);
      expect(await refused.text()).toContain("Choose a language");
    }
    expect(await stored(a)).toBe("de");
    // Signed out, nothing changes.
    const anonymous = await call("/settings/account", { ...form({ intent: "set-language", locale: "ar" }) });
    expect(anonymous.status).toBe(302);
    expect(await stored(a)).toBe("de");
  });

  it("writes the plan reminders in each account's language; English reads as it always did", async () => {
    const ja = await signUpIn("ja");
    const en = await signUpIn("en");
    const db = createDb(env.DB);
    const ends = Date.UTC(2031, 0, 15, 12);
    for (const a of [ja, en])
      await env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?").bind(ends, a.id).run();
    await remindPlanEndings(db, new Date(ends - DAY_MS));
    const jaMail = await mailTo(ja.email, "trial-ending");
    expect(jaMail?.subject).toBe("Card Pro の無料体験は 2031年1月15日 に終了します");
    expect(jaMail?.text).toContain("Language Owner 様");
    expect(jaMail?.text).toContain("Settings → Plan and billing");
    const enMail = await mailTo(en.email, "trial-ending");
    expect(enMail?.subject).toBe("Your Card Pro trial ends on January 15, 2031");
    expect(enMail?.text).toBe(
      "Hi Language Owner,\n\nYour Card Pro trial ends on January 15, 2031. To keep strategy plans, post-event reports, lead prioritisation, CRM sync and your other Card Pro features, subscribe in Settings → Plan and billing (7.99 USD a month or 79 USD a year).\n\nIf you do nothing, your account moves to the free Basic plan. Nothing you made is deleted: your cards, connections, events and plans stay yours.",
    );

    await remindPlanEndings(db, new Date(ends + DAY_MS));
    expect((await mailTo(ja.email, "trial-ended"))?.subject).toBe("Card Pro の無料体験が終了しました");
    expect((await mailTo(en.email, "trial-ended"))?.subject).toBe("Your Card Pro trial has ended");
  });

  it("writes a nonprofit decision in the applicant's language", async () => {
    const fr = await signUpIn("fr-CA");
    const { meta } = await env.DB.prepare(
      "insert into nonprofit_application (user_id, organisation, country, registration_number) values (?, 'Les Amis', 'FR', 'W123')",
    )
      .bind(fr.id)
      .run();
    await decideApplication(createDb(env.DB), Number(meta.last_row_id), "decline", "operator@example.org");
    const mail = await mailTo(fr.email, "nonprofit-declined");
    expect(mail?.subject).toBe("À propos de votre demande d’offre pour les associations");
    expect(mail?.text).toContain("Les Amis");
  });

  it("writes a team invitation in the invited account's language, else in the inviter's", async () => {
    const owner = await signUpIn("es");
    const created = await post("/teams", owner, { intent: "create", name: "Banco de Alimentos" });
    const team = created.headers.get("location")?.split("/").pop() ?? "";
    const stranger = `new-${crypto.randomUUID()}@example.org`;
    expect((await post(`/teams/${team}`, owner, { intent: "invite", email: stranger, role: "admin" })).status).toBe(
      302,
    );
    const toStranger = await mailTo(stranger, "team-invitation");
    expect(toStranger?.subject).toBe("Language Owner le ha invitado a Banco de Alimentos en KnowWho");
    expect(toStranger?.text).toContain("con permisos de administración");
    // The link stands bare on its own line, as in every other mail.
    expect(toStranger?.text).toMatch(/\n\nhttp:\/\/[^\s]+\/teams\/join\?token=[^\s]+\n\n/);

    const arabic = await signUpIn("ar");
    await post(`/teams/${team}`, owner, { intent: "invite", email: arabic.email, role: "member" });
    const toArabic = await mailTo(arabic.email, "team-invitation");
    expect(toArabic?.text).toContain("بصفة عضو");
    expect(toArabic?.text).toMatch(/\n\nhttp:\/\/\S+\/teams\/join\?token=\S+\n\n/);
  });

  it("writes the email change notice in the account's language", async () => {
    const de = await signUpIn("de");
    const newEmail = `moved-${crypto.randomUUID()}@example.org`;
    const res = await post("/settings/account", de, {
      intent: "change-email",
      email: newEmail,
      currentPassword: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await mailTo(de.email, "email-change-notice"))?.subject).toBe(
      "Die E-Mail-Adresse Ihres KnowWho-Kontos wird geändert",
    );
    expect((await mailTo(newEmail, "email-change"))?.subject).toBe(
      "Bestätigen Sie Ihre neue E-Mail-Adresse bei KnowWho",
    );
  });
});
