import { describe, expect, it } from "vitest";
import { carryCookies } from "~/lib/platform/carry-cookies";

describe("carryCookies", () => {
  it("passes on every session cookie one by one, after the ones already set", () => {
    const from = new Response(null);
    from.headers.append("Set-Cookie", "session=abc; Path=/; HttpOnly");
    from.headers.append("Set-Cookie", "session_data=xyz, with a comma; Path=/");
    const into = carryCookies(from, new Headers({ "Set-Cookie": "toast=1; Path=/" }));
    expect(into.getSetCookie()).toEqual([
      "toast=1; Path=/",
      "session=abc; Path=/; HttpOnly",
      "session_data=xyz, with a comma; Path=/",
    ]);
  });

  it("answers empty headers when there is nothing to pass on", () => {
    expect(carryCookies(new Response(null)).getSetCookie()).toEqual([]);
  });
});
