import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EMPTY_AUDIENCE, MESSAGES } from "~/lib/mailings/rules";
import { createDb } from "~/server/db/db.server";
import { resolveEventAudience } from "~/server/mailings/audience.server";
import { mailWebhookSecret } from "~/server/mailings/events.server";
import { createMailing, mailingResults, previewFor } from "~/server/mailings/mailings.server";
import { consumeMailings } from "~/server/mailings/send.server";
import { type MailingMessage, parseEnv } from "~/server/platform/env.server";
import { call, form, ORIGIN, signUp, testAddress } from "./helpers";
import { resendHeaders } from "./resend-signature";

const ctx = () => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB) };
};
const one = <T>(query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<T>();
const all = async <T>(query: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;

const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

async function organiser(name: string, organiserName: string) {
  const session = await signUp(name);
  const userId = (await one<{ id: string }>("select id from user where email = ?", session.email))?.id ?? "";
  const res = await call("/organiser", {
    ...form({
      title: `${organiserName} Summit`,
      description: "A day of talks.",
      timeZone: "Europe/Berlin",
      type: "in-person",
      venue: "Hall 1",
      organiserName,
      startsAt: local(-1),
      endsAt: local(2),
    }),
    headers: { cookie: session.cookie },
  });
  expect(res.status).toBe(302);
  const eventId = Number(res.headers.get("location")?.split("/").pop());
  const slug = (await one<{ slug: string }>("select slug from org_event where id = ?", eventId))?.slug ?? "";
  return { ...session, userId, eventId, slug };
}

/** A visitor's join through the public page, with the choices ticked as given. */
async function join(slug: string, name: string, email: string, choices: { listed?: boolean; updates?: boolean }) {
  const res = await call(`/e/${slug}`, {
    ...form({
      name,
      email,
      ...(choices.listed ? { listed: "on" } : {}),
      ...(choices.updates ? { updates: "on" } : {}),
    }),
    headers: { "cf-connecting-ip": testAddress() },
  });
  expect(res.status).toBe(303);
}

async function deliver(mailingId: number, attempts = 1) {
  const ids = (
    await all<{ id: number }>("select id from mailing_recipient where mailing_id = ? order by id", mailingId)
  ).map((r) => r.id);
  const batch = createMessageBatch<MailingMessage>("knowwho-mailings", [
    { id: `o-${mailingId}-${attempts}`, timestamp: new Date(), attempts, body: { mailingId, recipientIds: ids } },
  ]);
  const execution = createExecutionContext();
  await consumeMailings(ctx(), batch);
  return getQueueResult(batch, execution);
}

const outboxFor = (email: string) =>
  all<{ subject: string; text: string; headers: string }>(
    "select subject, text, headers from outbox where \"to\" = ? and kind = 'mailing' order by id",
    email,
  );

const send = (o: { cookie: string }, values: Record<string, string>) =>
  call("/mailings/new", {
    ...form({ intent: "send", confirmed: "yes", key: crypto.randomUUID(), ...values }),
    headers: { cookie: o.cookie },
  });

describe("organisers mailing their event's attendees", () => {
  it("mails only attendees who agreed to hear from the organiser, once each, and says who is left out and why", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const o = await organiser("Olga Organiser", `Civic Org ${tag}`);
    const ana = `ana-${tag}@example.org`;
    const ben = `ben-${tag}@example.org`;
    const cy = `cy-${tag}@example.org`;
    const di = `di-${tag}@example.org`;
    await join(o.slug, "Ana Listed", ana, { listed: true, updates: true });
    await join(o.slug, "Ben Listed", ben, { listed: true });
    await join(o.slug, "Cy Hidden", cy, { updates: true });
    await join(o.slug, `Di Hidden${tag}`, di, {});
    // The choice is a consent record with what the attendee was shown; no record for those who said no.
    const consents = await all<{ email: string; given: number; shown: string }>(
      "select email, given, shown from org_mail_consent where event_id = ? order by email",
      o.eventId,
    );
    expect(consents.map((c) => [c.email, c.given])).toEqual([
      [ana, 1],
      [cy, 1],
    ]);
    expect(consents[0]?.shown).toContain(`Email me news from Civic Org ${tag}`);

    const page = await call(`/mailings/new?orgEvent=${o.eventId}`, { headers: { cookie: o.cookie } });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("2 people will get this");
    expect(html).toContain("Ben Listed: Did not agree to hear from you when joining");
    // Someone not in the directory is counted and explained, never named to the organiser.
    expect(html).toContain("An attendee not in the directory: Did not agree to hear from you when joining");
    expect(html).not.toContain(`Di Hidden${tag}`);
    expect(html).not.toContain(di);

    // One tap on Send asks first, with how many it reaches and what was typed kept; nothing is created.
    const asked = await call("/mailings/new", {
      ...form({
        intent: "send",
        key: crypto.randomUUID(),
        orgEvent: String(o.eventId),
        subject: "Asked first",
        body: "B",
      }),
      headers: { cookie: o.cookie },
    });
    expect(asked.status).toBe(200);
    const question = (await asked.text()).replaceAll("<!-- -->", "");
    expect(question).toContain('data-confirm-step="send"');
    expect(question).toContain("Send to 2 people now?");
    expect(question).toContain('value="Asked first"');
    expect(await all("select id from mailing where subject = 'Asked first'")).toHaveLength(0);

    const sent = await send(o, {
      orgEvent: String(o.eventId),
      subject: "News from {{event}}",
      body: "Hi {{first_name}}, thanks for coming to {{event}}.{{last_gift}}",
    });
    expect(sent.status).toBe(302);
    const mailingId = Number(sent.headers.get("location")?.split("/").pop());
    await deliver(mailingId);
    // A redelivery of the same group sends nothing more.
    await deliver(mailingId, 2);
    for (const email of [ana, cy]) {
      const got = await outboxFor(email);
      expect(got).toHaveLength(1);
      const headers = JSON.parse(got[0]?.headers ?? "{}") as Record<string, string>;
      expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost\/mail\/u\/\d+\.[\w-]{24}>$/);
    }
    expect(await outboxFor(ben)).toHaveLength(0);
    expect(await outboxFor(di)).toHaveLength(0);
    expect((await outboxFor(ana))[0]).toMatchObject({
      subject: `News from Civic Org ${tag} Summit`,
      // Why it came, from the box she ticked when she joined, naming the organiser.
      text: expect.stringMatching(
        new RegExp(
          `Hi Ana, thanks for coming to Civic Org ${tag} Summit\\.\n\n--\nYou get this because you ticked “Email me news from Civic Org ${tag}” when you joined Civic Org ${tag} Summit on \\w+ \\d{1,2}, \\d{4}\\.\n`,
        ),
      ),
    });
    // Attendees stay the event's: mailing them adds nobody to the organiser's own people or timeline.
    const recipients = await all<{ connection_id: number | null; attendee_id: number | null }>(
      "select connection_id, attendee_id from mailing_recipient where mailing_id = ?",
      mailingId,
    );
    expect(recipients).toHaveLength(2);
    expect(recipients.every((r) => r.connection_id === null && r.attendee_id !== null)).toBe(true);
    expect(await one("select count(*) as n from connection where user_id = ?", o.userId)).toEqual({ n: 0 });
    expect(await one("select count(*) as n from interaction where user_id = ?", o.userId)).toEqual({ n: 0 });
    await expect
      .poll(async () => (await mailingResults(ctx().db, o.userId, mailingId))?.counts)
      .toMatchObject({ total: 2, sent: 2, waiting: 0 });
  });

  it("one-click unsubscribe records the withdrawal against that organiser: their next mailing skips the attendee, another organiser's does not", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const o = await organiser("Uma Organiser", `Uma Org ${tag}`);
    const other = await organiser("Vic Organiser", `Vic Org ${tag}`);
    const leaving = `leave-${tag}@example.org`;
    const staying = `stay-${tag}@example.org`;
    await join(o.slug, "Lee Leaving", leaving, { listed: true, updates: true });
    await join(o.slug, "Sam Staying", staying, { listed: true, updates: true });
    await join(other.slug, "Lee Leaving", leaving, { listed: true, updates: true });
    const made = await createMailing(
      ctx(),
      o.userId,
      {
        subject: "Hello",
        body: "Hi {{first_name}}",
        campaignId: null,
        rules: EMPTY_AUDIENCE,
        scheduleAt: null,
        key: crypto.randomUUID(),
        orgEventId: o.eventId,
      },
      ORIGIN,
    );
    if ("errors" in made) throw new Error(JSON.stringify(made.errors));
    await deliver(made.id);
    const link = (JSON.parse((await outboxFor(leaving))[0]?.headers ?? "{}") as Record<string, string>)[
      "List-Unsubscribe"
    ]?.slice(1, -1);
    if (!link) throw new Error("no unsubscribe header");
    const pageText = await (await exports.default.fetch(new Request(link))).text();
    expect(pageText).toContain(`Unsubscribe from Uma Org ${tag}`);
    const oneClick = () =>
      exports.default.fetch(
        new Request(link, {
          method: "POST",
          body: "List-Unsubscribe=One-Click",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      );
    expect((await oneClick()).status).toBe(200);
    expect((await oneClick()).status).toBe(200);
    // One withdrawal on the event's record, however often the link is posted.
    expect(
      await all(
        "select given, source from org_mail_consent where event_id = ? and email = ? order by id",
        o.eventId,
        leaving,
      ),
    ).toEqual([
      { given: 1, source: "join" },
      { given: 0, source: "unsubscribe" },
    ]);
    expect(await one("select reason from mail_suppression where user_id = ? and email = ?", o.userId, leaving)).toEqual(
      { reason: "unsubscribed" },
    );
    const audience = await resolveEventAudience(ctx().db, o.userId, o.eventId);
    expect(audience?.included.map((m) => m.email)).toEqual([staying]);
    expect(audience?.leftOut.map((l) => `${l.name}: ${l.why}`)).toEqual([
      "Lee Leaving: No longer wants to hear from you",
    ]);
    // The withdrawal is from this organiser only: another organiser's event still includes them.
    const theirs = await resolveEventAudience(ctx().db, other.userId, other.eventId);
    expect(theirs?.included.map((m) => m.email)).toEqual([leaving]);

    // A signed complaint suppresses the other attendee for this organiser and records that withdrawal too.
    const providerId = (
      await one<{ provider_id: string }>(
        "select provider_id from mailing_recipient where mailing_id = ? and email = ?",
        made.id,
        staying,
      )
    )?.provider_id;
    const payload = JSON.stringify({ type: "email.complained", data: { email_id: providerId } });
    const id = `msg_${crypto.randomUUID()}`;
    const signed = await call("/api/mailings/webhook", {
      method: "POST",
      body: payload,
      headers: resendHeaders((await mailWebhookSecret(parseEnv(env))) ?? "", id, payload),
    });
    expect(signed.status).toBe(200);
    expect(
      await one(
        "select given, source from org_mail_consent where event_id = ? and email = ? order by id desc",
        o.eventId,
        staying,
      ),
    ).toEqual({ given: 0, source: "complaint" });
    const next = await createMailing(
      ctx(),
      o.userId,
      {
        subject: "Again",
        body: "Hi",
        campaignId: null,
        rules: EMPTY_AUDIENCE,
        scheduleAt: null,
        key: crypto.randomUUID(),
        orgEventId: o.eventId,
      },
      ORIGIN,
    );
    expect(next).toEqual({ errors: { audience: [MESSAGES.audienceEmpty] } });
  });

  it("another account can neither see nor mail an event's attendees", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const o = await organiser("Wes Organiser", `Wes Org ${tag}`);
    const intruder = await organiser("Xan Intruder", `Xan Org ${tag}`);
    const email = `private-${tag}@example.org`;
    await join(o.slug, `Pat Private${tag}`, email, { listed: true, updates: true });
    const page = await call(`/mailings/new?orgEvent=${o.eventId}`, { headers: { cookie: intruder.cookie } });
    expect(page.status).toBe(404);
    const text = await page.text();
    expect(text).not.toContain(email);
    expect(text).not.toContain(`Pat Private${tag}`);
    for (const intent of ["send", "preview", "test", "audience"]) {
      const res = await send(intruder, {
        intent,
        orgEvent: String(o.eventId),
        subject: "Hi",
        body: "Hi {{first_name}}",
      });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(email);
    }
    expect(await resolveEventAudience(ctx().db, intruder.userId, o.eventId)).toBeNull();
    const direct = await createMailing(
      ctx(),
      intruder.userId,
      {
        subject: "Hi",
        body: "Hi",
        campaignId: null,
        rules: EMPTY_AUDIENCE,
        scheduleAt: null,
        key: crypto.randomUUID(),
        orgEventId: o.eventId,
      },
      ORIGIN,
    );
    expect(direct).toEqual({ errors: { audience: [MESSAGES.audienceEmpty] } });
    expect(await one("select count(*) as n from mailing where user_id = ?", intruder.userId)).toEqual({ n: 0 });
    expect(await outboxFor(email)).toHaveLength(0);
    // The organiser's preview never looks an attendee's id up among their own people's gifts.
    const [member] = (await resolveEventAudience(ctx().db, o.userId, o.eventId))?.included ?? [];
    if (!member) throw new Error("no member");
    // One of the organiser's own people given a gift under the same number as the attendee's id.
    await env.DB.prepare(
      "insert or ignore into connection (id, user_id, name, email, source) values (?, ?, 'Same Number', 'same@example.org', 'share')",
    )
      .bind(member.id, o.userId)
      .run();
    await env.DB.prepare(
      "insert into gift (user_id, connection_id, amount, currency, date, method, source, external_key) values (?, ?, 5000, 'USD', '2026-01-05', 'cheque', 'manual', ?)",
    )
      .bind(o.userId, member.id, `same-${tag}`)
      .run();
    const preview = await previewFor(
      ctx(),
      o.userId,
      { subject: "S", body: "Gift: [{{last_gift}}]", campaignId: null, orgEventId: o.eventId },
      member,
      ORIGIN,
    );
    expect(preview.text).toBe("Gift: []");
  });

  it("an attendee changes their answer on their pass: each change is a record, and the audience follows the latest", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const o = await organiser("Yul Organiser", `Yul Org ${tag}`);
    const email = `pass-${tag}@example.org`;
    await join(o.slug, "Quinn Pass", email, { listed: true });
    const mail = await one<{ text: string }>(
      "select text from outbox where \"to\" = ? and kind = 'event-pass' order by id desc",
      email,
    );
    const token = mail?.text.match(/\/pass\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    const save = (updates: boolean) =>
      call(`/pass/${token}`, {
        ...form({
          intent: "settings",
          listed: "on",
          visibility: "everyone",
          interests: "",
          goals: "",
          ...(updates ? { updates: "on" } : {}),
        }),
      });
    const included = async () =>
      (await resolveEventAudience(ctx().db, o.userId, o.eventId))?.included.map((m) => m.email);
    expect(await included()).toEqual([]);
    expect((await save(true)).status).toBe(200);
    expect((await save(true)).status).toBe(200);
    expect(await included()).toEqual([email]);
    const page = await (await call(`/pass/${token}`)).text();
    expect(page).toMatch(/<input type="checkbox" name="updates" checked=""/);
    expect((await save(false)).status).toBe(200);
    expect(await included()).toEqual([]);
    expect(
      await all(
        "select given, source from org_mail_consent where event_id = ? and email = ? order by id",
        o.eventId,
        email,
      ),
    ).toEqual([
      { given: 1, source: "settings" },
      { given: 0, source: "settings" },
    ]);
  });
});
