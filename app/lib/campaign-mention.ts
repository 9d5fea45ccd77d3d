/**
 * The follow-up for someone met at an event that raises for a campaign mentions it: one line before
 * the sign-off, with the campaign's public address. Whatever engine wrote the message, the line is ours.
 */
export function withCampaignMention<T extends { result: { subject: string; body: string } }>(
  message: T,
  campaign: { id: string; title: string } | null,
  origin: string,
): T {
  if (!campaign) return message;
  const line = `If you'd like to support ${campaign.title}, everything is here: ${origin}/fundraising/${campaign.id}`;
  const body = message.result.body;
  // Before the sign-off (the last paragraph) when there is one, otherwise at the end.
  const cut = body.lastIndexOf("\n\n");
  const next = cut > 0 ? `${body.slice(0, cut)}\n\n${line}${body.slice(cut)}` : `${body}\n\n${line}`;
  return { ...message, result: { ...message.result, body: next } };
}
