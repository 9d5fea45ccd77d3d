/**
 * The page that answers a join: served by the Worker's public event routes, outside React Router's table (so no
 * href()); `place` says an attendee without a pass yet waits (pending, waitlist).
 */
export const joinedPath = (slug: string, place?: string) =>
  `/e/${slug}/joined${place ? `?place=${encodeURIComponent(place)}` : ""}`;
