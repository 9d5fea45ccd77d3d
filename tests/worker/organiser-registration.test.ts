import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp, testAddress } from "./helpers";
import { joinByForm, joinSignedIn, type Owner, publishNow } from "./organiser-helpers";

const mail = () => `reg-${crypto.randomUUID().slice(0, 8)}@example.org`;

const as = (o: Owner, path: string, values?: Record<string, string>) =>
  call(path, values ? { ...form(values), headers: { cookie: o.cookie } } : { headers: { cookie: o.cookie } });

const questionIds = async (eventId: number) =>
  (
    await env.DB.prepare("select id from org_reg_question where event_id = ? order by position")
      .bind(eventId)
      .all<{ id: number }>()
  ).results.map((r) => r.id);

const answersOf = async (attendeeId: number) =>
  (
    await env.DB.prepare(
      "select question_id as q, value from org_reg_answer where attendee_id = ? order by question_id",
    )
      .bind(attendeeId)
      .all<{ q: number; value: string }>()
  ).results;

/** An event asking a required short text, an optional choice and a required yes/no; the question ids in order. */
async function withQuestions(owner: Owner) {
  const e = await publishNow(owner, "Question Summit");
  const add = (values: Record<string, string>) => as(owner, `/organiser/${e.id}/questions`, values);
  expect((await add({ kind: "text", label: "Dietary <needs>", required: "on" })).status).toBe(302);
  expect((await add({ kind: "choice", label: "Which track?", options: "Data\nDesign\n=Ops" })).status).toBe(302);
  expect((await add({ kind: "yesno", label: "Need a parking place?", required: "on" })).status).toBe(302);
  const [text, choice, yesno] = await questionIds(e.id);
  if (!text || !choice || !yesno) throw new Error("questions not stored");
  return { ...e, text, choice, yesno };
}

/** The value of the radio of this name that the page renders checked, whatever the attributes' order. */
const checkedValue = (html: string, name: string) =>
  html
    .match(/<input [^>]*>/g)
    ?.find((tag) => tag.includes(`name="${name}"`) && tag.includes("checked"))
    ?.match(/value="([^"]*)"/)?.[1];

const joinPost = (slug: string, values: Record<string, string>) =>
  call(`/e/${slug}`, { ...form(values), headers: { "cf-connecting-ip": testAddress() } });

describe("registration questions", () => {
  it("the organiser adds and removes them; bad setups are refused beside their field, typed values kept", async () => {
    const owner = await signUp("Question Owner");
    const e = await publishNow(owner);
    const page = async (values: Record<string, string>) => as(owner, `/organiser/${e.id}/questions`, values);
    const noLabel = await page({ kind: "text", label: "  ", options: "" });
    expect(noLabel.status).toBe(400);
    expect(await noLabel.text()).toContain("Write the question");
    const oneOption = await page({ kind: "choice", label: "Kept label", options: "Only one" });
    expect(oneOption.status).toBe(400);
    const body = await oneOption.text();
    expect(body).toContain("Give at least two options, one per line");
    expect(body).toContain("Kept label");
    expect((await page({ kind: "essay", label: "What?" })).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await page({ kind: "text", label: `Q${i}` })).status).toBe(302);
    const full = await page({ kind: "text", label: "Eleventh" });
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("An event asks at most 10 questions");
    const [first] = await questionIds(e.id);
    expect((await page({ intent: "delete", id: String(first) })).status).toBe(302);
    expect(await questionIds(e.id)).toHaveLength(9);
    expect((await page({ intent: "delete", id: String(first) })).status).toBe(404);
  });

  it("are the organiser's alone: another account sees and changes nothing", async () => {
    const owner = await signUp("Own Questions");
    const other = await signUp("Other Questions");
    const e = await withQuestions(owner);
    expect((await as(other, `/organiser/${e.id}/questions`)).status).toBe(404);
    expect((await as(other, `/organiser/${e.id}/questions`, { kind: "text", label: "Theirs" })).status).toBe(404);
    expect((await as(other, `/organiser/${e.id}/questions`, { intent: "delete", id: String(e.text) })).status).toBe(
      404,
    );
    expect(await questionIds(e.id)).toHaveLength(3);
  });

  it("the public form asks them (no script), refuses bad answers beside each field and keeps what was typed", async () => {
    const owner = await signUp("Form Owner");
    const e = await withQuestions(owner);
    const shown = await (await call(`/e/${e.slug}`)).text();
    // The organiser's words are escaped text, never markup.
    expect(shown).toContain("Dietary &lt;needs&gt;");
    expect(shown).not.toContain("<needs>");
    expect(shown).toContain(`name="r${e.choice}"`);
    expect(shown).toContain("Which track? (optional)");
    const email = mail();
    const refused = await joinPost(e.slug, {
      name: "Rae Typed",
      email,
      [`r${e.choice}`]: "Cooking",
      [`r${e.yesno}`]: "maybe",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(`id="j-r${e.text}-err"`);
    expect(html).toContain("Answer this question");
    expect(html).toContain("Choose one of the options");
    expect(html).toContain("Choose yes or no");
    expect(html).toContain('value="Rae Typed"');
    const long = await joinPost(e.slug, {
      name: "Rae Typed",
      email,
      [`r${e.text}`]: "x".repeat(501),
      [`r${e.yesno}`]: "no",
    });
    expect(long.status).toBe(400);
    const longHtml = await long.text();
    expect(longHtml).toContain("Must be at most 500 characters");
    // The yes/no typed is kept checked.
    expect(checkedValue(longHtml, `r${e.yesno}`)).toBe("no");
    // The messages are in the page's language.
    const german = await joinPost(e.slug, { name: "Rae Typed", email, lang: "de" });
    expect(await german.text()).toContain("Bitte beantworten Sie diese Frage");
    expect(
      await env.DB.prepare("select count(*) as n from org_attendee where email = ?").bind(email).first<number>("n"),
    ).toBe(0);
  });

  it("stores each answer once with the attendee; a second join of the address changes nothing", async () => {
    const owner = await signUp("Store Owner");
    const e = await withQuestions(owner);
    const email = mail();
    const a = await joinByForm(e.slug, {
      name: "Sam Answers",
      email,
      [`r${e.text}`]: "  Vegetarian  ",
      [`r${e.choice}`]: "=Ops",
      [`r${e.yesno}`]: "yes",
      // A field naming no question of this event is not an answer.
      r999999: "stray",
    });
    expect(await answersOf(a.id)).toEqual([
      { q: e.text, value: "Vegetarian" },
      { q: e.choice, value: "=Ops" },
      { q: e.yesno, value: "yes" },
    ]);
    const again = await joinPost(e.slug, { name: "Sam Again", email, [`r${e.text}`]: "Vegan", [`r${e.yesno}`]: "no" });
    expect(again.status).toBe(303);
    expect((await answersOf(a.id)).find((r) => r.q === e.text)?.value).toBe("Vegetarian");
  });

  it("the signed-in join asks them too, refusing a missing answer with the choices kept", async () => {
    const owner = await signUp("Tap Owner");
    const e = await withQuestions(owner);
    const shown = await (await call(`/e/${e.slug}`)).text();
    expect(shown).toContain("Need a parking place?");
    // Someone with a card (made by joining another event) joins this one with a tap.
    const elsewhere = await publishNow(owner, "Plain Meetup");
    const joiner = await joinSignedIn(elsewhere.slug, "Tap Joiner");
    const card = await env.DB.prepare("select card_id from org_attendee where id = ?")
      .bind(joiner.id)
      .first<number>("card_id");
    const page = await (await call(`/e/${e.slug}/join`, { headers: { cookie: joiner.cookie } })).text();
    expect(page).toContain("Dietary &lt;needs&gt;");
    const tap = (values: Record<string, string>) =>
      call(`/e/${e.slug}/join`, {
        ...form({ card: String(card), visibility: "contacts", ...values }),
        headers: { cookie: joiner.cookie, "cf-connecting-ip": testAddress() },
      });
    const refused = await tap({ [`r${e.choice}`]: "Design", [`r${e.yesno}`]: "yes" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Answer this question");
    expect(checkedValue(html, `r${e.choice}`)).toBe("Design");
    expect(
      await env.DB.prepare("select count(*) as n from org_attendee where event_id = ?").bind(e.id).first("n"),
    ).toBe(0);
    expect((await tap({ [`r${e.text}`]: "None", [`r${e.yesno}`]: "yes" })).status).toBe(302);
    const joined = await env.DB.prepare("select id from org_attendee where event_id = ?")
      .bind(e.id)
      .first<number>("id");
    expect(await answersOf(Number(joined))).toEqual([
      { q: e.text, value: "None" },
      { q: e.yesno, value: "yes" },
    ]);
  });

  it("shows as columns in the attendee list and its exports, formula-guarded", async () => {
    const owner = await signUp("Columns Owner");
    const e = await withQuestions(owner);
    await joinByForm(e.slug, {
      name: "Col Person",
      email: mail(),
      [`r${e.text}`]: "<script>x</script>",
      [`r${e.choice}`]: "=Ops",
      [`r${e.yesno}`]: "no",
    });
    const list = await (await as(owner, `/organiser/${e.id}/attendees`)).text();
    expect(list).toContain("Dietary &lt;needs&gt;");
    expect(list).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(list).not.toContain("<script>x</script>");
    const csv = await (await as(owner, `/organiser/${e.id}/attendees/list.csv`)).text();
    const [header, row] = csv.split(/\r?\n/);
    expect(header).toContain(
      '"Checked in (UTC)","Joined (UTC)","Dietary <needs>","Which track?","Need a parking place?"',
    );
    expect(row).toMatch(/"<script>x<\/script>","'=Ops","No"$/);
    const xlsx = await as(owner, `/organiser/${e.id}/attendees/list.xlsx`);
    expect(xlsx.status).toBe(200);
  });
});

describe("check-in times on the event's own clock", () => {
  it("the attendee list, its export and the door show them in the event's zone, which they name", async () => {
    const owner = await signUp("Zone Owner");
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 16);
    const made = await call("/organiser", {
      ...form({
        title: "Tokyo Summit",
        timeZone: "Asia/Tokyo",
        type: "in-person",
        venue: "Hall 9",
        organiserName: "Zone Org",
        startsAt: day(-1),
        endsAt: day(2),
      }),
      headers: { cookie: owner.cookie },
    });
    expect(made.status).toBe(302);
    const id = Number(made.headers.get("location")?.split("/").pop());
    const slug = await env.DB.prepare("select slug from org_event where id = ?").bind(id).first<string>("slug");
    const a = await joinByForm(String(slug), { name: "Kei Zoned", email: mail() });
    // 01:05 UTC on a Tuesday is 10:05 in Tokyo (no summer time there).
    await env.DB.prepare("insert into org_checkin (attendee_id, event_id, checked_at) values (?, ?, ?)")
      .bind(a.id, id, Date.UTC(2030, 0, 1, 1, 5))
      .run();
    const list = await (await as(owner, `/organiser/${id}/attendees`)).text();
    expect(list).toContain("Tue 10:05 AM Asia/Tokyo");
    expect(list).not.toContain("01:05 UTC");
    const csv = await (await as(owner, `/organiser/${id}/attendees/list.csv`)).text();
    expect(csv.split(/\r?\n/)[0]).toContain('"Checked in (Asia/Tokyo)"');
    expect(csv).toContain('"2030-01-01 10:05"');
    const door = await (await as(owner, `/organiser/${id}/door`)).text();
    expect(door).toContain("10:05 AM Asia/Tokyo");
  });
});
