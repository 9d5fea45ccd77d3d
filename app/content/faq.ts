/** Frequently asked questions for help (the pricing page's are in its catalogue, decision 0285). */
export type FaqItem = { question: string; answer: string; docId?: string };

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
