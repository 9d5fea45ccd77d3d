import { SYSTEM_TAGS } from "../follow/draft-privacy";
import { DAY_MS } from "../time/days";
import type { Priority } from "./connection-rules";

/** A transparent lead score: every point comes with the reason it was given. */
export type LeadInput = {
  priority: Priority;
  strength: number | null;
  tags: string[];
  notes: string | null;
  title: string | null;
  company: string | null;
  lastContactAt: Date | null;
  createdAt: Date;
  /** Follow-ups done with this person (reminders completed). */
  followUpsDone: number;
  /** Whether they shared their details back themselves. */
  sharedBack: boolean;
};

export type LeadScore = { score: number; reasons: { points: number; reason: string }[] };

/**
 * The tags the app writes (the one list, in draft-privacy) say nothing about the person, except "Donor":
 * it records a gift, a fact a "major donors" goal is about.
 */
const IGNORED_TAGS = new Set<string>(SYSTEM_TAGS.filter((t) => t !== "Donor"));
const GENERIC = new Set(
  "share shared card cards your with everyone talk meet meeting people person contact contacts event events follow about from that this their them they have will every each someone connect connection connections network more least three five most good make sure after before".split(
    " ",
  ),
);
/** Meaningful words, singular: "Major donors" and a "Donor" tag meet on "donor". */
function words(text: string) {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 3 && !GENERIC.has(w))
    .map((w) => (w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
}

const PRIORITY_POINTS: Record<Priority, number> = { high: 30, medium: 15, low: 5 };

export function scoreLead(lead: LeadInput, goals: string[], now: Date): LeadScore {
  const reasons: LeadScore["reasons"] = [];
  const add = (points: number, reason: string) => {
    if (points > 0) reasons.push({ points, reason });
  };

  add(PRIORITY_POINTS[lead.priority], `${lead.priority[0]?.toUpperCase()}${lead.priority.slice(1)} priority`);
  if (lead.strength !== null) add(Math.round(lead.strength / 4), `Relationship strength ${lead.strength}/100`);

  // A goal matches on what the owner knows about the person, word for word: not on the tags we add
  // ourselves ("Card photo") nor on words every goal has ("share your card with everyone").
  const known = new Set(
    words([lead.title, lead.company, lead.notes, ...lead.tags.filter((t) => !IGNORED_TAGS.has(t))].join(" ")),
  );
  const matched = goals
    .map((g) => g.trim())
    .filter((g) => g.length > 2)
    .filter((g) => words(g).some((word) => known.has(word)));
  if (matched.length)
    add(Math.min(25, matched.length * 10), `Matches goal${matched.length > 1 ? "s" : ""}: ${matched.join("; ")}`);

  const last = lead.lastContactAt ?? lead.createdAt;
  const days = Math.max(0, Math.floor((now.getTime() - last.getTime()) / DAY_MS));
  add(
    days <= 2 ? 15 : days <= 7 ? 10 : days <= 30 ? 5 : 0,
    days === 0 ? "Met today" : `Last contact ${days} day${days === 1 ? "" : "s"} ago`,
  );

  if (lead.sharedBack) add(10, "Shared their details with you");
  if (lead.followUpsDone > 0)
    add(
      Math.min(10, lead.followUpsDone * 5),
      `${lead.followUpsDone} follow-up${lead.followUpsDone > 1 ? "s" : ""} done`,
    );

  // The score stops at 100; saying so keeps the listed points adding up to the score shown.
  const total = reasons.reduce((sum, r) => sum + r.points, 0);
  if (total > 100) reasons.push({ points: 100 - total, reason: "Scores stop at 100" });
  return { score: Math.min(100, total), reasons };
}

/** Highest score first; ties go to the most recent contact. */
export function rankLeads<T extends { lead: LeadInput }>(items: T[], goals: string[], now: Date) {
  return items
    .map((item) => ({ ...item, ...scoreLead(item.lead, goals, now) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.lead.lastContactAt ?? b.lead.createdAt).getTime() - (a.lead.lastContactAt ?? a.lead.createdAt).getTime(),
    );
}
