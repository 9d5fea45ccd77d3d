/** The words of every "hear from this sender by email" box, naming the sender (decision 0180). */
export const newsOptInText = (sender: string) => `Email me news from ${sender}`;

/** How a consent record reads on a person's page and in an audience (decision 0180). */
export const CONSENT_PURPOSE_LABEL = {
  exchange: "Exchange details",
  email: "Email from you",
  event_news: "Event news",
} as const;

export const CONSENT_STATE_LABEL = {
  yes: "yes",
  no: "no",
  basis: "lawful basis you recorded (not their consent)",
} as const;

/** The one line that says whether the owner may email the person, from their latest "email" record. */
export function emailStandingText(latest: { state: keyof typeof CONSENT_STATE_LABEL } | undefined) {
  if (!latest) return "You may not email them: they have not agreed to hear from you by email.";
  if (latest.state === "yes") return "You may email them: they agreed to hear from you.";
  if (latest.state === "basis") return "You may email them on a lawful basis you recorded (not their consent).";
  return "You may not email them: they said no or withdrew.";
}
