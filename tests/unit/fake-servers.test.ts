import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import type { FakeServerUrls } from "../fixtures/fake-servers";
import { startFakeStripe } from "../fixtures/fake-stripe";

/** The Worker tests' stand-ins, as two test files running at once use them. */

const stripeCall = (base: string, key: string, method: string, route: string, body = "") =>
  fetch(`${base}${route}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
    ...(method === "GET" ? {} : { body }),
  });

describe("the Stripe stand-in", () => {
  it("keeps each key's calls and subscriptions its own, as Stripe keeps each account's", async () => {
    const stripe = await startFakeStripe(60_000);
    try {
      await stripeCall(stripe.url, "sk_test_one", "POST", "/v1/subscriptions/sub_shared", "cancel_at_period_end=true");
      await stripeCall(stripe.url, "sk_test_two", "GET", "/v1/subscriptions/sub_shared");
      const listed = async (key: string) =>
        (await (await fetch(`${stripe.url}/_stripe/requests?key=${key}`)).json()) as { method: string }[];
      expect((await listed("sk_test_one")).map((c) => c.method)).toEqual(["POST"]);
      expect((await listed("sk_test_two")).map((c) => c.method)).toEqual(["GET"]);
      // The second key's subscription of the same id was never cancelled by the first key's change.
      const other = (await (
        await stripeCall(stripe.url, "sk_test_two", "GET", "/v1/subscriptions/sub_shared")
      ).json()) as {
        cancel_at_period_end: boolean;
      };
      expect(other.cancel_at_period_end).toBe(false);
    } finally {
      await stripe.close();
    }
  });
});

describe("the stand-ins' own process", () => {
  // A Node process of its own: starting one takes seconds on a loaded machine.
  it("prints where each stand-in listens on 127.0.0.1 and stops them all when its parent lets go", {
    timeout: 30_000,
  }, async () => {
    const child = spawn(
      process.execPath,
      ["--experimental-strip-types", "--no-warnings", path.join(import.meta.dirname, "../fixtures/fake-servers.ts")],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const urls = await new Promise<FakeServerUrls>((resolve) =>
      createInterface({ input: child.stdout }).once("line", (line) => resolve(JSON.parse(line))),
    );
    for (const url of Object.values(urls)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(
      (await fetch(`${urls.fakeServices}/dns-query?name=localtest.me`, { headers: { accept: "application/dns-json" } }))
        .status,
    ).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
    await expect(fetch(`${urls.fakeStripe}/_stripe/requests`)).rejects.toThrow();
  });
});
