import { z } from "zod";
import { zonedToUtc } from "../time/time";
import { LOCAL_DATETIME, MEETING_MINUTES } from "./rules";

/** Meetings that fit: the organiser's slots, and the times two attendees are both free. Pure. */

export const SLOT_MESSAGES = {
  from: "Enter when the first meeting starts",
  until: "Enter when the last meeting must end",
  order: "The end must be after the start",
  during: "Choose a time during the event",
  minutes: "Choose how long each meeting lasts",
  places: "List the tables or rooms, one per line",
  placeLine: "Each table's name must be at most 60 characters",
  tooMany: "That makes more than 400 slots: open fewer times or tables at once",
  taken: "That time was taken a moment ago: choose another",
  clash: "One of you has a session or another meeting then: choose another time",
  slot: "Choose one of the free times",
} as const;

export const MAX_SLOTS_PER_FORM = 400;

/** A wall-clock time `minutes` later on the same clock. */
export function addMinutes(local: string, minutes: number): string {
  const at = zonedToUtc(local, "UTC");
  return at ? new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 16) : local;
}

const localTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => LOCAL_DATETIME.test(v) && zonedToUtc(v, "UTC") !== null, message);

/** Times from `from` until `until`, each `minutes` long, at every listed table or room. */
export const slotsFormSchema = (event: { startsAt: string; endsAt: string }) =>
  z
    .object({
      from: localTime(SLOT_MESSAGES.from).refine((v) => v >= event.startsAt && v < event.endsAt, SLOT_MESSAGES.during),
      until: localTime(SLOT_MESSAGES.until).refine(
        (v) => v > event.startsAt && v <= event.endsAt,
        SLOT_MESSAGES.during,
      ),
      minutes: z
        .string({ error: SLOT_MESSAGES.minutes })
        .trim()
        .transform(Number)
        .refine((v) => (MEETING_MINUTES as readonly number[]).includes(v), SLOT_MESSAGES.minutes),
      places: z
        .string({ error: SLOT_MESSAGES.places })
        .max(4000, SLOT_MESSAGES.places)
        .transform((v) => [
          ...new Set(
            v
              .split(/\r?\n/)
              .map((l) => l.trim())
              .filter(Boolean),
          ),
        ])
        .refine((v) => v.length > 0, SLOT_MESSAGES.places)
        .refine((v) => v.every((p) => p.length <= 60), SLOT_MESSAGES.placeLine),
    })
    .refine((v) => v.until > v.from, { path: ["until"], message: SLOT_MESSAGES.order })
    .refine((v) => generateSlots(v).length <= MAX_SLOTS_PER_FORM, { path: ["places"], message: SLOT_MESSAGES.tooMany });

export type SlotsForm = z.infer<ReturnType<typeof slotsFormSchema>>;

export type SlotDraft = { startsAt: string; minutes: number; place: string };

/** Every slot the form opens: each time that ends by `until`, at each place. */
export function generateSlots(f: { from: string; until: string; minutes: number; places: string[] }): SlotDraft[] {
  const out: SlotDraft[] = [];
  if (!(f.minutes > 0)) return out;
  for (let t = f.from; addMinutes(t, f.minutes) <= f.until; t = addMinutes(t, f.minutes)) {
    for (const place of f.places) out.push({ startsAt: t, minutes: f.minutes, place });
    // More than any form may open: the caller refuses it, so stop counting.
    if (out.length > MAX_SLOTS_PER_FORM) break;
  }
  return out;
}

export type Slot = SlotDraft & { id: number };
export type Busy = { startsAt: string; endsAt: string };

const overlaps = (a: Busy, b: Busy) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * The times two people can meet: not past, open at a table nobody booked, within both people's stated
 * availability (none stated: any time), and clear of both people's sessions and other meetings. One
 * slot per time (the first free table), in time order.
 */
export function freeTimes(input: {
  slots: Slot[];
  taken: Set<number>;
  now: string;
  available: (Set<string> | null)[];
  busy: Busy[];
}): Slot[] {
  const seen = new Set<string>();
  const out: Slot[] = [];
  const sorted = [...input.slots].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || a.place.localeCompare(b.place),
  );
  for (const s of sorted) {
    if (seen.has(s.startsAt) || input.taken.has(s.id) || s.startsAt < input.now) continue;
    if (input.available.some((set) => set && set.size > 0 && !set.has(s.startsAt))) continue;
    const span = { startsAt: s.startsAt, endsAt: addMinutes(s.startsAt, s.minutes) };
    if (input.busy.some((b) => overlaps(span, b))) continue;
    seen.add(s.startsAt);
    out.push(s);
  }
  return out;
}
