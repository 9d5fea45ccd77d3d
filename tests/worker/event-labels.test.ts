import { describe, expect, it } from "vitest";
import { call, form, signUp } from "./helpers";

const today = () => new Date().toISOString().slice(0, 10);
const local = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);

/** The page's own content, without the app shell around it. */
const mainOf = async (res: Response | Promise<Response>) =>
  (await (await res).text()).match(/<main[\s\S]*<\/main>/)?.[0] ?? "";

/** Text as a person reads it: tags, React's separators and the screen-reader-only parts removed. */
const visible = (html: string) =>
  html
    .replace(/<span class="sr-only">[\s\S]*?<\/span>/g, "")
    .replace(/<span aria-hidden="true"[^>]*>[\s\S]*?<\/span>/g, "")
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ")
    .trim();

/** Each link and button whose accessible name is set by aria-label, with the text it shows. */
const labelled = (html: string) =>
  [...html.matchAll(/<(a|button)\b([^>]*)>([\s\S]*?)<\/\1>/g)].flatMap(([, , attrs = "", inner = ""]) => {
    const label = attrs.match(/aria-label="([^"]*)"/)?.[1];
    return label ? [{ label: label.replaceAll("&#x27;", "'"), shown: visible(inner) }] : [];
  });

/** The buttons' names as a screen reader gives them: the aria-label, else the text. */
const buttonNames = (html: string) =>
  [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map(
    ([, attrs = "", inner = ""]) => attrs.match(/aria-label="([^"]*)"/)?.[1] ?? visible(inner),
  );

describe("the event pages tell the date badge from the Set Active button", () => {
  it("names every labelled control with its visible words, and says what the badge and the button mean", async () => {
    const owner = await signUp("Label Owner");
    const headers = { cookie: owner.cookie };
    const title = "Harbour Mixer";
    const made = await call("/events/new", {
      ...form({ title, date: today(), location: "Harbour Hall", type: "in-person" }),
      headers,
    });
    expect(made.status).toBe(302);
    const hub = made.headers.get("location") ?? "";
    const organiser = await call("/organiser", {
      ...form({
        title: "Harbour Summit",
        timeZone: "UTC",
        type: "in-person",
        organiserName: "Harbour",
        startsAt: local(-1),
        endsAt: local(5),
      }),
      headers,
    });
    expect(organiser.status).toBe(302);
    const organiserPage = organiser.headers.get("location") ?? "";

    const list = await mainOf(call("/events", { headers }));
    const hubPage = await mainOf(call(hub, { headers }));
    const organised = await mainOf(call(organiserPage, { headers }));

    for (const html of [list, hubPage, organised]) {
      // WCAG 2.5.3: the visible words are part of the name voice control is told.
      for (const { label, shown } of labelled(html))
        if (shown) expect(label.toLowerCase(), `"${shown}"`).toContain(shown.toLowerCase());
      // The date badge no longer reads like the button.
      expect(html).toContain(">Happening now</span>");
      expect(html).not.toMatch(/>Active<\/span>/);
    }

    // The button's name starts with what it shows, and a sentence on the page says what it does.
    expect(buttonNames(list)).toContain(`Set Active: ${title}`);
    expect(buttonNames(hubPage)).toContain(`Set Active: ${title}`);
    expect(visible(list)).toContain("Happening now Today falls within the event's dates.");
    expect(visible(list)).toContain("Makes the event your active hub");
    expect(list).toMatch(/aria-describedby="set-active-means"/);
    expect(visible(hubPage)).toContain("Happening now: today falls within the event's dates.");

    // Once pressed, the page names the button by the words it then shows.
    expect((await call(hub, { ...form({ intent: "toggle-active" }), headers })).status).toBe(302);
    const active = await mainOf(call(hub, { headers }));
    expect(buttonNames(active)).toContain(`Active hub: ${title}`);
    expect(visible(active)).toContain("Press Active hub to stop.");
    expect(active).toMatch(
      /aria-pressed="true"[^>]*aria-describedby="set-active-means"|aria-describedby="set-active-means"[^>]*aria-pressed="true"/,
    );
  });
});
