import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp, testAddress } from "./helpers";
import { joinSignedIn, mailsTo, type Owner, publishNow } from "./organiser-helpers";

const mail = () => `adm-${crypto.randomUUID().slice(0, 8)}@example.org`;

const as = (o: Owner, path: string, values?: Record<string, string>) =>
  call(path, values ? { ...form(values), headers: { cookie: o.cookie } } : { headers: { cookie: o.cookie } });

const join = (slug: string, name: string, email = mail()) =>
  call(`/e/${slug}`, { ...form({ name, email }), headers: { "cf-connecting-ip": testAddress() } }).then(
    async (res) => ({ res, email, row: await attendee(slug, email) }),
  );

const attendee = (slug: string, email: string) =>
  env.DB.prepare(
    "select a.id, a.state, a.pass_token as token from org_attendee a join org_event e on e.id = a.event_id where e.slug = ? and a.email = ?",
  )
    .bind(slug, email)
    .first<{ id: number; state: string; token: string }>();

const stateOf = (id: number) =>
  env.DB.prepare("select state from org_attendee where id = ?").bind(id).first<string>("state");

const leave = (token: string) =>
  call(`/pass/${token}`, { ...form({ intent: "leave", confirmed: "yes" }), headers: { origin: "http://localhost" } });

async function eventWith(owner: Owner, rules: { approval?: boolean; waitlist?: boolean; capacity?: number }) {
  const e = await publishNow(owner, "Admission Summit");
  const saved = await as(owner, `/organiser/${e.id}/questions`, {
    intent: "admission",
    ...(rules.approval ? { approval: "on" } : {}),
    ...(rules.waitlist ? { waitlist: "on" } : {}),
  });
  expect(saved.status).toBe(302);
  if (rules.capacity)
    await env.DB.prepare("update org_event set capacity = ? where id = ?").bind(rules.capacity, e.id).run();
  return e;
}

describe("approval", () => {
  it("a joiner waits with no pass until approved; the organiser approves or declines, and each is mailed", async () => {
    const owner = await signUp("Approving Owner");
    const e = await eventWith(owner, { approval: true });
    const ada = await join(e.slug, "Ada Pending");
    expect(ada.res.status).toBe(303);
    expect(ada.res.headers.get("location")).toBe(`/e/${e.slug}/joined?place=pending`);
    expect(ada.row?.state).toBe("pending");
    expect(await mailsTo(ada.email, "event-pass")).toHaveLength(0);
    expect(await mailsTo(ada.email, "event-pending")).toHaveLength(1);
    // The pass page shows no QR while pending, and its forms do nothing but leave.
    const pass = await (await call(`/pass/${ada.row?.token}`)).text();
    expect(pass).toContain('data-attendee-state="pending"');
    expect(pass).not.toContain("<svg");
    const list = await (await as(owner, `/organiser/${e.id}/attendees`)).text();
    expect(list).toContain("Waiting for approval");
    expect(list).toContain("0 of 0 checked in");
    // No place, no check-in offered (the door would refuse it).
    expect(list).not.toContain("Check in Ada Pending");
    expect(list).toContain("No place yet");
    const other = await signUp("Other Approver");
    expect(
      (await as(other, `/organiser/${e.id}/attendees`, { intent: "approve", attendee: String(ada.row?.id) })).status,
    ).toBe(404);
    expect(await stateOf(Number(ada.row?.id))).toBe("pending");
    const approved = await as(owner, `/organiser/${e.id}/attendees`, {
      intent: "approve",
      attendee: String(ada.row?.id),
    });
    expect(approved.status).toBe(200);
    expect(await stateOf(Number(ada.row?.id))).toBe("going");
    expect(await mailsTo(ada.email, "event-pass")).toHaveLength(1);
    // A second approval changes nothing and says so.
    expect(
      (await as(owner, `/organiser/${e.id}/attendees`, { intent: "approve", attendee: String(ada.row?.id) })).status,
    ).toBe(404);
    expect(await mailsTo(ada.email, "event-pass")).toHaveLength(1);
    const bo = await join(e.slug, "Bo Declined");
    const declined = await as(owner, `/organiser/${e.id}/attendees`, {
      intent: "decline",
      attendee: String(bo.row?.id),
    });
    expect(declined.status).toBe(200);
    expect(await stateOf(Number(bo.row?.id))).toBe("declined");
    expect(await mailsTo(bo.email, "event-declined")).toHaveLength(1);
    expect(await (await call(`/pass/${bo.row?.token}`)).text()).toContain("declined your request");
  });

  it("a signed-in joiner who must wait lands on the event's own attendee page, which the app can show, saying so", async () => {
    const owner = await signUp("Waiting Member Owner");
    const e = await eventWith(owner, { approval: true });
    const member = await joinSignedIn(e.slug, "Wren Waiting");
    // An app page: the form's script follows the redirect inside the app (a public page there showed its 404).
    expect(member.joinedAt).toBe(`/e/${e.slug}/directory`);
    const page = await (await call(String(member.joinedAt), { headers: { cookie: member.cookie } })).text();
    expect(page).toContain("is waiting for the organiser");
    expect(await mailsTo(member.email, "event-pending")).toHaveLength(1);
  });

  it("an approval after the event is full is refused, and nothing changes", async () => {
    const owner = await signUp("Full Approver");
    const e = await eventWith(owner, { approval: true, capacity: 1 });
    const first = await join(e.slug, "First In");
    const second = await join(e.slug, "Second Waiting");
    const approve = (id?: number) =>
      as(owner, `/organiser/${e.id}/attendees`, { intent: "approve", attendee: String(id) });
    expect((await approve(first.row?.id)).status).toBe(200);
    const full = await approve(second.row?.id);
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("The event is full");
    expect(await stateOf(Number(second.row?.id))).toBe("pending");
  });
});

describe("where a request stands", () => {
  it("the organiser counts those admitted apart from those waiting, and a waiting member's event page says it waits", async () => {
    const owner = await signUp("Standing Owner");
    const e = await eventWith(owner, { approval: true });
    const member = await joinSignedIn(e.slug, "Sol Standing");
    await join(e.slug, "Pip Pending");
    const counts = async () => {
      const page = await (await as(owner, `/organiser/${e.id}`)).text();
      return Object.fromEntries(
        [...page.matchAll(/data-count="([^"]+)"><dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => [
          m[2],
          m[3],
        ]),
      );
    };
    expect(await counts()).toMatchObject({ Admitted: "0", "Waiting for approval": "2" });
    expect(await counts()).not.toHaveProperty("Attendees");
    const eventPage = async (language = "en") =>
      (await call(`/e/${e.slug}`, { headers: { cookie: member.cookie, "accept-language": language } })).text();
    const waiting = await eventPage();
    expect(waiting).toContain('data-attending="pending"');
    expect(waiting).toContain("Your request to join Admission Summit is waiting for the organiser&#x27;s approval.");
    expect(waiting).not.toContain("You joined this event");
    expect(await eventPage("de")).toContain("Ihre Anfrage zur Teilnahme an Admission Summit wartet auf die Freigabe");
    const approved = await as(owner, `/organiser/${e.id}/attendees`, {
      intent: "approve",
      attendee: String(member.id),
    });
    expect(approved.status).toBe(200);
    expect(await eventPage()).toContain("You joined this event");
    expect(await counts()).toMatchObject({ Admitted: "1", "Waiting for approval": "1" });
    // Once nobody waits, the page shows no empty count for them.
    const page = await (await as(owner, `/organiser/${e.id}`)).text();
    expect(page).not.toContain("On the waitlist");
  });
});

describe("the waitlist", () => {
  it("beyond the capacity joiners wait in order; one leaving moves the first up, who is mailed the pass", async () => {
    const owner = await signUp("Waitlist Owner");
    const e = await eventWith(owner, { waitlist: true, capacity: 1 });
    const a = await join(e.slug, "Ann Going");
    const b = await join(e.slug, "Ben First");
    const c = await join(e.slug, "Cat Second");
    expect([a.row?.state, b.row?.state, c.row?.state]).toEqual(["going", "waitlist", "waitlist"]);
    expect(b.res.headers.get("location")).toBe(`/e/${e.slug}/joined?place=waitlist`);
    expect(await mailsTo(b.email, "event-waitlist")).toHaveLength(1);
    // The public page still takes joins: they go on the waitlist.
    expect(await (await call(`/e/${e.slug}`)).text()).toContain('name="email"');
    expect((await leave(String(a.row?.token))).status).toBe(200);
    expect(await stateOf(Number(b.row?.id))).toBe("going");
    expect(await stateOf(Number(c.row?.id))).toBe("waitlist");
    expect(await mailsTo(b.email, "event-pass")).toHaveLength(1);
    // A decline of a going attendee frees a seat too.
    expect(
      (await as(owner, `/organiser/${e.id}/attendees`, { intent: "decline", attendee: String(b.row?.id) })).status,
    ).toBe(200);
    expect(await stateOf(Number(c.row?.id))).toBe("going");
    expect(await mailsTo(c.email, "event-pass")).toHaveLength(1);
  });

  it("raising the capacity moves up as many as fit, in order, each mailed their pass once", async () => {
    const owner = await signUp("Capacity Owner");
    const e = await eventWith(owner, { waitlist: true, capacity: 1 });
    const people: Awaited<ReturnType<typeof join>>[] = [];
    for (const name of ["Cap A", "Cap B", "Cap C", "Cap D"]) people.push(await join(e.slug, name));
    const [a, b, c, d] = people;
    expect(await stateOf(Number(a?.row?.id))).toBe("going");
    const { startsAt, endsAt } = (await env.DB.prepare(
      "select starts_at as startsAt, ends_at as endsAt from org_event where id = ?",
    )
      .bind(e.id)
      .first<{ startsAt: string; endsAt: string }>()) ?? { startsAt: "", endsAt: "" };
    const edit = (who: Owner, capacity: string) =>
      as(who, `/organiser/${e.id}`, {
        intent: "edit",
        title: "Admission Summit",
        timeZone: "UTC",
        type: "in-person",
        venue: "Hall 1",
        organiserName: "Door Org",
        startsAt,
        endsAt,
        capacity,
      });
    // Another account's save changes nothing and moves nobody.
    expect((await edit(await signUp("Capacity Stranger"), "3")).status).toBe(404);
    expect(await stateOf(Number(b?.row?.id))).toBe("waitlist");
    expect((await edit(owner, "3")).status).toBe(302);
    const states = async () => Promise.all(people.map((p) => stateOf(Number(p?.row?.id))));
    expect(await states()).toEqual(["going", "going", "going", "waitlist"]);
    // Saved again, the same capacity moves nobody twice.
    expect((await edit(owner, "3")).status).toBe(302);
    expect(await states()).toEqual(["going", "going", "going", "waitlist"]);
    for (const p of [b, c]) expect(await mailsTo(String(p?.email), "event-pass")).toHaveLength(1);
    expect(await mailsTo(String(d?.email), "event-pass")).toHaveLength(0);
    // No capacity at all: everyone waiting is in.
    expect((await edit(owner, "")).status).toBe(302);
    expect(await states()).toEqual(["going", "going", "going", "going"]);
    expect(await mailsTo(String(d?.email), "event-pass")).toHaveLength(1);
  });

  it("lowering the capacity below those admitted removes nobody, says so, and sends new joins to the waitlist", async () => {
    const owner = await signUp("Lowering Owner");
    const e = await eventWith(owner, { waitlist: true, capacity: 3 });
    const people: Awaited<ReturnType<typeof join>>[] = [];
    for (const name of ["Low A", "Low B", "Low C"]) people.push(await join(e.slug, name));
    const event = await env.DB.prepare("select starts_at as startsAt, ends_at as endsAt from org_event where id = ?")
      .bind(e.id)
      .first<{ startsAt: string; endsAt: string }>();
    const fields = { title: "Admission Summit", timeZone: "UTC", type: "in-person", venue: "Hall 1" };
    const lowered = await as(owner, `/organiser/${e.id}`, {
      intent: "edit",
      ...fields,
      organiserName: "Door Org",
      startsAt: String(event?.startsAt),
      endsAt: String(event?.endsAt),
      capacity: "1",
    });
    expect(lowered.status).toBe(302);
    const states = () => Promise.all(people.map((p) => stateOf(Number(p.row?.id))));
    expect(await states()).toEqual(["going", "going", "going"]);
    const page = await (await as(owner, `/organiser/${e.id}`)).text();
    expect(page).toContain(
      "3 admitted, over the capacity of 1 by 2: nobody is removed, and new joins go to the waitlist.",
    );
    const late = await join(e.slug, "Low Late");
    expect(late.res.headers.get("location")).toBe(`/e/${e.slug}/joined?place=waitlist`);
    expect(late.row?.state).toBe("waitlist");
    // One leaving still leaves more than fit: nobody moves up until the admitted are within the capacity.
    expect((await leave(String(people[0]?.row?.token))).status).toBe(200);
    expect(await stateOf(Number(late.row?.id))).toBe("waitlist");
    expect(await (await as(owner, `/organiser/${e.id}`)).text()).toContain("2 admitted, over the capacity of 1 by 1");
    // Without a waitlist the page says new joins are refused, and they are.
    await as(owner, `/organiser/${e.id}/questions`, { intent: "admission" });
    expect(await (await as(owner, `/organiser/${e.id}`)).text()).toContain(
      "nobody is removed, and the event takes no new joins until places free up.",
    );
    expect((await join(e.slug, "Low Refused")).res.status).toBe(409);
    await as(owner, `/organiser/${e.id}/questions`, { intent: "admission", approval: "on" });
    expect(await (await as(owner, `/organiser/${e.id}`)).text()).toContain(
      "nobody is removed, and new joins wait for your approval, which needs a free place.",
    );
    // Within the capacity again, the page says nothing of it.
    expect((await leave(String(people[1]?.row?.token))).status).toBe(200);
    expect(await (await as(owner, `/organiser/${e.id}`)).text()).not.toContain("data-over-capacity");
  });

  it("leaving from the signed-in directory moves the first up, who is mailed the pass", async () => {
    const owner = await signUp("Directory Leave Owner");
    const e = await eventWith(owner, { waitlist: true, capacity: 1 });
    const ann = await joinSignedIn(e.slug, "Ann Leaving");
    const ben = await join(e.slug, "Ben Waiting");
    expect(ben.row?.state).toBe("waitlist");
    const left = await as(ann, `/e/${e.slug}/directory`, { intent: "leave", confirmed: "yes" });
    expect(left.status).toBe(302);
    expect(await stateOf(Number(ben.row?.id))).toBe("going");
    expect(await mailsTo(ben.email, "event-pass")).toHaveLength(1);
  });

  it("two leaving at once move two up, each once, never past the capacity", async () => {
    const owner = await signUp("Race Owner");
    const e = await eventWith(owner, { waitlist: true, capacity: 2 });
    const people = [];
    for (const name of ["R1", "R2", "R3", "R4", "R5"]) people.push(await join(e.slug, name));
    const [r1, r2, r3, r4, r5] = people;
    await Promise.all([leave(String(r1?.row?.token)), leave(String(r2?.row?.token))]);
    expect([
      await stateOf(Number(r3?.row?.id)),
      await stateOf(Number(r4?.row?.id)),
      await stateOf(Number(r5?.row?.id)),
    ]).toEqual(["going", "going", "waitlist"]);
    const going = await env.DB.prepare("select count(*) as n from org_attendee where event_id = ? and state = 'going'")
      .bind(e.id)
      .first<number>("n");
    expect(going).toBe(2);
    expect(await mailsTo(String(r3?.email), "event-pass")).toHaveLength(1);
    expect(await mailsTo(String(r4?.email), "event-pass")).toHaveLength(1);
  });
});

describe("only admitted attendees meet", () => {
  /** Two going attendees and one pending, all signed in, with words and intents that would match each other. */
  async function threeOf(title: string) {
    const owner = await signUp(`${title} Owner`);
    const e = await eventWith(owner, { approval: true });
    const ada = await joinSignedIn(e.slug, `${title} Ada`);
    const bo = await joinSignedIn(e.slug, `${title} Bo`);
    const cy = await joinSignedIn(e.slug, `${title} Cyra`);
    for (const who of [ada, bo])
      expect(
        (await as(owner, `/organiser/${e.id}/attendees`, { intent: "approve", attendee: String(who.id) })).status,
      ).toBe(200);
    await env.DB.prepare("update org_attendee set interests = 'funding', goals = 'funding' where event_id = ?")
      .bind(e.id)
      .run();
    const intent = env.DB.prepare(
      "insert into org_intent (event_id, attendee_id, side, tag, label) values (?, ?, ?, 'funding', 'Funding')",
    );
    await env.DB.batch(
      [ada, bo, cy].flatMap((who) => [intent.bind(e.id, who.id, "need"), intent.bind(e.id, who.id, "offer")]),
    );
    return { e, ada, bo, cy };
  }
  const page = (slug: string, who: { cookie: string }) =>
    call(`/e/${slug}/directory`, { headers: { cookie: who.cookie } }).then((r) => r.text());
  const exchanges = (eventId: number) =>
    env.DB.prepare("select count(*) as n from org_exchange where event_id = ?").bind(eventId).first<number>("n");

  it("a pending attendee is not listed, suggested, asked or met by those admitted", async () => {
    const { e, ada, bo, cy } = await threeOf("Listed");
    const seen = await page(e.slug, ada);
    expect(seen).toContain('data-attendee="Listed Bo"');
    expect(seen).toContain('data-suggestion="Listed Bo"');
    // Neither the list, the plan's matches nor the suggestions by intent name her.
    expect(seen).not.toContain("Listed Cyra");
    expect((await as(ada, `/e/${e.slug}/directory`, { intent: "connect", id: String(cy.id) })).status).toBe(404);
    expect((await call(`/e/${e.slug}/meet/${cy.id}`, { headers: { cookie: ada.cookie } })).status).toBe(404);
    expect(
      (
        await as(ada, `/e/${e.slug}/directory`, {
          intent: "meet",
          id: String(cy.id),
          startsAt: new Date(Date.now() + 3_600_000).toISOString().slice(0, 16),
          minutes: "30",
          place: "Lobby",
          note: "",
        })
      ).status,
    ).toBe(404);
    expect(await exchanges(e.id)).toBe(0);
    expect(bo.id).toBeGreaterThan(0);
  });

  it("a pending or waitlisted attendee sees their place, nobody else, and cannot ask anyone", async () => {
    const { e, ada, cy } = await threeOf("Waiting");
    const seen = await page(e.slug, cy);
    expect(seen).toContain("waiting for the organiser");
    expect(seen).not.toContain("data-attendee=");
    expect(seen).not.toContain("data-suggestion=");
    expect(seen).not.toContain("Waiting Ada");
    expect((await as(cy, `/e/${e.slug}/directory`, { intent: "connect", id: String(ada.id) })).status).toBe(409);
    expect((await call(`/e/${e.slug}/meet/${ada.id}`, { headers: { cookie: cy.cookie } })).status).toBe(404);
    expect(await exchanges(e.id)).toBe(0);
    // On the waitlist, the same: the page says so.
    await env.DB.prepare("update org_attendee set state = 'waitlist' where id = ?").bind(cy.id).run();
    const waiting = await page(e.slug, cy);
    expect(waiting).toContain("waitlist");
    expect(waiting).not.toContain("Waiting Ada");
  });
});
