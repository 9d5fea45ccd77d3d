import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { userContext } from "~/context";
import type { SessionUser } from "~/server/account/auth.server";
import { getUser } from "~/server/account/user.server";

describe("getUser", () => {
  it("returns the user the signed-in layout put on the context", () => {
    const context = new RouterContextProvider();
    const user = { id: "u1", email: "a@example.org", name: "A" } as SessionUser;
    context.set(userContext, user);
    expect(getUser(context)).toBe(user);
  });

  it("answers 404 where the layout let a visitor through (a public sample event), never a null user", () => {
    const context = new RouterContextProvider();
    context.set(userContext, null);
    let thrown: unknown;
    try {
      getUser(context);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
