/**
 * The pricing, about and legal pages' words (decision 0285). Server-only: each page's loader sends its own
 * area in the page's language, so no browser downloads them. The English is the words the pages have always shown.
 */
export const pagesEn = {
  "pricing.title": "Pricing",
  "pricing.description":
    "{plan} is {monthly} a month or {yearly} a year, with a {days}-day free trial and no credit card required.",
  "pricing.heading": "Simple pricing for serious networkers",
  "pricing.intro": "Start free. Upgrade to {plan} when you are ready: {days}-day free trial, no credit card required.",
  "pricing.period": "Billing period",
  "pricing.monthly": "Monthly",
  "pricing.yearly": "Yearly (save {saving, number, percent})",
  // Beside the price Intl writes: the code only where the locale's symbol ($) does not say which dollar.
  "pricing.perMonth": "USD / month",
  "pricing.perYear": "USD / year",
  "pricing.billedMonthly": "Billed monthly. Cancel any time.",
  "pricing.billedYearly": "That is {price} a month, billed yearly.",
  "pricing.trial": "Start Free Trial",
  "pricing.trialNote": "{days} days of every feature below, no credit card required.",
  "pricing.nonprofit": "Nonprofit early adopters get {months} months of Pro free.",
  "pricing.nonprofitApply": "Apply for the nonprofit offer",
  "pricing.faq": "Frequently asked questions",
  "pricing.faq.trial.q": "Is there a free trial?",
  "pricing.faq.trial.a":
    "Yes. Every paid plan starts with a {days}-day free trial, and no credit card is required to start it.",
  "pricing.faq.upgrade.q": "What happens if I upgrade my plan?",
  "pricing.faq.upgrade.a":
    "You get the new features straight away and are charged the prorated difference for the rest of the billing cycle.",
  "pricing.faq.downgrade.q": "What happens if I downgrade?",
  "pricing.faq.downgrade.a": "The change applies immediately and you receive a prorated credit towards future bills.",
  "pricing.faq.cancel.q": "Can I cancel at any time?",
  "pricing.faq.cancel.a":
    "Yes. When you cancel, you keep access to paid features until the end of your current billing cycle.",
  "pricing.faq.payment.q": "Which payment methods do you accept?",
  "pricing.faq.payment.a": "All major credit cards (Visa, Mastercard, American Express) and PayPal.",
  "pricing.faq.nonprofit.q": "Do nonprofits get a discount?",
  "pricing.faq.nonprofit.a":
    "Nonprofit early adopters get three months of {plan} free. Apply in Settings → Plan and billing with your organisation's name, country and registration number (an EIN, for example); we reply within a few days.",
  "pricing.custom.title": "Need a custom solution?",
  "pricing.custom.text":
    "Teams, chapters and event organisers: we will set up cards, hubs and CRM sync for your whole organisation.",
  "pricing.custom.button": "Contact Sales",

  "about.title": "About",
  "about.description":
    "Why we built {site}: a digital business card and networking assistant for people with a mission.",
  "about.eyebrow": "About us",
  "about.heading": "Every handshake should lead somewhere",
  "about.intro":
    "{site} turns the people you meet at events into relationships you follow up on, for professionals, nonprofit leaders and fundraisers.",
  "about.mission.title": "Our mission",
  "about.mission.text":
    "Most conversations at conferences end with a paper card in a pocket and a good intention. We build the tools that make the follow-up happen: a card people save in one tap, a network organised by the events where you met, and an assistant that tells you who to call first.",
  "about.different.title": "What makes us different",
  "about.different.events.title": "Built for events",
  "about.different.events.text": "Works on a phone in a crowded hall on weak Wi-Fi, and for visitors with no app.",
  "about.different.missions.title": "Made for missions",
  "about.different.missions.text": "Campaigns and donor follow-up sit next to your contacts, not in another tool.",
  "about.different.keep.title": "Yours to keep",
  "about.different.keep.text": "Export to vCard, CSV or your CRM at any time. Your network is never locked in.",
  "about.how.title": "How it works",
  "about.step.connections.title": "Manage connections",
  "about.step.connections.text":
    "Everyone you meet, with tags, priority, notes and the event where you met, in one network you can search.",
  "about.step.events.title": "Track events",
  "about.step.events.text": "An event hub per conference or gala, with one active hub tagging new contacts.",
  "about.step.cards.title": "Digital business cards",
  "about.step.cards.text":
    "A card that opens from a QR code, NFC tag or link, saves as a vCard and lets visitors share back.",
  "about.step.ai.title": "AI insights",
  "about.step.ai.text":
    "Strategy plans before the event, reports after it, and follow-up reminders inside the 48-hour window.",
  "about.nonprofits.title": "For nonprofits and fundraisers",
  "about.nonprofits.campaigns.title": "Fundraising campaigns",
  "about.nonprofits.campaigns.text":
    "Publish campaigns with goals and progress, and see which events brought in donors.",
  "about.nonprofits.ai.title": "AI integration",
  "about.nonprofits.ai.text":
    "Send the people in your network to your Krystal AI workspace hourly, daily or when you press Sync now, signed so Krystal AI can verify them.",
  "about.nonprofits.ai.link": "How the Krystal AI sync works",
  "about.nonprofits.marketing.title": "Marketing campaigns",
  "about.nonprofits.marketing.text":
    "Turn event connections into newsletter audiences with consent recorded at share time.",
  "about.nonprofits.offer": "Nonprofit early adopters get three months of {plan} free.",
  "about.nonprofits.browse": "Browse campaigns",
  "about.nonprofits.sync": "Sync with Krystal AI",
  "about.cta.title": "Get Started Free",
  "about.cta.text": "Create your card in two minutes. No credit card required.",
  "about.demo": "Watch Demo",
  "about.home": "Back to the home page",
  "about.newTab": " (opens in a new tab)",

  "legal.privacy.title": "Privacy Policy",
  "legal.privacy.description": "What {site} stores, why, who can see it, and how to get it deleted.",
  "legal.terms.title": "Terms of Service",
  "legal.terms.description": "The rules for using {site}, its free plan and {plan}.",
  "legal.updated": "Last updated {date}",
  "legal.binding": "The English text below is the binding version.",
  "legal.questions": "Questions?",

  "updates.title": "Product updates",
  "updates.description": "New features, improvements and announcements from the {site} team.",
  "updates.eyebrow": "What's new",
  "updates.intro": "What we shipped, what we improved, and what's coming.",
  "updates.english": "Each update is written in English.",
  "updates.notify.text": "Hear about new features as they ship.",
  "updates.notify.link": "Enable Notifications",
  "updates.category.feature": "New Feature",
  "updates.category.improvement": "Improvement",
  "updates.category.bug-fix": "Bug Fix",
  "updates.category.announcement": "Announcement",
  "updates.new": "New",
  "updates.readMore": "Read more",
  "updates.readMoreLabel": "Read more: {title}",
  "updates.feedback": "Feedback",
  "updates.feedbackLabel": "Feedback on {title}",
  "updates.all": "← All updates",
} as const satisfies Record<string, string>;
