import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, form, joinTeam, proveMailbox, signUp } from "./helpers";
import { joinByForm, joinSignedIn, publishNow } from "./organiser-helpers";

vi.setConfig({ testTimeout: 180_000 });

/** A team's booth at an organiser event: its staff scan into one lead list (decision 0250). */

type Who = { cookie: string; email: string };
type Account = Who & { id: string };

const post = (who: Who, path: string, values: Record<string, string>, headers: Record<string, string> = {}) =>
  call(path, { ...form(values), headers: { cookie: who.cookie, ...headers } });
const get = (who: Who, path: string) => call(path, { headers: { cookie: who.cookie } });
const mail = () => `booth-${crypto.randomUUID().slice(0, 8)}@example.org`;
const located = (res: Response) => res.headers.get("location")?.split("/").pop() ?? "";

async function verified(who: Who): Promise<Account> {
  return { ...who, id: await proveMailbox(who.email) };
}

/**
 * An event with a team's booth: the team's owner (who never joins the event), two staff who joined it with their
 * own passes, were given exhibitor rights by the organiser and work in the team, and one visitor to scan.
 */
async function booth() {
  const organiser = await signUp("Booth Organiser");
  const e = await publishNow(organiser, "Booth Expo");
  const owner = await verified(await signUp("Olga Owner"));
  const team = located(
    await post(owner, "/teams", { intent: "create", name: `Booth ${crypto.randomUUID().slice(0, 6)}` }),
  );
  expect(team).not.toBe("");
  const staff: (Account & { pass: number })[] = [];
  for (const name of ["Sam Staff", "Tia Staff"]) {
    const joined = await joinSignedIn(e.slug, name);
    const who = { ...(await verified(joined)), pass: joined.id };
    await joinTeam(team, owner, who);
    const granted = await post(organiser, `/organiser/${e.id}`, {
      intent: "exhibitor",
      email: who.email,
      rights: "one-way",
    });
    expect(granted.status).toBe(302);
    staff.push(who);
  }
  expect((await post(owner, "/teams", { intent: "switch", workspace: team })).status).toBe(302);
  const [sam, tia] = staff as [Account & { pass: number }, Account & { pass: number }];
  const visitor = async (name: string) => {
    const v = await joinByForm(e.slug, { name, email: mail(), company: "Visitor Co" });
    return { ...v, path: new URL(v.qr).pathname + new URL(v.qr).search };
  };
  return { organiser, e, owner, team, sam, tia, visitor };
}

const leadsOf = (eventId: number, attendeeId: number) =>
  env.DB.prepare("select id, booth_id from org_lead where event_id = ? and attendee_id = ?")
    .bind(eventId, attendeeId)
    .all<{ id: number; booth_id: number }>()
    .then((r) => r.results);

const notesOf = (leadId: number) =>
  env.DB.prepare("select author_id, author_name, notes from org_lead_note where lead_id = ? order by author_name")
    .bind(leadId)
    .all()
    .then((r) => r.results);

describe("a team's booth", () => {
  it("two staff scanning one pass at once make one lead with both notes, which every admin exports", async () => {
    const { e, owner, team, sam, tia, visitor } = await booth();
    const guest = await visitor("=Gina Guest");
    const scans = await Promise.all([
      post(sam, guest.path, { rating: "4", notes: "Wants a demo" }),
      post(tia, guest.path, { rating: "5", notes: "Budget in Q3" }),
    ]);
    expect(scans.map((r) => r.status)).toEqual([200, 200]);
    const [lead, ...more] = await leadsOf(e.id, guest.id);
    expect(more).toEqual([]);
    if (!lead) throw new Error("no lead");
    expect(await env.DB.prepare("select workspace_id from org_booth where id = ?").bind(lead.booth_id).first()).toEqual(
      { workspace_id: team },
    );
    expect(await notesOf(lead.id)).toEqual([
      { author_id: sam.id, author_name: "Sam Staff", notes: "Wants a demo" },
      { author_id: tia.id, author_name: "Tia Staff", notes: "Budget in Q3" },
    ]);
    // The lead is the team's person, once, met by whoever's scan stored them first.
    const people = await env.DB.prepare("select met_by from connection where user_id = ? and name = ?")
      .bind(team, "=Gina Guest")
      .all<{ met_by: string }>();
    expect(people.results).toHaveLength(1);
    expect([sam.id, tia.id]).toContain(people.results[0]?.met_by);

    // The team's owner never joined the event and reads the whole list, each note with who wrote it.
    const csv = await get(owner, `/e/${e.slug}/leads/csv`);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("'=Gina Guest");
    expect(text).toContain("Wants a demo (noted by Sam Staff)");
    expect(text).toContain("Budget in Q3 (noted by Tia Staff)");
    const xlsx = await get(owner, `/e/${e.slug}/leads/xlsx`);
    expect(xlsx.status).toBe(200);
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));

    // The team's page lists its booth with the downloads for its owners and admins, and not for a member.
    const teamPage = await (await get(owner, `/teams/${team}`)).text();
    expect(teamPage).toContain("Booths at events");
    expect(teamPage).toContain(`/e/${e.slug}/leads/xlsx`);
    expect(teamPage).toContain("1 lead");
    expect(await (await get(sam, `/teams/${team}`)).text()).not.toContain("Booths at events");

    // The owner sets the booth's questions; a staff member who is no admin cannot, but answers them when scanning.
    expect(
      (
        await post(owner, `/e/${e.slug}/lead-questions`, {
          kind: "choice",
          label: "Interest",
          options: "Demo\nPricing",
        })
      ).status,
    ).toBe(302);
    expect((await get(sam, `/e/${e.slug}/lead-questions`)).status).toBe(404);
    expect((await post(sam, `/e/${e.slug}/lead-questions`, { kind: "text", label: "Sneaky" })).status).toBe(404);
    const question = await env.DB.prepare("select id from org_lead_question where booth_id = ?")
      .bind(lead.booth_id)
      .first<{ id: number }>();
    const answered = await post(sam, guest.path, { [`q${question?.id}`]: "Pricing", notes: "Wants a demo" });
    expect(answered.status).toBe(200);
    const again = await (await get(owner, `/e/${e.slug}/leads/csv`)).text();
    expect(again.split(/\r?\n/)[0]).toMatch(/"Interest"$/);
    expect(again).toMatch(/"Pricing"/);
    // A replayed note is not added twice.
    expect((await notesOf(lead.id))[0]).toMatchObject({ notes: "Wants a demo" });
  });

  it("members read the leads they scanned unless the team lets them read all; another team reads and writes nothing", async () => {
    const { organiser, e, owner, team, sam, tia, visitor } = await booth();
    const mine = await visitor("Only Sam");
    const theirs = await visitor("Only Tia");
    expect((await post(sam, mine.path, { notes: "Sam's" })).status).toBe(200);
    expect((await post(tia, theirs.path, { notes: "Tia's" })).status).toBe(200);
    const names = async (who: Who) => {
      const res = await get(who, `/e/${e.slug}/leads/csv`);
      expect(res.status).toBe(200);
      const text = await res.text();
      return ["Only Sam", "Only Tia"].filter((n) => text.includes(n));
    };
    expect(await names(sam)).toEqual(["Only Sam"]);
    expect(await names(tia)).toEqual(["Only Tia"]);
    expect(await names(owner)).toEqual(["Only Sam", "Only Tia"]);
    expect((await post(owner, `/teams/${team}`, { intent: "members-see-all", on: "on" })).status).toBe(302);
    expect(await names(sam)).toEqual(["Only Sam", "Only Tia"]);

    // Another team, its owner an exhibitor at the same event with a booth of its own.
    const rival = await joinSignedIn(e.slug, "Rex Rival");
    const rivalTeam = located(await post(await verified(rival), "/teams", { intent: "create", name: "Rival Co" }));
    expect((await post(rival, "/teams", { intent: "switch", workspace: rivalTeam })).status).toBe(302);
    const outsider = await verified(await signUp("Oz Outsider"));
    await joinTeam(rivalTeam, rival, outsider);
    for (const path of [`/e/${e.slug}/leads/csv`, `/e/${e.slug}/leads/xlsx`, `/e/${e.slug}/lead-questions`])
      expect((await get(outsider, path)).status, path).toBe(404);
    expect((await post(outsider, `/e/${e.slug}/lead-questions`, { kind: "text", label: "Mine now" })).status).toBe(404);
    const teamQuestion = await env.DB.prepare(
      "select q.id from org_lead_question q join org_booth b on b.id = q.booth_id where b.workspace_id = ?",
    )
      .bind(team)
      .first<{ id: number }>();
    expect(teamQuestion).toBeNull();
    // The rival's owner, made an exhibitor, scans into the rival's booth and reads only it.
    const granted = await post(organiser, `/organiser/${e.id}`, {
      intent: "exhibitor",
      email: rival.email,
      rights: "one-way",
    });
    expect(granted.status).toBe(302);
    expect((await post(rival, mine.path, { notes: "Rival's" })).status).toBe(200);
    const rivalCsv = await (await get(rival, `/e/${e.slug}/leads/csv`)).text();
    expect(rivalCsv).toContain("Rival's (noted by Rex Rival)");
    expect(rivalCsv).not.toContain("Sam's");
    expect(rivalCsv).not.toContain("Only Tia");
    const teamCsv = await (await get(owner, `/e/${e.slug}/leads/csv`)).text();
    expect(teamCsv).not.toContain("Rival's");
  });

  it("the lead form shows a staff member the notes they wrote, and only theirs, after saving and when scanned again", async () => {
    const { sam, tia, visitor } = await booth();
    const guest = await visitor("Nora Noted");
    const saved = await post(sam, guest.path, { notes: "Wants <b>surplus</b> pickup" }, { accept: "text/html" });
    expect(saved.status).toBe(200);
    const after = await saved.text();
    expect(after).toContain("Your notes so far");
    expect(after).toContain("Wants &lt;b&gt;surplus&lt;/b&gt; pickup");
    expect((await post(tia, guest.path, { notes: "Budget in March" })).status).toBe(200);
    const again = await (await get(sam, guest.path)).text();
    expect(again).toContain("Wants &lt;b&gt;surplus&lt;/b&gt; pickup");
    expect(again).not.toContain("Budget in March");
    const tias = await (await get(tia, guest.path)).text();
    expect(tias).toContain("Budget in March");
    expect(tias).not.toContain("surplus");
  });

  it("a removed member's session scans nothing into the booth, and their leads and notes stay the team's", async () => {
    const { e, owner, team, sam, visitor } = await booth();
    const before = await visitor("Before Removal");
    expect((await post(sam, before.path, { notes: "Keep this" })).status).toBe(200);
    expect(await (await get(sam, before.path)).text()).toContain("Save lead");
    expect((await post(owner, `/teams/${team}`, { intent: "remove", user: sam.id })).status).toBe(302);
    const after = await visitor("After Removal");
    const refused = await post(sam, after.path, { notes: "Should not land" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "You are no longer on this stand's team, so your scans cannot go into its leads",
    );
    expect(await leadsOf(e.id, after.id)).toEqual([]);
    const page = await post(sam, after.path, { notes: "Nor here" }, { accept: "text/html" });
    expect(page.status).toBe(403);
    expect(await leadsOf(e.id, after.id)).toEqual([]);
    expect((await get(sam, `/e/${e.slug}/leads/csv`)).status).toBe(404);
    // Opening a pass's QR shows them the plain badge, not the team's stored lead.
    expect(await (await get(sam, before.path)).text()).not.toContain("Save lead");
    const kept = await (await get(owner, `/e/${e.slug}/leads/csv`)).text();
    expect(kept).toContain("Keep this (noted by Sam Staff)");
  });
});

describe("an organiser event of a team", () => {
  it("is edited by the team's admins, and answers 404 to another team and to a removed member", async () => {
    const owner = await verified(await signUp("Co Owner"));
    const team = located(
      await post(owner, "/teams", { intent: "create", name: `Co ${crypto.randomUUID().slice(0, 6)}` }),
    );
    expect((await post(owner, "/teams", { intent: "switch", workspace: team })).status).toBe(302);
    const e = await publishNow(owner, "Team Summit");
    expect(await env.DB.prepare("select user_id from org_event where id = ?").bind(e.id).first()).toEqual({
      user_id: team,
    });
    const admin = await verified(await signUp("Co Admin"));
    await joinTeam(team, owner, admin);
    expect((await post(owner, `/teams/${team}`, { intent: "role", user: admin.id, role: "admin" })).status).toBe(302);
    expect((await get(admin, `/organiser/${e.id}`)).status).toBe(200);
    const closed = await post(admin, `/organiser/${e.id}`, { intent: "close" });
    expect(closed.status).toBe(302);
    expect(await env.DB.prepare("select state from org_event where id = ?").bind(e.id).first()).toEqual({
      state: "closed",
    });

    const other = await verified(await signUp("Other Owner"));
    const otherTeam = located(await post(other, "/teams", { intent: "create", name: "Other Co" }));
    expect((await post(other, "/teams", { intent: "switch", workspace: otherTeam })).status).toBe(302);
    expect((await get(other, `/organiser/${e.id}`)).status).toBe(404);
    expect((await post(other, `/organiser/${e.id}`, { intent: "reopen" })).status).toBe(404);

    expect((await post(owner, `/teams/${team}`, { intent: "remove", user: admin.id })).status).toBe(302);
    expect((await get(admin, `/organiser/${e.id}`)).status).toBe(404);
    expect((await post(admin, `/organiser/${e.id}`, { intent: "reopen" })).status).toBe(404);
    expect(await env.DB.prepare("select state from org_event where id = ?").bind(e.id).first()).toEqual({
      state: "closed",
    });
  });
});

describe("joining an event while working in a team", () => {
  it("offers the cards one holds and the team's own, never a colleague's, and refuses a colleague's posted by hand", async () => {
    const owner = await verified(await signUp("Olga Owner"));
    const team = located(await post(owner, "/teams", { intent: "create", name: "Card Co" }));
    const sam = await verified(await signUp("Sam Staff"));
    await joinTeam(team, owner, sam);
    const cardOf = async (name: string, holder: string | null) => {
      const row = await env.DB.prepare(
        "insert into card (user_id, label, ref, name, holder_id) values (?, 'Staff card', ?, ?, ?) returning id",
      )
        .bind(team, crypto.randomUUID().slice(0, 24), name, holder)
        .first<{ id: number }>();
      return row?.id ?? 0;
    };
    const samCard = await cardOf("Sam Held", sam.id);
    const olgaCard = await cardOf("Olga Held", owner.id);
    const shared = await cardOf("Card Co Desk", null);
    const e = await publishNow(await signUp("Some Organiser"), "Card Expo");

    const page = await (await get(sam, `/e/${e.slug}/join`)).text();
    expect(page).toContain(`value="${samCard}"`);
    expect(page).toContain(`value="${shared}"`);
    expect(page).not.toContain("Olga Held");
    const values = { listed: "on", visibility: "everyone" };
    const refused = await post(sam, `/e/${e.slug}/join`, { ...values, card: String(olgaCard) });
    expect(refused.status).toBe(400);
    const attendee = () =>
      env.DB.prepare("select name from org_attendee where event_id = ? and email = ?")
        .bind(e.id, sam.email.toLowerCase())
        .first<{ name: string }>();
    expect(await attendee()).toBeNull();
    expect((await post(sam, `/e/${e.slug}/join`, { ...values, card: String(samCard) })).status).toBe(302);
    expect(await attendee()).toEqual({ name: "Sam Held" });

    // Capture's "Show my QR code" is never a colleague's published card either.
    const slug = `olga-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("update card set published = 1, slug = ? where id = ?").bind(slug, olgaCard).run();
    const capture = await get(sam, "/capture");
    expect(capture.status).toBe(200);
    expect(await capture.text()).not.toContain(slug);
  });
});
