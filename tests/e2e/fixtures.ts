import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO = { email: "demo@knowwho.app", password: "demo-password-2026" };

export const screenshotPath = (name: string, project: string) => `tests/artifacts/screenshots/${name}-${project}.png`;

/** Fails on any serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Let finite transitions (a toast fading in, a theme switch) finish so axe sees final colours.
  // Under load Chromium sometimes stops advancing a transition after a theme switch; after 3 s,
  // jump whatever is left to its end rather than wait for a frame that never comes. The 3 s are
  // counted here, not in the page, whose timers Playwright's clock may hold still.
  const settled = page
    .evaluate(async () => {
      const finite = document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    })
    .catch(() => undefined);
  let cap: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([settled, new Promise((resolve) => (cap = setTimeout(resolve, 3000)))]);
  clearTimeout(cap);
  await page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    for (const a of finite) {
      try {
        if (a.playState === "running" || a.playState === "paused") a.finish();
      } catch {
        // An animation that cannot finish (playback rate 0) is left as it is.
      }
    }
  });
  // A toast can still arrive while axe runs (sonner loads with the first toast, then fades it in): with
  // reduced motion sonner shows it at once, so axe measures its colours at rest, never halfway through a fade.
  const reduced = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  await page.emulateMedia({ reducedMotion: "reduce" });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: reduced ? "reduce" : null }));
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}

/** Adds someone to the signed-in account as a capture does (the page must be on the site): its answer's status and id. */
export async function capturePerson(page: Page, person: Record<string, string>) {
  const res = await page.request.post("/api/capture", {
    data: person,
    headers: { origin: new URL(page.url()).origin },
  });
  return { status: res.status(), ...((await res.json()) as { id: number }) };
}

export async function signIn(page: Page, redirectTo = "/dashboard") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === redirectTo);
}

export const test = base.extend<
  { pageErrors: string[]; cspViolations: string[]; newsletterPrompt: boolean; quietNewsletter: undefined },
  { demoStorage: string }
>({
  // Every journey fails on any Content Security Policy violation, in any page of its context: the
  // securitypolicyviolation event (blocked scripts, styles, images, eval probes) and Chromium's report.
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding("__kwCspViolation", ({ page }, text: string) => {
        violations.push(`${page.url()}: ${text}`);
      });
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          const report = `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`;
          (window as unknown as { __kwCspViolation(text: string): void }).__kwCspViolation(report);
        });
      });
      context.on("console", (m) => {
        if (m.type() === "error" && /Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      await use(violations);
      expect(violations, "Content Security Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  // The newsletter slide-in would cover controls after 5 s; journeys that test it opt in with test.use.
  newsletterPrompt: [false, { option: true }],
  quietNewsletter: [
    async ({ context, baseURL, newsletterPrompt }, use) => {
      if (!newsletterPrompt && baseURL)
        await context.addCookies([{ name: "kw_newsletter_prompt", value: "1", url: baseURL }]);
      await use(undefined);
    },
    { auto: true },
  ],
  // Every journey fails on uncaught page errors and on React hydration mismatches.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error" && /hydrat/i.test(m.text())) errors.push(m.text());
      });
      await use(errors);
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  // The demo account signed in once per worker: sign-in attempts are rate-limited, as they should be.
  demoStorage: [
    async ({ browser }, use, workerInfo) => {
      const file = path.resolve("test-results", `demo-session-${workerInfo.project.name}.json`);
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      await signIn(await context.newPage());
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: "worker" },
  ],
});

/** Journeys that start signed in as the demo owner. */
export const demoTest = test.extend({
  storageState: async ({ demoStorage }, use) => use(demoStorage),
});

export { expect };
