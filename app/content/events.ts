import { DAY_MS } from "~/lib/time/days";
/**
 * Public sample events shown on the landing page and at /events/:id; owners keep their own in D1.
 * They are dated around today, so an "active" sample is always happening now and a past one is past.
 */
export type EventStatus = "upcoming" | "active" | "past";

export type PublicEvent = {
  id: string;
  title: string;
  description: string;
  date: string;
  /** Opening and closing wall-clock times ("09:00") on the event's clock, written the reader's way by formatHours. */
  starts: string;
  ends: string;
  timeZone: string;
  /** Name the zone beside the times: an online event is joined from anywhere. */
  showZone?: boolean;
  location: string;
  attendees: number;
  type: "in-person" | "virtual" | "hybrid";
  platform?: string;
  url?: string;
  status: EventStatus;
  aiRecommendation: string;
  /** A published organiser event's own page (/e/{slug}); samples have none. */
  href?: string;
};

type SampleEvent = Omit<PublicEvent, "date" | "status"> & { daysFromToday: number };

const SAMPLES: SampleEvent[] = [
  {
    id: "nonprofit-tech-summit",
    title: "Nonprofit Tech Summit",
    description: "Two days of talks and workshops on technology for mission-driven organisations.",
    daysFromToday: 17,
    starts: "09:00",
    ends: "17:00",
    timeZone: "America/Chicago",
    location: "Chicago, IL",
    attendees: 850,
    type: "in-person",
    aiRecommendation: "Target the data and CRM track: most development directors attend the afternoon sessions.",
  },
  {
    id: "impact-fundraising-live",
    title: "Impact Fundraising Live",
    description: "A live online session on donor journeys, recurring giving and year-end campaigns.",
    daysFromToday: 0,
    starts: "13:00",
    ends: "15:00",
    timeZone: "America/New_York",
    showZone: true,
    location: "Online",
    attendees: 320,
    type: "virtual",
    platform: "Zoom",
    url: "https://zoom.us/",
    aiRecommendation: "Share your card link in the chat during the Q&A; attendees save contacts most then.",
  },
  {
    id: "community-partners-mixer",
    title: "Community Partners Mixer",
    description: "An evening for local businesses and nonprofits to meet partners and sponsors.",
    daysFromToday: 0,
    starts: "18:00",
    ends: "21:00",
    timeZone: "America/Chicago",
    location: "Austin, TX",
    attendees: 140,
    type: "hybrid",
    aiRecommendation: "Keep this hub active and scan badges as you go; sponsors leave early.",
  },
  {
    id: "social-impact-forum-2026",
    title: "Social Impact Forum",
    description: "Leaders from foundations, nonprofits and companies on partnerships that last.",
    daysFromToday: -66,
    starts: "09:00",
    ends: "16:00",
    timeZone: "America/New_York",
    location: "New York, NY",
    attendees: 1200,
    type: "in-person",
    aiRecommendation: "Eleven high-priority connections still need a follow-up message.",
  },
];

export const SAMPLE_EVENT_IDS = SAMPLES.map((e) => e.id);

/** The samples as seen on `today` (YYYY-MM-DD). */
export function sampleEvents(today: string): PublicEvent[] {
  return SAMPLES.map(({ daysFromToday, ...e }) => ({
    ...e,
    date: new Date(Date.parse(`${today}T00:00:00Z`) + daysFromToday * DAY_MS).toISOString().slice(0, 10),
    status: daysFromToday > 0 ? "upcoming" : daysFromToday === 0 ? "active" : "past",
  }));
}

export function findEvent(id: string, today: string) {
  return sampleEvents(today).find((e) => e.id === id);
}
