import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { env, exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { EMPTY_AUDIENCE, MAILING_LIMITS, MESSAGES } from "~/lib/mailings/rules";
import { createDb } from "~/server/db/db.server";
import { recordLawfulBasis, resolveAudience } from "~/server/mailings/audience.server";
import { mailWebhookSecret } from "~/server/mailings/events.server";
import { type ComposeInput, createMailing, mailingResults } from "~/server/mailings/mailings.server";
import { resendProvider } from "~/server/mailings/provider.server";
import { cancelMailing, consumeMailings, startDueMailings } from "~/server/mailings/send.server";
import { type MailingMessage, parseEnv } from "~/server/platform/env.server";
import { connectStripe, publishCampaign } from "./fundraising-helpers";
import { call, form, ORIGIN, signUp } from "./helpers";
import { resendHeaders } from "./resend-signature";

const FAKE_RESEND = inject("fakeResend");
const ctx = (extra: Record<string, unknown> = {}) => {
  const parsed = { ...parseEnv(env), ...extra } as ReturnType<typeof parseEnv>;
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

async function owner(name = "Mail Owner") {
  const session = await signUp(name);
  const row = await one<{ id: string }>("select id from user where email = ?", session.email);
  return { ...session, userId: row?.id ?? "" };
}

type Consent = "share" | "recorded" | "none" | "withdrawn" | "exchange" | "contact-box";
/** A consent record as the app writes it (consent.server.ts). */
const record = (
  userId: string,
  id: number,
  purpose: string,
  state: string,
  source: string,
  shown: string,
  at: number,
) =>
  env.DB.prepare(
    "insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, created_at) values (?, ?, ?, ?, 'Mail Owner', ?, ?, ?)",
  )
    .bind(userId, id, purpose, state, shown, source, at)
    .run();
/**
 * One of the owner's people, with the consent on record the way the app records it: "share" ticked the
 * share-back's "Email me news" box; "contact-box" ticked only "may contact me about what we discussed";
 * "exchange" met them through an event exchange.
 */
async function person(
  userId: string,
  name: string,
  email: string | null,
  consent: Consent,
  extra: { tags?: string[]; event?: string } = {},
) {
  const row = await one<{ id: number }>(
    "insert into connection (user_id, name, email, tags, event_name, source) values (?, ?, ?, ?, ?, 'share') returning id",
    userId,
    name,
    email,
    JSON.stringify(extra.tags ?? []),
    extra.event ?? null,
  );
  const id = row?.id ?? 0;
  const at = Date.now() - 60_000;
  if (consent === "share" || consent === "contact-box") {
    await env.DB.prepare(
      "insert into shared_contacts (recipient_user_id, connection_id, sender_name, sender_email, recipient_name, consent, consent_at) values (?, ?, ?, ?, 'Owner', 1, ?)",
    )
      .bind(userId, id, name, email ?? "", at)
      .run();
    await record(userId, id, "exchange", "yes", "share-back", "Shared my details with Mail Owner", at);
  }
  if (consent === "share") await record(userId, id, "email", "yes", "share-back", "Email me news from Mail Owner", at);
  if (consent === "exchange") await record(userId, id, "exchange", "yes", "scan", "Agreed to exchange details", at);
  if (consent === "recorded" || consent === "withdrawn")
    await record(userId, id, "email", "yes", "owner", "Agreed to hear from you by email (recorded by you)", at);
  if (consent === "withdrawn")
    await record(userId, id, "email", "no", "owner", "Withdrew consent to be emailed (recorded by you)", at + 1000);
  return id;
}

const input = (over: Partial<ComposeInput> = {}): ComposeInput => ({
  subject: "News for {{first_name}}",
  body: "Hello {{first_name}}, thanks for meeting us at {{event}}. See https://example.org/report",
  campaignId: null,
  rules: { ...EMPTY_AUDIENCE, event: "Summit" },
  scheduleAt: null,
  key: crypto.randomUUID(),
  ...over,
});

/** Runs the MAILINGS consumer on the queued groups of a mailing, as the queue would deliver them. */
async function deliver(mailingId: number, extra: Record<string, unknown> = {}, attempts = 1) {
  const ids = (
    await all<{ id: number }>("select id from mailing_recipient where mailing_id = ? order by id", mailingId)
  ).map((r) => r.id);
  const batch = createMessageBatch<MailingMessage>("knowwho-mailings", [
    { id: `m-${mailingId}-${attempts}`, timestamp: new Date(), attempts, body: { mailingId, recipientIds: ids } },
  ]);
  const execution = createExecutionContext();
  await consumeMailings(ctx(extra), batch);
  return getQueueResult(batch, execution);
}

const outboxFor = (email: string) =>
  all<{ subject: string; text: string; html: string; headers: string }>(
    "select subject, text, html, headers from outbox where \"to\" = ? and kind = 'mailing' order by id",
    email,
  );

describe("audiences", () => {
  it("includes only people with consent on record and says why everyone else is left out", async () => {
    const o = await owner();
    const tag = `t${crypto.randomUUID().slice(0, 6)}`;
    const shared = await person(o.userId, "Ada Share", `ada-${tag}@example.org`, "share", {
      event: "Summit",
      tags: [tag],
    });
    const recorded = await person(o.userId, "Bo Recorded", `bo-${tag}@example.org`, "recorded", { event: "Summit" });
    await person(o.userId, "Cy None", `cy-${tag}@example.org`, "none", { event: "Summit" });
    await person(o.userId, "Di Withdrawn", `di-${tag}@example.org`, "withdrawn", { event: "Summit" });
    await person(o.userId, "Ed NoEmail", null, "share", { event: "Summit" });
    await person(o.userId, "Fi Elsewhere", `fi-${tag}@example.org`, "share", { event: "Other" });
    // Details exchanged (a scan, a share-back with only "may contact me about what we discussed") are not email.
    await person(o.userId, "Gu Exchanged", `gu-${tag}@example.org`, "exchange", { event: "Summit" });
    await person(o.userId, "Hal ContactBox", `hal-${tag}@example.org`, "contact-box", { event: "Summit" });
    const { included, leftOut } = await resolveAudience(ctx().db, o.userId, { ...EMPTY_AUDIENCE, event: "Summit" });
    expect(included.map((m) => m.id).sort()).toEqual([shared, recorded].sort());
    expect(included.find((m) => m.id === shared)).toMatchObject({ firstName: "Ada", eventName: "Summit" });
    expect(Object.fromEntries(leftOut.map((l) => [l.name, l.why]))).toEqual({
      "Cy None": "No consent to be contacted on record",
      "Di Withdrawn": "Withdrew consent",
      "Ed NoEmail": "No email address",
      "Gu Exchanged": "No consent to be contacted on record",
      "Hal ContactBox": "No consent to be contacted on record",
    });
    // By tag: only the tagged one; a lawful basis with a reason counts as a record.
    const byTag = await resolveAudience(ctx().db, o.userId, { ...EMPTY_AUDIENCE, tags: [tag] });
    expect(byTag.included.map((m) => m.name)).toEqual(["Ada Share"]);
    const cy = leftOut.find((l) => l.name === "Cy None")?.id ?? 0;
    expect(await recordLawfulBasis(ctx().db, o.userId, cy, "Monthly donor since 2019")).toBe(true);
    const after = await resolveAudience(ctx().db, o.userId, { ...EMPTY_AUDIENCE, event: "Summit" });
    expect(after.included.map((m) => m.name)).toContain("Cy None");
    // A basis is its own state, never shown as their consent.
    expect(after.included.find((m) => m.name === "Cy None")?.basis).toBe("lawful-basis");
    expect(after.included.find((m) => m.name === "Ada Share")?.basis).toBe("consent");
    // Another owner cannot record a basis for this person, nor see them in an audience.
    const other = await owner("Other Owner");
    expect(await recordLawfulBasis(ctx().db, other.userId, cy, "x")).toBe(false);
    const theirs = await resolveAudience(ctx().db, other.userId, { ...EMPTY_AUDIENCE, people: [shared, recorded] });
    expect(theirs).toEqual({ included: [], leftOut: [] });
  });
});

describe("why each message came", () => {
  it("says it from the consent or basis it is sent under, naming the organisation, never a general 'you agreed'", async () => {
    const o = await owner("Mail Owner");
    await env.DB.prepare("insert into fundraising_org (user_id, legal_name) values (?, 'Harbour Trust')")
      .bind(o.userId)
      .run();
    const tag = crypto.randomUUID().slice(0, 6);
    const shared = `why-share-${tag}@example.org`;
    const recorded = `why-recorded-${tag}@example.org`;
    const donor = `why-donor-${tag}@example.org`;
    await person(o.userId, "Sam Shared", shared, "share", { tags: [tag] });
    await person(o.userId, "Rae Recorded", recorded, "recorded", { tags: [tag] });
    const donorId = await person(o.userId, "Dot Donor", donor, "none", { tags: [tag] });
    expect(await recordLawfulBasis(ctx().db, o.userId, donorId, "Monthly donor since 2019")).toBe(true);
    const made = await createMailing(ctx(), o.userId, input({ rules: { ...EMPTY_AUDIENCE, tags: [tag] } }), ORIGIN);
    if ("errors" in made) throw new Error(JSON.stringify(made.errors));
    await deliver(made.id);
    const footer = async (email: string) => {
      const [got] = await outboxFor(email);
      return { text: got?.text.split("\n--\n")[1]?.split("\n")[0], html: got?.html ?? "" };
    };
    const basis = await footer(donor);
    expect(basis.text).toBe(
      "You get this because Harbour Trust recorded a reason to write to you without asking first: “Monthly donor since 2019”.",
    );
    expect(basis.html).toContain("Harbour Trust recorded a reason to write to you");
    expect((await footer(shared)).text).toMatch(
      /^You get this because you ticked “Email me news from Mail Owner” when you shared your details with Mail Owner on \w+ \d{1,2}, \d{4}\.$/,
    );
    expect((await footer(recorded)).text).toMatch(
      /^You get this because Mail Owner recorded that you agreed to hear from them on \w+ \d{1,2}, \d{4}\.$/,
    );
  });
});

describe("sending", () => {
  it("mails each consenting person once, with both unsubscribe headers, however often the group is delivered", async () => {
    const o = await owner("Nia Sender");
    const tag = crypto.randomUUID().slice(0, 6);
    const emails = [0, 1, 2].map((i) => `p${i}-${tag}@example.org`);
    for (const [i, e] of emails.entries()) await person(o.userId, `Person${i} ${tag}`, e, "share", { event: "Summit" });
    // A second record with the first address gets no second message.
    await person(o.userId, `Twin ${tag}`, emails[0] as string, "recorded", { event: "Summit" });
    const key = crypto.randomUUID();
    const made = await createMailing(ctx(), o.userId, input({ key }), ORIGIN);
    if ("errors" in made) throw new Error(JSON.stringify(made.errors));
    expect(made.recipients).toBe(3);
    // The same form sent again (a double click) finds the same mailing and adds nobody.
    const again = await createMailing(ctx(), o.userId, input({ key }), ORIGIN);
    expect(again).toMatchObject({ id: made.id, repeat: true });
    expect(
      (await one<{ n: number }>("select count(*) as n from mailing_recipient where mailing_id = ?", made.id))?.n,
    ).toBe(3);

    const first = await deliver(made.id);
    expect(first.explicitAcks).toHaveLength(1);
    // A queue redelivery of the same group sends nothing more.
    await deliver(made.id, {}, 2);
    for (const e of emails) {
      const got = await outboxFor(e);
      expect(got).toHaveLength(1);
      const headers = JSON.parse(got[0]?.headers ?? "{}") as Record<string, string>;
      expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost\/mail\/u\/\d+\.[\w-]{24}>$/);
      expect(got[0]?.text).toContain("Unsubscribe: http://localhost/mail/u/");
      expect(got[0]?.html).toContain("/mail/c/");
    }
    expect((await outboxFor(emails[1] as string))[0]).toMatchObject({
      subject: `News for Person1`,
      text: expect.stringContaining("Hello Person1, thanks for meeting us at Summit."),
    });
    const results = await mailingResults(ctx().db, o.userId, made.id);
    expect(results?.mailing.status).toBe("sent");
    expect(results?.counts).toMatchObject({ total: 3, sent: 3, waiting: 0 });
    // On each person's timeline.
    const timeline = await all<{ text: string }>(
      "select text from interaction where user_id = ? and kind = 'mailing'",
      o.userId,
    );
    expect(timeline).toHaveLength(3);
    expect(timeline[0]?.text).toBe("Mailing “News for {{first_name}}” sent");
  });

  it("refuses an empty audience, a schedule in the past and a campaign link without a campaign, each by its field", async () => {
    const o = await owner();
    const past = await createMailing(
      ctx(),
      o.userId,
      input({ scheduleAt: new Date(Date.now() - 60_000), body: "Give at {{campaign_link}}" }),
      ORIGIN,
    );
    expect(past).toEqual({
      errors: {
        audience: [MESSAGES.audienceEmpty],
        schedule: [MESSAGES.schedulePast],
        campaignId: [MESSAGES.campaignNeeded],
      },
    });
    expect((await one<{ n: number }>("select count(*) as n from mailing where user_id = ?", o.userId))?.n).toBe(0);
  });

  /** An earlier mailing's rows: `n` messages made `daysAgo` days ago, `bounced` of them bounced. */
  async function earlierSends(userId: string, n: number, daysAgo: number, bounced = 0) {
    const earlier = await one<{ id: number }>(
      "insert into mailing (user_id, subject, body, status, client_key) values (?, 's', 'b', 'sent', ?) returning id",
      userId,
      crypto.randomUUID(),
    );
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})
       insert into mailing_recipient (mailing_id, user_id, email, status, created_at)
       select ?, ?, 'x' || i || '-' || ? || '@example.org', case when i <= ? then 'bounced' else 'sent' end, ? from n`,
    )
      .bind(earlier?.id, userId, crypto.randomUUID().slice(0, 6), bounced, Date.now() - daysAgo * 86_400_000)
      .run();
  }
  const capped = async (userId: string) =>
    (
      await one<{ n: number }>(
        "select count(*) as n from mailing_recipient where user_id = ? and email like 'cap-%'",
        userId,
      )
    )?.n;

  it("holds the day's allowance in the database: a mailing that would pass it stores nobody", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    await person(o.userId, `Cap ${tag}`, `cap-${tag}@example.org`, "share", { event: "Summit" });
    // A new sender's day (a whole audience) already sent today, to the last place.
    await earlierSends(o.userId, MAILING_LIMITS.perDayBase, 0);
    const refused = await createMailing(ctx(), o.userId, input(), ORIGIN);
    expect(refused).toEqual({ errors: { audience: [MESSAGES.dailyCap(0)] } });
    expect(await capped(o.userId)).toBe(0);
  });

  it("grows the day with a clean record, so yesterday's appeal does not stop today's", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    await person(o.userId, `Cap ${tag}`, `cap-${tag}@example.org`, "share", { event: "Summit" });
    await earlierSends(o.userId, 1000, 3, 10);
    await earlierSends(o.userId, MAILING_LIMITS.perDayBase, 0);
    const made = await createMailing(ctx(), o.userId, input(), ORIGIN);
    expect(made).toMatchObject({ recipients: 1 });
    expect(await capped(o.userId)).toBe(1);
  });

  it("shrinks the day to a cleaned list's size once too many messages bounced, and says why", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    await person(o.userId, `Cap ${tag}`, `cap-${tag}@example.org`, "share", { event: "Summit" });
    // 10% bounced over the last month (the ceiling is 4%), and a cleaned list's day already sent.
    await earlierSends(o.userId, 2000, 3, 200);
    await earlierSends(o.userId, MAILING_LIMITS.perDayFlagged, 0);
    const refused = await createMailing(ctx(), o.userId, input(), ORIGIN);
    expect(refused).toEqual({ errors: { audience: [MESSAGES.flagged(0)] } });
    expect(await capped(o.userId)).toBe(0);
    const page = await call("/mailings/new", { headers: { cookie: o.cookie } });
    expect(await page.text()).toContain("Too many of your recent messages bounced or were marked as spam");
  });

  it("schedules for later, starts on the cron once due, and a cancelled one sends nothing", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    const email = `sched-${tag}@example.org`;
    await person(o.userId, `Sched ${tag}`, email, "share", { event: "Summit" });
    const at = new Date(Date.now() + 3_600_000);
    const later = await createMailing(ctx(), o.userId, input({ scheduleAt: at }), ORIGIN);
    if ("errors" in later) throw new Error("refused");
    expect(later.scheduled).toBe(true);
    const cancelled = await createMailing(ctx(), o.userId, input({ scheduleAt: at }), ORIGIN);
    if ("errors" in cancelled) throw new Error("refused");
    const other = await owner("Other Owner");
    expect(await cancelMailing(ctx().db, other.userId, cancelled.id)).toBe(false);
    expect(await cancelMailing(ctx().db, o.userId, cancelled.id)).toBe(true);
    expect(await startDueMailings(ctx(), new Date())).toBe(0);
    expect(await startDueMailings(ctx(), new Date(at.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    await deliver(later.id);
    await deliver(cancelled.id);
    expect(await outboxFor(email)).toHaveLength(1);
    expect((await mailingResults(ctx().db, o.userId, cancelled.id))?.counts.sent).toBe(0);
  });
});

describe("unsubscribing, clicks and the provider's webhook", () => {
  it("one-click POST unsubscribes without an account, records the withdrawal, and the next mailing skips them", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    const leaving = `leave-${tag}@example.org`;
    const staying = `stay-${tag}@example.org`;
    const leaverId = await person(o.userId, `Lee ${tag}`, leaving, "share", { event: "Summit" });
    await person(o.userId, `Sam ${tag}`, staying, "share", { event: "Summit" });
    const made = await createMailing(ctx(), o.userId, input(), ORIGIN);
    if ("errors" in made) throw new Error("refused");
    await deliver(made.id);
    const headers = JSON.parse((await outboxFor(leaving))[0]?.headers ?? "{}") as Record<string, string>;
    const link = headers["List-Unsubscribe"]?.slice(1, -1) ?? "";
    // The page itself never unsubscribes on GET (link scanners), and shows a button that works without JavaScript.
    const pageRes = await exports.default.fetch(new Request(link));
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toContain('<form method="post">');
    expect(await one("select count(*) as n from mail_suppression where user_id = ?", o.userId)).toEqual({ n: 0 });
    // RFC 8058: the mail client's POST, from no page of ours and with no cookie.
    const oneClick = await exports.default.fetch(
      new Request(link, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(oneClick.status).toBe(200);
    expect(await one("select reason from mail_suppression where user_id = ? and email = ?", o.userId, leaving)).toEqual(
      {
        reason: "unsubscribed",
      },
    );
    const history = await all<{ kind: string; detail: string }>(
      "select kind, detail from person_history where connection_id = ? and kind like 'consent%' order by id",
      leaverId,
    );
    expect(history.at(-1)).toEqual({
      kind: "consent-withdrawn",
      detail: "Unsubscribed from your mailings (from “News for {{first_name}}”)",
    });
    // A tampered token is refused and changes nothing.
    const forged = await exports.default.fetch(new Request(link.replace(/\.[\w-]{3}/, ".AAA"), { method: "POST" }));
    expect(forged.status).toBe(404);

    const next = await createMailing(ctx(), o.userId, input(), ORIGIN);
    if ("errors" in next) throw new Error("refused");
    expect(next.recipients).toBe(1);
    await deliver(next.id);
    expect(await outboxFor(leaving)).toHaveLength(1);
    expect(await outboxFor(staying)).toHaveLength(2);
    const { leftOut } = await resolveAudience(ctx().db, o.userId, { ...EMPTY_AUDIENCE, event: "Summit" });
    expect(leftOut.find((l) => l.id === leaverId)?.why).toBe("Unsubscribed from your mailings");
    expect((await mailingResults(ctx().db, o.userId, made.id))?.counts.unsubscribed).toBe(1);
  });

  it("counts a click through the signed redirect, and refuses a destination the signature does not cover", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    const email = `click-${tag}@example.org`;
    await person(o.userId, `Cal ${tag}`, email, "share", { event: "Summit" });
    const made = await createMailing(ctx(), o.userId, input(), ORIGIN);
    if ("errors" in made) throw new Error("refused");
    await deliver(made.id);
    const html = (await outboxFor(email))[0]?.html ?? "";
    const href = (html.match(/href="(http:\/\/localhost\/mail\/c\/[^"]+)"/)?.[1] ?? "").replaceAll("&amp;", "&");
    const redirected = await call(href.replace(ORIGIN, ""));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("https://example.org/report");
    const elsewhere = await call(
      href.replace(ORIGIN, "").replace(/u=.*$/, `u=${encodeURIComponent("https://evil.example/")}`),
    );
    expect(elsewhere.status).toBe(404);
    // The click is recorded after the answer (waitUntil); the pool settles every waitUntil it has seen.
    await waitForGlobalWaitUntil();
    expect((await mailingResults(ctx().db, o.userId, made.id))?.counts.clicked).toBe(1);
  });

  it("a signed bounce suppresses the address for the owner; an unsigned one is refused", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    const email = `bounce-${tag}@example.org`;
    await person(o.userId, `Bea ${tag}`, email, "share", { event: "Summit" });
    const made = await createMailing(ctx(), o.userId, input(), ORIGIN);
    if ("errors" in made) throw new Error("refused");
    await deliver(made.id);
    const providerId = (
      await one<{ provider_id: string }>("select provider_id from mailing_recipient where mailing_id = ?", made.id)
    )?.provider_id;
    expect(providerId).toMatch(/^outbox-\d+$/);
    const payload = JSON.stringify({
      type: "email.bounced",
      created_at: new Date().toISOString(),
      data: { email_id: providerId },
    });
    const unsigned = await call("/api/mailings/webhook", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    const secret = (await mailWebhookSecret(parseEnv(env))) ?? "";
    const id = `msg_${crypto.randomUUID()}`;
    const signed = await call("/api/mailings/webhook", {
      method: "POST",
      body: payload,
      headers: resendHeaders(secret, id, payload),
    });
    expect(signed.status).toBe(200);
    expect(await one("select reason from mail_suppression where user_id = ? and email = ?", o.userId, email)).toEqual({
      reason: "bounced",
    });
    expect((await mailingResults(ctx().db, o.userId, made.id))?.counts.bounced).toBe(1);
    const { leftOut } = await resolveAudience(ctx().db, o.userId, { ...EMPTY_AUDIENCE, event: "Summit" });
    expect(leftOut.map((l) => l.why)).toEqual(["Their address bounced"]);
  });
});

describe("the provider's webhook holds the first and strongest word", () => {
  async function post(type: string, providerId: string, id = `msg_${crypto.randomUUID()}`) {
    const payload = JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: providerId } });
    const secret = (await mailWebhookSecret(parseEnv(env))) ?? "";
    const res = await call("/api/mailings/webhook", {
      method: "POST",
      body: payload,
      headers: resendHeaders(secret, id, payload),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it("a later bounce keeps a complaint's suppression, and a replayed event id changes nothing", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    const email = `spam-${tag}@example.org`;
    await person(o.userId, `Sam ${tag}`, email, "share", { event: "Summit" });
    const made = await createMailing(ctx(), o.userId, input(), ORIGIN);
    if ("errors" in made) throw new Error("refused");
    await deliver(made.id);
    const recipient = await one<{ provider_id: string; id: number }>(
      "select id, provider_id from mailing_recipient where mailing_id = ?",
      made.id,
    );
    const providerId = recipient?.provider_id ?? "";
    expect((await post("email.complained", providerId)).status).toBe(200);
    const bounce = `msg_${crypto.randomUUID()}`;
    expect((await post("email.bounced", providerId, bounce)).body).toEqual({ received: true });
    expect(await one("select reason from mail_suppression where user_id = ? and email = ?", o.userId, email)).toEqual({
      reason: "complained",
    });
    const before = await one("select bounced_at from mailing_recipient where id = ?", recipient?.id);
    const replay = await post("email.bounced", providerId, bounce);
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await one("select bounced_at from mailing_recipient where id = ?", recipient?.id)).toEqual(before);
  });
});

describe("the Resend adapter against a local stand-in", () => {
  it("sends a batch with the unsubscribe headers and the idempotency key, and makes a retry a no-op", async () => {
    const apiKey = `re_${crypto.randomUUID().replaceAll("-", "")}`;
    const provider = resendProvider({ apiKey, apiBase: FAKE_RESEND });
    const message = {
      to: "r@example.org",
      from: "Owner via KnowWho <m@example.org>",
      subject: "Hi\r\nBcc: evil@example.org",
      text: "t",
      html: "<p>t</p>",
      headers: { "List-Unsubscribe": "<https://x/u>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
    const first = await provider.send([message], "key-1");
    expect(first).toEqual({ ok: true, ids: [expect.stringMatching(/^fake-/)] });
    expect(await provider.send([message], "key-1")).toEqual(first);
    const sent = (await (await fetch(`${FAKE_RESEND}/_sent/${apiKey}`)).json()) as Record<string, unknown>[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      subject: "Hi Bcc: evil@example.org",
      to: ["r@example.org"],
      headers: message.headers,
    });
    await fetch(`${FAKE_RESEND}/_control/${apiKey}`, { method: "PUT", body: "[429, 500]" });
    expect(await provider.send([message], "key-2")).toMatchObject({ ok: false, retryable: true, retryAfterSeconds: 1 });
    expect(await provider.send([message], "key-2")).toMatchObject({ ok: false, retryable: true });
    expect(
      await resendProvider({ apiKey: "re_other", apiBase: FAKE_RESEND }).send(
        [{ ...message, from: 1 as unknown as string }],
        "k",
      ),
    ).toMatchObject({
      ok: false,
      retryable: false,
      error: "Resend answered 422: Missing `from`, `to` or `subject`.",
    });
  });

  it("a mailing through Resend retries a rate-limited group and still mails each person once", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    await person(o.userId, `Rae ${tag}`, `rae-${tag}@example.org`, "share", { event: "Summit" });
    await person(o.userId, `Ray ${tag}`, `ray-${tag}@example.org`, "share", { event: "Summit" });
    const apiKey = `re_${crypto.randomUUID().replaceAll("-", "")}`;
    const resend = { RESEND_API_KEY: apiKey, RESEND_API_BASE: FAKE_RESEND, MAIL_FROM: "mailings@example.org" };
    const made = await createMailing(ctx(resend), o.userId, input(), ORIGIN);
    if ("errors" in made) throw new Error("refused");
    await fetch(`${FAKE_RESEND}/_control/${apiKey}`, { method: "PUT", body: "[429]" });
    const first = await deliver(made.id, resend);
    expect(first.retryMessages).toHaveLength(1);
    await deliver(made.id, resend, 2);
    await deliver(made.id, resend, 3);
    const sent = (await (await fetch(`${FAKE_RESEND}/_sent/${apiKey}`)).json()) as { to: string[]; from: string }[];
    expect(sent.map((s) => s.to[0]).sort()).toEqual([`rae-${tag}@example.org`, `ray-${tag}@example.org`]);
    expect(sent[0]?.from).toBe("Mail Owner via KnowWho <mailings@example.org>");
    expect((await mailingResults(ctx().db, o.userId, made.id))?.counts).toMatchObject({ sent: 2, retried: 2 });
  });
});

describe("privacy", () => {
  it("another owner's mailing, results and compose form are unreachable", async () => {
    const o = await owner();
    const tag = crypto.randomUUID().slice(0, 6);
    await person(o.userId, `Pia ${tag}`, `pia-${tag}@example.org`, "share", { event: "Summit" });
    const made = await createMailing(ctx(), o.userId, input({ scheduleAt: new Date(Date.now() + 3_600_000) }), ORIGIN);
    if ("errors" in made) throw new Error("refused");
    const other = await owner("Other Owner");
    expect(await mailingResults(ctx().db, other.userId, made.id)).toBeNull();
    const page = await call(`/mailings/${made.id}`, { headers: { cookie: other.cookie } });
    expect(page.status).toBe(404);
    const cancel = await call(`/mailings/${made.id}`, {
      ...form({ intent: "cancel" }),
      headers: { cookie: other.cookie },
    });
    expect(cancel.status).toBe(404);
    expect((await one<{ status: string }>("select status from mailing where id = ?", made.id))?.status).toBe(
      "scheduled",
    );
    const mine = await call(`/mailings/${made.id}`, { headers: { cookie: o.cookie } });
    expect(mine.status).toBe(200);
  });
});

describe("the compose page", () => {
  it("answers bad input with 400 and each message beside its field, keeping what was typed", async () => {
    const o = await owner();
    const headers = { cookie: o.cookie };
    const typed = "Hi {{nickname}}, see you at {{event}}";
    const res = await call("/mailings/new", {
      ...form({
        intent: "send",
        confirmed: "yes",
        key: crypto.randomUUID(),
        subject: "",
        body: typed,
        schedule: "2020-01-01T10:00",
      }),
      headers,
    });
    expect(res.status).toBe(400);
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(html).toContain('id="compose-subject-error"');
    expect(html).toContain("Enter a subject");
    expect(html).toMatch(/id="compose-body-error"[^>]*>Unknown merge field \{\{nickname\}\}\. Use \{\{first_name\}\}/);
    expect(html).toContain(typed);
    // Text past the limit, and an unreadable schedule, are refused too; the empty audience once the message is fine.
    const long = await call("/mailings/new", {
      ...form({
        intent: "send",
        confirmed: "yes",
        key: crypto.randomUUID(),
        subject: "S",
        body: "x".repeat(MAILING_LIMITS.body + 1),
      }),
      headers,
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(MESSAGES.bodyLong);
    const past = await call("/mailings/new", {
      ...form({
        intent: "send",
        confirmed: "yes",
        key: crypto.randomUUID(),
        subject: "Hello",
        body: "Body",
        schedule: "2020-01-01T10:00",
      }),
      headers,
    });
    expect(past.status).toBe(400);
    const pastHtml = await past.text();
    expect(pastHtml).toContain(MESSAGES.schedulePast);
    expect(pastHtml).toContain(MESSAGES.audienceEmpty);
    expect(pastHtml).toContain('value="Hello"');
    // A body that is not a form is a 4xx, never a 5xx.
    const junk = await call("/mailings/new", {
      method: "POST",
      body: "{}",
      headers: { ...headers, "content-type": "application/json" },
    });
    expect(junk.status).toBeGreaterThanOrEqual(400);
    expect(junk.status).toBeLessThan(500);
  });

  it("refuses a send that reaches nobody at the first tap, without asking to send to 0 people", async () => {
    const o = await owner();
    const res = await call("/mailings/new", {
      ...form({ intent: "send", key: crypto.randomUUID(), subject: "Hello", body: "Body" }),
      headers: { cookie: o.cookie },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(MESSAGES.audienceEmpty);
    expect(html).not.toContain("Yes, send the mailing");
    expect((await one<{ n: number }>("select count(*) as n from mailing where user_id = ?", o.userId))?.n).toBe(0);
  });

  it("is a Card Pro feature: an account on Basic is refused", async () => {
    const o = await owner();
    await env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?")
      .bind(Date.now() - 1000, o.userId)
      .run();
    expect((await call("/mailings/new", { headers: { cookie: o.cookie } })).status).toBe(403);
    const posted = await call("/mailings/new", {
      ...form({ intent: "send", confirmed: "yes", key: crypto.randomUUID(), subject: "S", body: "B" }),
      headers: { cookie: o.cookie },
    });
    expect(posted.status).toBe(403);
  });
});

describe("gifts through a mailing", () => {
  it("a gift made through the mailing's campaign link is attributed to that mailing", async () => {
    const o = await owner("Gift Owner");
    const headers = { cookie: o.cookie };
    const campaignId = await publishCampaign(headers, {
      intent: "save",
      // Not fundraising.test.ts's title: files share the public campaign list (docs/decisions/0171).
      title: "Water for Wajir",
      description: "Clean water.",
      extendedDescription: "Four wells.",
      organization: "Water First",
      organizerName: "Ana Ruiz",
      location: "Wamba, Kenya",
      category: "community",
      currency: "USD",
      goal: "1000",
      startDate: "2026-01-01",
      endDate: "2030-12-31",
      mission: "Water.",
      impact: "Families.",
      budget: "Drilling: 1000",
      team: "Ana Ruiz, Director",
      suggested: "25, 50",
    });
    await connectStripe(headers, o.email);
    const tag = crypto.randomUUID().slice(0, 6);
    const email = `giver-${tag}@example.org`;
    await person(o.userId, `Gia ${tag}`, email, "share", { event: "Summit" });
    const made = await createMailing(
      ctx(),
      o.userId,
      input({ body: "Give here: {{campaign_link}}", campaignId }),
      ORIGIN,
    );
    if ("errors" in made) throw new Error(JSON.stringify(made.errors));
    await deliver(made.id);
    const text = (await outboxFor(email))[0]?.text ?? "";
    const link = text.match(/http:\/\/localhost(\/fundraising\/\S+)/)?.[1] ?? "";
    expect(link).toBe(`/fundraising/${campaignId}?mailing=${made.id}`);
    const pageHtml = await (await call(link)).text();
    expect(pageHtml).toContain(`name="mailing" value="${made.id}"`);
    const start = await call(`/fundraising/${campaignId}/donate`, form({ amount: "2500", mailing: String(made.id) }));
    expect(start.status).toBe(303);
    const paid = await call(start.headers.get("location") ?? "", form({ intent: "pay", email, name: `Gia ${tag}` }));
    expect(paid.status).toBe(302);
    const results = await mailingResults(ctx().db, o.userId, made.id);
    expect(results?.gifts).toEqual({ count: 1, total: 2500, currency: "USD" });
    // The Donate form asks, unticked, by the charity's name; only a tick lets the owner mail the donor.
    expect(pageHtml.match(/<input[^>]*name="news"[^>]*>/)?.[0]).not.toContain("checked");
    expect(pageHtml).toContain("Email me news from Water First");
    const give = async (giver: string, extra: Record<string, string>) => {
      const begun = await call(`/fundraising/${campaignId}/donate`, form({ amount: "2500", ...extra }));
      const done = await call(
        begun.headers.get("location") ?? "",
        form({ intent: "pay", email: giver, name: "Giver" }),
      );
      expect(done.status).toBe(302);
    };
    const ticked = `ticked-${tag}@example.org`;
    const unticked = `unticked-${tag}@example.org`;
    await give(ticked, { news: "on" });
    await give(unticked, {});
    const consents = await all<{ email: string; purpose: string; state: string; source: string; sender_name: string }>(
      `select c.email, r.purpose, r.state, r.source, r.sender_name from consent_record r join connection c on c.id = r.connection_id
        where r.sender_workspace_id = ? and c.email in (?, ?)`,
      o.userId,
      ticked,
      unticked,
    );
    expect(consents).toEqual([
      { email: ticked, purpose: "email", state: "yes", source: "donate", sender_name: "Water First" },
    ]);
    const mailable = await resolveAudience(ctx().db, o.userId, { ...EMPTY_AUDIENCE, tags: ["Donor"] });
    expect(mailable.included.map((m) => m.email)).toContain(ticked);
    expect(mailable.included.map((m) => m.email)).not.toContain(unticked);
    // Another owner's mailing id in the form attributes nothing to it.
    const other = await owner("Other Owner");
    const theirs = await one<{ id: number }>(
      "insert into mailing (user_id, subject, body, status, client_key) values (?, 's', 'b', 'sent', ?) returning id",
      other.userId,
      crypto.randomUUID(),
    );
    const start2 = await call(
      `/fundraising/${campaignId}/donate`,
      form({ amount: "2500", mailing: String(theirs?.id) }),
    );
    await call(start2.headers.get("location") ?? "", form({ intent: "pay", email: `x-${tag}@example.org`, name: "X" }));
    expect(
      (await one<{ n: number }>("select count(*) as n from mailing_gift where mailing_id = ?", theirs?.id))?.n,
    ).toBe(0);
  });
});

describe("test sends and delivery", () => {
  it("a test send goes to the owner alone, marked as a test, and is limited; a signed delivered event is counted", async () => {
    const o = await owner("Tess Owner");
    const tag = crypto.randomUUID().slice(0, 6);
    const email = `tess-${tag}@example.org`;
    await person(o.userId, `Tia ${tag}`, email, "share", { event: "Summit" });
    const test = () =>
      call("/mailings/new", {
        ...form({
          intent: "test",
          key: crypto.randomUUID(),
          subject: "Hello {{first_name}}",
          body: "Hi",
          event: "Summit",
        }),
        headers: { cookie: o.cookie },
      });
    const first = await test();
    expect(first.status).toBe(200);
    expect((await first.text()).replaceAll("<!-- -->", "")).toContain(`Test sent to ${o.email}`);
    expect(await outboxFor(o.email)).toEqual([expect.objectContaining({ subject: `[Test] Hello Tia` })]);
    expect(await outboxFor(email)).toHaveLength(0);
    // Tests are not a way around the sending caps: a few a minute, then a refusal beside the buttons.
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await test()).status);
    expect(answers.at(-1)).toBe(429);
    expect((await outboxFor(o.email)).length).toBeLessThanOrEqual(MAILING_LIMITS.testsPerMinute);

    const made = await createMailing(ctx(), o.userId, input(), ORIGIN);
    if ("errors" in made) throw new Error("refused");
    await deliver(made.id);
    const providerId = (
      await one<{ provider_id: string }>("select provider_id from mailing_recipient where mailing_id = ?", made.id)
    )?.provider_id;
    const payload = JSON.stringify({ type: "email.delivered", data: { email_id: providerId } });
    const id = `msg_${crypto.randomUUID()}`;
    const signed = await call("/api/mailings/webhook", {
      method: "POST",
      body: payload,
      headers: resendHeaders((await mailWebhookSecret(parseEnv(env))) ?? "", id, payload),
    });
    expect(signed.status).toBe(200);
    expect((await mailingResults(ctx().db, o.userId, made.id))?.counts).toMatchObject({ sent: 1, delivered: 1 });
  });
});
