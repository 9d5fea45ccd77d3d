import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { edgeGet } from "~/server/platform/edge-cache.server";
import { call, form, signUp } from "./helpers";

const owned = async (userId: string) => {
  const tables = ["session", "account", "card", "connection", "notification", "reminder", "user_settings"];
  const counts: Record<string, number> = {};
  for (const t of tables) {
    counts[t] =
      (await env.DB.prepare(`select count(*) as n from ${t} where user_id = ?`).bind(userId).first<{ n: number }>())
        ?.n ?? 0;
  }
  counts.shared_contacts =
    (
      await env.DB.prepare("select count(*) as n from shared_contacts where recipient_user_id = ?")
        .bind(userId)
        .first<{ n: number }>()
    )?.n ?? 0;
  return counts;
};

describe("deleting an account", () => {
  it("removes every row and cached card it owns, and nothing of anyone else's", async () => {
    const owner = await signUp("Del Owner");
    const bystander = await signUp("Bystander");
    const ownerId =
      (await env.DB.prepare("select id from user where email = ?").bind(owner.email).first<{ id: string }>())?.id ?? "";
    const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
    const id = created.headers.get("location")?.split("/").pop();
    // A card needs a way to reach its owner before it can be published.
    await call(`/card/${id}`, {
      ...form({ intent: "save", name: "Del Owner", email: "del@x.org" }),
      headers: { cookie: owner.cookie },
    });
    await call(`/card/${id}`, { ...form({ intent: "publish", slug: "del-owner" }), headers: { cookie: owner.cookie } });
    await call("/c/del-owner");
    await call("/c/del-owner/share", {
      ...form({ name: "Vi", email: "vi@x.org" }),
      headers: { "cf-connecting-ip": "192.0.2.90" },
    });
    await call("/api/cards/del-owner/save", { method: "POST", headers: { cookie: bystander.cookie } });
    await vi.waitFor(async () => expect(await edgeGet("/c/del-owner")).not.toBeNull());
    const before = await owned(ownerId);
    expect(before.card).toBe(1);
    expect(before.connection).toBe(1);
    expect(before.shared_contacts).toBe(1);

    const wrong = await call("/settings", {
      ...form({ intent: "delete-account", confirm: "someone@else.org" }),
      headers: { cookie: owner.cookie },
    });
    expect(wrong.status).toBe(400);
    expect((await owned(ownerId)).card).toBe(1);

    const res = await call("/settings", {
      ...form({ intent: "delete-account", confirm: owner.email.toUpperCase() }),
      headers: { cookie: owner.cookie },
    });
    expect(res.status).toBe(302);
    expect(Object.values(await owned(ownerId)).every((n) => n === 0)).toBe(true);
    expect(await env.DB.prepare("select 1 from user where id = ?").bind(ownerId).first()).toBeNull();
    expect(await edgeGet("/c/del-owner")).toBeNull();
    expect((await call("/c/del-owner")).status).toBe(404);
    // The old session no longer works, and the bystander's saved copy of the card is theirs to keep.
    expect((await call("/settings", { headers: { cookie: owner.cookie } })).status).toBe(302);
    const kept = await env.DB.prepare(
      "select count(*) as n from connection c join user u on u.id = c.user_id where u.email = ?",
    )
      .bind(bystander.email)
      .first<{ n: number }>();
    expect(kept?.n).toBe(1);
  });
});

describe("profile", () => {
  it("renames the owner, and an empty name keeps the form with the message", async () => {
    const owner = await signUp("Old Name");
    const post = (name: string) =>
      call("/settings", {
        method: "POST",
        body: new URLSearchParams({ intent: "profile", name }),
        headers: { cookie: owner.cookie },
      });
    const empty = await post("   ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Name must be at least 2 characters");
    expect((await post("New <b>Name</b>")).status).toBe(302);
    const page = await (await call("/settings", { headers: { cookie: owner.cookie } })).text();
    expect(page).toContain("New &lt;b&gt;Name&lt;/b&gt;");
    // A new account's zone is UTC, shown in the zone field (the list only suggests).
    expect(page).toMatch(/<input[^>]*name="timeZone"[^>]*value="UTC"/);
  });
});
