import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "~/server/db/db.server";
import { addEndpoint } from "~/server/integrations/webhooks.server";
import { parseEnv } from "~/server/platform/env.server";
import { call, form, json, signUp, userIdOf } from "./helpers";

const FAKE = inject("fakeServices");
const ctx = () => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB) };
};

async function owner(name: string) {
  const session = await signUp(name);
  return { ...session, userId: await userIdOf(session.email) };
}

type Delivery = {
  type: string;
  data: { person: { id: number; displayName: string; phones: unknown[] }; mergedIds?: number[] };
};
const deliveries = async (endpointId: number) =>
  (
    await env.DB.prepare("select payload from webhook_delivery where endpoint_id = ? order by created_at, rowid")
      .bind(endpointId)
      .all<{ payload: string }>()
  ).results.map((r) => JSON.parse(r.payload) as Delivery);

/**
 * Deliveries are queued after the answer (waitUntil). The test pool registers every waitUntil of the
 * Worker it serves; once they have all settled, whatever the requests so far were going to queue is queued.
 */
async function settled(endpointId: number) {
  await waitForGlobalWaitUntil();
  return deliveries(endpointId);
}

async function capture(cookie: string, person: Record<string, string>) {
  const res = await call("/api/capture", json({ source: "quick", ...person }, cookie));
  return ((await res.json()) as { id: number }).id;
}

describe("the people core tells webhooks", () => {
  it("once per real change: created, updated (not for repeats or no-op edits), merged; never another owner's", async () => {
    const a = await owner("Hook Owner");
    const b = await owner("Other Owner");
    const added = await addEndpoint(ctx(), a.userId, {
      url: `${FAKE}/hooks/people-${crypto.randomUUID()}`,
      events: ["person.created", "person.updated", "person.merged"],
    });
    if ("error" in added) throw new Error(added.error);
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `lee-${tag}@example.org`;

    const id = await capture(a.cookie, { name: "Lee Park", email });
    let got = await settled(added.id);
    expect(got.map((d) => d.type)).toEqual(["person.created"]);
    expect(got[0]?.data.person).toMatchObject({ id, displayName: "Lee Park" });

    // The same person again with nothing new: no event. With a new phone: one update.
    await capture(a.cookie, { name: "Lee Park", email });
    expect(await settled(added.id)).toHaveLength(1);
    await capture(a.cookie, { name: "Lee Park", email, phone: "+1 503 555 0101" });
    got = await settled(added.id);
    expect(got.map((d) => d.type)).toEqual(["person.created", "person.updated"]);
    expect(got[1]?.data.person.phones).toHaveLength(1);

    // Saving the form unchanged announces nothing; a real edit announces once.
    const values = {
      intent: "save",
      name: "Lee Park",
      email,
      phone: "+15035550101",
      tags: "Quick add",
      priority: "medium",
      status: "Active",
    };
    const save = (extra: Record<string, string> = {}) =>
      call(`/connections/${id}`, { ...form({ ...values, ...extra }), headers: { cookie: a.cookie } });
    expect((await save()).status).toBe(302);
    expect(await settled(added.id)).toHaveLength(2);
    await save({ title: "Director" });
    expect((await settled(added.id)).map((d) => d.type)).toEqual([
      "person.created",
      "person.updated",
      "person.updated",
    ]);

    // A bulk change that changes nobody says nothing.
    await call("/connections", {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "bulk"],
        ["change", "priority:medium"],
        ["id", String(id)],
      ]),
      headers: { cookie: a.cookie },
    });
    expect(await settled(added.id)).toHaveLength(3);

    // A merge is one event naming who was merged in.
    const twin = await capture(a.cookie, { name: "Lee Park", phone: "+1 503 555 0199" });
    await settled(added.id);
    const body = new URLSearchParams([
      ["id", String(id)],
      ["id", String(twin)],
      ["primary", String(id)],
    ]);
    await call("/connections/merge", { method: "POST", body, headers: { cookie: a.cookie } });
    got = await settled(added.id);
    expect(got.at(-1)).toMatchObject({ type: "person.merged", data: { person: { id }, mergedIds: [twin] } });

    // Another owner's people never reach this owner's webhook.
    await capture(b.cookie, { name: "Not Yours", email: `not-${tag}@example.org` });
    expect(await settled(added.id)).toHaveLength(5);
  });

  it("from an import: one created per new person, one updated per person who got something new", async () => {
    const a = await owner("Import Hook Owner");
    const added = await addEndpoint(ctx(), a.userId, {
      url: `${FAKE}/hooks/import-${crypto.randomUUID()}`,
      events: ["person.created", "person.updated"],
    });
    if ("error" in added) throw new Error(added.error);
    const tag = crypto.randomUUID().slice(0, 8);
    await capture(a.cookie, { name: "Known One", email: `known-${tag}@example.org` });
    await capture(a.cookie, { name: "Same One", email: `same-${tag}@example.org` });
    await settled(added.id);
    const csv = [
      "Name,Email,Phone",
      `New One,new1-${tag}@example.org,`,
      `New Two,new2-${tag}@example.org,`,
      `Known One,known-${tag}@example.org,+1 503 555 0111`,
      "",
    ].join("\n");
    const body = new FormData();
    body.set("file", new File([csv], "people.csv", { type: "text/csv" }));
    body.set("intent", "preview");
    const preview = await call("/connections/import.data", { method: "POST", body, headers: { cookie: a.cookie } });
    const previewId = (await preview.text()).match(/"([0-9a-f]{32})"/)?.[1] ?? "";
    await call("/connections/import.data", {
      method: "POST",
      body: new URLSearchParams({ intent: "import", duplicates: "merge", preview: previewId }),
      headers: { cookie: a.cookie },
    });
    const got = (await settled(added.id)).slice(2);
    expect(got.map((d) => `${d.type} ${d.data.person.displayName}`).sort()).toEqual([
      "person.created New One",
      "person.created New Two",
      "person.updated Known One",
    ]);
  });
});
