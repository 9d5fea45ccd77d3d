/**
 * The line a follow-up carries for someone met at an event that raises for a campaign: the assistant
 * puts it in the draft (a "mention"), whatever engine writes it, and the draft is saved with it.
 */
export function campaignMention(campaign: { id: string; title: string }, origin: string): string {
  return `If you'd like to support ${campaign.title}, everything is here: ${origin}/fundraising/${campaign.id}`;
}
