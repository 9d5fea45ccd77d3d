import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { createAppPassword } from "~/server/dav/app-passwords.server";
import { createDb } from "~/server/db/db.server";
import { addEndpoint } from "~/server/integrations/webhooks.server";
import { addPerson } from "~/server/people/add.server";
import { parseEnv } from "~/server/platform/env.server";
import { call, confirmEmail, form, json, signUp, userIdOf } from "./helpers";

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

/** The person's history lines, oldest first. */
const historyOf = async (id: number) =>
  (
    await env.DB.prepare("select detail from person_history where connection_id = ? order by id")
      .bind(id)
      .all<{ detail: string }>()
  ).results.map((r) => r.detail);

/** Bytes every check takes for a JPEG (its magic bytes), unique to the seed. */
const jpeg = (seed: number) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 200 }, (_, i) => (i * 17 + seed) % 251), 0xff, 0xd9]);

describe("writes that once went past the people core", () => {
  it("what was discussed: a history line and one person.updated, nothing for saving it unchanged", async () => {
    const a = await owner("Discussed Hook Owner");
    const added = await addEndpoint(ctx(), a.userId, {
      url: `${FAKE}/hooks/discussed-${crypto.randomUUID()}`,
      events: ["person.updated"],
    });
    if ("error" in added) throw new Error(added.error);
    const id = await capture(a.cookie, {
      name: "Kim Noor",
      email: `kim-${crypto.randomUUID().slice(0, 8)}@example.org`,
    });
    await settled(added.id);
    const discussed = (text: string) =>
      call(`/connections/${id}`, { ...form({ intent: "discussed", discussed: text }), headers: { cookie: a.cookie } });

    expect((await discussed("A pilot with two schools")).status).toBe(302);
    expect((await settled(added.id)).map((d) => `${d.type} ${d.data.person.id}`)).toEqual([`person.updated ${id}`]);
    expect(await historyOf(id)).toContain("Noted what you discussed");

    expect((await discussed("A pilot with two schools")).status).toBe(302);
    expect(await settled(added.id)).toHaveLength(1);
    expect((await historyOf(id)).filter((d) => d === "Noted what you discussed")).toHaveLength(1);
  });

  it("a photo from CardDAV: the people core sets it, says so in the history and announces it", async () => {
    const a = await owner("Dav Photo Hook Owner");
    await confirmEmail(a.cookie, a.email);
    const password = (await createAppPassword(ctx().db, a.userId, "Test phone")) as string;
    const auth = `Basic ${btoa(`${a.email}:${password}`)}`;
    const added = await addEndpoint(ctx(), a.userId, {
      url: `${FAKE}/hooks/dav-photo-${crypto.randomUUID()}`,
      events: ["person.updated"],
    });
    if ("error" in added) throw new Error(added.error);
    const email = `ada-${crypto.randomUUID().slice(0, 8)}@example.org`;
    // Already in the network with everything the card says but the photo.
    const { id } = await addPerson(
      ctx().db,
      a.userId,
      { displayName: "Ada Byron", name: { given: "Ada", family: "Byron" }, emails: [{ value: email, label: "work" }] },
      { source: "manual", detail: "test", eventName: null, events: null },
    );
    const card = (photo: Uint8Array) =>
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "N:Byron;Ada;;;",
        "FN:Ada Byron",
        `EMAIL;TYPE=WORK:${email}`,
        `PHOTO;ENCODING=b;TYPE=JPEG:${btoa(String.fromCharCode(...photo))}`,
        "END:VCARD",
        "",
      ].join("\r\n");
    const href = `/dav/books/${encodeURIComponent(a.userId)}/people/ada-${id}.vcf`;
    const put = (photo: Uint8Array, headers: Record<string, string> = {}) =>
      call(href, {
        method: "PUT",
        body: card(photo),
        headers: { authorization: auth, "content-type": "text/vcard", ...headers },
      });

    // A new card for someone already held: only the photo is new, and it is kept and announced.
    expect((await put(jpeg(1))).status).toBe(201);
    let got = await settled(added.id);
    expect(got.map((d) => d.type)).toEqual(["person.updated"]);
    expect(got[0]?.data.person).toMatchObject({ id, hasPhoto: true });
    expect((await historyOf(id)).at(-1)).toMatch(/added a photo/);

    // The card edited with another photo: a new key, through the people core's replace.
    const before = await env.DB.prepare("select image from connection where id = ?")
      .bind(id)
      .first<{ image: string }>();
    const etag = (await call(href, { headers: { authorization: auth } })).headers.get("etag") ?? "";
    expect((await put(jpeg(2), { "if-match": etag })).status).toBe(204);
    got = await settled(added.id);
    expect(got.map((d) => d.type)).toEqual(["person.updated", "person.updated"]);
    const after = await env.DB.prepare("select image from connection where id = ?").bind(id).first<{ image: string }>();
    expect(after?.image).toMatch(new RegExp(`^${a.userId}:`));
    expect(after?.image).not.toBe(before?.image);
    expect((await historyOf(id)).at(-1)).toBe("Edited in your address book (CardDAV); new photo");
  });
});
