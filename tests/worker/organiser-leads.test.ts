import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp } from "./helpers";
import { joinByForm, joinSignedIn, type Owner, publishNow } from "./organiser-helpers";

const mail = () => `leads-${crypto.randomUUID().slice(0, 8)}@example.org`;

const as = (o: Owner, path: string, values?: Record<string, string>, headers: Record<string, string> = {}) =>
  call(
    path,
    values ? { ...form(values), headers: { cookie: o.cookie, ...headers } } : { headers: { cookie: o.cookie } },
  );

/** An event with a stand (one-way leads) and one attendee to scan. */
async function standAndGuest(guestName = "Gus Guest") {
  const owner = await signUp("Leads Owner");
  const e = await publishNow(owner, "Leads Expo");
  const stand = await joinSignedIn(e.slug, "Sia Stand");
  const granted = await as(owner, `/organiser/${e.id}`, { intent: "exhibitor", email: stand.email, rights: "one-way" });
  expect(granted.status).toBe(302);
  const guest = await joinByForm(e.slug, { name: guestName, email: mail(), company: "Guest Co" });
  const scanPath = new URL(guest.qr).pathname + new URL(guest.qr).search;
  return { owner, e, stand, guest, scanPath };
}

const questionsPath = (slug: string) => `/e/${slug}/lead-questions`;

/** The stand's questions as stored, in order. */
const questionIds = async (standId: number) =>
  (
    await env.DB.prepare(
      "select q.id, q.kind from org_lead_question q join org_attendee a on a.booth_id = q.booth_id where a.id = ? order by q.position, q.id",
    )
      .bind(standId)
      .all<{ id: number; kind: string }>()
  ).results;

/** The rating, interest, timeframe and free-text questions every test here sets. */
async function setQuestions(stand: Owner & { id: number }, slug: string) {
  const add = (values: Record<string, string>) => as(stand, questionsPath(slug), values);
  expect((await add({ kind: "rating", label: "Fit" })).status).toBe(302);
  expect((await add({ kind: "choice", label: "Interest", options: "Product A\nProduct B\n=Evil" })).status).toBe(302);
  expect((await add({ kind: "choice", label: "Timeframe", options: "Now\nThis quarter\nNext year" })).status).toBe(302);
  expect((await add({ kind: "text", label: "Anything else" })).status).toBe(302);
  const [fit, interest, timeframe, free] = await questionIds(stand.id);
  if (!fit || !interest || !timeframe || !free) throw new Error("questions not stored");
  return { fit: `q${fit.id}`, interest: `q${interest.id}`, timeframe: `q${timeframe.id}`, free: `q${free.id}` };
}

const answers = (leadOf: { eventId: number; toId: number }) =>
  env.DB.prepare(
    `select q.label, a.value from org_lead_answer a join org_lead_question q on q.id = a.question_id
     join org_lead l on l.id = a.lead_id where l.event_id = ? and l.attendee_id = ? order by q.position`,
  )
    .bind(leadOf.eventId, leadOf.toId)
    .all<{ label: string; value: string }>()
    .then((r) => r.results);

describe("a stand's qualifying questions", () => {
  it("are set by the stand alone, within their limits, with each refusal beside its field and the values kept", async () => {
    const { e, stand, owner } = await standAndGuest();
    const page = await as(stand, questionsPath(e.slug));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("No questions yet");
    const one = await as(stand, questionsPath(e.slug), { kind: "choice", label: "Budget <b>", options: "Only one" });
    expect(one.status).toBe(400);
    const oneText = await one.text();
    expect(oneText).toContain("Give at least two options, one per line");
    expect(oneText).toContain("Budget &lt;b&gt;");
    const long = await as(stand, questionsPath(e.slug), { kind: "text", label: "x".repeat(121) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Keep the question to 120 characters");
    const odd = await as(stand, questionsPath(e.slug), { kind: "essay", label: "Why" });
    expect(odd.status).toBe(400);
    const tooLong = await as(stand, questionsPath(e.slug), {
      kind: "choice",
      label: "Q",
      options: `a\n${"b".repeat(61)}`,
    });
    expect(await tooLong.text()).toContain("Keep each option to 60 characters");
    expect(await questionIds(stand.id)).toEqual([]);
    // Ten at most, even when sent at once: the count and the insert are one statement.
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, i) => as(stand, questionsPath(e.slug), { kind: "text", label: `Q${i}` })),
    );
    expect(added.filter((r) => r.status === 302)).toHaveLength(10);
    expect(added.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await questionIds(stand.id)).toHaveLength(10);
    // Nobody else reads or removes them: the organiser, a plain attendee, another stand.
    const other = await joinSignedIn(e.slug, "Oli Other");
    const [first] = await questionIds(stand.id);
    for (const who of [owner, other]) {
      expect((await as(who, questionsPath(e.slug))).status).toBe(404);
      expect((await as(who, questionsPath(e.slug), { intent: "delete", id: String(first?.id) })).status).toBe(404);
    }
    await as(owner, `/organiser/${e.id}`, { intent: "exhibitor", email: other.email, rights: "one-way" });
    expect((await as(other, questionsPath(e.slug), { intent: "delete", id: String(first?.id) })).status).toBe(404);
    expect(await questionIds(stand.id)).toHaveLength(10);
    expect((await as(stand, questionsPath(e.slug), { intent: "delete", id: String(first?.id) })).status).toBe(302);
    expect(await questionIds(stand.id)).toHaveLength(9);
  });

  it("are answered with a scan, one answer per lead and question, updated by a second scan, and exported as columns", async () => {
    const { e, stand, guest, scanPath } = await standAndGuest("=Gus Guest");
    const q = await setQuestions(stand, e.slug);
    const first = await as(stand, scanPath, {
      rating: "3",
      notes: "Met at the stand",
      [q.fit]: "4",
      [q.interest]: "=Evil",
      [q.timeframe]: "Now",
      [q.free]: "@SUM(1)",
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ kind: "lead", created: true });
    const lead = { eventId: e.id, toId: guest.id };
    expect(await answers(lead)).toEqual([
      { label: "Fit", value: "4" },
      { label: "Interest", value: "=Evil" },
      { label: "Timeframe", value: "Now" },
      { label: "Anything else", value: "@SUM(1)" },
    ]);
    // The same attendee again: one lead, the answers replaced, an empty answer keeping the stored one.
    const again = await as(stand, scanPath, { notes: "Called back", [q.timeframe]: "Next year", [q.free]: "" });
    expect(again.status).toBe(200);
    expect(await answers(lead)).toEqual([
      { label: "Fit", value: "4" },
      { label: "Interest", value: "=Evil" },
      { label: "Timeframe", value: "Next year" },
      { label: "Anything else", value: "@SUM(1)" },
    ]);
    const leads = await env.DB.prepare("select count(*) as n from org_lead where event_id = ?")
      .bind(e.id)
      .first<number>("n");
    expect(leads).toBe(1);
    const csv = await (await as(stand, `/e/${e.slug}/leads/csv`)).text();
    const [header] = csv.split(/\r?\n/);
    expect(header).toContain("Notes");
    expect(header).toMatch(/"Fit","Interest","Timeframe","Anything else"$/);
    expect(csv).toContain("'=Gus Guest");
    // Both notes in one cell, then the first scan's time, then each answer formula-guarded.
    expect(csv).toMatch(
      /"Met at the stand \(noted by Sia Stand\)\r?\nCalled back \(noted by Sia Stand\)","[^"]+","4","'=Evil","Next year","'@SUM\(1\)"/,
    );
    const xlsx = await as(stand, `/e/${e.slug}/leads/xlsx`);
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });

  it("refuses an answer over its limit, off its list, or to another stand's question, storing nothing", async () => {
    const { e, owner, stand, guest, scanPath } = await standAndGuest();
    const q = await setQuestions(stand, e.slug);
    const rival = await joinSignedIn(e.slug, "Rae Rival");
    await as(owner, `/organiser/${e.id}`, { intent: "exhibitor", email: rival.email, rights: "one-way" });
    await as(rival, questionsPath(e.slug), { kind: "text", label: "Rival question" });
    const [theirs] = await questionIds(rival.id);
    const refused: [Record<string, string>, string][] = [
      [{ [q.fit]: "7" }, "Rate from 1 to 5"],
      [{ [q.interest]: "Product C" }, "Choose one of the options"],
      [{ [q.free]: "x".repeat(501) }, "Keep the answer to 500 characters"],
      [{ [`q${theirs?.id}`]: "Sneaky" }, "That question is not one of your stand's"],
      [{ rating: "9" }, "Rate from 1 to 5"],
    ];
    for (const [values, message] of refused) {
      const res = await as(stand, scanPath, values);
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    }
    // Without script: the form comes back with the message beside its field and what was typed kept.
    const page = await as(
      stand,
      scanPath,
      { [q.interest]: "Product C", [q.free]: "Keep <this>" },
      { accept: "text/html" },
    );
    expect(page.status).toBe(400);
    const text = await page.text();
    expect(text).toContain(`id="${q.interest}-err"`);
    expect(text).toContain("Choose one of the options");
    expect(text).toContain("Keep &lt;this&gt;");
    const stored = await env.DB.prepare("select count(*) as n from org_lead where event_id = ? and attendee_id = ?")
      .bind(e.id, guest.id)
      .first<number>("n");
    expect(stored).toBe(0);
    expect(await answers({ eventId: e.id, toId: guest.id })).toEqual([]);
  });

  it("are asked without script: the pass's QR opens the stand's form, which saves and shows the stored lead", async () => {
    const { e, stand, guest, scanPath } = await standAndGuest();
    const q = await setQuestions(stand, e.slug);
    const opened = await as(stand, scanPath);
    expect(opened.status).toBe(200);
    const form = await opened.text();
    expect(form).toContain("Gus Guest");
    expect(form).toContain("Save lead");
    expect(form).toContain("This quarter");
    expect(form).toContain(`name="${q.free}"`);
    // Anyone else opening the same QR sees the plain badge page, no form.
    expect(await (await call(scanPath)).text()).not.toContain("Save lead");
    const saved = await as(stand, scanPath, { rating: "5", [q.timeframe]: "This quarter" }, { accept: "text/html" });
    expect(saved.status).toBe(200);
    const after = await saved.text();
    expect(after).toContain("Lead saved: Gus Guest");
    expect(after).toMatch(/checked="" value="This quarter"/);
    expect(await answers({ eventId: e.id, toId: guest.id })).toEqual([{ label: "Timeframe", value: "This quarter" }]);
    const reopened = await (await as(stand, scanPath)).text();
    expect(reopened).toMatch(/name="rating" checked="" value="5"/);
    // A second scan adds a note: the stand sees what it noted before, and the field is for the new one.
    await as(stand, scanPath, { notes: "Wants a demo" }, { accept: "text/html" });
    const second = await (await as(stand, scanPath, { notes: "Call in May" }, { accept: "text/html" })).text();
    expect(second).toMatch(/data-noted="">\s*<li>Wants a demo<\/li><li>Call in May<\/li>/);
    expect(second).toMatch(/<textarea id="notes" name="notes"[^>]*><\/textarea>/);
    expect(await (await as(stand, scanPath)).text()).toContain("<li>Call in May</li>");
  });
});
