import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { joinByForm, publishNow } from "./organiser-helpers";
import { account, get, post, teamOf } from "./team-helpers";

type Entry = { path?: string; children?: Entry[] };

/** Every organiser page of the route table, so a new one is walked without editing this file. */
const organiserPaths = (entries: Entry[], parent = ""): string[] =>
  entries.flatMap((e) => {
    const path = `${parent}/${e.path ?? ""}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
    return [...(path.startsWith("/organiser") ? [path] : []), ...organiserPaths(e.children ?? [], path)];
  });

describe("a team's organiser events", () => {
  it("are changed by the team's owners and admins only: a plain member is refused on every organiser write", async () => {
    const owner = await account("Roles Owner");
    const member = await account("Roles Member");
    const admin = await account("Roles Admin");
    const team = await teamOf(owner, [member, admin], { label: "Roles", working: [owner] });
    await env.DB.prepare("update member set role = 'admin' where workspace_id = ? and user_id = ?")
      .bind(team, admin.id)
      .run();
    const e = await publishNow(owner, "Roles Summit");
    const paths = organiserPaths(routes as Entry[]);
    expect(paths).toContain("/organiser/:id/door");
    for (const path of paths.filter((p) => p !== "/organiser/:id/door")) {
      const filled = path.replace(":id", String(e.id)).replace(":session", "1").replace(":format", "csv");
      const refused = await post(filled, member, { intent: "close", title: "Taken Over", code: "x" });
      expect(refused.status, `POST ${filled}`).toBe(403);
    }
    // The event and the team's list are as they were: nothing was made, closed or renamed.
    const row = await env.DB.prepare("select title, state from org_event where id = ?").bind(e.id).first();
    expect(row).toEqual({ title: "Roles Summit", state: "open" });
    expect(
      await env.DB.prepare("select count(*) as n from org_event where user_id = ?").bind(team).first<number>("n"),
    ).toBe(1);
    // At the door a member checks passes in, as a volunteer does; anything else posted there is still refused.
    expect((await post(`/organiser/${e.id}/door`, member, { intent: "close" })).status).toBe(400);
    const guest = await joinByForm(e.slug, { name: "Vol Scanned", email: `vol-${crypto.randomUUID()}@example.org` });
    const scanned = await post(`/organiser/${e.id}/door`, member, { intent: "scan", code: guest.qr });
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).toContain("Vol Scanned: checked in");
    // A member still reads the team's events.
    expect((await get(`/organiser/${e.id}`, member)).status).toBe(200);
    expect((await get(`/organiser/${e.id}/attendees`, member)).status).toBe(200);
    // An admin changes them.
    expect((await post(`/organiser/${e.id}`, admin, { intent: "close" })).status).toBe(302);
    expect(await env.DB.prepare("select state from org_event where id = ?").bind(e.id).first<string>("state")).toBe(
      "closed",
    );
  });
});
