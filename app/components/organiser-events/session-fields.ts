import type { EventFieldSpec } from "~/components/events/event-form";

/** A programme session's fields, in the one event form (adding and editing use the same). */
export const SESSION_FIELDS: EventFieldSpec[] = [
  { name: "title", label: "Title", wide: true },
  { name: "description", label: "Description (optional)", kind: "textarea", wide: true },
  { name: "startsAt", label: "Starts (the event's clock)", kind: "datetime-local" },
  { name: "endsAt", label: "Ends (the event's clock)", kind: "datetime-local" },
  { name: "room", label: "Room (optional)" },
  { name: "track", label: "Track (optional)", hint: "Sessions with the same track name are grouped under it." },
  { name: "capacity", label: "Capacity (optional)", kind: "number" },
  {
    name: "speakers",
    label: "Speakers (optional)",
    kind: "textarea",
    hint: "One per line: a name, or an attendee's email address to link their card.",
  },
];
