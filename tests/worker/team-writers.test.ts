import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call } from "./helpers";
import { type Account, account, get, located, post, teamOf } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/**
 * Every writer of a team's people answers to the one reading rule (decision 0234): a member of a team whose members
 * do not see all is refused, by a 404 and with nothing written, for a person they may not see, whatever id they post;
 * another workspace's account gets the same 404.
 */

async function personBy(who: Account, name: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  const res = await post("/connections/new", who, { name: `${name} ${tag}`, email: `${tag}@writers.example.org` });
  expect(res.status).toBe(302);
  return { id: Number(located(res)), name: `${name} ${tag}` };
}

const JPEG = () =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...crypto.getRandomValues(new Uint8Array(64)), 0xff, 0xd9]);

const photo = (id: number, who: Account, method: "GET" | "PUT" | "DELETE") =>
  call(`/api/people/${id}/photo`, {
    method,
    ...(method === "PUT" ? { body: JPEG() } : {}),
    headers: { cookie: who.cookie, "content-type": "image/jpeg" },
  });

const merge = (ids: number[], primary: number, who: Account) =>
  call("/connections/merge", {
    method: "POST",
    body: new URLSearchParams([...ids.map((id) => ["id", String(id)]), ["primary", String(primary)]]),
    headers: { cookie: who.cookie },
  });

const row = (id: number) =>
  env.DB.prepare("select image, discussed from connection where id = ?")
    .bind(id)
    .first<{ image: string | null; discussed: string | null }>();

const snoozes = (id: number) =>
  env.DB.prepare("select count(*) as n from keep_in_touch where connection_id = ?").bind(id).first<number>("n");

describe("a team member's writes reach only the people they see", () => {
  it("merge, photos, follow-through and undo refuse a person the member may not see, and another workspace", async () => {
    const a = await account("Writers Owner");
    const b = await account("Writers Ben");
    const c = await account("Writers Cal");
    const outsider = await account("Writers Out");
    await teamOf(a, [b, c], { label: "Writers", working: [a, b, c] });
    const met = await personBy(b, "Ben Met");
    const own = await personBy(c, "Cal Own");

    // Photos: Ben sets one; Cal cannot read, replace or remove it, nor can another workspace.
    expect((await photo(met.id, b, "PUT")).status).toBe(200);
    const image = (await row(met.id))?.image;
    expect(image).toBeTruthy();
    for (const who of [c, outsider]) {
      expect((await photo(met.id, who, "GET")).status).toBe(404);
      expect((await photo(met.id, who, "PUT")).status).toBe(404);
      expect((await photo(met.id, who, "DELETE")).status).toBe(404);
    }
    expect((await row(met.id))?.image).toBe(image);
    expect((await photo(met.id, b, "GET")).status).toBe(200);

    // Merge: neither the side-by-side page nor the merge itself takes in Ben's person.
    for (const who of [c, outsider]) {
      expect((await get(`/connections/merge?id=${own.id}&id=${met.id}`, who)).status).toBe(404);
      expect((await merge([own.id, met.id], own.id, who)).status).toBe(404);
    }
    expect(await row(met.id)).not.toBeNull();

    // The follow-through forms, posted from the dashboard with Ben's person's id.
    for (const who of [c, outsider]) {
      expect((await post("/dashboard", who, { intent: "snooze", days: "7", personId: String(met.id) })).status).toBe(
        404,
      );
      const discussed = { intent: "discussed", discussed: "Pricing", personId: String(met.id) };
      expect((await post("/dashboard", who, discussed)).status).toBe(404);
    }
    expect(await snoozes(met.id)).toBe(0);
    expect((await row(met.id))?.discussed).toBeNull();
    // Ben, who met them, may: the rule refuses only who may not see.
    expect((await post("/dashboard", b, { intent: "snooze", days: "7", personId: String(met.id) })).status).toBe(302);
    expect(await snoozes(met.id)).toBe(1);

    // Undo: a merge into Ben's person is not undone from Cal's own person's page by its posted id.
    const twin = await personBy(b, "Ben Twin");
    expect((await merge([met.id, twin.id], met.id, b)).status).toBe(302);
    const mergeId = await env.DB.prepare("select id from person_merge where primary_id = ?")
      .bind(met.id)
      .first<number>("id");
    expect(mergeId).toBeTruthy();
    expect((await post(`/connections/${own.id}`, c, { intent: "undo-merge", mergeId: String(mergeId) })).status).toBe(
      302,
    );
    const undone = await env.DB.prepare("select undone_at from person_merge where id = ?")
      .bind(mergeId)
      .first<number | null>("undone_at");
    expect(undone).toBeNull();
  });

  it("the duplicates view and a person's suggestions do not name a person the member may not see", async () => {
    const a = await account("Twins Owner");
    const b = await account("Twins Ben");
    const c = await account("Twins Cal");
    await teamOf(a, [b, c], { label: "Twins", working: [a, b, c] });
    const name = `Dana Twin ${crypto.randomUUID().slice(0, 6)}`;
    const email = (who: string) => `${who}-${crypto.randomUUID().slice(0, 6)}@twins.example.org`;
    const made = async (who: Account, address: string) => {
      const res = await post("/connections/new", who, { name, email: address, resolve: "new" });
      expect(res.status).toBe(302);
      return Number(located(res));
    };
    const bens = await made(b, email("ben"));
    const cals = await made(c, email("cal"));
    const text = async (path: string, who: Account) => (await (await get(path, who)).text()).replaceAll("<!-- -->", "");
    expect(await text("/connections/duplicates", c)).not.toContain(`/connections/${bens}`);
    expect(await text(`/connections/${cals}`, c)).not.toContain(`/connections/${bens}`);
    // The team's owner sees both, and is offered them as one group.
    expect(await text("/connections/duplicates", a)).toContain(`/connections/${bens}`);
  });
});
