import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RULES } from "~/server/platform/rate-limit.server";
import { call, form, signUp, testAddress } from "./helpers";

/** Issue 24: a keynote's share-backs are taken, while a flood, a spray and a repeater stay held. */

// Hundreds of share-backs each: the heavy project's limit (vitest.worker.config.ts) applies.

async function publishedCard(slug: string) {
  const owner = await signUp("Kay Note");
  const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
  const id = Number(created.headers.get("location")?.split("/").pop());
  const published = await call(`/card/${id}`, {
    ...form({
      intent: "publish",
      slug,
      label: "Work",
      name: "Kay Note",
      template: "classic",
      colour: "#4f46e5",
      website: "https://kay.example.org",
    }),
    headers: { cookie: owner.cookie },
  });
  expect(published.status).toBe(302);
  return id;
}

/** The card opened by `views` visitors today, as the stat buffer records them. */
async function audience(cardId: number, views: number) {
  await env.DB.prepare("insert into card_stat (card_id, day, views) values (?, ?, ?)")
    .bind(cardId, new Date().toISOString().slice(0, 10), views)
    .run();
}

const share = (slug: string, i: number, ip: string) =>
  call(`/c/${slug}/share`, {
    ...form({ name: `Guest ${i}`, email: `guest${i}@${slug}.example.org`, consent: "on" }),
    headers: { accept: "application/json", "cf-connecting-ip": ip },
  }).then((r) => r.status);

const stored = async (cardId: number) =>
  (
    await env.DB.prepare("select count(*) as n from shared_contacts where card_id = ?")
      .bind(cardId)
      .first<{ n: number }>()
  )?.n;

describe("share-backs during a keynote", () => {
  it("take every distinct visitor beyond the card's 120 a minute while its audience is large", async () => {
    const id = await publishedCard("keynote-many");
    await audience(id, 2000);
    const statuses = [];
    for (let i = 0; i < RULES.card.limit + 20; i++) statuses.push(await share("keynote-many", i, testAddress()));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await stored(id)).toBe(RULES.card.limit + 20);
  });

  it("take fifty people behind one venue address on a card with an audience", async () => {
    const id = await publishedCard("keynote-venue");
    await audience(id, 2000);
    const venue = testAddress();
    const statuses = [];
    for (let i = 0; i < 50; i++) statuses.push(await share("keynote-venue", i, venue));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await stored(id)).toBe(50);
  });

  it("hold one address flooding a card with an audience at 120 a minute", async () => {
    const id = await publishedCard("keynote-flood");
    await audience(id, 5000);
    const ip = testAddress();
    const statuses = [];
    for (let i = 0; i <= RULES.card.limit; i++) statuses.push(await share("keynote-flood", i, ip));
    expect(statuses.slice(0, RULES.card.limit).filter((s) => s !== 200)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
    expect(await stored(id)).toBe(RULES.card.limit);
  });

  it("hold a script spraying random emails from many addresses at a card with a small audience", async () => {
    const id = await publishedCard("keynote-spray");
    await audience(id, 40);
    const statuses = [];
    for (let i = 0; i < RULES.card.limit + 40; i++) statuses.push(await share("keynote-spray", i, testAddress()));
    // 120 a minute; half of 40 visitors is already spent by what the card took (the stat buffer may lag a second).
    const taken = statuses.filter((s) => s === 200).length;
    expect(taken).toBeGreaterThanOrEqual(RULES.card.limit);
    expect(taken).toBeLessThanOrEqual(RULES.card.limit + 20);
    expect(statuses.slice(-20)).toEqual(Array(20).fill(429));
  });
});
