/** Documentation pages under /docs/:docId. */
export type DocSection = { heading: string; paragraphs: string[]; bullets?: string[] };
export type Doc = { id: string; title: string; summary: string; sections: DocSection[] };

export const DEFAULT_DOC_ID = "krystal-integration";

export const DOCS: Doc[] = [
  {
    id: "krystal-integration",
    title: "Krystal AI Integration",
    summary: "Connect KnowWho to the Krystal AI campaign-management ecosystem and keep contacts and campaigns in sync.",
    sections: [
      {
        heading: "What the integration does",
        paragraphs: [
          "The integration sends your connections, event hubs and campaign results to Krystal AI, where your team plans campaigns and donor journeys. Contact changes made in KnowWho reach Krystal on the next sync.",
        ],
      },
      {
        heading: "Connecting your account",
        paragraphs: ["You need Card Pro and an administrator role in your Krystal workspace."],
        bullets: [
          "The integration is rolling out to Card Pro workspaces: ask for it through the contact page.",
          "We connect your Krystal workspace once an administrator there approves the access.",
          "Tell us which event hubs and tags to include.",
        ],
      },
      {
        heading: "Sync frequency",
        paragraphs: ["Choose how often KnowWho sends changes:"],
        bullets: [
          "Hourly: best during a campaign or right after a large event.",
          "Daily: the default for most teams; runs overnight.",
          "Manual: nothing is sent until you press Sync now.",
        ],
      },
      {
        heading: "What is shared",
        paragraphs: [
          "Only connections in the hubs and tags you selected are sent, with name, organisation, email, tags, priority and the event you met at. Private notes are never shared.",
        ],
      },
    ],
  },
  {
    id: "fundraising-analytics",
    title: "Fundraising Analytics",
    summary:
      "Read campaign progress, donor counts and average gifts, and connect them to the events that produced them.",
    sections: [
      {
        heading: "Campaign progress",
        paragraphs: [
          "Each campaign shows amount raised against its goal. The progress bar is capped at 100 %, and the amount shows the full total when a campaign exceeds its goal.",
        ],
      },
      {
        heading: "Donor metrics",
        paragraphs: ["The campaign page reports the figures a board asks for:"],
        bullets: [
          "Donor count and average donation.",
          "Days left before the campaign ends.",
          "Amount raised from people met at each event hub.",
        ],
      },
      {
        heading: "From events to gifts",
        paragraphs: [
          "Because connections carry the event where you met them, analytics can show which conferences and galas led to donations, and which were pleasant but unproductive.",
        ],
      },
    ],
  },
  {
    id: "event-management",
    title: "Event Management",
    summary: "Create events, run one active event hub at a time, and review everything after the event.",
    sections: [
      {
        heading: "Creating an event",
        paragraphs: [
          "An event has a name, date and time, location, type (in-person, virtual or hybrid) and optionally a platform and joining link for virtual sessions.",
        ],
      },
      {
        heading: "Statuses",
        paragraphs: ["Events move through three statuses, shown with coloured badges:"],
        bullets: [
          "Upcoming (blue): prepare your goals and targets.",
          "Active (green): join or activate the hub and scan QR codes.",
          "Past (grey): review details, reports and follow-ups.",
        ],
      },
      {
        heading: "The active hub",
        paragraphs: [
          "Only one event hub is active at a time. New connections, shared-back details and scanned cards are tagged with it automatically.",
        ],
      },
    ],
  },
  {
    id: "connection-management",
    title: "Connection Management",
    summary: "Organise your network with tags, priorities, statuses, notes and reminders.",
    sections: [
      {
        heading: "Fields",
        paragraphs: [
          "A connection has a name, title, organisation, email, phone, website, tags, priority, the event you met at, the date of last contact and your notes.",
        ],
      },
      {
        heading: "Priority",
        paragraphs: [
          "Priority is High, Medium or Low. Imports or shares without a valid priority are stored as Medium, so nobody disappears from your follow-up list.",
        ],
      },
      {
        heading: "Import and export",
        paragraphs: ["Bring contacts in and take them out without lock-in:"],
        bullets: [
          "Download any connection as a vCard 3.0 file.",
          "Export the whole network or one hub as CSV.",
          "Export in HubSpot's import layout to bring contacts into your CRM.",
        ],
      },
    ],
  },
];

export function findDoc(id: string) {
  return DOCS.find((d) => d.id === id);
}
