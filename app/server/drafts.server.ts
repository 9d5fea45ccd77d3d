import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FollowUp, FollowUpInput } from "~/lib/assistant";
import { campaignMention } from "~/lib/campaign-mention";
import { formatInZone } from "~/lib/time";
import { kindLabel } from "~/lib/timeline";
import { campaign, connection, event, followUpDraft, interaction } from "~db/schema";
import { type AiBinding, createAssistant } from "./assistant.server";
import type { Database } from "./db.server";
import type { SyncContext } from "./integrations/webhooks.server";
import { logInteraction } from "./people/timeline.server";
import { OWNER_SOURCES } from "./rhythm.server";

/**
 * Follow-up drafts are written once and saved with the person: a page view reads the saved draft, so a
 * Workers AI draft does not change on reload; the owner edits it in place, asks for a new one, or marks
 * it sent (which logs a "follow-up sent" entry on the timeline).
 */

export function getDraft(db: Database, userId: string, personId: number) {
  return db
    .select()
    .from(followUpDraft)
    .where(and(eq(followUpDraft.userId, userId), eq(followUpDraft.connectionId, personId)))
    .then((rows) => rows[0] ?? null);
}

/** What the assistant knows about a person: notes, last logged interaction, the event, shared tags. */
export async function followUpInputFor(
  db: Database,
  owner: { id: string; name: string },
  personId: number,
  timeZone: string,
  /** The site's address, for links the draft carries (a linked campaign); none without it. */
  origin?: string,
): Promise<FollowUpInput | null> {
  const [person] = await db
    .select({
      name: connection.name,
      title: connection.title,
      company: connection.company,
      notes: connection.notes,
      tags: connection.tags,
      priority: connection.priority,
      eventName: connection.eventName,
    })
    .from(connection)
    .where(and(eq(connection.id, personId), eq(connection.userId, owner.id)));
  if (!person) return null;
  const [[last], [met]] = await Promise.all([
    db
      .select({ kind: interaction.kind, occurredAt: interaction.occurredAt, text: interaction.text })
      .from(interaction)
      .where(
        and(
          eq(interaction.userId, owner.id),
          eq(interaction.connectionId, personId),
          inArray(interaction.source, [...OWNER_SOURCES]),
        ),
      )
      .orderBy(desc(interaction.occurredAt))
      .limit(1),
    person.eventName
      ? db
          .select({
            title: event.title,
            description: event.description,
            campaign: campaign.title,
            campaignId: campaign.id,
          })
          .from(event)
          // The campaign the event raises for, while it is the owner's and live.
          .leftJoin(
            campaign,
            and(
              eq(campaign.id, event.campaignId),
              eq(campaign.userId, owner.id),
              eq(campaign.status, "active"),
              isNull(campaign.archivedAt),
            ),
          )
          .where(and(eq(event.userId, owner.id), eq(event.title, person.eventName)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  // Shared tags: the person's tags other people of the owner carry too (what they have in common).
  const own = person.tags.filter((t) => t !== person.eventName).slice(0, 20);
  const shared = own.length
    ? (
        await db.all<{ tag: string }>(sql`select distinct t.value as tag from ${connection} c, json_each(c.tags) t
          where c.user_id = ${owner.id} and c.id <> ${personId} and t.value in (${sql.join(
            own.map((t) => sql`${t}`),
            sql`, `,
          )}) limit 5`)
      ).map((r) => r.tag)
    : [];
  return {
    ownerName: owner.name,
    person: {
      name: person.name,
      title: person.title,
      company: person.company,
      notes: person.notes,
      tags: person.tags,
      priority: person.priority,
    },
    eventTitle: person.eventName,
    eventDescription: met?.description ?? null,
    lastInteraction: last
      ? {
          kind: kindLabel(last.kind).toLowerCase(),
          on: formatInZone(last.occurredAt, timeZone).replace(/,\s[\d:]+\s[AP]M$/, ""),
          text: last.text,
        }
      : null,
    sharedTags: shared.filter((t) => !["Scanned", "Shared", "Saved Contact"].includes(t)),
    mentions:
      origin && met?.campaignId && met.campaign
        ? [campaignMention({ id: met.campaignId, title: met.campaign }, origin)]
        : [],
  };
}

/** Writes a new draft (replacing the saved one) with the configured engine, and says which wrote it. */
export async function writeDraft(
  db: Database,
  ai: AiBinding | undefined,
  owner: { id: string; name: string },
  personId: number,
  timeZone: string,
  origin?: string,
) {
  const input = await followUpInputFor(db, owner, personId, timeZone, origin);
  if (!input) return null;
  const { result, engine, fallbackReason } = await createAssistant(ai).followUp(input);
  if (fallbackReason) console.warn(`follow-up fell back to the built-in engine: ${fallbackReason}`);
  await saveDraftRow(db, owner.id, personId, result, engine, false);
  return { ...result, engine };
}

async function saveDraftRow(
  db: Database,
  userId: string,
  personId: number,
  draft: FollowUp,
  engine: "built-in" | "workers-ai",
  edited: boolean,
) {
  await db
    .insert(followUpDraft)
    .values({ userId, connectionId: personId, ...draft, engine, edited })
    .onConflictDoUpdate({
      target: [followUpDraft.userId, followUpDraft.connectionId],
      set: { ...draft, engine, edited, sentAt: null, updatedAt: new Date() },
    });
}

/** The owner's edit, kept as written; the engine that wrote the first version stays named. */
export async function editDraft(db: Database, userId: string, personId: number, draft: FollowUp) {
  const current = await getDraft(db, userId, personId);
  if (!current) return false;
  await db
    .update(followUpDraft)
    .set({ ...draft, edited: true })
    .where(and(eq(followUpDraft.userId, userId), eq(followUpDraft.connectionId, personId)));
  return true;
}

/** The owner sent it: the timeline gets a "follow-up sent" entry (once per draft) and the rhythm moves. */
export async function markDraftSent(ctx: SyncContext, userId: string, personId: number, now = new Date()) {
  const current = await getDraft(ctx.db, userId, personId);
  if (!current) return null;
  const logged = await logInteraction(ctx, userId, personId, {
    kind: "follow-up-sent",
    source: "assistant",
    occurredAt: now,
    text: current.subject,
    clientId: `draft-${personId}-${current.updatedAt.getTime()}`,
  });
  await ctx.db
    .update(followUpDraft)
    // The draft's version (updated_at) stays: marking the same version sent twice logs it once.
    .set({ sentAt: now, updatedAt: current.updatedAt })
    .where(and(eq(followUpDraft.userId, userId), eq(followUpDraft.connectionId, personId)));
  return logged;
}

/**
 * The saved drafts of several people (the event report's top leads); anyone without one gets one
 * written now and saved, so the next view shows the same words.
 */
export async function savedDrafts(
  db: Database,
  ai: AiBinding | undefined,
  owner: { id: string; name: string },
  personIds: number[],
  timeZone: string,
  origin?: string,
) {
  const ids = personIds.slice(0, 20);
  const rows = ids.length
    ? await db
        .select()
        .from(followUpDraft)
        .where(and(eq(followUpDraft.userId, owner.id), inArray(followUpDraft.connectionId, ids)))
    : [];
  const found = new Map(rows.map((r) => [r.connectionId, { subject: r.subject, body: r.body, engine: r.engine }]));
  for (const id of ids) {
    if (found.has(id)) continue;
    const written = await writeDraft(db, ai, owner, id, timeZone, origin);
    if (written) found.set(id, written);
  }
  return found;
}
