import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, form, signUp } from "./helpers";

async function notify(email: string, title: string) {
  const user = await env.DB.prepare("select id from user where email = ?").bind(email).first<{ id: string }>();
  await env.DB.prepare("insert into notification (user_id, title, message, type) values (?, ?, 'm', 'info')")
    .bind(user?.id, title)
    .run();
  return (
    (await env.DB.prepare("select id from notification where title = ?").bind(title).first<{ id: number }>())?.id ?? 0
  );
}

const state = (id: number) =>
  env.DB.prepare("select read, toasted from notification where id = ?")
    .bind(id)
    .first<{ read: number; toasted: number }>();

describe("notification centre", () => {
  it("toasts a new notification once, on the next page view", async () => {
    const a = await signUp();
    const id = await notify(a.email, "Toast me once");
    await env.DB.prepare(
      "update notification set action_label = 'Open the person', action_url = '/connections' where id = ?",
    )
      .bind(id)
      .run();
    const page = await (await call("/dashboard", { headers: { cookie: a.cookie, accept: "text/html" } })).text();
    expect(page).toContain("Toast me once");
    // The toast carries the notification's action.
    expect(page).toContain("Open the person");
    expect((await state(id))?.toasted).toBe(1);
    expect(
      await (await call("/settings", { headers: { cookie: a.cookie, accept: "text/html" } })).text(),
    ).not.toContain("Toast me once");
  });

  it("marks read one way, removes and clears only the owner's", async () => {
    const a = await signUp();
    const b = await signUp();
    const mine = await notify(a.email, "A's news");
    const theirs = await notify(b.email, "B's news");
    await call("/notifications", { ...form({ intent: "read", id: String(theirs) }), headers: { cookie: a.cookie } });
    // Another account's confirmed removal is the usual 404, and removes nothing.
    const removeTheirs = { intent: "remove", id: String(theirs), confirmed: "yes" };
    expect((await call("/notifications", { ...form(removeTheirs), headers: { cookie: a.cookie } })).status).toBe(404);
    // Clearing asks once: the first tap answers the question and removes nothing.
    const asked = await call("/notifications", { ...form({ intent: "clear" }), headers: { cookie: a.cookie } });
    expect(asked.status).toBe(200);
    expect(await state(mine)).not.toBeNull();
    await call("/notifications", { ...form({ intent: "clear", confirmed: "yes" }), headers: { cookie: a.cookie } });
    expect(await state(theirs)).toMatchObject({ read: 0 });
    expect(await state(mine)).toBeNull();
    const html = await (await call("/notifications", { headers: { cookie: b.cookie } })).text();
    expect(html).toContain("B&#x27;s news");
    await call("/notifications", { ...form({ intent: "read", id: String(theirs) }), headers: { cookie: b.cookie } });
    expect((await state(theirs))?.read).toBe(1);
    // Removing one asks once (the page without JavaScript shows the question), then removes it.
    const question = await call("/notifications", {
      ...form({ intent: "remove", id: String(theirs) }),
      headers: { cookie: b.cookie },
    });
    expect(await question.text()).toContain('data-confirm-step="remove"');
    expect(await state(theirs)).not.toBeNull();
    // There is no way back to unread.
    expect(
      (
        await call("/notifications", {
          ...form({ intent: "unread", id: String(theirs) }),
          headers: { cookie: b.cookie },
        })
      ).status,
    ).toBe(400);
    expect((await state(theirs))?.read).toBe(1);
    await call("/notifications", { ...form(removeTheirs), headers: { cookie: b.cookie } });
    expect(await state(theirs)).toBeNull();
  });
});
