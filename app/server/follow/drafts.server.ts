import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { FollowUp, FollowUpInput } from "~/lib/assistant/rules";
import { nextStepsIn, relationshipOf, shareableTopic, sharedInterests } from "~/lib/follow/draft-privacy";
import { CONTACT_KINDS } from "~/lib/follow/kinds";
import { campaignMention } from "~/lib/fundraising/campaign-mention";
import { formatInZone } from "~/lib/time/time";
import { campaign, card, connection, event, followUpDraft, interaction, pledge, sharedContact } from "~db/schema";
import { type AiBinding, createAssistant } from "../assistant/assistant.server";
import type { Database } from "../db/db.server";
import type { SyncContext } from "../integrations/webhooks.server";
import { logInteraction } from "../people/timeline.server";

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

/** Contact a message can refer back to ("our call on Nov 17"); gifts are thanked, not recounted. */
const CONVERSATIONS = ["call", "email", "meeting", "message", "follow-up-sent"];

/**
 * What the assistant may use for a person, kept in two parts: what both sides know (the event's title,
 * what the person wrote when sharing back, what the owner marked as discussed, the owner's card, the
 * last real contact) and the owner's private context (notes, event description and goals, tags), which
 * only the privacy check reads. Commitments in the notes arrive as next steps in the owner's voice.
 */
export async function followUpInputFor(
  db: Database,
  owner: { id: string; name: string },
  personId: number,
  timeZone: string,
  /** The site's address, for links the draft carries (a linked campaign); none without it. */
  origin?: string,
  now = new Date(),
): Promise<FollowUpInput | null> {
  const [person] = await db
    .select({
      name: connection.name,
      title: connection.title,
      company: connection.company,
      notes: connection.notes,
      discussed: connection.discussed,
      tags: connection.tags,
      priority: connection.priority,
      eventName: connection.eventName,
    })
    .from(connection)
    .where(and(eq(connection.id, personId), eq(connection.userId, owner.id)));
  if (!person) return null;
  const [contacts, [met], [shareBack], [ownCard], [pledged]] = await Promise.all([
    db
      .select({ kind: interaction.kind, occurredAt: interaction.occurredAt, text: interaction.text })
      .from(interaction)
      .where(
        and(
          eq(interaction.userId, owner.id),
          eq(interaction.connectionId, personId),
          inArray(interaction.kind, [...CONTACT_KINDS]),
        ),
      )
      .orderBy(desc(interaction.occurredAt), desc(interaction.id))
      .limit(50),
    person.eventName
      ? db
          .select({
            title: event.title,
            description: event.description,
            plan: event.plan,
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
    db
      .select({ notes: sharedContact.notes })
      .from(sharedContact)
      .where(and(eq(sharedContact.recipientUserId, owner.id), eq(sharedContact.connectionId, personId)))
      .orderBy(desc(sharedContact.createdAt))
      .limit(1),
    db
      .select({ title: card.title, company: card.company })
      .from(card)
      .where(eq(card.userId, owner.id))
      .orderBy(desc(card.published), card.id)
      .limit(1),
    db
      .select({ id: pledge.id })
      .from(pledge)
      .where(and(eq(pledge.userId, owner.id), eq(pledge.connectionId, personId)))
      .limit(1),
  ]);
  const donor = Boolean(pledged) || contacts.some((c) => c.kind === "gift") || person.tags.includes("Donor");
  const relationship = relationshipOf(
    contacts.map((c) => ({ kind: c.kind, at: c.occurredAt })),
    { donor, now },
  );
  // The last time they were in touch, beyond the moment they arrived (which the greeting already says).
  const last =
    contacts.find((c) => CONVERSATIONS.includes(c.kind)) ??
    (relationship === "first" ? undefined : contacts.find((c) => c.kind !== "gift"));
  const topic = last && ["call", "email", "meeting", "message"].includes(last.kind) ? shareableTopic(last.text) : null;
  const visitorNote = shareBack?.notes?.trim() || null;
  const discussed = person.discussed?.trim() || null;
  const ownerCard = [ownCard?.title, ownCard?.company].filter(Boolean).join(", ") || null;
  const known = [visitorNote ?? "", discussed ?? "", ownerCard ?? "", person.title ?? "", person.company ?? ""];
  const privateTags = person.tags.filter((t) => t !== person.eventName);
  return {
    ownerName: owner.name,
    ownerCard,
    person: { name: person.name, title: person.title, company: person.company },
    relationship,
    eventTitle: person.eventName,
    lastInteraction: last
      ? {
          kind: last.kind,
          on: formatInZone(last.occurredAt, timeZone).replace(/,\s[\d:]+\s[AP]M$/, ""),
          text: topic,
        }
      : null,
    shared: { visitorNote, discussed },
    interests: sharedInterests(privateTags, known),
    nextSteps: nextStepsIn(person.notes, now).map((s) => s.step),
    mentions:
      origin && met?.campaignId && met.campaign
        ? [campaignMention({ id: met.campaignId, title: met.campaign }, origin)]
        : [],
    private: {
      notes: person.notes,
      eventDescription: met?.description ?? null,
      goals: met?.plan?.goals ?? [],
      tags: privateTags,
    },
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
