import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/lib/time/days";
import { call, form, signUp } from "./helpers";

const location = (res: Response) => res.headers.get("location") ?? "";
/** The page's own content, without the site's header and footer (whose Contact link is ours by right). */
const mainOf = async (res: Response | Promise<Response>) =>
  (await (await res).text()).match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
const local = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 16);

const CAMPAIGN = {
  intent: "save",
  title: "Harvest <b>Appeal</b>",
  description: "Meals for every family.",
  organization: "Riverside Food",
  organizerName: "Ana Ruiz",
  location: "Portland",
  category: "community",
  currency: "USD",
  goal: "1000",
  startDate: "2025-01-01",
  endDate: "2030-12-31",
  listed: "on",
};

const PROFILE = { legalName: "Riverside Community Food Bank", country: "US", fiscalYearStart: "1" };

/** An owner with one campaign, published unless asked otherwise; online giving not connected. */
async function ownerWithCampaign(name: string, publish = true) {
  const owner = await signUp(name);
  const headers = { cookie: owner.cookie };
  const created = await call("/campaigns/new", { ...form(CAMPAIGN), headers });
  expect(created.status).toBe(302);
  const id = location(created).split("/")[2] ?? "";
  if (publish)
    expect((await call(`/campaigns/${id}/edit`, { ...form({ intent: "publish" }), headers })).status).toBe(302);
  return { ...owner, headers, id };
}

async function publishEvent(headers: { cookie: string }) {
  const res = await call("/organiser", {
    ...form({
      title: "Harvest Gala",
      timeZone: "UTC",
      type: "in-person",
      organiserName: "Riverside Food",
      startsAt: local(3),
      endsAt: local(4),
    }),
    headers,
  });
  expect(res.status).toBe(302);
  const id = Number(location(res).split("/").pop());
  const row = await env.DB.prepare("select slug from org_event where id = ?").bind(id).first<{ slug: string }>();
  return { id, slug: row?.slug ?? "" };
}

const chooseCampaign = (headers: { cookie: string }, eventId: number, campaignId: string) =>
  call(`/organiser/${eventId}`, { ...form({ intent: "campaign", campaignId }), headers });

describe("a campaign's contact link is the organisation's own", () => {
  it("shows no contact link until the profile gives an address, then mails the organisation, never our /contact", async () => {
    const o = await ownerWithCampaign("Contact Owner");
    const before = await mainOf(call(`/fundraising/${o.id}`));
    expect(before).toContain("Online giving is not open for this campaign yet.");
    expect(before).not.toMatch(/href="\/contact"/);
    expect(before).not.toContain("mailto:");

    const bad = await call("/campaigns/organisation", {
      ...form({ ...PROFILE, contactEmail: "not an address" }),
      headers: o.headers,
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Please enter a valid email address");
    // The form keeps what was typed.
    expect(badHtml).toContain('value="not an address"');

    const saved = await call("/campaigns/organisation", {
      ...form({ ...PROFILE, contactEmail: " giving@riverside.example " }),
      headers: o.headers,
    });
    expect(saved.status).toBe(302);
    // A visitor (no cookie, the edge-cached page) sees the new address at once: the save purged the copy.
    const after = await mainOf(call(`/fundraising/${o.id}`));
    expect(after).toContain('href="mailto:giving@riverside.example"');
    expect(after).toMatch(/Email <!-- -->Riverside Food|Email Riverside Food/);
    expect(after).not.toMatch(/href="\/contact"/);
  });
});

describe("a public event names the campaign it raises for", () => {
  it("links the organiser's own published campaign, escaped, and drops it when set back to none", async () => {
    const o = await ownerWithCampaign("Gala Organiser");
    const e = await publishEvent(o.headers);
    expect(await (await call(`/e/${e.slug}`)).text()).not.toContain("Raising funds for");

    const page = await call(`/organiser/${e.id}`, { headers: o.headers });
    expect(await page.text()).toContain("Raises funds for");
    expect((await chooseCampaign(o.headers, e.id, o.id)).status).toBe(302);
    const html = await (await call(`/e/${e.slug}`)).text();
    expect(html).toContain("Raising funds for");
    expect(html).toContain(`href="/fundraising/${o.id}?src=event"`);
    expect(html).toContain("Harvest &lt;b&gt;Appeal&lt;/b&gt;");
    expect(html).not.toContain("<b>Appeal</b>");

    expect((await chooseCampaign(o.headers, e.id, "")).status).toBe(302);
    expect(await (await call(`/e/${e.slug}`)).text()).not.toContain("Raising funds for");
  });

  it("never shows a draft, and refuses another account's campaign or event", async () => {
    const o = await ownerWithCampaign("Draft Organiser", false);
    const e = await publishEvent(o.headers);
    expect((await chooseCampaign(o.headers, e.id, o.id)).status).toBe(302);
    expect(await (await call(`/e/${e.slug}`)).text()).not.toContain("Raising funds for");

    const other = await ownerWithCampaign("Other Organiser");
    const refused = await chooseCampaign(o.headers, e.id, other.id);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose one of your campaigns");
    const stored = await env.DB.prepare("select campaign_id from org_event where id = ?")
      .bind(e.id)
      .first<{ campaign_id: string | null }>();
    expect(stored?.campaign_id).toBe(o.id);
    // Another account cannot change this event at all.
    expect((await chooseCampaign(other.headers, e.id, other.id)).status).toBe(404);
    expect((await chooseCampaign(o.headers, e.id, "x".repeat(500))).status).toBe(400);
  });
});
