import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type AppEnv, parseEnv } from "~/server/platform/env.server";
import { allow, limiterFor, RULES } from "~/server/platform/rate-limit.server";
import { inOneRateWindow } from "./helpers";

/** The Worker tests count rate limits in the isolate; production always counts through its bindings. */
const testEnv = parseEnv(env);
const production: AppEnv = { ...testEnv, APP_ENV: "production" };

describe("where rate limits are counted", () => {
  it("the Worker tests ask for windows in the isolate", () => {
    expect(testEnv.RATE_LIMIT_WINDOWS).toBe("in-isolate");
  });

  it("production counts through the rule's binding even when asked for windows in the isolate", async () => {
    for (const rule of Object.keys(RULES) as (keyof typeof RULES)[])
      expect(limiterFor(production, rule)).toBe(production[RULES[rule].binding]);
    // The binding's own count: 5 a minute for one key, then refused (its window follows the wall clock).
    const verdicts = await inOneRateWindow(async () => {
      const key = `binding-${crypto.randomUUID()}`;
      const burst = [];
      for (let i = 0; i <= RULES.strict.limit; i++) burst.push(await allow(production, "strict", key));
      return burst;
    });
    expect(verdicts).toEqual([true, true, true, true, true, false]);
  });

  it("the isolate's windows refuse past the rule's limit without touching the binding's count", async () => {
    const key = `isolate-${crypto.randomUUID()}`;
    const verdicts = [];
    for (let i = 0; i <= RULES.strict.limit; i++) verdicts.push(await allow(testEnv, "strict", key));
    expect(verdicts).toEqual([true, true, true, true, true, false]);
    expect(await allow(production, "strict", key)).toBe(true);
  });

  it("a binding configured by name alone keeps counting through the binding", () => {
    const unset = parseEnv({ ...env, RATE_LIMIT_WINDOWS: undefined } as unknown as Env);
    expect(unset.RATE_LIMIT_WINDOWS).toBe("binding");
    expect(limiterFor(unset, "forms")).toBe(unset.RATE_LIMIT_FORMS);
  });
});
