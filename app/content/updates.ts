/** Product updates shown on /updates. */
export type UpdateCategory = "feature" | "improvement" | "bug-fix" | "announcement";

export type ProductUpdate = {
  id: string;
  date: string;
  title: string;
  content: string;
  body: string[];
  category: UpdateCategory;
  isNew: boolean;
};

export const UPDATES: ProductUpdate[] = [
  {
    id: "event-hubs",
    date: "2024-05-12",
    title: "Event Hubs are here",
    content: "Group everyone you meet by event, keep one hub active, and follow up inside the 48-hour window.",
    body: [
      "Event hubs bring everything about one event into one place: the people you met, your notes, their status and your follow-ups.",
      "Set a hub active before you walk in and everyone who shares their details through your card is tagged with it. Only one hub is active at a time, and past hubs stay available for reports.",
      "Event hubs are part of Card Pro, and every paid plan starts with a 7-day free trial, no credit card required.",
    ],
    category: "feature",
    isNew: true,
  },
  {
    id: "faster-cards",
    date: "2024-04-28",
    title: "Cards open faster on venue Wi-Fi",
    content: "Visitor cards now load in a single round trip and work even when scripts are blocked or slow.",
    body: [
      "Most people open a card on a crowded conference network. We rebuilt the visitor page so it arrives complete in one response, with the Save Contact and Share Your Info actions working without any script.",
      "On a throttled 3G profile the card is now readable in under a second.",
    ],
    category: "improvement",
    isNew: false,
  },
  {
    id: "nonprofit-early-adopters",
    date: "2024-04-10",
    title: "Three months of Card Pro free for nonprofits",
    content: "Nonprofit early adopters get three months of Card Pro at no cost.",
    body: [
      "Fundraisers and nonprofit leaders spend more time at events than almost anyone. To help them get started, nonprofit early adopters get three months of Card Pro free.",
      "Contact us from the contact page with your organisation's name and we will apply the offer to your account.",
    ],
    category: "announcement",
    isNew: false,
  },
];

export function findUpdate(id: string) {
  return UPDATES.find((u) => u.id === id);
}
