/** Attendee passes at organiser events: the link their QR carries. Pure and tiny, for the capture page. */

/**
 * The QR on a pass: a link to the attendee's badge at this event with the pass's proof (`k`). The badge
 * code alone names the attendee but opens nothing: an exchange or a lead needs the proof, which only the
 * pass itself shows (decision 0182).
 */
export const badgePath = (slug: string, code: string, proof: string) => `/e/${slug}/a/${code}?k=${proof}`;

export const BADGE_PROOF = /^[a-f0-9]{32}$/;

/** The slug, badge code and proof from a scanned text that is one of our badge links, on any host. */
export function parseBadge(scanned: string): { slug: string; code: string; proof: string | null } | null {
  const m = scanned
    .trim()
    .match(/^https?:\/\/[^/\s]+\/e\/([a-z0-9-]{1,60})\/a\/([A-Za-z0-9_-]{8,64})\/?(?:\?k=([a-f0-9]{32}))?$/);
  return m ? { slug: m[1] as string, code: m[2] as string, proof: m[3] ?? null } : null;
}
