/**
 * The English messages, in ICU MessageFormat: the source every other language translates, and the
 * fallback for any message a language lacks. The specification's messages keep its exact wording.
 */
export const en = {
  "lang.label": "Language",

  "card.save": "Save Contact",
  "card.share": "Share Your Info",
  "card.shareOff": "Sharing is off for unverified cards",
  "card.row.email": "Email",
  "card.row.phone": "Phone",
  "card.row.website": "Website",
  "card.row.location": "Location",
  "card.row.contact": "Contact",
  "card.row.link": "Link",
  "card.saveNamed": "Save {name}'s contact",
  "card.unverified.title": "Unverified card.",
  "card.unverified.body":
    "This link was not issued by {site}, so its details may not be genuine and sharing your details is turned off.",
  "card.support": "Support {campaign}",
  "card.pageTitle.titleAndCompany": "{name}, {title} at {company}",
  "card.pageTitle.title": "{name}, {title}",
  "card.pageTitle.company": "{name} at {company}",
  "card.description": "{name}'s digital business card.",
  "card.footer.only": "Your details go only to {recipient}.",
  "card.footer.made": "Made with {site}",
  "card.footer.tagline": "Know Where. Know Who. Know How.",
  "card.notFound.title": "Business Card Not Found",
  "card.notFound.body": "The business card you're looking for is either invalid or has been removed.",
  "card.notFound.home": "Go Home",
  "card.saved.title": "Contact saved",
  "card.saved.body": "{name} has been added to your connections and downloaded as a vCard file.",
  "card.saveFailed.title": "Failed to save contact",
  "card.saveFailed.body": "There was an error saving this contact to your connections.",
  "toast.region": "Notifications",
  "toast.close": "Close toast",
  "dialog.close": "Close",

  "share.title": "Share Your Contact Information",
  "share.intro": "Share your contact details with {recipient} to be added to their connections.",
  "share.meetingAt": "Meeting at {event}",
  "share.field.name": "Name",
  "share.field.email": "Email",
  "share.field.phone": "Phone",
  "share.field.company": "Company",
  "share.field.title": "Title",
  "share.field.note": "What we talked about",
  "share.optional": "(optional)",
  "share.honeypot": "Leave this empty",
  "share.consent": "{recipient} may contact me about what we discussed.",
  "share.news": "Email me news from {recipient}",
  "share.submit": "Share",
  "share.sending": "Sharing...",
  "share.missing.title": "Missing information",
  "share.missing.body": "Please provide your name and email address.",
  "share.invalidEmail.body": "Please enter a valid email address.",
  "share.invalidPhone.body": "Please enter a valid phone number.",
  "share.error.title": "Error sharing contact",
  "share.error.body": "There was a problem sharing your contact information. Please try again.",
  "share.limited.title": "Too many attempts",
  "share.limited.body": "You've shared a few times just now. Please try again shortly.",
  "share.retry.body":
    "This card is taking a lot of shares just now. Please try again in {minutes, plural, =1 {a minute} other {# minutes}}. Your details are still in the form.",
  "share.unverified.title": "Sharing is off for this card",
  "share.unverified.body": "This card link could not be verified.",
  "share.success.title": "Contact shared successfully",
  "share.success.body": "{name}'s contact info has been shared with {recipient}.",
} as const;

export type MessageKey = keyof typeof en;
/** Another language's messages: a key it lacks reads the English message. */
export type Catalog = { readonly [K in MessageKey]?: string };
