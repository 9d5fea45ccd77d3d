import { EMAIL_MESSAGE } from "~/lib/forms/email";
import { MESSAGES } from "~/lib/forms/fields";

/**
 * The sample event, contact, demo, reviews, newsletter and not-found pages' words (decision 0283's way: each
 * page's loader sends its own area). Server-only; the English is the words the pages have always shown.
 */
export const sitePagesEn = {
  "sample.back": "← All events",
  "sample.when": "When",
  "sample.whenValue": "{date}, {hours}",
  "sample.where": "Where",
  "sample.attendees": "Expected attendees",
  "sample.tip": "Assistant's tip",
  "sample.hub.title": "Network at this event with an event hub",
  "sample.hub.text":
    "Create a free account, add this event as a hub and set it active: everyone who scans your QR code or shares their details with you is tagged with {title}.",
  "sample.prepare": "How to prepare for an event",
  "sample.notFound": "Event",
  "sample.nonprofit-tech-summit.title": "Nonprofit Tech Summit",
  "sample.nonprofit-tech-summit.description":
    "Two days of talks and workshops on technology for mission-driven organisations.",
  "sample.nonprofit-tech-summit.tip":
    "Target the data and CRM track: most development directors attend the afternoon sessions.",
  "sample.impact-fundraising-live.title": "Impact Fundraising Live",
  "sample.impact-fundraising-live.description":
    "A live online session on donor journeys, recurring giving and year-end campaigns.",
  "sample.impact-fundraising-live.tip":
    "Share your card link in the chat during the Q&A; attendees save contacts most then.",
  "sample.community-partners-mixer.title": "Community Partners Mixer",
  "sample.community-partners-mixer.description":
    "An evening for local businesses and nonprofits to meet partners and sponsors.",
  "sample.community-partners-mixer.tip": "Keep this hub active and scan badges as you go; sponsors leave early.",
  "sample.social-impact-forum-2026.title": "Social Impact Forum",
  "sample.social-impact-forum-2026.description":
    "Leaders from foundations, nonprofits and companies on partnerships that last.",
  "sample.social-impact-forum-2026.tip": "Eleven high-priority connections still need a follow-up message.",

  "contact.title": "Contact",
  "contact.description": "Talk to the {site} team about teams, nonprofit offers, events and custom solutions.",
  "contact.heading": "Talk to our team",
  "contact.intro":
    "Custom plans for organisations, the nonprofit early-adopter offer, or cards for a whole event: tell us what you need.",
  "contact.write": "Send us a message",
  "contact.email": "Email",
  "contact.hours": "Hours",
  "contact.hours.text": "Monday to Friday, {hours}.",
  "contact.nonprofits": "Nonprofits",
  "contact.nonprofits.text":
    "Early adopters get three months of {plan} free. Mention your organisation in your message.",
  "contact.form.name": "Name",
  "contact.form.email": "Email",
  "contact.form.subject": "Subject",
  "contact.form.message": "Message",
  "contact.form.send": "Send Message",
  "contact.form.sending": "Sending...",
  "contact.form.thanks": "Thanks, your message has been sent. We reply within one business day.",
  "contact.error.name": MESSAGES.personName,
  "contact.error.nameLength": "Name must be at most 100 characters",
  "contact.error.email": EMAIL_MESSAGE,
  "contact.error.subject": "Please enter a subject",
  "contact.error.subjectShort": "Subject must be at least 3 characters",
  "contact.error.subjectLong": "Subject must be at most 150 characters",
  "contact.error.message": "Message must be at least 10 characters",
  "contact.error.messageLong": "Message must be at most 5000 characters",
  "contact.error.tooMany": "Too many messages. Please wait a minute and try again.",

  "demo.title": "Product tour",
  "demo.description": "A two-minute tour of {site}: card, capture and follow-up.",
  "demo.lead": "How {site} works, in four steps.",
  "demo.step.card.title": "1. Make your card",
  "demo.step.card.text":
    "Sign up, fill in your name, role and links, pick a colour and publish. Your card gets a short link and a QR code.",
  "demo.step.share.title": "2. Share it at the event",
  "demo.step.share.text":
    "Show the QR code, tap an NFC tag or send the link. The visitor sees your card instantly, with no app to install.",
  "demo.step.back.title": "3. They share back",
  "demo.step.back.text":
    "With {share} the visitor sends you their name, email and phone. They land in your network, tagged with your active event.",
  "demo.step.follow.title": "4. Follow up within 48 hours",
  "demo.step.follow.text": "Your dashboard lists who to follow up with today, with reminders and suggested messages.",
  "demo.open": "Open the demo card",
  "demo.create": "Create your own",

  "reviews.title": "Customer reviews",
  "reviews.description": "What professionals and fundraisers say about {site}, and a place to add your own review.",
  "reviews.eyebrow": "Reviews",
  "reviews.heading": "What people say about {site}",
  "reviews.intro": "Honest reviews from people who network with {site}. Add yours.",
  "reviews.write": "Write a review",
  "reviews.success.title": "Thank you for your review!",
  "reviews.success.text": "Your feedback has been submitted successfully.",
  "reviews.name": "Name",
  "reviews.email": "Email",
  "reviews.emailHint": "Never shown with your review.",
  "reviews.rating": "Rating",
  "reviews.star": "{count, plural, one {# star} other {# stars}}",
  "reviews.stars": "{count} out of 5 stars",
  "reviews.review": "Review",
  "reviews.submit": "Submit Review",
  "reviews.submitting": "Submitting...",
  "reviews.count": "{count, plural, one {# review} other {# reviews}}",
  "reviews.verified": "Verified",
  "reviews.helpful": "Helpful ({count})",
  "reviews.refused": "Not saved: please wait a minute and try again.",
  "reviews.error.name": MESSAGES.personName,
  "reviews.error.nameLength": "Name must be at most 100 characters",
  "reviews.error.email": EMAIL_MESSAGE,
  "reviews.error.rating": "Please select a rating",
  "reviews.error.short": "Review must be at least 10 characters",
  "reviews.error.long": "Review must be at most 2000 characters",
  "reviews.error.tooMany": "Too many reviews from here. Please wait a minute and try again.",

  "newsletter.title": "Newsletter",
  "newsletter.hint": "Subscribe from the form at the bottom of any page.",
  "newsletter.back": "Back to where you were",
  "newsletter.success": "Success! Now check your email to confirm your subscription.",
  "newsletter.error.email": EMAIL_MESSAGE,
  "newsletter.tooMany": "Too many attempts. Please try again shortly.",
  "newsletter.confirm.title": "Confirm your subscription",
  "newsletter.confirm.text": "One click and you'll get product news and networking tips.",
  "newsletter.confirm.button": "Confirm subscription",
  "newsletter.confirm.done": "You're subscribed. Thank you!",
  "newsletter.confirm.invalid": "This confirmation link is invalid or was already used.",
  "newsletter.confirm.home": "Go to the home page",

  "notFound.title": "Page not found",
  "notFound.notice": "We couldn't find {path}. Here's our home page instead.",

  "offer.title": "Networking tips, once a month",
  "offer.text": "Event checklists, follow-up templates and product news. Unsubscribe any time.",
  "offer.close": "Close newsletter offer",
} as const;
