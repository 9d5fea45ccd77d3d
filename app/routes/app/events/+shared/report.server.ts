import { href, type RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import { FOLLOW_UP_WINDOW_MS } from "~/lib/events/rules";
import { PRIORITY_LABEL } from "~/lib/people/connection-rules";
import { rankLeads } from "~/lib/people/lead-score";
import { DAY_MS } from "~/lib/time/days";
import { formatInZone } from "~/lib/time/time";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import type { AiBinding } from "~/server/assistant/assistant.server";
import { requireFeature } from "~/server/billing/plans.server";
import { getEvent, peopleMetAt } from "~/server/events/events.server";
import { savedDrafts } from "~/server/follow/drafts.server";
import { createReminder } from "~/server/follow/reminders.server";
import { eventFundraising } from "~/server/fundraising/analytics.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { getSettings } from "~/server/settings/settings.server";

/** The post-event report's loader and action (/events/:id/report): who was met, how follow-up went, top leads. */

type Args = { request: Request; params: { id: string }; context: Readonly<RouterContextProvider> };

const TOP_LEADS = 10;
const MESSAGES_FOR = 5;

const SOURCE_LABEL = {
  scan: "Captured",
  share: "Shared back",
  saved: "Saved their card",
  manual: "Added by hand",
  import: "Imported",
} as const;

async function ownedEvent(params: Args["params"], context: Args["context"]) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await getEvent(app.db, user.workspace.id, parseId(params.id));
  if (!event) notFound();
  return { app, user, event };
}

const tally = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value);
};

/** The report of the owner's event: Card Pro, as post-event analysis is. */
export async function loadEventReport({ request, params, context }: Args) {
  const { app, user, event } = await ownedEvent(params, context);
  // Post-event analysis and its ranked leads are Card Pro; the people met stay in the network either way.
  await requireFeature(app.db, user.workspace.id, "postEventAnalysis");
  const [people, settings, fundraising] = await Promise.all([
    peopleMetAt(app.db, ownersOf(user), event.title),
    getSettings(app.db, user.id),
    eventFundraising(app.db, user.workspace.id, event),
  ]);
  const now = new Date();
  const goals = event.plan?.goals ?? [];
  const ranked = rankLeads(
    people.map((p) => ({
      person: p,
      lead: {
        priority: p.priority,
        strength: p.strength,
        tags: p.tags,
        notes: p.notes,
        title: p.title,
        company: p.company,
        lastContactAt: p.lastContactAt,
        createdAt: p.createdAt,
        followUpsDone: p.followUpsDone,
        sharedBack: p.source === "share",
      },
    })),
    goals,
    now,
  ).slice(0, TOP_LEADS);

  // Drafts are saved with each person: written once, then read, so a reload shows the same words.
  const drafts = await savedDrafts(
    app.db,
    app.env.AI as AiBinding | undefined,
    user,
    ranked.slice(0, MESSAGES_FOR).map((r) => r.person.id),
    settings.timeZone,
    new URL(request.url).origin,
  );

  // The 48-hour window starts when each person was met.
  const progress = { onTime: 0, late: 0, open: 0, missed: 0 };
  let nextDeadline: number | null = null;
  for (const p of people) {
    const deadline = p.createdAt.getTime() + FOLLOW_UP_WINDOW_MS;
    if (p.firstFollowUpAt) progress[p.firstFollowUpAt.getTime() <= deadline ? "onTime" : "late"] += 1;
    else if (now.getTime() <= deadline) {
      progress.open += 1;
      nextDeadline = Math.min(nextDeadline ?? deadline, deadline);
    } else progress.missed += 1;
  }

  const priorityOrder = ["high", "medium", "low"] as const;
  return {
    fundraising,
    event: { id: event.id, title: event.title, date: event.date, endDate: event.endDate, location: event.location },
    goals,
    total: people.length,
    bySource: tally(people.map((p) => SOURCE_LABEL[p.source])),
    byStatus: tally(people.map((p) => p.status)),
    byPriority: priorityOrder
      .map((pr) => ({ label: PRIORITY_LABEL[pr], value: people.filter((p) => p.priority === pr).length }))
      .filter((b) => b.value > 0),
    byTag: tally(people.flatMap((p) => p.tags.filter((t) => t !== event.title))).slice(0, 8),
    progress,
    nextDeadline: nextDeadline ? formatInZone(new Date(nextDeadline), settings.timeZone) : null,
    timeZone: settings.timeZone,
    leads: ranked.map((r, i) => ({
      id: r.person.id,
      name: r.person.name,
      title: r.person.title,
      company: r.person.company,
      email: r.person.email,
      priority: r.person.priority,
      score: r.score,
      reasons: r.reasons,
      followUpsOpen: r.person.followUpsOpen,
      followUpsDone: r.person.followUpsDone,
      message: i < MESSAGES_FOR ? (drafts.get(r.person.id) ?? null) : null,
    })),
  };
}

/** "Remind me tomorrow" on a lead: an email follow-up reminder due a day from now. */
export async function remindAfterEvent({ request, params, context }: Args) {
  const { app, user, event } = await ownedEvent(params, context);
  await requireFeature(app.db, user.workspace.id, "leadPrioritisation");
  const formData = await request.formData();
  if (formData.get("intent") !== "remind") unknownIntent();
  const connectionId = parseId(formData.get("connectionId"));
  const settings = await getSettings(app.db, user.id);
  const dueAt = new Date(Date.now() + DAY_MS);
  const created = await createReminder(app.db, user.workspace.id, {
    connectionId,
    type: "Email",
    dueAt,
    notes: `Follow up after ${event.title}`,
  });
  if (created === null) notFound();
  return redirectWithToast(`${href("/events/:id/report", { id: String(event.id) })}#lead-${connectionId}`, {
    type: "success",
    title: "Reminder set",
    description: `Email follow-up due ${formatInZone(dueAt, settings.timeZone)}.`,
  });
}
