import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp } from "./helpers";

async function tokenFor(cookie: string, scope: "read" | "write") {
  const res = await call("/settings/integrations", {
    ...form({ intent: "create-token", name: scope, scope }),
    headers: { cookie },
  });
  const token = (await res.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0];
  if (!token) throw new Error("token not shown");
  return token;
}
const api = (path: string, token: string, method = "GET", body?: unknown, headers: Record<string, string> = {}) =>
  call(`/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

type Person = {
  id: number;
  displayName: string;
  emails: { value: string; label: string }[];
  phones: { value: string }[];
  title?: string;
  role?: string;
  tags: string[];
  priority: string;
};

describe("API writes for people", () => {
  it("creates through the people core (attaching to someone already there), updates, and answers problems", async () => {
    const a = await signUp("Api Writer");
    const write = await tokenFor(a.cookie, "write");
    const read = await tokenFor(a.cookie, "read");
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `nia-${tag}@example.org`;

    const created = await api("/people", write, "POST", {
      displayName: "Nia Okafor",
      emails: [{ value: email, label: "work" }],
      phones: [{ value: "(503) 555-0123" }],
      websites: [{ value: "okafor.example.org" }],
      title: "Director",
      tags: ["Donor"],
      priority: "high",
    });
    expect(created.status).toBe(201);
    const person = (await created.json()) as Person;
    expect(person).toMatchObject({ displayName: "Nia Okafor", title: "Director", tags: ["Donor"], priority: "high" });
    // The same normalisation as every other path: E.164 phone, https website.
    expect(person.phones[0]?.value).toBe("+15035550123");
    expect(await (await api(`/people/${person.id}`, read)).json()).toMatchObject({ id: person.id });

    // The same email again adds what is new to that person; nothing is overwritten.
    const again = await api("/people", write, "POST", {
      displayName: "N. Okafor",
      emails: [{ value: email.toUpperCase() }],
      phones: [{ value: "+1 503 555 0199", label: "work" }],
      title: "Someone else",
    });
    expect(again.status).toBe(200);
    const attached = (await again.json()) as Person;
    expect(attached).toMatchObject({ id: person.id, displayName: "Nia Okafor", title: "Director" });
    expect(attached.phones.map((p) => p.value)).toEqual(["+15035550123", "+15035550199"]);

    // An Idempotency-Key makes a retried create safe.
    const body = { displayName: "Retry Person", emails: [{ value: `retry-${tag}@example.org` }] };
    const key = { "idempotency-key": crypto.randomUUID() };
    const first = await api("/people", write, "POST", body, key);
    const retry = await api("/people", write, "POST", body, key);
    expect(first.status).toBe(201);
    expect(((await retry.json()) as Person).id).toBe(((await first.json()) as Person).id);

    const patched = await api(`/people/${person.id}`, write, "PATCH", {
      role: "Board member",
      title: null,
      tags: ["Donor", "Board"],
    });
    expect(patched.status).toBe(200);
    const after = (await patched.json()) as Person;
    expect(after).toMatchObject({ role: "Board member", tags: ["Donor", "Board"] });
    expect(after.title).toBeUndefined();
    expect(after.emails[0]?.value).toBe(email);

    // Problems (RFC 9457) for bad input, with a pointer to the field; nothing stored.
    const count = async () =>
      (
        await env.DB.prepare(
          "select count(*) as n from connection where user_id = (select id from user where email = ?)",
        )
          .bind(a.email)
          .first<{ n: number }>()
      )?.n;
    const before = await count();
    const bad = await api("/people", write, "POST", { displayName: "", emails: [{ value: "not-an-email" }], extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    const problem = (await bad.json()) as { errors: { pointer: string; detail: string }[] };
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { pointer: "#/displayName", detail: "Name is required" },
        { pointer: "#/emails/0/value", detail: "Please enter a valid email address" },
      ]),
    );
    expect((await api("/people", write, "POST", "{not json")).status).toBe(400);
    expect((await api("/people", write, "POST", undefined, { "content-type": "text/plain" })).status).toBe(415);
    expect((await api(`/people/${person.id}`, write, "PATCH", {})).status).toBe(400);
    expect((await api(`/people/${person.id}`, write, "PATCH", { priority: "urgent" })).status).toBe(400);
    expect(await count()).toBe(before);

    // A read token may not write.
    const refused = await api("/people", read, "POST", { displayName: "Nope" });
    expect(refused.status).toBe(403);
    expect((await api(`/people/${person.id}`, read, "PATCH", { role: "x" })).status).toBe(403);
  });

  it("never lets another account change or attach to the owner's people", async () => {
    const a = await signUp("Api Owner A");
    const b = await signUp("Api Owner B");
    const aToken = await tokenFor(a.cookie, "write");
    const bToken = await tokenFor(b.cookie, "write");
    const email = `shared-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const mine = (await (
      await api("/people", aToken, "POST", { displayName: "A's Person", emails: [{ value: email }] })
    ).json()) as Person;

    expect((await api(`/people/${mine.id}`, bToken, "PATCH", { displayName: "Hijacked" })).status).toBe(404);
    expect((await api(`/people/${mine.id}`, bToken)).status).toBe(404);
    // B adding someone with the same email makes B's own person; A's is untouched.
    const theirs = await api("/people", bToken, "POST", { displayName: "B's Person", emails: [{ value: email }] });
    expect(theirs.status).toBe(201);
    expect(((await theirs.json()) as Person).id).not.toBe(mine.id);
    expect(await (await api(`/people/${mine.id}`, aToken)).json()).toMatchObject({ displayName: "A's Person" });
  });

  it("describes the writes in the OpenAPI document", async () => {
    const doc = (await (await call("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    expect(doc.paths["/people"]?.post?.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/PersonCreate" } } },
    });
    expect(Object.keys(doc.paths["/people"]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "415", "429"]),
    );
    expect(doc.paths["/people/{id}"]?.patch?.requestBody).toBeTruthy();
    expect(doc.components.schemas.PersonCreate?.required).toEqual(["displayName"]);
    expect(Object.keys(doc.components.schemas.PersonUpdate?.properties ?? {})).toContain("role");
  });
});
