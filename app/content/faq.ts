/** Frequently asked questions for pricing and help. */
export type FaqItem = { question: string; answer: string; docId?: string };

export const PRICING_FAQ: FaqItem[] = [
  {
    question: "Is there a free trial?",
    answer: "Yes. Every paid plan starts with a 7-day free trial, and no credit card is required to start it.",
  },
  {
    question: "What happens if I upgrade my plan?",
    answer:
      "You get the new features straight away and are charged the prorated difference for the rest of the billing cycle.",
  },
  {
    question: "What happens if I downgrade?",
    answer: "The change applies immediately and you receive a prorated credit towards future bills.",
  },
  {
    question: "Can I cancel at any time?",
    answer: "Yes. When you cancel, you keep access to paid features until the end of your current billing cycle.",
  },
  {
    question: "Which payment methods do you accept?",
    answer: "All major credit cards (Visa, Mastercard, American Express) and PayPal.",
  },
  {
    question: "Do nonprofits get a discount?",
    answer:
      "Nonprofit early adopters get three months of Card Pro free. Apply in Settings → Plan and billing with your organisation's name, country and registration number (an EIN, for example); we reply within a few days.",
  },
];

export const HELP_FAQ: FaqItem[] = [
  {
    question: "How do I connect KnowWho to Krystal AI?",
    answer:
      "Open Settings → Integrations → Krystal AI, enter your Krystal AI endpoint and key, and choose to sync hourly, daily or manually. Each sync sends the people added or changed since the last one, signed so Krystal AI can verify them.",
    docId: "krystal-integration",
  },
  {
    question: "Where do I see how my campaigns are doing?",
    answer: "Each campaign page shows amount raised, progress towards the goal, donor count and average donation.",
    docId: "fundraising-analytics",
  },
  {
    question: "How do I set an event as active?",
    answer:
      "Open the event hub and press Set Active. Only one hub is active at a time; press Active again to turn it off.",
    docId: "event-management",
  },
  {
    question: "How do priorities and tags work?",
    answer:
      "Each connection is High, Medium or Low priority (Medium if unsure) and can carry any number of tags to filter by.",
    docId: "connection-management",
  },
  {
    question: "Can I export my connections?",
    answer:
      "Yes. Download any contact as a vCard 3.0 file, export a hub or your whole network as CSV, or sync to a CRM.",
    docId: "connection-management",
  },
];
