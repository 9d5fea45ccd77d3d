import { describe, expect, it } from "vitest";
import { sampleEvents } from "~/content/events";
import { dayInZone } from "~/lib/time/time";
import { call, signUp } from "./helpers";

/** The landing page's sample events are public pages of their own, outside the signed-in area. */
describe("sample events", () => {
  it("opens every sample event on the landing page to a visitor, with its title", async () => {
    const samples = sampleEvents(dayInZone(new Date(), "UTC"));
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const res = await call(`/events/${sample.id}`, { headers: { accept: "text/html" } });
      expect(res.status, sample.id).toBe(200);
      expect(await res.text(), sample.id).toContain(sample.title.replaceAll("&", "&amp;"));
    }
  });

  it("shows a signed-in owner a sample event on the public site, not inside the app shell", async () => {
    const owner = await signUp("Sample Reader");
    const res = await call("/events/nonprofit-tech-summit", { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Nonprofit Tech Summit");
    expect(html).not.toContain('aria-label="App"');
  });

  it("answers 404 for a word that is no sample, to a visitor and an owner alike", async () => {
    const owner = await signUp("Word Reader");
    expect((await call("/events/not-a-sample")).status).toBe(404);
    expect((await call("/events/not-a-sample.data")).status).toBe(404);
    expect((await call("/events/not-a-sample", { headers: { cookie: owner.cookie } })).status).toBe(404);
    // A numbered event stays private: the visitor is sent to sign in.
    expect((await call("/events/1")).headers.get("location")).toBe(
      `/auth?redirectTo=${encodeURIComponent("/events/1")}`,
    );
  });
});
