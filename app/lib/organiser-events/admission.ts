/** An attendee's place at an event, as the organiser's list and its export say it. */
export const PLACE_WORDS = {
  going: "Going",
  pending: "Waiting for approval",
  waitlist: "On the waitlist",
  declined: "Declined",
} as const;

/**
 * The organiser's page after a capacity was set below those already admitted: nobody loses a place (a pass may be
 * printed, a train booked), so it says what happens to new joins instead. Null while the event is within its capacity.
 */
export function overCapacityNote(
  e: { capacity: number | null; approval: boolean; waitlist: boolean },
  admitted: number,
): string | null {
  if (e.capacity === null || admitted <= e.capacity) return null;
  const next = e.approval
    ? "new joins wait for your approval, which needs a free place"
    : e.waitlist
      ? "new joins go to the waitlist"
      : "the event takes no new joins until places free up";
  return `${admitted} admitted, over the capacity of ${e.capacity} by ${admitted - e.capacity}: nobody is removed, and ${next}.`;
}
