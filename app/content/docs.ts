/** Documentation pages under /docs/:docId. */
export type DocSection = { heading: string; paragraphs: string[]; bullets?: string[] };
export type Doc = { id: string; title: string; summary: string; sections: DocSection[] };

export const DEFAULT_DOC_ID = "krystal-integration";

export const DOCS: Doc[] = [
  {
    id: "krystal-integration",
    title: "Krystal AI Integration",
    summary:
      "Send the people in your network to your Krystal AI workspace, hourly, daily or when you press Sync now, as signed deliveries Krystal can verify.",
    sections: [
      {
        heading: "What the integration does",
        paragraphs: [
          "KnowWho sends the people in your network to the Krystal AI endpoint you name. Each sync sends the people added or changed since the previous sync (the first sync sends everyone), 100 people per delivery. Nothing comes back from Krystal into KnowWho.",
        ],
      },
      {
        heading: "Connecting your account",
        paragraphs: ["Sign in and open Settings → Integrations → Krystal AI, then:"],
        bullets: [
          "Enter your Krystal AI endpoint URL (https only) and your Krystal AI key, and choose how often to sync.",
          "Copy the signing secret shown once after connecting (it starts with whsec_) into Krystal AI, so it can check that each delivery comes from KnowWho.",
          "Press Send test to check the connection: the result and the endpoint's answer appear in the delivery log.",
        ],
      },
      {
        heading: "Sync frequency",
        paragraphs: ["Choose how often KnowWho sends changes:"],
        bullets: [
          "Hourly: best during a campaign or right after a large event.",
          "Daily: once every 24 hours.",
          "Manual: nothing is sent until you press Sync now.",
        ],
      },
      {
        heading: "What each delivery looks like",
        paragraphs: [
          'A POST with a JSON body {"type": "people.sync", "timestamp": …, "data": {"people": [...]}}, signed following the Standard Webhooks specification (webhook-id, webhook-timestamp and webhook-signature headers, HMAC-SHA256 with your signing secret), with your Krystal AI key as Authorization: Bearer.',
          "Each person carries their name, emails, phones, websites, LinkedIn, title, organisation, role, tags, status, priority and when they were added and last changed. Your private notes are never sent.",
        ],
      },
      {
        heading: "When Krystal AI cannot be reached",
        paragraphs: [
          "A delivery that fails is retried after 30 seconds, then after 2, 8 and 32 minutes. After 5 failures in a row the connection is paused with the reason shown in Settings → Integrations; deliveries made meanwhile are held, and Resume sends them. The sync log lists every run and the delivery log every answer Krystal AI gave.",
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
