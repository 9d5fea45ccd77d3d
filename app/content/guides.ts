/** Editorial guides: the pages under /guides. Only slugs listed here are ever linked. */
export type GuideSection = { heading: string; paragraphs: string[]; bullets?: string[] };

export type GuideTab = "getting-started" | "networking" | "fundraising" | "advanced";

export type Guide = {
  slug: string;
  title: string;
  description: string;
  tab: GuideTab;
  level: "Beginner" | "Intermediate" | "Advanced";
  author?: string;
  date: string;
  readTime?: number;
  sections: GuideSection[];
};

export const DEFAULT_GUIDE_AUTHOR = "KnowWho Team";
export const DEFAULT_READ_TIME = 10;

export const GUIDE_TABS: { id: GuideTab; label: string }[] = [
  { id: "getting-started", label: "Getting Started" },
  { id: "networking", label: "Networking" },
  { id: "fundraising", label: "Fundraising" },
  { id: "advanced", label: "Advanced" },
];

export const GUIDES: Guide[] = [
  {
    slug: "welcome",
    title: "Welcome to KnowWho",
    description: "What KnowWho does, how the pieces fit together, and the first three things to set up.",
    tab: "getting-started",
    level: "Beginner",
    date: "2024-04-02",
    readTime: 5,
    sections: [
      {
        heading: "What KnowWho is for",
        paragraphs: [
          "KnowWho is a digital business card and an event networking assistant in one place. You share a card that opens in one tap, the people you meet share their details back, and everyone lands in your network tagged with the event where you met.",
          "It is built for professionals who go to a lot of events, and for nonprofit leaders and fundraisers whose next donor or partner is often the person standing next to them at a conference.",
        ],
      },
      {
        heading: "The three building blocks",
        paragraphs: ["Everything in KnowWho is one of three things:"],
        bullets: [
          "Your card: the page a visitor sees when they scan your QR code, tap your NFC tag or open your link.",
          "Connections: the people in your network, with tags, priority, notes and the event you met them at.",
          "Event hubs: one per event, grouping the people you met there; one hub is active at a time.",
        ],
      },
      {
        heading: "Your first ten minutes",
        paragraphs: [
          "Create your card first: name, title, organisation and one way to reach you are enough to start. Then print or save your QR code so it is ready on your phone's lock screen. Finally, create a hub for the next event you are attending and set it active, so everyone who shares back is tagged automatically.",
        ],
      },
      {
        heading: "Free and Card Pro",
        paragraphs: [
          "The free Basic plan gives you a digital card and basic event tagging. Card Pro adds full event hubs, strategy plans, enriched contact data, post-event analysis, lead prioritisation and CRM sync. Every paid plan starts with a 7-day free trial, no credit card required, and nonprofit early adopters get three months of Pro free.",
        ],
      },
    ],
  },
  {
    slug: "virtual-card",
    title: "Creating Your Virtual Business Card",
    description: "Build a card that people actually save: what to include, templates, QR codes and vCard downloads.",
    tab: "getting-started",
    level: "Beginner",
    date: "2024-04-09",
    readTime: 8,
    sections: [
      {
        heading: "What goes on the card",
        paragraphs: [
          "A visitor decides in a few seconds whether to save you. Keep the card to what helps them remember and reach you.",
        ],
        bullets: [
          "Name, title and organisation, exactly as you would introduce yourself.",
          "Location, so people know whether a coffee meeting is realistic.",
          "Email, phone and website; add LinkedIn or other profiles only if you answer there.",
          "A square photo of at least 400 x 400 pixels: faces are remembered, logos are not.",
        ],
      },
      {
        heading: "Templates and colour",
        paragraphs: [
          "Choose a template and an accent colour that matches your organisation. High contrast between text and background matters more than style: the card is often read in a dim hall on a phone at arm's length.",
        ],
      },
      {
        heading: "Save, then publish",
        paragraphs: [
          "A card is private while you edit it. When you publish, it gets a short link that stays the same even when you change the details later, so printed QR codes never go stale.",
        ],
      },
      {
        heading: "Sharing: QR, NFC and links",
        paragraphs: [
          "Show the QR code from your phone, print it on a badge sticker, or write the link to an NFC tag. The visitor needs no app: the card opens in their browser and offers Save Contact, which downloads a vCard 3.0 file their phone imports directly.",
        ],
      },
      {
        heading: "Getting details back",
        paragraphs: [
          "Visitors can tap Share Your Info to send you their name, email and phone. They land in your connections as pending, tagged with your active event hub if one is set.",
        ],
      },
    ],
  },
  {
    slug: "profile-setup",
    title: "Setting Up Your Profile",
    description: "A profile that works for you at events: photo, bio, visibility and the details people search for.",
    tab: "getting-started",
    level: "Beginner",
    date: "2024-04-16",
    sections: [
      {
        heading: "Photo",
        paragraphs: [
          "Use a recent, square photo of at least 400 x 400 pixels with your face filling most of the frame. It is the first thing people look for when they scroll their contacts after an event.",
        ],
      },
      {
        heading: "Bio",
        paragraphs: [
          "Aim for 100 to 150 words: what you do, who you help, and what you are looking for at events right now. End with one concrete ask, for example introductions to corporate giving leads or speakers for a panel.",
        ],
      },
      {
        heading: "Visibility",
        paragraphs: [
          "Choose whether your profile is visible to all users or only to your connections. Your published card is always visible to anyone with the link; the profile controls what signed-in users can find.",
        ],
      },
      {
        heading: "Keep it current",
        paragraphs: [
          "Change of role or organisation? Update the profile once and every shared link shows the new details. Nobody holds an outdated paper card.",
        ],
        bullets: [
          "Review your title and organisation before every conference season.",
          "Check that your phone number and email are the ones you answer.",
          "Remove links to profiles you no longer use.",
        ],
      },
    ],
  },
  {
    slug: "managing-connections",
    title: "Managing Your Connections",
    description: "Tags, priorities, notes and relationship strength: keep a network you can act on.",
    tab: "networking",
    level: "Intermediate",
    date: "2024-04-23",
    readTime: 12,
    sections: [
      {
        heading: "Statuses",
        paragraphs: [
          "Every connection is Active, Pending or Archived. People who share their details through your card start as Pending until you review them; archive people you no longer need to see without deleting the history.",
        ],
      },
      {
        heading: "Priority and tags",
        paragraphs: [
          "Mark each connection High, Medium or Low priority. Anything without a clear priority is treated as Medium. Use tags for the things you filter by later: sector, interest, the campaign they could support.",
        ],
        bullets: [
          "High: follow up within 48 hours.",
          "Medium: follow up within a week.",
          "Low: a friendly note within a month keeps the door open.",
        ],
      },
      {
        heading: "Notes that help future you",
        paragraphs: [
          "Write down the context while it is fresh: what you talked about, who introduced you, what you promised to send. A good note names one next step.",
        ],
      },
      {
        heading: "Relationship strength",
        paragraphs: [
          "Card Pro scores each relationship from 1 to 100 from how recently and how often you have been in touch. Use it to spot valuable relationships that are quietly cooling down.",
        ],
      },
      {
        heading: "Reminders",
        paragraphs: [
          "Set a reminder of type Call, Email, Meeting or General with a date, time and note. Reminders appear in your dashboard and keep the follow-up from depending on your memory.",
        ],
      },
    ],
  },
  {
    slug: "event-preparation",
    title: "Preparing for an Event",
    description: "Goals, target connections and a plan you can carry in your pocket before you walk in.",
    tab: "networking",
    level: "Intermediate",
    date: "2024-05-02",
    readTime: 9,
    sections: [
      {
        heading: "Set one or two goals",
        paragraphs: [
          "Decide what a good event looks like: three conversations with potential funders, one speaker for your next panel, or a partner for a pilot. Goals decide who you talk to and how long you stay.",
        ],
      },
      {
        heading: "Create the event hub",
        paragraphs: [
          "Add the event with its name, date, location and type (in-person, virtual or hybrid), then set it active. Everyone who shares their details with you during the event is tagged with it.",
        ],
      },
      {
        heading: "Pick target connections",
        paragraphs: [
          "Look at the speaker and exhibitor lists and pick five to ten people you want to meet. Add a one-line reason for each: you will use it as your opener.",
        ],
      },
      {
        heading: "Get a strategy plan",
        paragraphs: [
          "With Card Pro, the assistant turns your goals and targets into a plan with talking points and a suggested order. The page always tells you which engine wrote the plan.",
        ],
      },
      {
        heading: "Pack the practical things",
        paragraphs: ["A dead phone ends networking early."],
        bullets: [
          "QR code saved to your photos for offline use.",
          "A charged phone and a small battery pack.",
          "An NFC card or badge sticker as a backup for noisy halls.",
        ],
      },
    ],
  },
  {
    slug: "event-hubs",
    title: "Event Hubs: Smart Follow-Up and Better Networking",
    description: "Run every event from one hub: capture, tag, prioritise and follow up inside the 48-hour window.",
    tab: "advanced",
    level: "Advanced",
    author: "KnowWho Product Team",
    date: "2024-05-12",
    readTime: 15,
    sections: [
      {
        heading: "What an event hub is",
        paragraphs: [
          "An event hub groups everything about one event: the people you met, your notes, their status and your follow-ups. Past events remain accessible, so you can always see who you met where.",
        ],
      },
      {
        heading: "One active hub at a time",
        paragraphs: [
          "Press Set Active on a hub to make it the current event; it shows a star. Press Active again to deactivate it, or activate another hub to replace it. Only one hub is active at a time, so new contacts are never tagged with two events.",
        ],
      },
      {
        heading: "Capturing contacts at the event",
        paragraphs: [
          "Share your card by QR or NFC; visitors who share back land in the active hub. Scan paper business cards and badges into the same hub so nothing stays in your pocket.",
        ],
      },
      {
        heading: "Filters, notes and status",
        paragraphs: [
          "Filter the hub by tag, priority or status. Add a note straight after each conversation; two lines are enough. Mark people Active once you have confirmed the connection.",
        ],
      },
      {
        heading: "The 48-hour follow-up window",
        paragraphs: [
          "People remember you best in the first two days. The hub lists who still needs a follow-up, highest priority first, with suggested messages that mention what you talked about.",
        ],
        bullets: [
          "Within 24 to 48 hours: high-priority leads and anyone you promised something.",
          "Within a week: medium-priority connections.",
          "Within a month: everyone else, with something useful to share.",
        ],
      },
      {
        heading: "Post-event report",
        paragraphs: [
          "After the event, the report summarises who you met by connection type, highlights your top leads, and ranks people by priority and relationship strength.",
        ],
      },
      {
        heading: "Handing over to your CRM",
        paragraphs: [
          "The day after the event, export the hub's contacts as CSV in HubSpot's import layout or a generic one, so your development or sales team works from the same list.",
        ],
      },
    ],
  },
  {
    slug: "create-campaign",
    title: "Create a Fundraising Campaign",
    description:
      "Write, preview and publish a campaign, connect Stripe, and take gifts that go straight to your nonprofit.",
    tab: "fundraising",
    level: "Beginner",
    date: "2026-11-23",
    readTime: 6,
    sections: [
      {
        heading: "Start a draft",
        paragraphs: [
          "Open Campaigns in the app and press New campaign. Give it a title, a one-line description for the campaign list, the story, your organisation and organiser, a goal, start and end dates, a category and a location. Mission, impact, budget lines (one per line, such as Books: 1200), team members (Name, Role) and the suggested gift amounts are optional.",
          "A new campaign is a draft: only you can see it. Preview opens the public page with a Preview banner, exactly as visitors will see it.",
        ],
      },
      {
        heading: "Add an image",
        paragraphs: [
          "Upload a JPEG, PNG or WebP image of up to 900 KB on the campaign's edit page. We store and serve it ourselves; it shows at the top of the campaign page and on its card in the list.",
        ],
      },
      {
        heading: "Connect Stripe, then publish",
        paragraphs: [
          "Gifts go to your organisation's own Stripe account, never through ours. Press Connect Stripe on the Campaigns page and finish Stripe's onboarding; you come back to KnowWho when it is done. Until then the campaign page says online giving is not open yet, and you can still record gifts by hand.",
          "Press Publish to list the campaign on /fundraising. Close it when it ends (it moves to Past), reopen it if you need to, and archive it to hide it everywhere while keeping its gifts.",
        ],
      },
      {
        heading: "What donors see",
        paragraphs: [
          "The campaign page shows progress towards the goal (never more than 100 %), days left, the number of donors and the average gift, all computed from real gifts. Donors choose a suggested amount or their own, once or monthly, and pay on Stripe's secure page. Their name appears among the supporters only if they tick the box.",
        ],
      },
    ],
  },
  {
    slug: "donor-management",
    title: "Donor Management: Gifts, Pledges and Thank-Yous",
    description:
      "Every gift links to a person in your network: record gifts and pledges by hand, import them from Givebutter, Donorbox or Stripe, and thank every donor.",
    tab: "fundraising",
    level: "Intermediate",
    date: "2026-11-23",
    readTime: 9,
    sections: [
      {
        heading: "Donors are people in your network",
        paragraphs: [
          "When someone gives, they become a connection tagged Donor, matched by email to anyone already in your network, so the person you met at the gala and the donor are one record. Their page shows a Giving section: total given, first and last gift, monthly gifts and pledges still outstanding.",
          "On the People page, filter by Donor (has given or has not) and by the amount given, to find your major donors or the people you met who have not given yet.",
        ],
      },
      {
        heading: "Record gifts made another way",
        paragraphs: [
          "On a campaign's dashboard, Record a gift takes cash, cheques, bank transfers and gifts made elsewhere, with the date, amount, currency, method and a note; tick Part of a recurring gift for a standing order's payment, so the analytics count it as recurring. From a person's page, Record a gift or pledge opens the same form already set to that person.",
        ],
      },
      {
        heading: "Import gifts from Givebutter, Donorbox or Stripe",
        paragraphs: [
          "On a campaign's dashboard, Import gifts takes the CSV file those services export: Givebutter's transactions export, Donorbox's donations export or Stripe's payments export. KnowWho recognises the file by its columns; for any other spreadsheet, open Columns: which holds what and choose the column for the amount, the date and the donor's email or name (and, if the file has them, currency, phone, method, recurring, transaction id, note, status and refunded). Files up to 5 MB and 20,000 gifts.",
          "The preview lists every gift with its donor, amount, date and whether the donor is already in your network (matched by email), and every problem by row: an amount that is not positive or has more decimals than its currency, an unknown currency, an amount over the limit, a date that cannot be read or is in the future, a row with neither email nor name. Refunded and failed payments are skipped with a note; a partly refunded gift counts for what was kept.",
          "Nothing is saved until you press Import. The import is all or nothing: every gift, every new donor (a connection tagged Donor) and every timeline entry is saved together. While rows have problems, fix the file and choose it again, or tick Leave out the rows with problems. Importing the same file again adds nothing twice: each gift is remembered by its service's transaction id. Imported gifts count in the campaign's totals, donors and analytics (as Imported) and on each donor's page.",
        ],
      },
      {
        heading: "Pledges and instalments",
        paragraphs: [
          "A pledge is a promise paid in monthly instalments. Each instalment gets a follow-up reminder on its due date; press Record as paid when the money arrives, and the instalment becomes a gift.",
        ],
      },
      {
        heading: "Thank every donor",
        paragraphs: [
          "Online gifts are thanked by email straight away, with a receipt. Gifts you record by hand wait in the Waiting for a thank-you list on the campaign, the Campaigns page and your dashboard until you press Send thank-you or mark them as thanked another way.",
          "Edit the message on the Thank-you message page: write {name}, {amount}, {date}, {campaign} and {organization} where the gift's own details go, and set the receipt statement your organisation needs.",
        ],
      },
      {
        heading: "Refunds and failed monthly payments",
        paragraphs: [
          "Refund an online gift from the campaign dashboard; the gift and the campaign's totals change when Stripe confirms it. When a monthly gift's payment fails, it shows as payment failed on the donor's page until Stripe's retry succeeds.",
        ],
      },
    ],
  },
  {
    slug: "campaign-analytics",
    title: "Reading Your Campaign Analytics",
    description:
      "Raised over time against the goal, one-time versus monthly, gifts by source, and who you met who gave.",
    tab: "fundraising",
    level: "Intermediate",
    date: "2026-11-23",
    readTime: 5,
    sections: [
      {
        heading: "Where to find them",
        paragraphs: [
          "Open a campaign from the Campaigns page: the dashboard shows progress, donors and the average gift, then the charts. Every chart has Show the numbers for the same figures as a table.",
        ],
      },
      {
        heading: "What each chart says",
        paragraphs: ["All figures are net of refunds."],
        bullets: [
          "Raised over time: the running total against a dashed goal line, starting from what you raised before the campaign came to KnowWho.",
          "One-time and recurring: how much came from single gifts and from recurring ones (monthly gifts made through the Donate button, and gifts an imported file marks as recurring).",
          "Gifts by source: your card, an event, a QR code, a direct link, or entered by hand, with each card's and each event's own share.",
          "People met at each event who gave: for events linked to the campaign, the share of the people you met there who went on to give.",
        ],
      },
      {
        heading: "Export",
        paragraphs: [
          "Export CSV downloads every gift of the campaign (date, donor, amount, refunds, method, source, monthly, thanked, note) for your accounts or your CRM.",
        ],
      },
    ],
  },
];

export function findGuide(slug: string) {
  return GUIDES.find((g) => g.slug === slug);
}

export const guidePath = (slug: string) => `/guides/${slug}`;
