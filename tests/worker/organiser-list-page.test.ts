import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/lib/time/days";
import { call, form, signUp } from "./helpers";

/** The organiser's own page as they open it: their events first, publishing one a button away, and a way there. */

const local = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 16);

describe("/organiser", () => {
  it("lists the organiser's events above the form, offers 'Publish an event' as a button, and is in the navigation", async () => {
    const owner = await signUp();
    const title = `List First ${crypto.randomUUID().slice(0, 6)}`;
    const made = await call("/organiser", {
      ...form({
        title,
        description: "An evening.",
        timeZone: "America/Chicago",
        type: "in-person",
        venue: "Navy Pier, Chicago",
        organiserName: "Civic Data Org",
        startsAt: local(3),
        endsAt: local(4),
      }),
      headers: { cookie: owner.cookie },
    });
    expect(made.status).toBe(302);
    const html = await (await call("/organiser", { headers: { cookie: owner.cookie } })).text();
    const at = (s: string) => {
      const i = html.indexOf(s);
      expect(i, s).toBeGreaterThan(-1);
      return i;
    };
    const button = at('href="#publish"');
    const list = at('aria-label="Your published events"');
    const form_ = at('id="publish"');
    expect(html.slice(list, form_)).toContain(title);
    expect(button).toBeLessThan(list);
    expect(list).toBeLessThan(form_);
    // The top navigation names the organiser's events and the mailings, as the phone's More sheet does.
    const nav = html.slice(at('aria-label="App"'), html.indexOf("</nav>", at('aria-label="App"')));
    expect(nav).toContain('href="/organiser"');
    expect(nav).toContain('href="/mailings"');
  });
});
