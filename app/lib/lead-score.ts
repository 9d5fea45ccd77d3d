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

const PRIORITY_POINTS: Record<Priority, number> = { high: 30, medium: 15, low: 5 };
const DAY = 86_400_000;

export function scoreLead(lead: LeadInput, goals: string[], now: Date): LeadScore {
  const reasons: LeadScore["reasons"] = [];
  const add = (points: number, reason: string) => {
    if (points > 0) reasons.push({ points, reason });
  };

  add(PRIORITY_POINTS[lead.priority], `${lead.priority[0]?.toUpperCase()}${lead.priority.slice(1)} priority`);
  if (lead.strength !== null) add(Math.round(lead.strength / 4), `Relationship strength ${lead.strength}/100`);

  const haystack = [lead.title, lead.company, lead.notes, ...lead.tags].filter(Boolean).join(" ").toLowerCase();
  const matched = goals
    .map((g) => g.trim())
    .filter((g) => g.length > 2)
    .filter((g) =>
      g
        .toLowerCase()
        .split(/\W+/)
        .some((word) => word.length > 3 && haystack.includes(word)),
    );
  if (matched.length)
    add(Math.min(25, matched.length * 10), `Matches goal${matched.length > 1 ? "s" : ""}: ${matched.join("; ")}`);

  const last = lead.lastContactAt ?? lead.createdAt;
  const days = Math.max(0, Math.floor((now.getTime() - last.getTime()) / DAY));
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
