import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp, testAddress } from "./helpers";

async function publishedCard(slug: string) {
  const owner = await signUp("Ann Lee");
  const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
  const id = Number(created.headers.get("location")?.split("/").pop());
  const body = new URLSearchParams({ intent: "save", name: "Ann Lee", label: "Work", email: "ann@acme.org" });
  body.set("template", "classic");
  body.set("colour", "#4f46e5");
  // The card asks for company and title, as the form's ticked boxes send them.
  for (const field of ["company", "title", "note"]) body.append("shareFields", field);
  const saved = await call(`/card/${id}`, { method: "POST", body, headers: { cookie: owner.cookie } });
  expect(saved.status).toBe(302);
  const published = await call(`/card/${id}`, {
    ...form({ intent: "publish", slug }),
    headers: { cookie: owner.cookie },
  });
  expect(published.status).toBe(302);
  return owner;
}

const share = (slug: string, values: Record<string, string>) =>
  call(`/c/${slug}/share`, {
    ...form(values),
    headers: { accept: "application/json", "cf-connecting-ip": testAddress() },
  });

const personOf = (email: string) =>
  env.DB.prepare(
    "select c.id, c.name, c.given_name, c.family_name, c.company, c.title from connection c join user u on u.id = c.user_id where u.email = ?",
  )
    .bind(email)
    .first<{
      id: number;
      name: string;
      given_name: string;
      family_name: string;
      company: string;
      title: string | null;
    }>();

describe("a second share-back with new details", () => {
  it("keeps a new company and a fuller name as suggestions the owner accepts or dismisses, never overwriting", async () => {
    const owner = await publishedCard("ann-suggest");
    expect((await share("ann-suggest", { name: "Sam Lee", email: "sam@example.org", company: "Acme" })).status).toBe(
      200,
    );
    expect(
      (
        await share("ann-suggest", {
          name: "Samantha Lee-Park",
          email: "sam@example.org",
          company: "Beacon Trust",
          title: "Director of Giving",
        })
      ).status,
    ).toBe(200);

    const person = await personOf(owner.email);
    // What the owner had stays; the empty title is filled.
    expect(person).toMatchObject({ name: "Sam Lee", company: "Acme", title: "Director of Giving" });
    const id = person?.id as number;

    const page = await (await call(`/connections/${id}`, { headers: { cookie: owner.cookie } })).text();
    expect(page).toContain("They gave different details");
    expect(page).toContain("Samantha Lee-Park");
    expect(page).toContain("Beacon Trust");
    const history = await env.DB.prepare(
      "select detail from person_history where connection_id = ? and kind = 'attached'",
    )
      .bind(id)
      .first<{ detail: string }>();
    expect(history?.detail).toContain("suggested name “Samantha Lee-Park”, company “Beacon Trust”");

    const offered = await env.DB.prepare(
      "select id, field from person_suggestion where connection_id = ? order by field",
    )
      .bind(id)
      .all<{ id: number; field: string }>();
    expect(offered.results.map((r) => r.field)).toEqual(["company", "name"]);
    const [company, name] = offered.results as unknown as [{ id: number }, { id: number }];

    // Another account can neither take nor drop them.
    const other = await signUp();
    const foreign = await call(`/connections/${id}`, {
      ...form({ intent: "accept-offered", suggestionId: String(company.id) }),
      headers: { cookie: other.cookie },
    });
    expect(foreign.status).toBe(404);
    expect((await personOf(owner.email))?.company).toBe("Acme");

    const accept = await call(`/connections/${id}`, {
      ...form({ intent: "accept-offered", suggestionId: String(company.id) }),
      headers: { cookie: owner.cookie },
    });
    expect(accept.status).toBe(302);
    const dismiss = await call(`/connections/${id}`, {
      ...form({ intent: "dismiss-offered", suggestionId: String(name.id) }),
      headers: { cookie: owner.cookie },
    });
    expect(dismiss.status).toBe(302);
    expect(await personOf(owner.email)).toMatchObject({ name: "Sam Lee", company: "Beacon Trust" });
    const left = await env.DB.prepare("select count(*) as n from person_suggestion where connection_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);

    // The same share again offers nothing twice: the dismissed name comes back once, the accepted company not at all.
    await share("ann-suggest", {
      name: "Samantha Lee-Park",
      email: "sam@example.org",
      company: "Beacon Trust",
      note: "again",
    });
    const again = await env.DB.prepare("select field from person_suggestion where connection_id = ?")
      .bind(id)
      .all<{ field: string }>();
    expect(again.results.map((r) => r.field)).toEqual(["name"]);
  });

  it("accepting a fuller name sets its given and family parts", async () => {
    const owner = await publishedCard("ann-suggest-name");
    await share("ann-suggest-name", { name: "Jo", email: "jo@example.org" });
    await share("ann-suggest-name", { name: "Joanna Rivera", email: "jo@example.org" });
    const person = await personOf(owner.email);
    const row = await env.DB.prepare("select id from person_suggestion where connection_id = ? and field = 'name'")
      .bind(person?.id)
      .first<{ id: number }>();
    await call(`/connections/${person?.id}`, {
      ...form({ intent: "accept-offered", suggestionId: String(row?.id) }),
      headers: { cookie: owner.cookie },
    });
    expect(await personOf(owner.email)).toMatchObject({
      name: "Joanna Rivera",
      given_name: "Joanna",
      family_name: "Rivera",
    });
  });
});
