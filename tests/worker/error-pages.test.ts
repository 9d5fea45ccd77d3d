import { describe, expect, it } from "vitest";
import { ERROR_PAGES } from "~/lib/platform/error-pages";
import { call, form, json, signUp } from "./helpers";

/** React escapes apostrophes in text; the page's title as it appears in the HTML. */
const inHtml = (text: string) => text.replaceAll("'", "&#x27;");

/** The app shell's own navigation (tabs on phones, the "App" bar on laptops) and the marketing header's. */
const APP_SHELL = 'aria-label="Tabs"';
const MARKETING = 'aria-label="Main"';

const STATUSES = Object.keys(ERROR_PAGES).map(Number) as (keyof typeof ERROR_PAGES)[];

describe("error pages", () => {
  it("shows a missing person as a 404 page inside the app shell, with the way back to People", async () => {
    const owner = await signUp("Error Owner");
    const res = await call("/connections/999999", { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain("Unexpected Application Error");
    expect(html).toContain(ERROR_PAGES[404].title);
    expect(html).toContain("Error 404");
    expect(html).toContain(APP_SHELL);
    expect(html).not.toContain(MARKETING);
    expect(html).toMatch(/<a href="\/connections"[^>]*>Back to People<\/a>/);
    expect(html).toMatch(/<a href="\/dashboard"[^>]*>Go to the dashboard<\/a>/);
    expect(html).toContain("<title>Page not found | KnowWho</title>");
  });

  it("shows another account's person as the same 404, not as theirs", async () => {
    const a = await signUp("Error A");
    const b = await signUp("Error B");
    const { id } = (await (await call("/api/capture", json({ name: "Private Pat" }, a.cookie))).json()) as {
      id: number;
    };
    const res = await call(`/connections/${id}`, { headers: { cookie: b.cookie } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(ERROR_PAGES[404].title);
    expect(html).not.toContain("Private Pat");
  });

  it("answers a form posted to a page that takes none with a 405 page and a way back", async () => {
    // In the signed-in area the shell's data is loaded above the failed action, so the page keeps the shell.
    const owner = await signUp("Post Owner");
    const inApp = await call("/connections/duplicates", {
      ...form({ anything: "1" }),
      headers: { cookie: owner.cookie },
    });
    expect(inApp.status).toBe(405);
    const appHtml = await inApp.text();
    expect(appHtml).toContain(inHtml(ERROR_PAGES[405].title));
    expect(appHtml).toContain(APP_SHELL);
    expect(appHtml).toMatch(/<a href="\/connections"[^>]*>Back to People<\/a>/);
    // A public page's action error runs no loader, so the page stands alone with the logo and the way home.
    const outside = await call("/pricing", form({ anything: "1" }));
    expect(outside.status).toBe(405);
    const html = await outside.text();
    expect(html).toContain(inHtml(ERROR_PAGES[405].title));
    expect(html).toContain('aria-label="KnowWho home"');
    expect(html).toMatch(/<a href="\/"[^>]*>Go to the home page<\/a>/);
  });

  it("gives every status its own page, in the app shell signed in and the marketing layout signed out", async () => {
    const owner = await signUp("Status Owner");
    for (const status of STATUSES) {
      const inApp = await call(`/dev/app-error/${status}`, { headers: { cookie: owner.cookie } });
      expect(inApp.status, `app ${status}`).toBe(status);
      const appHtml = await inApp.text();
      expect(appHtml, `app ${status}`).toContain(inHtml(ERROR_PAGES[status].title));
      expect(appHtml, `app ${status}`).toContain(`Error ${status}`);
      expect(appHtml, `app ${status}`).toContain(APP_SHELL);
      expect(appHtml, `app ${status}`).not.toMatch(/at \S+ \(/);

      const outside = await call(`/dev/error/${status}`);
      expect(outside.status, `public ${status}`).toBe(status);
      const publicHtml = await outside.text();
      expect(publicHtml, `public ${status}`).toContain(inHtml(ERROR_PAGES[status].title));
      expect(publicHtml, `public ${status}`).toContain(MARKETING);
      expect(publicHtml, `public ${status}`).not.toContain(APP_SHELL);
    }
    // A status without a page of its own reads as its family's.
    const teapot = await call("/dev/error/418");
    expect(teapot.status).toBe(418);
    expect(await teapot.text()).toContain(ERROR_PAGES[400].title);
  });

  it("sends a signed-out visitor of the signed-in area to sign in, not to an error page", async () => {
    expect((await call("/connections/999999")).status).toBe(302);
    expect((await call("/dev/app-error/404")).status).toBe(302);
  });
});
