import { DOCS } from "~/content/docs";
import { SAMPLE_EVENT_IDS } from "~/content/events";
import { GUIDES } from "~/content/guides";
import { UPDATES } from "~/content/updates";
import type { Database } from "../db/db.server";
import { listCampaigns } from "../fundraising/campaigns.server";
import { sitemapOrgEventPaths } from "../organiser-events/events.server";

/** Public pages of the route table; parameterised routes are expanded from content and D1 below. */
export const STATIC_PATHS = [
  "/",
  "/about",
  "/demo",
  "/features",
  "/pricing",
  "/help",
  "/contact",
  "/guides",
  "/updates",
  "/seo",
  "/reviews",
  "/fundraising",
  "/privacy",
  "/terms",
];

export async function sitemapPaths(db: Database) {
  const [campaigns, orgEvents] = await Promise.all([listCampaigns(db, {}), sitemapOrgEventPaths(db)]);
  return [
    ...STATIC_PATHS,
    ...GUIDES.map((g) => `/guides/${g.slug}`),
    ...DOCS.map((d) => `/docs/${d.id}`),
    ...UPDATES.map((u) => `/updates/${u.id}`),
    ...SAMPLE_EVENT_IDS.map((id) => `/events/${id}`),
    ...campaigns.map((c) => `/fundraising/${c.id}`),
    ...orgEvents,
  ];
}
