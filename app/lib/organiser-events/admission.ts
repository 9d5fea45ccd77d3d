/** An attendee's place at an event, as the organiser's list and its export say it. */
export const PLACE_WORDS = {
  going: "Going",
  pending: "Waiting for approval",
  waitlist: "On the waitlist",
  declined: "Declined",
} as const;
