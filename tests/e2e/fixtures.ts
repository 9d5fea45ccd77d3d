import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  request,
} from "@playwright/test";
import type { AxeResults } from "axe-core";
import { AXE_CLEAN_DIR, E2E_OUTPUT, serverURL } from "./browser";

export const DEMO = { email: "demo@knowwho.app", password: "demo-password-2026" };

export const screenshotPath = (name: string, project: string) => `tests/artifacts/screenshots/${name}-${project}.png`;

/**
 * Closes an organiser event a journey published, once the journey is done with it: the landing page lists
 * the soonest open events before its sample events, and the landing journey on the same server counts on
 * seeing two samples, whichever journeys ran before it.
 */
export async function closeOrgEvent(page: Page, organiserUrl: string) {
  const res = await page.request.post(organiserUrl, { form: { intent: "close" }, maxRedirects: 0 });
  expect(res.status(), `closing ${organiserUrl}`).toBe(302);
}

/** Pictures are for a person's eyes and check nothing: CI skips them unless E2E_SCREENSHOTS=1 (docs/decisions/0172). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== "0" : !process.env.CI;

/** Saves a picture of the page (the whole page with `fullPage`) or of one element under tests/artifacts/. */
export async function snapshot(target: Page | Locator, name: string, project: string, { fullPage = false } = {}) {
  if (!SCREENSHOTS) return;
  const path = screenshotPath(name, project);
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

/**
 * Waits until React has hydrated this element and the document (each carries its props once hydrated; the
 * document's element is the last to complete, so its render is committed), so the element's handlers run:
 * the precise condition journeys waited for with `networkidle`, which idles half a second more (docs/decisions/0286).
 */
export async function hydrated(target: Locator) {
  const element = await target.elementHandle();
  await target
    .page()
    .waitForFunction(
      (el) =>
        el !== null &&
        [document.documentElement, el].every((node) =>
          Object.keys(node).some((key) => key.startsWith("__reactProps$")),
        ),
      element,
    );
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** The axe-core that @axe-core/playwright itself runs, minified: less to send and parse on each page. */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Every violation of AXE_TAGS on the page, found by axe.run in the page itself, injected once per document.
 * AxeBuilder's default opens a second page to merge results and injects axe again on every call (about
 * three times as slow, docs/decisions/0122); it is kept for pages with frames, which need its messaging.
 * Only violations are serialised in full: passing nodes need no selectors.
 */
async function axeViolations(page: Page): Promise<AxeResults["violations"]> {
  const options = { runOnly: { type: "tag" as const, values: AXE_TAGS }, resultTypes: ["violations" as const] };
  if (page.frames().length > 1)
    return (await new AxeBuilder({ page }).withTags(AXE_TAGS).options(options).analyze()).violations;
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async (opts) =>
      (await (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, opts)).violations,
    options,
  );
}

/**
 * Fingerprints of the pages axe found clean, shared by every worker and both projects of the run: a file each
 * under the run's folder (which Playwright empties at the start of a run) or the folder `npm test` empties for
 * both its parts, written whole under another name and renamed, so a reader never sees half of one
 * (docs/decisions/0275, 0287).
 */
const checkedDir = AXE_CLEAN_DIR;
const checkedFile = (key: string) => path.join(checkedDir, key);
const wasChecked = (key: string) => existsSync(checkedFile(key));
function markChecked(key: string) {
  mkdirSync(checkedDir, { recursive: true });
  const temporary = `${checkedFile(key)}.${process.pid}.${randomUUID()}`;
  writeFileSync(temporary, `${base.info().titlePath.join(" > ")}\n`);
  renameSync(temporary, checkedFile(key));
}

/**
 * What axe's verdict on a page depends on, hashed: the colour scheme and width, and for every element its
 * tag, its attributes (numbers in ids, names and links made alike, so person 12's page matches person 34's;
 * styles and classes exact) and whether it carries text of its own. Runs in the page.
 */
function pageFingerprint(): string {
  const alike =
    /^(id|for|name|href|src|srcset|action|value|content|datetime|aria-(labelledby|describedby|controls|owns|activedescendant)|data-.*)$/;
  let hash = 2166136261;
  const add = (text: string) => {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  };
  // The media a phone answers differently (touch, pixel density) too: both projects share the checked set.
  add(
    `${matchMedia("(prefers-color-scheme: dark)").matches} ${innerWidth} ${matchMedia("(pointer: coarse)").matches} ${devicePixelRatio} ${document.title.trim() !== ""}`,
  );
  for (const el of document.querySelectorAll("*")) {
    add(`<${el.tagName}`);
    for (const { name, value } of el.attributes)
      add(` ${name}=${alike.test(name) ? value.replace(/[0-9a-f]{8,}|\d+/gi, "0") : value}`);
    let text = false;
    for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) text = true;
    add(text ? ">t" : ">");
  }
  return (hash >>> 0).toString(36);
}

/**
 * Fails on any serious or critical axe violation on the page as it is now. `phone: false` skips it in the
 * phone project, for a page whose phone markup differs only by the tab bar (app-shell.spec.ts checks that).
 */
export async function expectAccessible(page: Page, { phone = true } = {}) {
  if (!phone && base.info().project.use.isMobile) return;
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
  // A page any worker of this run already checked, element for element, is not checked again: axe's verdict
  // is a function of the markup, its styles and which elements carry text (docs/decisions/0264, 0275).
  const key = await page.evaluate(pageFingerprint);
  if (wasChecked(key)) {
    await page.emulateMedia({ reducedMotion: reduced ? "reduce" : null });
    return;
  }
  // A step of its own, so `--reporter=json` times each axe call (docs/decisions/0127).
  const violations = await base
    .step("axe", () => axeViolations(page), { box: true })
    .finally(() => page.emulateMedia({ reducedMotion: reduced ? "reduce" : null }));
  if (violations.every((v) => v.impact !== "serious" && v.impact !== "critical")) markChecked(key);
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
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

export const test = base.extend<
  { pageErrors: string[]; cspViolations: string[]; newsletterPrompt: boolean; quietNewsletter: undefined },
  { demoStorage: string }
>({
  // Each worker talks to its own server (playwright.config.ts starts one per worker).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, info) => use(serverURL(info.parallelIndex)),
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
  // The demo account signed in once per worker: sign-in attempts are rate-limited, as they should be. Posted
  // to the sign-in form's own action, as the form does; the form itself is driven in shell.spec.ts.
  demoStorage: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const file = path.join(E2E_OUTPUT, `demo-session-${workerInfo.project.name}-${workerInfo.parallelIndex}.json`);
      const baseURL = serverURL(workerInfo.parallelIndex);
      const context = await request.newContext({ baseURL });
      try {
        const res = await context.post("/auth", {
          form: { intent: "signin", ...DEMO, redirectTo: "/dashboard" },
          headers: { origin: new URL(baseURL).origin },
          maxRedirects: 0,
        });
        if (res.status() !== 302) throw new Error(`the demo sign-in answered ${res.status()}`);
        await context.storageState({ path: file });
      } finally {
        await context.dispose();
      }
      await use(file);
    },
    { scope: "worker" },
  ],
});

/** Journeys that start signed in as the demo owner. */
export const demoTest = test.extend({
  storageState: async ({ demoStorage }, use) => use(demoStorage),
});

/** A fresh account made for one journey; `storageState` signs a browser context in as it. */
export type Owner = { name: string; email: string; password: string; storageState: string };

/** A documentation-range address, so each account's sign-up is counted apart from the others'. */
const ownAddress = () => `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** The sign-up form's fields, posted to its action from an address of the account's own. */
type SignUp = { name: string; email: string; password: string; timeZone: string };

/**
 * Signs up a new account through the app's own sign-up form action (the same checks, trial and first-run
 * step a person gets), from an address of its own so the per-address sign-up limit never joins journeys;
 * the session's cookies land in `file` (a storageState).
 */
async function postSignUp(baseURL: string, fields: SignUp, file: string) {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { "cf-connecting-ip": ownAddress() } });
  try {
    const res = await context.post("/auth?mode=signup", {
      form: { intent: "signup", ...fields, redirectTo: "/dashboard" },
      headers: { origin: new URL(baseURL).origin },
      maxRedirects: 0,
    });
    if (res.status() !== 302) throw new Error(`sign-up answered ${res.status()}: ${(await res.text()).slice(0, 200)}`);
    await context.storageState({ path: file });
  } finally {
    await context.dispose();
  }
}

const freshEmail = () => `owner-${randomUUID()}@e2e.example.org`;

/** A fresh account signed up through the sign-up action (see postSignUp); `storageState` signs a context in. */
export async function signUpOwner(
  _playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  file: string,
  name = "Fresh Owner",
  timeZone = "America/Chicago",
): Promise<Owner> {
  const fields = { name, email: freshEmail(), password: "correct horse battery", timeZone };
  await postSignUp(baseURL, fields, file);
  return { name, email: fields.email, password: fields.password, storageState: file };
}

/**
 * Signs a fresh account up through the sign-up action with the browser's time zone, as the form would, and
 * signs this page's context in as it. Driving the form costs two page loads; the first-run journey
 * (app-shell.spec.ts) is the one that proves the form itself.
 */
export async function signUpInto(page: Page, account: Partial<Omit<SignUp, "timeZone">> = {}): Promise<Owner> {
  const info = test.info();
  const fields = {
    name: account.name ?? "Fresh Owner",
    email: account.email ?? freshEmail(),
    password: account.password ?? "correct horse battery",
    timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  };
  const file = info.outputPath(`owner-${randomUUID()}.json`);
  await postSignUp(serverURL(info.parallelIndex), fields, file);
  const { cookies } = JSON.parse(readFileSync(file, "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  await page.context().addCookies(cookies);
  return { name: fields.name, email: fields.email, password: fields.password, storageState: file };
}

/**
 * Journeys that write start signed in as a fresh account of their own (see tests/e2e/README.md), so they
 * neither see nor change what other journeys did. The account has no people, cards or campaigns yet.
 */
export const ownerTest = test.extend<{ owner: Owner }>({
  owner: async ({ playwright, baseURL }, use, info) => {
    const file = info.outputPath("owner-session.json");
    await use(await signUpOwner(playwright, baseURL ?? "", file));
  },
  storageState: async ({ owner }, use) => use(owner.storageState),
});

export { expect };

/** The link in the newest mail to `to`, read from the development mailbox. */
export async function mailedLink(page: Page, to: string, subject: string): Promise<string> {
  await page.goto("/dev/mailbox");
  const message = page
    .getByRole("listitem")
    .filter({ hasText: `To: ${to}` })
    .filter({ hasText: subject })
    .first();
  const text = (await message.locator("pre").textContent()) ?? "";
  const link = text.match(/https?:\/\/\S+/)?.[0];
  expect(link, `a link in the mail "${subject}" to ${to}`).toBeTruthy();
  return link ?? "";
}

/** Opens the confirmation link sign-up mailed to `email`, as its owner would: the address is proved. */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  await page.goto(await mailedLink(page, email, "Confirm your KnowWho email address"));
  await expect(page.getByText(`${email} is confirmed.`)).toBeVisible();
}
