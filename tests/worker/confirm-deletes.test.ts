import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp } from "./helpers";

/**
 * A delete that cannot be undone asks once more on the page, so it works without JavaScript and a script
 * cannot skip it: the server acts only on the second post, which carries the confirmation.
 */
describe("deleting asks first", () => {
  it("a card, a person and an event hub stay after one post, show the question, and go on the confirmed one", async () => {
    const owner = await signUp("Del Asker");
    const post = (path: string, values: Record<string, string>) =>
      call(path, { ...form(values), headers: { cookie: owner.cookie, accept: "text/html" } });
    const located = (res: Response) => Number(res.headers.get("location")?.split("/").pop());
    const tag = crypto.randomUUID().slice(0, 6);

    const card = located(await call("/card", { method: "POST", headers: { cookie: owner.cookie } }));
    const person = located(await post("/connections/new", { name: `Pat ${tag}`, email: `pat-${tag}@example.org` }));
    const hub = located(
      await post("/events/new", { title: `Gala ${tag}`, date: "2030-05-01", type: "in-person", attendeeCount: "20" }),
    );
    const cases = [
      { path: `/card/${card}`, table: "card", id: card, question: "Delete this card?" },
      { path: `/connections/${person}`, table: "connection", id: person, question: `Delete Pat ${tag}` },
      { path: `/events/${hub}`, table: "event", id: hub, question: `Delete Gala ${tag}?` },
    ];
    const exists = async (table: string, id: number) =>
      Boolean(await env.DB.prepare(`select id from ${table} where id = ?`).bind(id).first());

    for (const c of cases) {
      expect([c.path, await exists(c.table, c.id)]).toEqual([c.path, true]);
      // One tap (or a script's one post): the question, as a form that works without script, and nothing deleted.
      for (const confirmed of [undefined, "no", ""]) {
        const asked = await post(c.path, { intent: "delete", ...(confirmed === undefined ? {} : { confirmed }) });
        expect([c.path, asked.status]).toEqual([c.path, 200]);
        const page = await asked.text();
        expect(page).toContain('data-confirm-step="delete"');
        expect(page).toContain(c.question);
        expect(page).toContain('name="confirmed" value="yes"');
        expect([c.path, await exists(c.table, c.id)]).toEqual([c.path, true]);
      }
      const done = await post(c.path, { intent: "delete", confirmed: "yes" });
      expect([c.path, done.status]).toEqual([c.path, 302]);
      expect([c.path, await exists(c.table, c.id)]).toEqual([c.path, false]);
    }
  });
});
