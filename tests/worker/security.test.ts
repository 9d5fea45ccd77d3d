import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { publishCard } from "~/server/cards/cards.server";
import { createDb } from "~/server/db/db.server";
import { parseEnv } from "~/server/platform/env.server";
import { outboxMailer } from "~/server/platform/mail.server";
import { RULES } from "~/server/platform/rate-limit.server";
import { call, cookiesOf, form, json, signUpByForm, TEST_PASSWORD, testAddress } from "./helpers";

/** Abuse and integrity checks from the security audit (issue 14); each one failed before its fix. */

// Password hashing and waits for a fresh rate-limit window take seconds, not milliseconds.
vi.setConfig({ testTimeout: 60_000 });

const userIdOf = async (email: string) =>
  (await env.DB.prepare("select id from user where email = ?").bind(email).first<{ id: string }>())?.id ?? "";

async function newCard(cookie: string) {
  const res = await call("/card", { method: "POST", headers: { cookie } });
  return { res, id: Number(res.headers.get("location")?.split("/").pop()) };
}

/** Publishing from the editor sends the card's fields too; a card needs a way to reach its owner. */
const publishForm = (slug: string) =>
  form({
    intent: "publish",
    slug,
    label: "Work",
    name: "Ann Lee",
    template: "classic",
    colour: "#4f46e5",
    website: "https://ann.example.org",
  });

async function publishedCard(slug: string) {
  const owner = await signUpByForm("Ann Lee");
  const { id } = await newCard(owner.cookie);
  expect(id).toBeGreaterThan(0);
  const published = await call(`/card/${id}`, {
    ...publishForm(slug),
    headers: { cookie: owner.cookie },
  });
  expect(published.status).toBe(302);
  return { owner, id };
}

/** The link the card editor hands out, read from its page as the owner sees it. */
async function editorLink(cookie: string, id: number) {
  const html = await (await call(`/card/${id}`, { headers: { cookie } })).text();
  const link = html.match(/https?:\/\/[^"'\s<]*\/c\/v\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)?.[0];
  expect(link, "the editor shows a signed link").toBeTruthy();
  return new URL(link ?? "").pathname;
}

const b64url = (text: string | Uint8Array) => {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
};

/** A link as the server signed them before the opaque reference: it carries userId and cardId. */
async function legacyLink(userId: string, cardId: number) {
  const payload = b64url(JSON.stringify({ name: "Ann Lee", userId, cardId }));
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(env.CARD_SIGNING_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload)));
  return `/c/v/${payload}.${b64url(signature)}`;
}

const share = (path: string, values: Record<string, string>, ip: string, accept = "application/json") =>
  call(`${path}/share`, { ...form(values), headers: { accept, "cf-connecting-ip": ip } });

describe("one rate limit on every authentication entry point", () => {
  it("limits sign-in through the API by account: ten wrong passwords, then the right one, are refused", async () => {
    const { email } = await signUpByForm();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call("/api/auth/sign-in/email", {
        ...json({ email, password: `wrong-password-${i}` }),
        // Each attempt from another address: the account's own limit must hold on its own.
        headers: { "content-type": "application/json", "cf-connecting-ip": testAddress() },
      });
      statuses.push(res.status);
    }
    // Signing up was the account's first attempt this minute.
    const refusedFrom = statuses.indexOf(429);
    expect(refusedFrom).toBe(RULES.strict.limit - 1);
    expect(statuses.slice(0, refusedFrom).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(refusedFrom).every((s) => s === 429)).toBe(true);
    const right = await call("/api/auth/sign-in/email", {
      ...json({ email, password: TEST_PASSWORD }),
      headers: { "content-type": "application/json", "cf-connecting-ip": testAddress() },
    });
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().join()).not.toContain("session_token");
    expect(right.headers.get("retry-after")).toBe("60");
  }, 60_000);

  it("counts the /auth form and the API against the same account", async () => {
    const { email } = await signUpByForm();
    // Signing up was the account's first attempt this minute.
    for (let i = 0; i < RULES.strict.limit - 1; i++) {
      const api = i % 2 === 0;
      const res = api
        ? await call("/api/auth/sign-in/email", {
            ...json({ email, password: "nope-nope-nope" }),
            headers: { "content-type": "application/json", "cf-connecting-ip": testAddress() },
          })
        : await call("/auth.data", {
            ...form({ intent: "signin", email, password: "nope-nope-nope" }),
            headers: { "cf-connecting-ip": testAddress() },
          });
      expect(res.status).not.toBe(429);
    }
    const refused = await call("/auth", {
      ...form({ intent: "signin", email, password: TEST_PASSWORD }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many attempts. Please wait a minute and try again.");
  }, 60_000);

  it("limits every auth endpoint by address: sign-up, sign-in and password reset", async () => {
    for (const [endpoint, body] of [
      [
        "/api/auth/sign-up/email",
        (i: number) => ({ name: "Flood", email: `flood-${i}-${crypto.randomUUID()}@x.org`, password: TEST_PASSWORD }),
      ],
      [
        "/api/auth/sign-in/email",
        (i: number) => ({ email: `nobody-${i}-${crypto.randomUUID()}@x.org`, password: TEST_PASSWORD }),
      ],
      ["/api/auth/request-password-reset", (i: number) => ({ email: `reset-${i}-${crypto.randomUUID()}@x.org` })],
    ] as const) {
      const ip = testAddress();
      const statuses: number[] = [];
      for (let i = 0; i <= RULES.forms.limit; i++) {
        const res = await call(endpoint, {
          ...json(body(i)),
          headers: { "content-type": "application/json", "cf-connecting-ip": ip },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, RULES.forms.limit), endpoint).not.toContain(429);
      expect(statuses.at(-1), endpoint).toBe(429);
    }
  }, 120_000);

  it("states the limits in the README", async () => {
    const readme = (await import("../../README.md?raw")).default as string;
    expect(readme).toContain(`${RULES.strict.limit} attempts a minute per account`);
    expect(readme).toContain(`${RULES.forms.limit} a minute per address`);
    expect(readme).toContain(`${RULES.api.limit} requests a minute per token`);
  });
});

describe("one sign-up validation on every path", () => {
  const apiSignUp = (name: unknown) =>
    call("/api/auth/sign-up/email", {
      ...json({ name, email: `v-${crypto.randomUUID()}@x.org`, password: TEST_PASSWORD }),
      headers: { "content-type": "application/json", "cf-connecting-ip": testAddress() },
    });
  const formSignUp = (name: string) =>
    call("/auth", {
      ...form({ intent: "signup", name, email: `v-${crypto.randomUUID()}@x.org`, password: TEST_PASSWORD }),
      headers: { "cf-connecting-ip": testAddress() },
    });

  it.each([
    ["blank", "", "Name must be at least 2 characters"],
    ["spaces", "   ", "Name must be at least 2 characters"],
    ["5,000 characters", "x".repeat(5000), "Name must be at most 100 characters"],
  ])("refuses a %s name through the API and the form with the same message", async (_label, name, message) => {
    const api = await apiSignUp(name);
    expect(api.status).toBe(400);
    expect(((await api.json()) as { message: string }).message).toBe(message);
    const page = await formSignUp(name);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(message);
  });

  it("trims the name it keeps, and refuses a blank rename through the API", async () => {
    const res = await apiSignUp("  Bo Diaz  ");
    expect(res.status).toBe(200);
    const cookie = cookiesOf(res);
    const { user } = (await res.json()) as { user: { name: string } };
    expect(user.name).toBe("Bo Diaz");
    const rename = await call("/api/auth/update-user", {
      ...json({ name: " " }),
      headers: { "content-type": "application/json", cookie, "cf-connecting-ip": testAddress() },
    });
    expect(rename.status).toBe(400);
  });

  it("starts a card for an account whose name was stored blank or overlong before the check", async () => {
    for (const name of ["", "y".repeat(5000)]) {
      const owner = await signUpByForm();
      await env.DB.prepare("update user set name = ? where email = ?").bind(name, owner.email).run();
      const { res, id } = await newCard(owner.cookie);
      expect(res.status, JSON.stringify(name.slice(0, 5))).toBe(302);
      const row = await env.DB.prepare("select name from card where id = ?").bind(id).first<{ name: string }>();
      expect(row?.name.length).toBeGreaterThan(0);
      expect(row?.name.length).toBeLessThanOrEqual(100);
    }
  });
});

describe("redirects after sign-in and Set Active stay on this site", () => {
  const attacks = [
    "/\t/evil.example/phish",
    "/\\evil.example",
    "//evil.example",
    "/\n/evil.example",
    "/\r\nSet-Cookie:x=1",
    "/\u0000x",
    "https://evil.example/",
    "/.//evil.example",
  ];

  it("never sends a signed-in visitor off-site, and never answers 500 for a control character", async () => {
    const { cookie } = await signUpByForm();
    for (const to of attacks) {
      const res = await call(`/auth?redirectTo=${encodeURIComponent(to)}`, { headers: { cookie } });
      expect(res.status, JSON.stringify(to)).toBe(302);
      const location = res.headers.get("location") ?? "";
      expect(new URL(location, "http://localhost").origin, JSON.stringify(to)).toBe("http://localhost");
      expect(location.startsWith("//")).toBe(false);
    }
  });

  it("Set Active in the event hub goes back only to a same-origin path", async () => {
    const { cookie } = await signUpByForm();
    const created = await call("/events/new", {
      ...form({ title: "Gala", date: "2030-05-01", type: "in-person" }),
      headers: { cookie },
    });
    const id = Number(created.headers.get("location")?.split("/").pop());
    expect(id).toBeGreaterThan(0);
    for (const to of attacks) {
      const res = await call(`/events/${id}`, {
        ...form({ intent: "toggle-active", redirectTo: to }),
        headers: { cookie },
      });
      expect(res.status, JSON.stringify(to)).toBe(302);
      expect(res.headers.get("location"), JSON.stringify(to)).toBe(`/events/${id}`);
    }
  });
});

describe("signed card links follow the card", () => {
  it("carry an opaque reference, not the owner's id", async () => {
    const { owner, id } = await publishedCard("sig-opaque");
    const link = await editorLink(owner.cookie, id);
    const payload = link.slice("/c/v/".length).split(".")[0] ?? "";
    const json = atob(payload.replaceAll("-", "+").replaceAll("_", "/"));
    expect(json).not.toContain(await userIdOf(owner.email));
    expect(JSON.parse(json)).not.toHaveProperty("userId");
    expect(JSON.parse(json)).not.toHaveProperty("cardId");
    expect(JSON.parse(json).ref).toMatch(/^[0-9a-f]{24}$/);
    expect((await share(link, { name: "Cy", email: "cy@x.org" }, testAddress())).status).toBe(200);
  });

  it("stop taking share-backs when the card is unpublished, and take them again when it is republished", async () => {
    const { owner, id } = await publishedCard("sig-unpub");
    const link = await editorLink(owner.cookie, id);
    await call(`/card/${id}`, { ...form({ intent: "unpublish" }), headers: { cookie: owner.cookie } });
    const page = await (await call(link)).text();
    expect(page).not.toContain(`action="${link}/share"`);
    expect((await share(link, { name: "Cy", email: "cy@x.org" }, testAddress())).status).toBe(403);
    await call(`/card/${id}`, { ...publishForm("sig-unpub"), headers: { cookie: owner.cookie } });
    expect((await share(link, { name: "Cy", email: "cy@x.org" }, testAddress())).status).toBe(200);
  });

  it("show as unverified, with sharing off, once the card is deleted", async () => {
    const { owner, id } = await publishedCard("sig-deleted");
    const link = await editorLink(owner.cookie, id);
    await call(`/card/${id}`, { ...form({ intent: "delete", confirmed: "yes" }), headers: { cookie: owner.cookie } });
    const page = await (await call(link)).text();
    expect(page).toContain("Unverified card");
    expect(page).not.toContain("<form");
    const res = await share(link, { name: "Cy", email: "cy@x.org" }, testAddress());
    expect(res.status).toBe(403);
  });

  it("show as unverified once the account is deleted", async () => {
    const { owner, id } = await publishedCard("sig-account");
    const link = await editorLink(owner.cookie, id);
    const legacy = await legacyLink(await userIdOf(owner.email), id);
    await env.DB.prepare("delete from user where email = ?").bind(owner.email).run();
    for (const path of [link, legacy]) {
      const page = await (await call(path)).text();
      expect(page, path).toContain("Unverified card");
      expect((await share(path, { name: "Cy", email: "cy@x.org" }, testAddress())).status).toBe(403);
    }
  });

  it("still honour a link signed before the reference while its card is live, and degrade if ids disagree", async () => {
    const { owner, id } = await publishedCard("sig-legacy");
    const userId = await userIdOf(owner.email);
    const legacy = await legacyLink(userId, id);
    expect(await (await call(legacy)).text()).not.toContain("Unverified card");
    expect((await share(legacy, { name: "Cy", email: "cy@x.org" }, testAddress())).status).toBe(200);
    const other = await publishedCard("sig-legacy-other");
    const forged = await legacyLink(userId, other.id);
    expect(await (await call(forged)).text()).toContain("Unverified card");
  });
});

describe("deleting removes every stored object", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 64 }, (_, i) => i)]);

  it("takes the photo down with the card", async () => {
    const { owner, id } = await publishedCard("gone-photo");
    const put = await call(`/api/cards/${id}/avatar`, {
      method: "PUT",
      body: jpeg,
      headers: { "content-type": "image/jpeg", cookie: owner.cookie },
    });
    const { url } = (await put.json()) as { url: string };
    expect((await call(url)).status).toBe(200);
    await call(`/card/${id}`, { ...form({ intent: "delete", confirmed: "yes" }), headers: { cookie: owner.cookie } });
    expect((await call(url)).status).toBe(404);
    expect(await env.CACHE.get(`avatar:${url.split("/").pop()}`)).toBeNull();
  });

  it("takes every card's photo and cached copy down with the account", async () => {
    const { owner, id } = await publishedCard("gone-account");
    const put = await call(`/api/cards/${id}/avatar`, {
      method: "PUT",
      body: jpeg,
      headers: { "content-type": "image/jpeg", cookie: owner.cookie },
    });
    const { url } = (await put.json()) as { url: string };
    expect((await call("/c/gone-account")).status).toBe(200);
    const removed = await call("/settings", {
      ...form({ intent: "delete-account", confirm: owner.email }),
      headers: { cookie: owner.cookie },
    });
    expect(removed.status).toBeLessThan(400);
    expect((await call(url)).status).toBe(404);
    expect((await call("/c/gone-account")).status).toBe(404);
  });
});

describe("races are settled by the database", () => {
  it("12 parallel New card requests make at most 10 cards and never a 500", async () => {
    const { cookie, email } = await signUpByForm();
    const results = await Promise.all(Array.from({ length: 12 }, () => newCard(cookie)));
    const statuses = results.map((r) => r.res.status);
    expect(statuses).not.toContain(500);
    const count = await env.DB.prepare(
      "select count(*) as n from card c join user u on u.id = c.user_id where u.email = ?",
    )
      .bind(email)
      .first<{ n: number }>();
    expect(count?.n).toBe(10);
    expect(statuses.filter((s) => s === 302)).toHaveLength(10);
  });

  it("accounts publishing one slug at once: one wins, the others read the field message, none a 500", async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => signUpByForm()));
    const cards = await Promise.all(owners.map((o) => newCard(o.cookie)));
    const slug = `race-${crypto.randomUUID().slice(0, 8)}`;
    const results = await Promise.all(
      owners.map((o, i) => call(`/card/${cards[i]?.id}`, { ...publishForm(slug), headers: { cookie: o.cookie } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 400, 400, 400, 400, 400]);
    for (const loser of results.filter((r) => r.status === 400)) {
      expect(await loser.text()).toContain("That link is taken, choose another");
    }
  });

  it("two publishes of one slug interleaved in one isolate: the unique index decides, as a field message", async () => {
    const [a, b] = await Promise.all([signUpByForm(), signUpByForm()]);
    const [ca, cb] = await Promise.all([newCard(a.cookie), newCard(b.cookie)]);
    const slug = `race-${crypto.randomUUID().slice(0, 8)}`;
    const db = createDb(env.DB);
    const appEnv = parseEnv(env);
    const results = await Promise.allSettled([
      publishCard(appEnv, db, await userIdOf(a.email), ca.id, slug),
      publishCard(appEnv, db, await userIdOf(b.email), cb.id, slug),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const values = results.map((r) => (r.status === "fulfilled" ? r.value : null));
    expect(values.filter((v) => v?.ok)).toHaveLength(1);
    expect(values.find((v) => !v?.ok)).toEqual({ ok: false, error: "That link is taken, choose another" });
  });
});

describe("mail headers", () => {
  it("the mail adapter keeps the subject and recipient on one line", async () => {
    const db = createDb(env.DB);
    const marker = `inject-${crypto.randomUUID()}`;
    await outboxMailer(db).send({
      to: "support@knowwho.app\r\nBcc: victim@example.org",
      subject: `${marker}\r\nBcc: victim@example.org\n\u2028X-Evil: 1`,
      text: "body",
      kind: "support",
    });
    const row = await env.DB.prepare('select subject, "to" as recipient from outbox where subject like ?')
      .bind(`${marker}%`)
      .first<{ subject: string; recipient: string }>();
    expect(row?.subject).not.toMatch(/[\r\n\u2028]/);
    expect(row?.recipient).not.toMatch(/[\r\n]/);
  });

  it("a support request with CR/LF in its subject reaches the outbox on one line", async () => {
    const marker = `help-${crypto.randomUUID().slice(0, 8)}`;
    const res = await call("/contact", {
      ...form({
        name: "Ed",
        email: "ed@x.org",
        subject: `${marker}\r\nBcc: victim@example.org`,
        message: "Please help me with my card, it is broken.",
      }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    expect(res.status).toBeLessThan(500);
    const row = await env.DB.prepare("select subject from outbox where subject like ?")
      .bind(`%${marker}%`)
      .first<{ subject: string }>();
    if (row) expect(row.subject).not.toMatch(/[\r\n]/);
  });
});

describe("private downloads are never stored", () => {
  it("every export answers Cache-Control: no-store", async () => {
    const { cookie, email } = await signUpByForm();
    await call("/connections/new", { ...form({ name: "Dana Ortiz", email: "dana@x.org" }), headers: { cookie } });
    const userId = await userIdOf(email);
    const connection = await env.DB.prepare("select id from connection where user_id = ?")
      .bind(userId)
      .first<{ id: number }>();
    await call(`/connections/${connection?.id}`, {
      ...form({ intent: "remind", preset: "24h", type: "Call" }),
      headers: { cookie },
    });
    const reminder = await env.DB.prepare("select id from reminder where user_id = ?")
      .bind(userId)
      .first<{ id: number }>();
    const downloads = [
      `/api/reminders/${reminder?.id}.ics`,
      "/api/connections/export?format=csv",
      "/api/connections/export?format=hubspot",
      "/api/connections/export?format=vcf",
      "/api/account/export",
    ];
    for (const path of downloads) {
      const res = await call(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toMatch(/no-store/);
      expect(res.headers.get("cache-control"), path).not.toMatch(/public/);
    }
  });
});

describe("share-backs at a crowded venue", () => {
  it("eight people behind one venue address each share once", async () => {
    const { id } = await publishedCard("venue-crowd");
    const venue = testAddress();
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await share("/c/venue-crowd", { name: `Guest ${i}`, email: `guest${i}@x.org` }, venue)).status);
    }
    expect(statuses).toEqual(Array(8).fill(200));
    const rows = await env.DB.prepare("select count(*) as n from shared_contacts where card_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(8);
  });

  it("one person repeating is refused after 5, told when to retry, and keeps what they typed without JavaScript", async () => {
    await publishedCard("venue-repeat");
    const values = { name: "Pat Quinn", email: "pat@x.org", phone: "+1 503 555 0100" };
    for (let i = 0; i < RULES.strict.limit; i++) {
      expect((await share("/c/venue-repeat", values, testAddress())).status).toBe(200);
    }
    const json = await share("/c/venue-repeat", values, testAddress());
    expect(json.status).toBe(429);
    expect(json.headers.get("retry-after")).toBe("60");
    expect(((await json.json()) as { description: string }).description).toContain("try again in a minute");
    const page = await share("/c/venue-repeat", values, testAddress(), "text/html");
    expect(page.status).toBe(429);
    const html = await page.text();
    expect(html).toContain("try again in a minute");
    expect(html).toContain('value="Pat Quinn"');
    expect(html).toContain('value="pat@x.org"');
    expect(html).toContain('value="+1 503 555 0100"');
  });

  it("one address flooding a card is stopped at the venue limit", async () => {
    await publishedCard("venue-flood");
    const ip = testAddress();
    const statuses = [];
    for (let i = 0; i <= RULES.venue.limit; i++) {
      statuses.push((await share("/c/venue-flood", { name: "F", email: `f${i}@x.org` }, ip)).status);
    }
    expect(statuses.slice(0, RULES.venue.limit)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
