import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp } from "./helpers";
import { joinByForm, joinSignedIn, type Owner, publishNow as publish } from "./organiser-helpers";

/** A form with a field given more than once (the list's ticked boxes). */
const post = (pairs: [string, string][], cookie: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(pairs),
  headers: { cookie },
});

const setList = (owner: Owner, id: number, options: string) =>
  call(`/organiser/${id}/matchmaking`, { ...form({ intent: "options", options }), headers: { cookie: owner.cookie } });

/** Saves what one attendee looks for and offers: ticked items of the list, then their own words. */
const state = (
  slug: string,
  who: { cookie: string },
  s: { need?: string[]; offer?: string[]; needOwn?: string; offerOwn?: string },
) =>
  call(
    `/e/${slug}/directory`,
    post(
      [
        ["intent", "intents"],
        ...(s.need ?? []).map((v): [string, string] => ["need", v]),
        ...(s.offer ?? []).map((v): [string, string] => ["offer", v]),
        ["needOwn", s.needOwn ?? ""],
        ["offerOwn", s.offerOwn ?? ""],
      ],
      who.cookie,
    ),
  );

/** The names suggested on the directory page, in the page's order. */
async function suggested(slug: string, who: { cookie: string }) {
  const page = await (await call(`/e/${slug}/directory`, { headers: { cookie: who.cookie } })).text();
  return { page, names: [...page.matchAll(/data-suggestion="([^"]*)"/g)].map((m) => m[1]) };
}

describe("the organiser's matchmaking list", () => {
  it("is saved in the organiser's order, refused over its limits with the typed list kept, and closed to another account", async () => {
    const owner = await signUp("Match Owner");
    const e = await publish(owner, "Match Summit");
    expect((await setList(owner, e.id, "Funding\nMentoring\n funding \n\nHiring")).status).toBe(302);
    const rows = await env.DB.prepare("select label from org_intent_option where event_id = ? order by position")
      .bind(e.id)
      .all<{ label: string }>();
    // The same item twice (case and spaces aside) is kept once.
    expect(rows.results.map((r) => r.label)).toEqual(["Funding", "Mentoring", "Hiring"]);

    const tooMany = Array.from({ length: 31 }, (_, i) => `Item ${i}`).join("\n");
    const refused = await setList(owner, e.id, tooMany);
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain("Give at most 30 items, one per line");
    expect(body).toContain("Item 30");
    const long = await setList(owner, e.id, `Funding\n${"x".repeat(41)}`);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Keep each item to 40 characters");
    // Nothing refused was stored.
    expect(
      await env.DB.prepare("select count(*) as n from org_intent_option where event_id = ?").bind(e.id).first("n"),
    ).toBe(3);

    const stranger = await signUp("Match Stranger");
    expect((await call(`/organiser/${e.id}/matchmaking`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await setList(stranger, e.id, "Stolen")).status).toBe(404);
  });
});

describe("suggestions by intent", () => {
  it("ranks people whose offers meet my needs first, with the reason in words, and never anyone hidden from me", async () => {
    const owner = await signUp("Intent Owner");
    const e = await publish(owner, "Intent Summit");
    await setList(owner, e.id, "Funding\nMentoring\nHiring");
    const me = await joinSignedIn(e.slug, "Mia Seeker");
    const funder = await joinSignedIn(e.slug, "Fay Funder");
    const mentor = await joinSignedIn(e.slug, "Max Mentor");
    const both = await joinSignedIn(e.slug, "Bea Both");
    const hidden = await joinSignedIn(e.slug, "Hal Hidden");
    const stranger = await joinSignedIn(e.slug, "Sol Stranger");
    // Hal is unlisted; Sol shows himself only to people he exchanged with.
    await env.DB.prepare("update org_attendee set listed = 0 where id = ?").bind(hidden.id).run();
    await env.DB.prepare("update org_attendee set visibility = 'exchanged' where id = ?").bind(stranger.id).run();

    expect((await state(e.slug, me, { need: ["Funding", "Mentoring"], offer: ["Hiring"] })).status).toBe(302);
    await state(e.slug, funder, { offer: ["Funding"] });
    await state(e.slug, mentor, { needOwn: "hiring" });
    await state(e.slug, both, { offer: ["Funding", "Mentoring"] });
    await state(e.slug, hidden, { offer: ["Funding", "Mentoring"] });
    await state(e.slug, stranger, { offer: ["Funding", "Mentoring"] });

    const { page, names } = await suggested(e.slug, me);
    // Two offers meeting two needs, then one offer, then one need met by my offer.
    expect(names).toEqual(["Bea Both", "Fay Funder", "Max Mentor"]);
    expect(page).toContain("You look for Funding, Mentoring; they offer them");
    expect(page).toContain("You look for Funding; they offer it");
    // Their own word, matched to the list's item whatever its case.
    expect(page).toContain("They look for hiring; you offer it");
    expect(page).not.toContain("Hal Hidden");
    expect(page).not.toContain("Sol Stranger");

    // Nobody is suggested to themself, and someone who stated nothing is suggested nothing.
    const quiet = await joinSignedIn(e.slug, "Quinn Quiet");
    expect((await suggested(e.slug, quiet)).names).toEqual([]);
    // An unlisted visitor's choices never make them a suggestion either, on the public form's pass.
    await joinByForm(e.slug, { name: "Vic Visitor", email: `vic-${crypto.randomUUID()}@example.org` });
    expect((await suggested(e.slug, me)).names).toEqual(["Bea Both", "Fay Funder", "Max Mentor"]);
  });

  it("refuses more than ten words or a word over 40 characters beside the field, keeping what was typed", async () => {
    const owner = await signUp("Limit Owner");
    const e = await publish(owner, "Limit Summit");
    const me = await joinSignedIn(e.slug, "Lou Limits");
    await state(e.slug, me, { needOwn: "grants" });
    const many = Array.from({ length: 11 }, (_, i) => `word${i}`).join(", ");
    const refused = await state(e.slug, me, { needOwn: many, offerOwn: "advice" });
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain("Choose at most 10, each at most 40 characters");
    expect(body).toContain("word10");
    const long = await state(e.slug, me, { offerOwn: "y".repeat(41) });
    expect(long.status).toBe(400);
    expect(await long.text()).toMatch(/id="intent-offer-error"/);
    // What was saved before stays as it was.
    const rows = await env.DB.prepare("select side, label from org_intent where attendee_id = ?")
      .bind(me.id)
      .all<{ side: string; label: string }>();
    expect(rows.results).toEqual([{ side: "need", label: "grants" }]);
    // Saved twice (a double tap), one set.
    await state(e.slug, me, { needOwn: "grants, Grants , mentors" });
    await state(e.slug, me, { needOwn: "grants, Grants , mentors" });
    expect(
      await env.DB.prepare("select count(*) as n from org_intent where attendee_id = ?").bind(me.id).first("n"),
    ).toBe(2);
  });

  it("asks a suggested person for a meeting through the usual flow, and a hidden one not at all", async () => {
    const owner = await signUp("Meet Owner");
    const e = await publish(owner, "Meet Summit");
    const me = await joinSignedIn(e.slug, "Mo Meets");
    const funder = await joinSignedIn(e.slug, "Flo Funds");
    const hidden = await joinSignedIn(e.slug, "Hed Hidden");
    await env.DB.prepare("update org_attendee set listed = 0 where id = ?").bind(hidden.id).run();
    await state(e.slug, me, { needOwn: "funding" });
    await state(e.slug, funder, { offerOwn: "funding" });
    await state(e.slug, hidden, { offerOwn: "funding" });
    const { page } = await suggested(e.slug, me);
    expect(page).toContain(`id="suggest-${funder.id}-startsAt"`);
    const startsAt = page.match(new RegExp(`id="suggest-${funder.id}-startsAt"[^>]*value="([^"]+)"`))?.[1] ?? "";
    const asked = await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "meet", id: String(funder.id), startsAt, minutes: "30", place: "Stand 4", note: "" }),
      headers: { cookie: me.cookie },
    });
    expect(asked.status).toBe(302);
    const meeting = await env.DB.prepare("select state, place from org_meeting where from_id = ? and to_id = ?")
      .bind(me.id, funder.id)
      .first();
    expect(meeting).toEqual({ state: "pending", place: "Stand 4" });
    const refused = await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "meet", id: String(hidden.id), startsAt, minutes: "30", place: "Stand 4", note: "" }),
      headers: { cookie: me.cookie },
    });
    expect(refused.status).toBe(404);
  });

  it("goes with the pass: in the attendee's data download, and gone when they leave", async () => {
    const owner = await signUp("Gone Owner");
    const e = await publish(owner, "Gone Summit");
    await setList(owner, e.id, "Funding");
    const me = await joinSignedIn(e.slug, "Gil Gone");
    await state(e.slug, me, { need: ["Funding"], offerOwn: "<b>advice</b>" });
    const download = (await (await call("/api/account/export", { headers: { cookie: me.cookie } })).json()) as Record<
      string,
      { label: string }[]
    >;
    expect(download.eventIntents?.map((r) => r.label).sort()).toEqual(["<b>advice</b>", "Funding"]);
    const organiser = (await (
      await call("/api/account/export", { headers: { cookie: owner.cookie } })
    ).json()) as Record<string, { label: string }[]>;
    expect(organiser.eventIntentOptions?.map((r) => r.label)).toEqual(["Funding"]);
    // The word is shown as text, never as markup.
    const page = await (await call(`/e/${e.slug}/directory`, { headers: { cookie: me.cookie } })).text();
    expect(page).not.toContain("<b>advice</b>");
    const left = await call(`/e/${e.slug}/directory`, {
      ...form({ intent: "leave", confirmed: "yes" }),
      headers: { cookie: me.cookie },
    });
    expect(left.status).toBe(302);
    expect(
      await env.DB.prepare("select count(*) as n from org_intent where attendee_id = ?").bind(me.id).first("n"),
    ).toBe(0);
  });
});

/** Saves intents through the pass's own form, as a browser without script or account sends it. */
const statePass = (token: string, s: { need?: string[]; offer?: string[]; needOwn?: string; offerOwn?: string }) =>
  call(`/pass/${token}`, {
    method: "POST",
    body: new URLSearchParams([
      ["intent", "intents"],
      ...(s.need ?? []).map((v): [string, string] => ["need", v]),
      ...(s.offer ?? []).map((v): [string, string] => ["offer", v]),
      ["needOwn", s.needOwn ?? ""],
      ["offerOwn", s.offerOwn ?? ""],
    ]),
  });

const intentRows = (id: number) =>
  env.DB.prepare("select side, label from org_intent where attendee_id = ? order by side, label")
    .bind(id)
    .all<{ side: string; label: string }>()
    .then((r) => r.results);

describe("intents on a pass, without an account", () => {
  it("are saved from the pass page, suggest people there, and make the visitor a suggestion for others", async () => {
    const owner = await signUp("Pass Intent Owner");
    const e = await publish(owner, "Pass Intent Summit");
    await setList(owner, e.id, "Funding\nMentoring");
    const seeker = await joinSignedIn(e.slug, "Sue Seeker");
    await state(e.slug, seeker, { need: ["Funding"], offerOwn: "design reviews" });
    const visitor = await joinByForm(e.slug, {
      name: "Pat Passholder",
      email: `pat-${crypto.randomUUID()}@example.org`,
      listed: "on",
      visibility: "everyone",
    });
    // The pass offers the organiser's list as boxes and a field for their own words.
    const before = await (await call(`/pass/${visitor.token}`)).text();
    expect(before).toMatch(/<input type="checkbox" name="offer" value="Funding"/);
    expect(before).toContain('id="intent-need-own"');

    const saved = await statePass(visitor.token, { offer: ["Funding"], needOwn: "Design reviews" });
    expect(saved.status).toBe(200);
    const page = await saved.text();
    expect(page).toContain("What you look for and offer is saved.");
    expect(await intentRows(visitor.id)).toEqual([
      { side: "need", label: "Design reviews" },
      { side: "offer", label: "Funding" },
    ]);
    // Shown back as stored: the list's item ticked, their own words in the field.
    expect(page).toMatch(/name="offer" checked="" value="Funding"/);
    expect(page).toContain('value="Design reviews"');
    // The visitor sees who fits them, with the reason in words...
    expect(page).toContain('data-suggestion="Sue Seeker"');
    expect(page).toContain("You look for design reviews; they offer it");
    // ...and the signed-in seeker is suggested the visitor, like anyone else.
    expect((await suggested(e.slug, seeker)).names).toEqual(["Pat Passholder"]);
  });

  it("refuses a side over its limits beside its field, keeping what was typed and storing nothing", async () => {
    const owner = await signUp("Pass Limit Owner");
    const e = await publish(owner, "Pass Limit Summit");
    await setList(owner, e.id, "Funding");
    const visitor = await joinByForm(e.slug, { name: "Lee Limits", email: `lee-${crypto.randomUUID()}@example.org` });
    await statePass(visitor.token, { needOwn: "grants" });
    const many = Array.from({ length: 11 }, (_, i) => `word${i}`).join(", ");
    const refused = await statePass(visitor.token, { offer: ["Funding"], needOwn: many });
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain("Choose at most 10, each at most 40 characters");
    expect(body).toContain('id="intent-need-error"');
    expect(body).not.toContain('id="intent-offer-error"');
    expect(body).toContain("word10");
    // The ticked box comes back ticked, as sent.
    expect(body).toMatch(/name="offer" checked="" value="Funding"/);
    expect((await statePass(visitor.token, { offerOwn: "z".repeat(41) })).status).toBe(400);
    expect(await intentRows(visitor.id)).toEqual([{ side: "need", label: "grants" }]);
    // An unlisted visitor is told why nobody is suggested them.
    expect(body).toContain("Nobody else is told you fit them while you are not listed");
  });

  it("is refused to a forged or gone pass (404) and to anyone not admitted (409), storing nothing", async () => {
    const owner = await signUp("Pass Refusal Owner");
    const e = await publish(owner, "Pass Refusal Summit");
    const forged = await statePass("f".repeat(32), { needOwn: "funding" });
    expect(forged.status).toBe(404);
    // A pass answers for its own attendee only: another's words stay as they were.
    const ann = await joinByForm(e.slug, { name: "Ann Admitted", email: `ann-${crypto.randomUUID()}@example.org` });
    const bob = await joinByForm(e.slug, { name: "Bob Admitted", email: `bob-${crypto.randomUUID()}@example.org` });
    await statePass(bob.token, { offerOwn: "mentoring" });
    expect((await statePass(ann.token, { needOwn: "funding" })).status).toBe(200);
    expect(await intentRows(bob.id)).toEqual([{ side: "offer", label: "mentoring" }]);
    expect(await intentRows(ann.id)).toEqual([{ side: "need", label: "funding" }]);
    // Someone who left has no pass any more.
    const gone = await call(`/pass/${ann.token}`, { ...form({ intent: "leave", confirmed: "yes" }) });
    expect(gone.status).toBe(200);
    expect((await statePass(ann.token, { needOwn: "funding" })).status).toBe(404);
    // Only admitted attendees meet (decision 0267): pending, waiting and declined are refused.
    for (const place of ["pending", "waitlist", "declined"]) {
      const who = await joinByForm(e.slug, { name: `Wes ${place}`, email: `wes-${crypto.randomUUID()}@example.org` });
      await env.DB.prepare("update org_attendee set state = ? where id = ?").bind(place, who.id).run();
      const refused = await statePass(who.token, { needOwn: "funding" });
      expect(refused.status).toBe(409);
      expect(await refused.text()).not.toContain('id="intent-need-own"');
      expect(await intentRows(who.id)).toEqual([]);
    }
  });
});
