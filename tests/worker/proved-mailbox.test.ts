import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountDownload } from "~/server/account/data-export.server";
import { confirmFirstMessage, MAILBOX_BINDINGS, type MailboxBinding } from "~/server/account/proved-mailbox.server";
import { isOperator } from "~/server/billing/plans.server";
import { createAppPassword } from "~/server/dav/app-passwords.server";
import { createDb } from "~/server/db/db.server";
import {
  call,
  confirmEmail,
  cookiesOf,
  form,
  signUp,
  signUpByForm,
  TEST_PASSWORD,
  testAddress,
  userIdOf,
} from "./helpers";

const db = () => createDb(env.DB);
const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

async function publishEvent() {
  const owner = await signUp("Event Organiser");
  const res = await call("/organiser", {
    ...form({
      title: "Proof Summit",
      description: "A day on proving things.",
      timeZone: "UTC",
      type: "in-person",
      venue: "Hall 1",
      organiserName: "Proof Org",
      startsAt: local(-1),
      endsAt: local(2),
    }),
    headers: { cookie: owner.cookie },
  });
  expect(res.status).toBe(302);
  const id = Number(res.headers.get("location")?.split("/").pop());
  const row = await env.DB.prepare("select slug from org_event where id = ?").bind(id).first<{ slug: string }>();
  return row?.slug as string;
}

/** A visitor joins without an account; the pass goes to their mailbox. */
async function visitorJoins(slug: string, email: string) {
  const joined = await call(`/e/${slug}`, {
    ...form({ name: "Vera Visitor", email, listed: "on", visibility: "everyone" }),
    headers: { "cf-connecting-ip": testAddress() },
  });
  expect(joined.status).toBe(303);
  const mail = await env.DB.prepare("select text from outbox where `to` = ? and kind = 'event-pass' order by id desc")
    .bind(email)
    .first<{ text: string }>();
  return mail?.text.match(/\/pass\/([A-Za-z0-9_-]+)/)?.[1] as string;
}

/** Someone signs up under the visitor's address and never opens the link sign-up mailed to it. */
async function impostor(email: string) {
  const res = await call("/auth.data", {
    ...form({ intent: "signup", name: "Ivan Impostor", email, password: TEST_PASSWORD, redirectTo: "/" }),
    headers: { "cf-connecting-ip": testAddress() },
  });
  const cookie = cookiesOf(res);
  expect(cookie).toContain("session_token");
  return { cookie, email, id: await userIdOf(email) };
}

async function makeCard(cookie: string, email: string) {
  const created = await call("/card", { method: "POST", headers: { cookie } });
  const cardId = Number(created.headers.get("location")?.split("/").pop());
  const saved = await call(`/card/${cardId}`, {
    ...form({ intent: "save", name: "Ivan Impostor", label: "Work", email, template: "classic", colour: "#4f46e5" }),
    headers: { cookie },
  });
  expect(saved.status).toBe(302);
  return cardId;
}

const attendeeOwner = (slug: string, email: string) =>
  env.DB.prepare(
    "select a.user_id from org_attendee a join org_event e on e.id = a.event_id where e.slug = ? and a.email = ?",
  )
    .bind(slug, email)
    .first<{ user_id: string | null }>();

const confirmationsTo = async (email: string) =>
  (
    await env.DB.prepare("select count(*) as n from outbox where `to` = ? and kind = 'email-verify'")
      .bind(email)
      .first<{ n: number }>()
  )?.n ?? 0;

/** Each binding walked with an account that never proved its address, then (where it can) once proved. */
const walks: Record<MailboxBinding, () => Promise<void>> = {
  async attendeeJoin() {
    const slug = await publishEvent();
    const email = `visitor-${crypto.randomUUID()}@example.org`;
    await visitorJoins(slug, email);
    const them = await impostor(email);
    const cardId = await makeCard(them.cookie, email);
    const page = await call(`/e/${slug}/join`, { headers: { cookie: them.cookie } });
    expect(await page.text()).toContain("which is not confirmed");
    const before = await confirmationsTo(email);
    const joined = await call(`/e/${slug}/join`, {
      ...form({ card: String(cardId), listed: "on", visibility: "everyone" }),
      headers: { cookie: them.cookie, "cf-connecting-ip": testAddress() },
    });
    // The takeover the audit made: the visitor's pass stays theirs, and the directory stays closed.
    expect(joined.status).toBe(403);
    expect(await joined.text()).toContain(confirmFirstMessage(email));
    expect(await confirmationsTo(email)).toBe(before + 1);
    expect((await attendeeOwner(slug, email))?.user_id).toBeNull();
    const dir = await call(`/e/${slug}/directory`, { headers: { cookie: them.cookie } });
    expect(dir.status).toBe(302);
    expect(dir.headers.get("location")).toBe(`/e/${slug}/join`);
    // Whoever opens the link holds the mailbox: then the pass is theirs.
    await confirmEmail(them.cookie, email);
    const proved = await call(`/e/${slug}/join`, {
      ...form({ card: String(cardId), listed: "on", visibility: "everyone" }),
      headers: { cookie: them.cookie, "cf-connecting-ip": testAddress() },
    });
    expect(proved.status).toBe(302);
    expect((await attendeeOwner(slug, email))?.user_id).toBe(them.id);
  },

  async attendeeClaim() {
    const slug = await publishEvent();
    const email = `visitor-${crypto.randomUUID()}@example.org`;
    const token = await visitorJoins(slug, email);
    const them = await impostor(email);
    const opened = await call(`/pass/${token}`, { headers: { cookie: them.cookie } });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(confirmFirstMessage(email));
    expect((await attendeeOwner(slug, email))?.user_id).toBeNull();
    await confirmEmail(them.cookie, email);
    await call(`/pass/${token}`, { headers: { cookie: them.cookie } });
    expect((await attendeeOwner(slug, email))?.user_id).toBe(them.id);
  },

  async operator() {
    const operators = { OPERATOR_EMAILS: "ops@example.org" };
    expect(isOperator(operators, { email: "ops@example.org", emailVerified: false })).toBe(false);
    expect(isOperator(operators, { email: "OPS@example.org", emailVerified: true })).toBe(true);
  },

  async accountData() {
    const email = `helper-${crypto.randomUUID()}@example.org`;
    await env.DB.prepare(
      "insert into help_request (name, email, subject, message, source, created_at) values (?, ?, ?, ?, ?, ?)",
    )
      .bind("Real Owner", email, "Billing", "my private question", "help", Date.now())
      .run();
    const them = await impostor(email);
    const read = async () => {
      const row = await env.DB.prepare("select email_verified as v from user where id = ?")
        .bind(them.id)
        .first<{ v: number }>();
      let text = "";
      for await (const part of accountDownload(db(), { id: them.id, email, emailVerified: Boolean(row?.v) }))
        text += part;
      return text;
    };
    expect(await read()).not.toContain("my private question");
    await confirmEmail(them.cookie, email);
    expect(await read()).toContain("my private question");
  },

  async carddav() {
    const session = await signUp("Dav Unconfirmed");
    const made = await call("/settings/integrations", {
      ...form({ intent: "create-app-password", name: "Work laptop" }),
      headers: { cookie: session.cookie },
    });
    expect(made.status).toBe(403);
    expect(await made.text()).toContain(confirmFirstMessage(session.email));
    // Even a password made before (or by another path) signs nobody in under an unproved address.
    const password = (await createAppPassword(db(), await userIdOf(session.email), "Phone")) as string;
    const basic = { authorization: `Basic ${btoa(`${session.email}:${password}`)}`, depth: "0" };
    expect((await call("/dav/", { method: "PROPFIND", headers: basic })).status).toBe(401);
    await confirmEmail(session.cookie, session.email);
    expect((await call("/dav/", { method: "PROPFIND", headers: basic })).status).toBe(207);
  },
};

describe("addresses bind rows only once proved", () => {
  it("sign-up mails the confirmation link, and the account still uses its own card and network unconfirmed", async () => {
    const session = await signUpByForm("Una Unconfirmed");
    expect(await confirmationsTo(session.email)).toBe(1);
    const mail = await env.DB.prepare("select text from outbox where `to` = ? and kind = 'email-verify'")
      .bind(session.email)
      .first<{ text: string }>();
    expect(mail?.text).toMatch(/\/api\/auth\/verify-email\?token=/);
    const cardId = await makeCard(session.cookie, session.email);
    expect((await call(`/card/${cardId}`, { headers: { cookie: session.cookie } })).status).toBe(200);
    expect((await call("/connections", { headers: { cookie: session.cookie } })).status).toBe(200);
  });

  it("walks every place in the list", () => {
    expect(Object.keys(walks).sort()).toEqual(Object.keys(MAILBOX_BINDINGS).sort());
  });

  for (const binding of Object.keys(MAILBOX_BINDINGS) as MailboxBinding[]) {
    it(`${binding}: ${MAILBOX_BINDINGS[binding]}`, () => walks[binding]());
  }
});
