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

  it("throws when read where the signed-in layout did not run, rather than handing a route a null user", () => {
    // An Error (a bug to fix), not a 404 that would pass for a missing page.
    expect(() => getUser(new RouterContextProvider())).toThrow(Error);
  });
});
