/** Attendee passes at organiser events: the link their QR carries. Pure and tiny, for the capture page. */

/** The QR on a pass: a link to the attendee's public badge at this event. */
export const badgePath = (slug: string, code: string) => `/e/${slug}/a/${code}`;

/** The slug and badge code from a scanned text that is one of our badge links, on any host. */
export function parseBadge(scanned: string): { slug: string; code: string } | null {
  const m = scanned.trim().match(/^https?:\/\/[^/\s]+\/e\/([a-z0-9-]{1,60})\/a\/([A-Za-z0-9_-]{8,64})\/?$/);
  return m ? { slug: m[1] as string, code: m[2] as string } : null;
}
