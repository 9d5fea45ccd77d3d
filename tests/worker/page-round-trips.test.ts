import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchOver, observed } from "./d1-count";
import { call, form, json, signUp, userIdOf } from "./helpers";

/**
 * A signed-in page costs its D1 round trips (each waits its turn for the database, over the network in
 * production): one batch for the session with the root's and the signed-in layout's reads, and the page's own
 * first reads in it too where the page has them (decision 0168).
 */

/** The round trips of one signed-in document load: a statement's SQL, or "batch of N". */
async function tripsOf(path: string, cookie: string) {
  const trips: string[] = [];
  const d1 = observed(env.DB, {
    before: ({ sqls, batch }) => trips.push(batch ? `batch of ${sqls.length}` : (sqls[0] ?? "")),
  });
  const res = await fetchOver(d1, path, { headers: { cookie, accept: "text/html" } });
  return { status: res.status, trips };
}

describe("signed-in pages' D1 round trips", () => {
  it("the dashboard and the people list read in one round trip, the filter menus once more", async () => {
    const { cookie, email } = await signUp("Round Trips");
    const userId = await userIdOf(email);
    // People under a tag rhythm, with their own rhythm and met at an event this week: every rhythm read runs.
    const rule = await call("/settings/keep-in-touch", {
      ...form({ intent: "save", tag: "Donor", every: "weekly" }),
      headers: { cookie },
    });
    expect(rule.status).toBeLessThan(400);
    await env.DB.prepare(
      `insert into connection (user_id, name, email, tags, event_name, created_at, updated_at) values
       (?1, 'Ada Byron', 'ada@example.org', '["Donor"]', null, ?2, ?2),
       (?1, 'Ben Two', 'ben@example.org', '[]', 'Harbour Forum', ?2, ?2),
       (?1, 'Cy Three', 'cy@example.org', '[]', null, ?2, ?2)`,
    )
      .bind(userId, Date.now() - 3_600_000)
      .run();
    await env.DB.prepare(
      "insert into keep_in_touch (user_id, connection_id, every) select user_id, id, 'monthly' from connection where user_id = ? and name = 'Cy Three'",
    )
      .bind(userId)
      .run();
    expect((await call("/api/capture", json({ name: "Dee Four", email: "dee@x.org" }, cookie))).ok).toBe(true);

    // The session with the root's, the layout's and the page's reads in one batch.
    const expected: [string, number][] = [
      ["/dashboard", 1],
      ["/dashboard.data", 1],
      // The filter menus' tags and events, read once (one batch) while the owner's people stay as they are.
      ["/connections", 2],
      ["/connections", 1],
      ["/connections.data", 1],
      ["/connections?sort=name&q=Ben", 1],
      // A page without first reads of its own: the session's batch, then the page's.
      ["/card", 2],
      // A public page visited signed in: its root reads the session and the shell in one batch too.
      ["/pricing", 1],
      ["/guides", 1],
    ];
    for (const [path, count] of expected) {
      const { status, trips } = await tripsOf(path, cookie);
      expect(status, path).toBe(200);
      expect(trips, path).toHaveLength(count);
    }

    // Pages that show times in the owner's zone take the settings the shell read with the session.
    const person = await env.DB.prepare("select id from connection where user_id = ? and name = 'Ada Byron'")
      .bind(userId)
      .first<{ id: number }>();
    for (const path of ["/notifications", "/settings", "/events", "/settings/billing", `/connections/${person?.id}`]) {
      const reads: string[] = [];
      const d1 = observed(env.DB, { before: ({ sqls }) => reads.push(...sqls) });
      const res = await fetchOver(d1, path, { headers: { cookie, accept: "text/html" } });
      expect(res.status, path).toBe(200);
      expect(
        reads.filter((sql) => /from "user_settings"/.test(sql)),
        path,
      ).toHaveLength(1);
    }
  });

  it("the session's batch reads and claims only for a live session, and only its own account's rows", async () => {
    const owner = await signUp("Shell Owner");
    const other = await signUp("Shell Other");
    const [ownerId, otherId] = [await userIdOf(owner.email), await userIdOf(other.email)];
    const toast = (userId: string, title: string) =>
      env.DB.prepare("insert into notification (user_id, title, created_at) values (?, ?, ?)")
        .bind(userId, title, Date.now())
        .run();
    const toasted = async (title: string) =>
      (
        await env.DB.prepare("select toasted from notification where title = ?")
          .bind(title)
          .first<{ toasted: number }>()
      )?.toasted;
    await toast(ownerId, "Owner toast");
    await toast(otherId, "Other toast");
    for (const [userId, name] of [
      [ownerId, "Owners Person"],
      [otherId, "Others Person"],
    ])
      await env.DB.prepare("insert into connection (user_id, name, created_at, updated_at) values (?1, ?2, ?3, ?3)")
        .bind(userId, name, Date.now())
        .run();

    // A live session: its page shows its own new notification once, and claims it; the other account's stays.
    const page = await tripsOf("/dashboard", owner.cookie);
    expect(page.status).toBe(200);
    // The session, the shell's five reads, the toasts' claim and the dashboard's ten reads.
    expect(page.trips).toEqual(["batch of 17"]);
    // The page's reads keyed by the session are its account's alone, on the dashboard and on the list.
    for (const path of ["/dashboard", "/connections", "/connections.data"]) {
      const body = await (await call(path, { headers: { cookie: owner.cookie, accept: "text/html" } })).text();
      expect(body, path).toContain("Owners Person");
      expect(body, path).not.toContain("Others Person");
    }
    const html = await (
      await call("/notifications", { headers: { cookie: owner.cookie, accept: "text/html" } })
    ).text();
    expect(html).not.toContain("Other toast");
    expect(await toasted("Owner toast")).toBe(1);
    expect(await toasted("Other toast")).toBe(0);

    // An expired session, then a revoked one: sent to sign in, and the batch keyed by them claimed nothing.
    await env.DB.prepare("update session set expires_at = ? where user_id = ?")
      .bind(Date.now() - 1000, otherId)
      .run();
    expect((await tripsOf("/dashboard", other.cookie)).status).toBe(302);
    await env.DB.prepare("update session set expires_at = ? where user_id = ?")
      .bind(Date.now() + 86_400_000, otherId)
      .run();
    await env.DB.prepare("delete from session where user_id = ?").bind(otherId).run();
    expect((await tripsOf("/dashboard", other.cookie)).status).toBe(302);
    expect(await toasted("Other toast")).toBe(0);
  });
});
