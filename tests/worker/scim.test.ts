import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { escapeHtml } from "~/lib/text/escape";
import { cardPagePath, edgeGet } from "~/server/platform/edge-cache.server";
import { call, form, proveMailbox, signUpByForm, TEST_PASSWORD, testAddress } from "./helpers";
import { defaultTemplate } from "./team-helpers";

vi.setConfig({ testTimeout: 60_000 });

/**
 * SCIM 2.0 per team (decision 0241), driven by a scripted client that sends what Microsoft Entra ID and Okta send:
 * the request sequences and bodies of their provisioning documentation, their quirks included.
 */

type Account = { cookie: string; email: string; id: string };

async function account(email: string, name = "Ada Admin"): Promise<Account> {
  const a = await signUpByForm(name, { email });
  return { ...a, id: await proveMailbox(email) };
}
const post = (path: string, who: Account, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: who.cookie } });

/** A team whose admin proved `domain` by their own mailbox, and a SCIM token made on its sign-in page. */
async function provisionedTeam(domain = `s${crypto.randomUUID().slice(0, 8)}.test`) {
  const admin = await account(`admin@${domain}`);
  const made = await post("/teams", admin, { intent: "create", name: "Acme" });
  const team = made.headers.get("location")?.split("/").pop() ?? "";
  expect((await post(`/teams/${team}/sign-in`, admin, { intent: "add-domain", domain })).status).toBe(302);
  const page = await post(`/teams/${team}/sign-in`, admin, { intent: "create-scim-token" });
  const token = /kwscim_[\w-]+/.exec(await page.text())?.[0] ?? "";
  expect(token).not.toBe("");
  return { admin, team, token, domain, base: `/scim/v2/${team}` };
}
type Team = Awaited<ReturnType<typeof provisionedTeam>>;

/** The directory's request: a bearer token and a SCIM JSON body, as Entra and Okta send them (no Origin). */
async function scim(t: Pick<Team, "token" | "base">, method: string, path: string, body?: unknown) {
  const res = await call(`${t.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${t.token}`,
      accept: "application/scim+json",
      ...(body === undefined ? {} : { "content-type": "application/scim+json; charset=utf-8" }),
      origin: "",
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), json: text ? JSON.parse(text) : null };
}

const isMember = async (team: string, email: string) =>
  (await env.DB.prepare(
    "select m.role from member m join user u on u.id = m.user_id where m.workspace_id = ? and u.email = ?",
  )
    .bind(team, email)
    .first<string>("role")) ?? null;

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

describe("SCIM provisioning", () => {
  it("takes Microsoft Entra ID's documented sequence: look up, create, update, disable with 'False', enable, groups, delete", async () => {
    const t = await provisionedTeam();
    const email = `jane.doe@${t.domain}`;
    // Entra first looks the user up by its matching attribute.
    const none = await scim(t, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    expect(none.status).toBe(200);
    expect(none.type).toContain("application/scim+json");
    expect(none.json).toMatchObject({ totalResults: 0, Resources: [], startIndex: 1 });

    const created = await scim(t, "POST", "/Users", {
      schemas: [USER, "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
      externalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
      userName: email,
      active: true,
      emails: [{ primary: true, type: "work", value: email }],
      meta: { resourceType: "User" },
      name: { formatted: "Jane Doe", familyName: "Doe", givenName: "Jane" },
      roles: [],
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      userName: email,
      active: true,
      externalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
    });
    const id = created.json.id as string;
    expect(await isMember(t.team, email)).toBe("member");

    const found = await scim(t, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`);
    expect(found.json.totalResults).toBe(1);
    expect(found.json.Resources[0].id).toBe(id);
    expect((await scim(t, "GET", `/Users/${id}`)).json.name).toMatchObject({ givenName: "Jane", familyName: "Doe" });

    // Entra's attribute update: capitalised ops, a filtered email path, the enterprise extension.
    const updated = await scim(t, "PATCH", `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: "Replace", path: 'emails[type eq "work"].value', value: "updatedEmail@microsoft.com" },
        { op: "Replace", path: "name.familyName", value: "updatedFamilyName" },
        { op: "Add", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "Sales" },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.json.name.familyName).toBe("updatedFamilyName");
    expect(updated.json.emails[0].value).toBe(email);

    // Disable, as Entra sends it: the boolean as a string. The member removal runs; the user stays, inactive.
    const disabled = await scim(t, "PATCH", `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    });
    expect(disabled.status).toBe(200);
    expect(disabled.json.active).toBe(false);
    expect(await isMember(t.team, email)).toBeNull();
    const removed = await env.DB.prepare(
      "select count(*) as n from workspace_audit where workspace_id = ? and action = 'member.removed' and subject like ?",
    )
      .bind(t.team, `%${email}%`)
      .first<number>("n");
    expect(removed).toBe(1);
    // Enabled again: a member again.
    const enabled = await scim(t, "PATCH", `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: "Replace", path: "active", value: "True" }],
    });
    expect(enabled.json.active).toBe(true);
    expect(await isMember(t.team, email)).toBe("member");

    // Groups: looked up by displayName without members, created, members added and removed, renamed, deleted.
    const noGroup = await scim(
      t,
      "GET",
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Sales"')}`,
    );
    expect(noGroup.json.totalResults).toBe(0);
    const group = await scim(t, "POST", "/Groups", {
      externalId: "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159",
      displayName: "Sales",
      members: [],
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
    });
    expect(group.status).toBe(201);
    const gid = group.json.id as string;
    const add = await scim(t, "PATCH", `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: "Add", path: "members", value: [{ $ref: null, value: id }] }],
    });
    expect(add.json.members.map((m: { value: string }) => m.value)).toEqual([id]);
    const slim = await scim(
      t,
      "GET",
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Sales"')}`,
    );
    expect(slim.json.Resources[0].members).toBeUndefined();
    const out = await scim(t, "PATCH", `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [
        { op: "Remove", path: "members", value: [{ $ref: null, value: id }] },
        { op: "Replace", path: "displayName", value: "Sales EMEA" },
      ],
    });
    expect(out.json).toMatchObject({ displayName: "Sales EMEA", members: [] });
    expect((await scim(t, "DELETE", `/Groups/${gid}`)).status).toBe(204);
    expect((await scim(t, "GET", `/Groups/${gid}`)).status).toBe(404);

    // Deleted: the member removal again, the SCIM user gone, the account still its owner's.
    expect((await scim(t, "DELETE", `/Users/${id}`)).status).toBe(204);
    expect(await isMember(t.team, email)).toBeNull();
    const gone = await scim(t, "GET", `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "404" });
    expect(await env.DB.prepare("select count(*) as n from user where email = ?").bind(email).first("n")).toBe(1);
  });

  it("takes Okta's documented sequence: test connection, look up with paging, create, PUT active=false and back, groups", async () => {
    const t = await provisionedTeam();
    const check = await scim(t, "GET", "/Users?count=2&startIndex=1");
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
      startIndex: 1,
    });
    const email = `okta.user@${t.domain}`;
    const lookup = await scim(
      t,
      "GET",
      `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`,
    );
    expect(lookup.json.totalResults).toBe(0);
    const body = {
      schemas: [USER],
      userName: email,
      name: { givenName: "Okta", familyName: "User" },
      emails: [{ primary: true, value: email, type: "work" }],
      displayName: "Okta User",
      locale: "en-US",
      externalId: "00ujl29u0le5T6Aj10h7",
      groups: [],
      password: "1mz050nq",
      active: true,
    };
    const created = await scim(t, "POST", "/Users", body);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    // Okta deactivates by PUT with the whole user and active=false; then PATCH with a path-less value turns it on.
    const off = await scim(t, "PUT", `/Users/${id}`, { ...body, id, active: false });
    expect(off.json.active).toBe(false);
    expect(await isMember(t.team, email)).toBeNull();
    const on = await scim(t, "PATCH", `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: "replace", value: { active: true } }],
    });
    expect(on.json.active).toBe(true);
    expect(await isMember(t.team, email)).toBe("member");

    const group = await scim(t, "POST", "/Groups", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      displayName: "Test SCIMv2",
      members: [],
    });
    const gid = group.json.id as string;
    await scim(t, "PATCH", `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: "add", path: "members", value: [{ value: id, display: email }] }],
    });
    const listed = await scim(t, "GET", "/Groups?startIndex=1&count=100");
    expect(listed.json.Resources[0].members).toEqual([expect.objectContaining({ value: id, display: email })]);
    const rename = await scim(t, "PATCH", `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [
        { op: "replace", value: { id: gid, displayName: "Test SCIMv2 renamed" } },
        { op: "remove", path: `members[value eq "${id}"]` },
      ],
    });
    expect(rename.json).toMatchObject({ displayName: "Test SCIMv2 renamed", members: [] });
  });

  it("pages the users by startIndex and count, and answers the discovery endpoints", async () => {
    const t = await provisionedTeam();
    for (const n of [1, 2, 3])
      expect((await scim(t, "POST", "/Users", { schemas: [USER], userName: `p${n}@${t.domain}` })).status).toBe(201);
    const second = await scim(t, "GET", "/Users?startIndex=2&count=1");
    expect(second.json).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(second.json.Resources[0].userName).toBe(`p2@${t.domain}`);
    expect((await scim(t, "GET", "/Users?startIndex=0&count=-4")).json).toMatchObject({
      startIndex: 1,
      itemsPerPage: 0,
    });
    const config = await scim(t, "GET", "/ServiceProviderConfig");
    expect(config.json).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 100 },
    });
    expect((await scim(t, "GET", "/Schemas")).json.Resources.map((s: { id: string }) => s.id)).toEqual([
      USER,
      "urn:ietf:params:scim:schemas:core:2.0:Group",
    ]);
    expect(
      (await scim(t, "GET", "/ResourceTypes")).json.Resources.map((r: { endpoint: string }) => r.endpoint),
    ).toEqual(["/Users", "/Groups"]);
    expect((await scim(t, "GET", "/ResourceTypes/User")).json.schema).toBe(USER);
  });

  it("refuses filters other than userName eq, unknown PATCH paths, broken bodies and foreign addresses with SCIM errors", async () => {
    const t = await provisionedTeam();
    for (const filter of [
      'userName eq "x" or userName pr',
      'userName co "a"',
      'emails.value eq "a@b.c"',
      "userName eq x'; drop table user; --",
      'userName eq "a") or (1 eq 1',
    ]) {
      const res = await scim(t, "GET", `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status).toBe(400);
      expect(res.type).toContain("application/scim+json");
      expect(res.json).toMatchObject({ status: "400", scimType: "invalidFilter" });
    }
    const created = await scim(t, "POST", "/Users", {
      schemas: [USER],
      userName: `keep@${t.domain}`,
      displayName: "Kept",
    });
    const id = created.json.id as string;
    const unknown = await scim(t, "PATCH", `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: "replace", path: "displayName", value: "Changed" },
        { op: "replace", path: "password", value: "hunter2" },
      ],
    });
    expect(unknown).toMatchObject({ status: 400, json: { scimType: "invalidPath" } });
    expect((await scim(t, "GET", `/Users/${id}`)).json.displayName).toBe("Kept");
    expect(
      (await scim(t, "PATCH", `/Users/${id}`, { Operations: [{ op: "replace", path: "active", value: "maybe" }] })).json
        .scimType,
    ).toBe("invalidValue");
    expect(
      (await scim(t, "PATCH", `/Users/${id}`, { Operations: [{ op: "move", path: "active" }] })).json.scimType,
    ).toBe("invalidSyntax");
    expect((await scim(t, "POST", "/Users", "{not json")).json).toMatchObject({
      status: "400",
      scimType: "invalidSyntax",
    });
    expect((await scim(t, "POST", "/Users", { schemas: [USER] })).json.scimType).toBe("invalidValue");
    const foreign = await scim(t, "POST", "/Users", { schemas: [USER], userName: "someone@elsewhere.example" });
    expect(foreign).toMatchObject({ status: 400, json: { scimType: "invalidValue" } });
    expect(
      await env.DB.prepare("select count(*) as n from user where email = 'someone@elsewhere.example'").first("n"),
    ).toBe(0);
    // A member of another team cannot be put in this team's group.
    const other = await provisionedTeam();
    const theirs = await scim(other, "POST", "/Users", { schemas: [USER], userName: `theirs@${other.domain}` });
    const group = await scim(t, "POST", "/Groups", { displayName: "Mixed", members: [{ value: theirs.json.id }] });
    expect(group).toMatchObject({ status: 400, json: { scimType: "invalidValue" } });
    expect((await scim(t, "GET", "/Groups")).json.totalResults).toBe(0);
    expect((await scim(t, "GET", "/Nothing")).status).toBe(404);
  });

  it("creates a user provisioned twice at once once: one 201, one 409 uniqueness, one account, one member", async () => {
    const t = await provisionedTeam();
    const email = `twice@${t.domain}`;
    const body = { schemas: [USER], userName: email, emails: [{ value: email, primary: true }] };
    const answers = await Promise.all([scim(t, "POST", "/Users", body), scim(t, "POST", "/Users", body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.json.scimType).toBe("uniqueness");
    const rows = await env.DB.prepare(
      "select (select count(*) from user where email = ?1) as users, (select count(*) from scim_user where user_name = ?1) as scim, (select count(*) from member m join user u on u.id = m.user_id where u.email = ?1 and m.workspace_id = ?2) as members",
    )
      .bind(email, t.team)
      .first();
    expect(rows).toEqual({ users: 1, scim: 1, members: 1 });
  });

  it("issues one card from the default template to a user provisioned twice at once", async () => {
    const t = await provisionedTeam();
    await defaultTemplate(t.team, t.admin);
    const email = `race@${t.domain}`;
    const body = { schemas: [USER], userName: email };
    const answers = await Promise.all([scim(t, "POST", "/Users", body), scim(t, "POST", "/Users", body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const rows = await env.DB.prepare(
      "select (select count(*) from card_issue where workspace_id = ?1 and email = ?2) as issued, (select count(*) from card where user_id = ?1) as cards, (select count(*) from outbox where \"to\" = ?2 and kind = 'team-card') as mails",
    )
      .bind(t.team, email)
      .first();
    expect(rows).toEqual({ issued: 1, cards: 1, mails: 1 });
  });

  it("issues a provisioned member a card from the team's default template, once, which they claim from the mail", async () => {
    const t = await provisionedTeam();
    // Without a default template, a provisioned member gets no card.
    const plain = `plain@${t.domain}`;
    expect((await scim(t, "POST", "/Users", { schemas: [USER], userName: plain })).status).toBe(201);
    const cardsOf = (email: string) =>
      env.DB.prepare(
        "select c.id, c.company, c.template_id, c.holder_id, i.email from card c left join card_issue i on i.card_id = c.id where c.user_id = ? and (i.email = ?2 or c.holder_id = (select id from user where email = ?2))",
      )
        .bind(t.team, email)
        .all<{ id: number; company: string; template_id: string; holder_id: string | null; email: string | null }>();
    expect((await cardsOf(plain)).results).toEqual([]);

    const brand = { intent: "save-template", name: "Sales", company: "Acme Trust", colour: "#0f766e" };
    expect((await post(`/teams/${t.team}/cards`, t.admin, { ...brand, rule_company: "locked" })).status).toBe(302);
    const template = await env.DB.prepare("select id from card_template where workspace_id = ?")
      .bind(t.team)
      .first<string>("id");
    // Another team's template cannot be this team's default; this team's can.
    const other = await provisionedTeam();
    expect(
      (await post(`/teams/${t.team}/cards`, other.admin, { intent: "default-template", template: template ?? "" }))
        .status,
    ).toBe(404);
    expect(
      (await post(`/teams/${other.team}/cards`, other.admin, { intent: "default-template", template: template ?? "" }))
        .status,
    ).toBe(404);
    expect(
      (await post(`/teams/${t.team}/cards`, t.admin, { intent: "default-template", template: template ?? "" })).status,
    ).toBe(302);

    // Jane already has a confirmed account on the team's domain; the directory provisions her.
    const jane = await account(`jane@${t.domain}`, "Jane Doe");
    const created = await scim(t, "POST", "/Users", { schemas: [USER], userName: jane.email, active: true });
    expect(created.status).toBe(201);
    const [issued, ...more] = (await cardsOf(jane.email)).results;
    expect(more).toEqual([]);
    expect(issued).toMatchObject({ company: "Acme Trust", template_id: template, holder_id: null, email: jane.email });

    // The mail's link hands her the card.
    const mail = await env.DB.prepare("select text from outbox where \"to\" = ? and kind = 'team-card'")
      .bind(jane.email)
      .first<string>("text");
    const link = new URL(/https?:\/\/\S+/.exec(mail ?? "")?.[0] ?? "http://x/");
    expect(link.pathname).toBe("/teams/claim");
    expect((await post(link.pathname + link.search, jane, { intent: "claim" })).status).toBe(302);
    expect((await cardsOf(jane.email)).results).toEqual([expect.objectContaining({ holder_id: jane.id })]);

    // Turned off and on again by the directory: her card is kept (paused, then hers), no second one is made.
    const id = created.json.id as string;
    for (const value of ["False", "True"])
      expect(
        (
          await scim(t, "PATCH", `/Users/${id}`, {
            schemas: [PATCH],
            Operations: [{ op: "Replace", path: "active", value }],
          })
        ).status,
      ).toBe(200);
    expect((await cardsOf(jane.email)).results).toHaveLength(1);

    // A user made inactive gets no card until turned on.
    const later = `later@${t.domain}`;
    const inactive = await scim(t, "POST", "/Users", { schemas: [USER], userName: later, active: false });
    expect((await cardsOf(later)).results).toEqual([]);
    await scim(t, "PATCH", `/Users/${inactive.json.id}`, {
      schemas: [PATCH],
      Operations: [{ op: "replace", path: "active", value: true }],
    });
    expect((await cardsOf(later)).results).toEqual([expect.objectContaining({ template_id: template, email: later })]);
  });

  it("turned off, a member's published card leaves the edge cache in every language, and its visitors read the pause", async () => {
    const t = await provisionedTeam();
    await defaultTemplate(t.team, t.admin);
    const jane = await account(`jane@${t.domain}`, "Jane Cached");
    const created = await scim(t, "POST", "/Users", {
      schemas: [USER],
      userName: jane.email,
      displayName: "Jane Cached",
    });
    const mail = await env.DB.prepare("select text from outbox where \"to\" = ? and kind = 'team-card'")
      .bind(jane.email)
      .first<string>("text");
    const link = new URL(/https?:\/\/\S+/.exec(mail ?? "")?.[0] ?? "http://x/");
    expect((await post(link.pathname + link.search, jane, { intent: "claim" })).status).toBe(302);
    const cardId = await env.DB.prepare(
      "select c.id from card c join user u on u.id = c.holder_id where c.user_id = ? and u.email = ?",
    )
      .bind(t.team, jane.email)
      .first<number>("id");
    const slug = `scim-${crypto.randomUUID().slice(0, 8)}`;
    // Published as it stands (the editor's own publishing is the cards tests' subject).
    await env.DB.prepare("update card set slug = ?, published = 1 where id = ?").bind(slug, cardId).run();
    // Every language's page is read once, so each stands in the edge cache.
    for (const locale of LOCALES) {
      expect(await (await call(cardPagePath(slug, locale))).text()).toContain("Jane Cached");
      await vi.waitFor(async () => expect(await edgeGet(cardPagePath(slug, locale))).not.toBeNull());
    }
    const off = await scim(t, "PATCH", `/Users/${created.json.id}`, {
      schemas: [PATCH],
      Operations: [{ op: "replace", path: "active", value: "False" }],
    });
    expect(off.status).toBe(200);
    for (const locale of LOCALES) {
      const page = await (await call(cardPagePath(slug, locale))).text();
      expect(page).toContain(escapeHtml(translator(locale)("card.paused.title")));
      expect(page).not.toContain("Jane Cached");
    }
  });

  it("turned on again, a member's paused card runs again in the batch that brings them back; without one, the default card is issued", async () => {
    const t = await provisionedTeam();
    const template = await defaultTemplate(t.team, t.admin);
    const active = (id: string, value: string | boolean) =>
      scim(t, "PATCH", `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: "replace", path: "active", value }] });
    const cardsHeld = (email: string) =>
      env.DB.prepare(
        "select c.id, c.paused_at from card c join user u on u.id = c.holder_id where c.user_id = ? and u.email = ?",
      )
        .bind(t.team, email)
        .all<{ id: number; paused_at: number | null }>();

    // Jane holds her team card; the directory turns her off (paused) and on again (running, the same card).
    const jane = await account(`jane@${t.domain}`, "Jane Doe");
    const created = await scim(t, "POST", "/Users", { schemas: [USER], userName: jane.email });
    const mail = await env.DB.prepare("select text from outbox where \"to\" = ? and kind = 'team-card'")
      .bind(jane.email)
      .first<string>("text");
    const link = new URL(/https?:\/\/\S+/.exec(mail ?? "")?.[0] ?? "http://x/");
    expect((await post(link.pathname + link.search, jane, { intent: "claim" })).status).toBe(302);
    const [held] = (await cardsHeld(jane.email)).results;
    expect(held?.paused_at).toBeNull();
    expect((await active(created.json.id, "False")).status).toBe(200);
    expect((await cardsHeld(jane.email)).results).toEqual([{ id: held?.id, paused_at: expect.any(Number) }]);
    expect((await active(created.json.id, "True")).status).toBe(200);
    expect(await isMember(t.team, jane.email)).toBe("member");
    expect((await cardsHeld(jane.email)).results).toEqual([{ id: held?.id, paused_at: null }]);
    // No second card and no second hand-over for her.
    const issued = await env.DB.prepare("select count(*) as n from card_issue where workspace_id = ? and email = ?")
      .bind(t.team, jane.email)
      .first<number>("n");
    expect(issued).toBe(0);

    // Another team's card Jane holds stays as it is: only this team's cards follow this membership.
    const other = await provisionedTeam();
    await env.DB.prepare(
      "insert into card (user_id, label, ref, name, holder_id, paused_at) values (?, 'Other', ?, 'Jane', ?, 1)",
    )
      .bind(other.team, crypto.randomUUID().replaceAll("-", "").slice(0, 24), jane.id)
      .run();
    expect((await active(created.json.id, false)).status).toBe(200);
    expect((await active(created.json.id, true)).status).toBe(200);
    const otherCard = await env.DB.prepare("select paused_at from card where user_id = ? and holder_id = ?")
      .bind(other.team, jane.id)
      .first<number>("paused_at");
    expect(otherCard).toBe(1);

    // Sam never took his card: turned off and on, he holds none and the default template's card is offered once.
    const sam = `sam@${t.domain}`;
    const samUser = await scim(t, "POST", "/Users", { schemas: [USER], userName: sam });
    await env.DB.prepare(
      "delete from card where id in (select card_id from card_issue where workspace_id = ? and email = ?)",
    )
      .bind(t.team, sam)
      .run();
    expect((await active(samUser.json.id, false)).status).toBe(200);
    expect((await active(samUser.json.id, true)).status).toBe(200);
    const offered = await env.DB.prepare(
      "select count(*) as n from card_issue i join card c on c.id = i.card_id where i.workspace_id = ? and i.email = ? and c.template_id = ?",
    )
      .bind(t.team, sam, template)
      .first<number>("n");
    expect(offered).toBe(1);
  });

  it("joins by the invitation rules: an open invitation's role is taken and the invitation used; an unconfirmed account is refused", async () => {
    const t = await provisionedTeam();
    const invited = `invited@${t.domain}`;
    expect((await post(`/teams/${t.team}`, t.admin, { intent: "invite", email: invited, role: "admin" })).status).toBe(
      302,
    );
    expect((await scim(t, "POST", "/Users", { schemas: [USER], userName: invited })).status).toBe(201);
    expect(await isMember(t.team, invited)).toBe("admin");
    const open = await env.DB.prepare("select accepted_at from invitation where workspace_id = ? and email = ?")
      .bind(t.team, invited)
      .first<number | null>("accepted_at");
    expect(open).toBeGreaterThan(0);

    // Someone signed up at the address without proving it: the directory is told, and nothing binds to it.
    const squatter = `squat@${t.domain}`;
    await call("/auth.data", {
      ...form({
        intent: "signup",
        name: "Not Them",
        email: squatter,
        password: TEST_PASSWORD,
        redirectTo: "/dashboard",
      }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    const refused = await scim(t, "POST", "/Users", { schemas: [USER], userName: squatter });
    expect(refused).toMatchObject({ status: 409, json: { scimType: "uniqueness" } });
    expect(await isMember(t.team, squatter)).toBeNull();
  });

  it("answers 401 on every SCIM route to another team's token, a revoked token, no token, and a demoted maker's token", async () => {
    const t = await provisionedTeam();
    const created = await scim(t, "POST", "/Users", { schemas: [USER], userName: `mine@${t.domain}` });
    const id = created.json.id as string;
    const group = (await scim(t, "POST", "/Groups", { displayName: "Mine" })).json.id as string;
    const other = await provisionedTeam();
    const routes: [string, string, unknown?][] = [
      ["GET", "/Users"],
      ["GET", `/Users/${id}`],
      ["POST", "/Users", { userName: `x@${t.domain}` }],
      ["PUT", `/Users/${id}`, { userName: `mine@${t.domain}`, active: false }],
      ["PATCH", `/Users/${id}`, { Operations: [{ op: "replace", path: "active", value: false }] }],
      ["DELETE", `/Users/${id}`],
      ["GET", "/Groups"],
      ["GET", `/Groups/${group}`],
      ["POST", "/Groups", { displayName: "Theirs" }],
      ["PUT", `/Groups/${group}`, { displayName: "Theirs" }],
      ["PATCH", `/Groups/${group}`, { Operations: [{ op: "replace", path: "displayName", value: "Theirs" }] }],
      ["DELETE", `/Groups/${group}`],
      ["GET", "/ServiceProviderConfig"],
      ["GET", "/Schemas"],
      ["GET", "/ResourceTypes"],
    ];
    const asOther = { token: other.token, base: t.base };
    const asNobody = { token: "", base: t.base };
    for (const [method, path, body] of routes) {
      const res = await scim(asOther, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toMatchObject({ status: "401" });
      expect((await scim(asNobody, method, path, body)).status).toBe(401);
    }
    expect(await isMember(t.team, `mine@${t.domain}`)).toBe("member");
    expect((await scim(t, "GET", `/Groups/${group}`)).json.displayName).toBe("Mine");

    // Revoked on the sign-in page: 401 from the next request.
    const tokenId = await env.DB.prepare("select id from scim_token where workspace_id = ?")
      .bind(t.team)
      .first<string>("id");
    // One tap asks; nothing is revoked until the confirmation comes.
    const asked = await post(`/teams/${t.team}/sign-in`, t.admin, { intent: "revoke-scim-token", id: tokenId ?? "" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Revoke the token");
    expect((await scim(t, "GET", "/Users")).status).toBe(200);
    expect(
      (
        await post(`/teams/${t.team}/sign-in`, t.admin, {
          intent: "revoke-scim-token",
          id: tokenId ?? "",
          confirmed: "yes",
        })
      ).status,
    ).toBe(302);
    expect((await scim(t, "GET", "/Users")).status).toBe(401);

    // A token answers only while its maker manages the team.
    const other2 = await provisionedTeam();
    const admin = await account(`second@${other2.domain}`, "Second Admin");
    await env.DB.prepare("insert into member (workspace_id, user_id, role) values (?, ?, 'admin')")
      .bind(other2.team, admin.id)
      .run();
    const page = await post(`/teams/${other2.team}/sign-in`, admin, { intent: "create-scim-token" });
    const theirs = { token: /kwscim_[\w-]+/.exec(await page.text())?.[0] ?? "", base: other2.base };
    expect((await scim(theirs, "GET", "/Users")).status).toBe(200);
    await env.DB.prepare("update member set role = 'member' where workspace_id = ? and user_id = ?")
      .bind(other2.team, admin.id)
      .run();
    expect((await scim(theirs, "GET", "/Users")).status).toBe(401);
  });
});
