/** Public sample events shown on the landing page and at /events/:id; owners keep their own in D1. */
export type EventStatus = "upcoming" | "active" | "past";

export type PublicEvent = {
  id: string;
  title: string;
  description: string;
  date: string;
  time: string;
  location: string;
  attendees: number;
  type: "in-person" | "virtual" | "hybrid";
  platform?: string;
  url?: string;
  status: EventStatus;
  aiRecommendation: string;
};

export const EVENTS: PublicEvent[] = [
  {
    id: "nonprofit-tech-summit",
    title: "Nonprofit Tech Summit",
    description: "Two days of talks and workshops on technology for mission-driven organisations.",
    date: "2026-12-10",
    time: "9:00 AM - 5:00 PM",
    location: "Chicago, IL",
    attendees: 850,
    type: "in-person",
    status: "upcoming",
    aiRecommendation: "Target the data and CRM track: most development directors attend the afternoon sessions.",
  },
  {
    id: "impact-fundraising-live",
    title: "Impact Fundraising Live",
    description: "A live online session on donor journeys, recurring giving and year-end campaigns.",
    date: "2026-11-22",
    time: "1:00 PM - 3:00 PM EST",
    location: "Online",
    attendees: 320,
    type: "virtual",
    platform: "Zoom",
    url: "https://zoom.us/",
    status: "active",
    aiRecommendation: "Share your card link in the chat during the Q&A; attendees save contacts most then.",
  },
  {
    id: "community-partners-mixer",
    title: "Community Partners Mixer",
    description: "An evening for local businesses and nonprofits to meet partners and sponsors.",
    date: "2026-11-22",
    time: "6:00 PM - 9:00 PM",
    location: "Austin, TX",
    attendees: 140,
    type: "hybrid",
    status: "active",
    aiRecommendation: "Keep this hub active and scan badges as you go; sponsors leave early.",
  },
  {
    id: "social-impact-forum-2026",
    title: "Social Impact Forum",
    description: "Leaders from foundations, nonprofits and companies on partnerships that last.",
    date: "2026-09-18",
    time: "9:00 AM - 4:00 PM",
    location: "New York, NY",
    attendees: 1200,
    type: "in-person",
    status: "past",
    aiRecommendation: "Eleven high-priority connections still need a follow-up message.",
  },
];

export function findEvent(id: string) {
  return EVENTS.find((e) => e.id === id);
}

export const EVENT_TYPE_LABEL = { "in-person": "In person", virtual: "Virtual", hybrid: "Hybrid" } as const;
