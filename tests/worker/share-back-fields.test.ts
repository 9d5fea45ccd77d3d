import { describe, expect, it } from "vitest";
import { call, form, testAddress } from "./helpers";

const share = (values: Record<string, string>, json = false) =>
  call("/c/demo/share", {
    ...form(values),
    headers: { "cf-connecting-ip": testAddress(), ...(json ? { accept: "application/json" } : {}) },
  });

describe("a refused share-back names each wrong field beside it", () => {
  it("without JavaScript: the message sits under the email field, tied to it, with the typed values kept", async () => {
    const res = await share({ name: "Sam Rivera", email: "sam@example", phone: "503 555 0177" });
    expect(res.status).toBe(400);
    const html = await res.text();
    const input = html.match(/<input[^>]*id="share-field-email"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="share-error-email"');
    expect(input).toContain('value="sam@example"');
    expect(html).toMatch(
      /id="share-field-email"[^>]*\/?>\s*<p class="field-error" id="share-error-email">Please enter a valid email address\.<\/p>/,
    );
    expect(html).toContain('value="Sam Rivera"');
    // The name was fine: it is not marked.
    expect(html.match(/<input[^>]*id="share-field-name"[^>]*>/)?.[0]).not.toContain("aria-invalid");
    expect(res.headers.get("cache-control")).toContain("no-store");
  });

  it("with JavaScript: the JSON answer says which fields, in the specification's words", async () => {
    const missing = await share({ name: "", email: "" }, true);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      title: "Missing information",
      fields: {
        name: "Please provide your name and email address.",
        email: "Please provide your name and email address.",
      },
    });
    const typo = await share({ name: "Sam", email: "sam@@example.org" }, true);
    expect(((await typo.json()) as { fields: unknown }).fields).toEqual({
      email: "Please enter a valid email address.",
    });
  });

  it("names a phone it could not keep instead of dropping it", async () => {
    const res = await share({ name: "Sam Formula", email: "sam.formula@example.org", phone: "=1+2" }, true);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: unknown }).fields).toEqual({ phone: "Please enter a valid phone number." });
  });
});
