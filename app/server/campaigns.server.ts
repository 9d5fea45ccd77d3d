import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { CampaignCategory, CampaignStatus } from "~/lib/campaign";
import { campaign } from "~db/schema";
import type { Database } from "./db.server";

const listColumns = {
  id: campaign.id,
  title: campaign.title,
  description: campaign.description,
  organization: campaign.organization,
  category: campaign.category,
  status: campaign.status,
  goal: campaign.goal,
  amountRaised: campaign.amountRaised,
  donorCount: campaign.donorCount,
  endDate: campaign.endDate,
};

export type CampaignSummary = {
  id: string;
  title: string;
  description: string;
  organization: string;
  category: CampaignCategory;
  status: "active" | "past" | "draft";
  goal: number;
  amountRaised: number;
  donorCount: number;
  endDate: string;
};

/** Public list: drafts are never shown. */
export async function listCampaigns(db: Database, filter: { category?: CampaignCategory; status?: CampaignStatus }) {
  return db
    .select(listColumns)
    .from(campaign)
    .where(
      and(
        ne(campaign.status, "draft"),
        filter.category ? eq(campaign.category, filter.category) : undefined,
        filter.status ? eq(campaign.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(campaign.status), desc(campaign.featured), asc(campaign.endDate));
}

/** Up to three featured active campaigns; when none are featured, the first three active ones. */
export async function featuredCampaigns(db: Database): Promise<CampaignSummary[]> {
  const featured = await db
    .select(listColumns)
    .from(campaign)
    .where(and(eq(campaign.status, "active"), eq(campaign.featured, true)))
    .orderBy(asc(campaign.endDate))
    .limit(3);
  if (featured.length) return featured;
  return db
    .select(listColumns)
    .from(campaign)
    .where(eq(campaign.status, "active"))
    .orderBy(asc(campaign.endDate))
    .limit(3);
}

export async function getCampaign(db: Database, id: string) {
  const row = await db.select().from(campaign).where(eq(campaign.id, id)).get();
  return row && row.status !== "draft" ? row : undefined;
}
