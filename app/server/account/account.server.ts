import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  account,
  accountPlan,
  apiToken,
  appPassword,
  billingInvoice,
  campaign,
  card,
  cardSourceStat,
  cardStat,
  cardTemplate,
  connection,
  consentRecord,
  contactPoint,
  davBook,
  davCard,
  event,
  followUpDraft,
  fundraisingOrg,
  gift,
  helpRequest,
  hubspotSync,
  importMapping,
  interaction,
  keepInTouch,
  mailing,
  mailingClick,
  mailingGift,
  mailingRecipient,
  mailSuppression,
  member,
  memberPeople,
  newsletterSubscriber,
  nonprofitApplication,
  notification,
  orgAttendee,
  orgBooth,
  orgEvent,
  orgExchange,
  orgLead,
  orgLeadAnswer,
  orgLeadNote,
  orgLeadQuestion,
  orgMeeting,
  outbox,
  passkey,
  peopleStats,
  personHistory,
  personMerge,
  personSuggestion,
  pledge,
  pledgeInstalment,
  recurringGift,
  reminder,
  review,
  session,
  sharedContact,
  stripeConnection,
  syncRun,
  tagRhythm,
  thankYouTemplate,
  twoFactor,
  user,
  userSettings,
  verification,
  webhookDelivery,
  webhookEndpoint,
  workspace,
  writeClaim,
} from "~db/schema";
import { removeCardObjects } from "../cards/cards.server";
import type { Database } from "../db/db.server";
import { purgeCampaignPages } from "../fundraising/campaigns.server";
import { deleteAccountPhotos } from "../people/photo.server";
import type { AppEnv } from "../platform/env.server";
import { provedMailbox } from "./proved-mailbox.server";

/** The account whose data is read or deleted. Rows kept by email count only once the address is confirmed. */
export type AccountOwner = { id: string; email: string; emailVerified: boolean };

/** The workspaces the account is the only member of (its teams among them go with it). */
const teamsAloneIn = (db: Database, userId: string) =>
  db
    .select({ id: member.workspaceId })
    .from(member)
    .where(
      and(
        eq(member.userId, userId),
        sql`not exists (select 1 from ${member} m where m.workspace_id = ${member.workspaceId} and m.user_id <> ${userId})`,
      ),
    );

/**
 * The deletions, children before parents, so the account goes whole in one batch whatever each foreign
 * key says (campaign.user_id has no ON DELETE; a table rebuild would fire its children's SET NULL).
 */
function deletions(db: Database, o: AccountOwner): BatchItem<"sqlite">[] {
  const mine = <T extends SQLiteTable>(table: T, column: Parameters<typeof eq>[0]) =>
    db.delete(table as SQLiteTable).where(eq(column, o.id));
  const cards = db.select({ id: card.id }).from(card).where(eq(card.userId, o.id));
  const pledges = db.select({ id: pledge.id }).from(pledge).where(eq(pledge.userId, o.id));
  const passes = db.select({ id: orgAttendee.id }).from(orgAttendee).where(eq(orgAttendee.userId, o.id));
  // The booths of the personal workspace (a single exhibitor's stand), and every lead of them or on the owner's passes.
  const booths = db.select({ id: orgBooth.id }).from(orgBooth).where(eq(orgBooth.workspaceId, o.id));
  const standQuestions = db
    .select({ id: orgLeadQuestion.id })
    .from(orgLeadQuestion)
    .where(inArray(orgLeadQuestion.boothId, booths));
  const leads = db
    .select({ id: orgLead.id })
    .from(orgLead)
    .where(or(inArray(orgLead.boothId, booths), inArray(orgLead.attendeeId, passes)));
  const emailed: BatchItem<"sqlite">[] = provedMailbox(o)
    ? [
        db.delete(review).where(eq(review.email, o.email)),
        db.delete(helpRequest).where(eq(helpRequest.email, o.email)),
        db.delete(newsletterSubscriber).where(eq(newsletterSubscriber.email, o.email)),
        db.delete(outbox).where(eq(outbox.to, o.email)),
      ]
    : [];
  // Teams the account is alone in go with it (their invitations follow by foreign key); teams with other members
  // stay theirs, and its personal workspace goes with its user row (migration 0046's trigger).
  const aloneIn = teamsAloneIn(db, o.id);
  return [
    db.delete(workspace).where(and(eq(workspace.kind, "team"), inArray(workspace.id, aloneIn))),
    mine(mailingClick, mailingClick.userId),
    mine(mailingGift, mailingGift.userId),
    mine(mailingRecipient, mailingRecipient.userId),
    mine(mailing, mailing.userId),
    mine(mailSuppression, mailSuppression.userId),
    db.delete(cardSourceStat).where(inArray(cardSourceStat.cardId, cards)),
    db.delete(cardStat).where(inArray(cardStat.cardId, cards)),
    db.delete(pledgeInstalment).where(inArray(pledgeInstalment.pledgeId, pledges)),
    mine(webhookDelivery, webhookDelivery.userId),
    mine(webhookEndpoint, webhookEndpoint.userId),
    mine(syncRun, syncRun.userId),
    mine(hubspotSync, hubspotSync.userId),
    mine(importMapping, importMapping.userId),
    mine(apiToken, apiToken.userId),
    mine(appPassword, appPassword.userId),
    mine(twoFactor, twoFactor.userId),
    mine(passkey, passkey.userId),
    mine(davCard, davCard.userId),
    mine(davBook, davBook.userId),
    mine(interaction, interaction.userId),
    mine(keepInTouch, keepInTouch.userId),
    mine(tagRhythm, tagRhythm.userId),
    mine(followUpDraft, followUpDraft.userId),
    mine(gift, gift.userId),
    mine(recurringGift, recurringGift.userId),
    mine(pledge, pledge.userId),
    mine(thankYouTemplate, thankYouTemplate.userId),
    mine(fundraisingOrg, fundraisingOrg.userId),
    mine(stripeConnection, stripeConnection.userId),
    mine(campaign, campaign.userId),
    mine(accountPlan, accountPlan.userId),
    mine(billingInvoice, billingInvoice.userId),
    mine(nonprofitApplication, nonprofitApplication.userId),
    mine(event, event.userId),
    // The owner's own passes at anyone's event go (with their consents and exchanges); events they organised take their attendees with them.
    db
      .delete(orgLeadAnswer)
      .where(or(inArray(orgLeadAnswer.questionId, standQuestions), inArray(orgLeadAnswer.leadId, leads))),
    db.delete(orgLeadNote).where(inArray(orgLeadNote.leadId, leads)),
    db.delete(orgLead).where(or(inArray(orgLead.boothId, booths), inArray(orgLead.attendeeId, passes))),
    db.delete(orgLeadQuestion).where(inArray(orgLeadQuestion.boothId, booths)),
    db.delete(orgBooth).where(eq(orgBooth.workspaceId, o.id)),
    db.delete(orgExchange).where(or(inArray(orgExchange.fromId, passes), inArray(orgExchange.toId, passes))),
    db.delete(orgMeeting).where(or(inArray(orgMeeting.fromId, passes), inArray(orgMeeting.toId, passes))),
    db.delete(orgAttendee).where(eq(orgAttendee.userId, o.id)),
    mine(orgEvent, orgEvent.userId),
    mine(personSuggestion, personSuggestion.userId),
    mine(writeClaim, writeClaim.userId),
    mine(reminder, reminder.userId),
    mine(notification, notification.userId),
    mine(sharedContact, sharedContact.recipientUserId),
    mine(personHistory, personHistory.userId),
    mine(consentRecord, consentRecord.senderWorkspaceId),
    mine(personMerge, personMerge.userId),
    mine(contactPoint, contactPoint.userId),
    mine(connection, connection.userId),
    mine(peopleStats, peopleStats.userId),
    mine(memberPeople, memberPeople.workspaceId),
    mine(card, card.userId),
    mine(userSettings, userSettings.userId),
    // better-auth keeps a reset link's account id as the value.
    db.delete(verification).where(eq(verification.value, o.id)),
    ...emailed,
    mine(session, session.userId),
    mine(account, account.userId),
    db.delete(user).where(eq(user.id, o.id)),
  ];
}

/** KV keys that previews of imports are kept under for 30 minutes, by kind (import.server.ts). */
const PREVIEW_KINDS = ["import-preview", "gift-import"];

/**
 * Deletes an account and everything it holds in one D1 batch (all or nothing), then what it kept in KV:
 * card avatars, person photos, campaign images and import previews, and the edge copies of its
 * published cards and campaign pages; the same for each team it was alone in, with its templates' logos.
 * KV goes after the rows, so a read in between cannot put a copy back.
 */
export async function deleteAccount(env: AppEnv, db: Database, o: AccountOwner): Promise<void> {
  const teams = (
    await teamsAloneIn(db, o.id).innerJoin(
      workspace,
      and(eq(workspace.id, member.workspaceId), eq(workspace.kind, "team")),
    )
  ).map((t) => t.id);
  const spaces = [o.id, ...teams];
  const [cards, campaigns, logos] = await Promise.all([
    db
      .select({ space: card.userId, slug: card.slug, avatarKey: card.avatarKey })
      .from(card)
      .where(inArray(card.userId, spaces)),
    db
      .select({ space: campaign.userId, imageKey: campaign.imageKey })
      .from(campaign)
      .where(inArray(campaign.userId, spaces)),
    db
      .select({ space: cardTemplate.workspaceId, logoKey: cardTemplate.logoKey })
      .from(cardTemplate)
      .where(and(inArray(cardTemplate.workspaceId, spaces), isNotNull(cardTemplate.logoKey))),
  ]);
  const [first, ...rest] = deletions(db, o);
  await db.batch([first as BatchItem<"sqlite">, ...rest]);
  // A team someone joined in between stayed in the batch's check: what it keeps in KV stays with it.
  const stayed = new Set(
    teams.length
      ? (await db.select({ id: workspace.id }).from(workspace).where(inArray(workspace.id, teams))).map((t) => t.id)
      : [],
  );
  const gone = (row: { space: string | null }) => row.space !== null && !stayed.has(row.space);
  const images = [
    ...new Set(
      campaigns
        .filter(gone)
        .map((c) => c.imageKey)
        .filter((k): k is string => Boolean(k)),
    ),
  ];
  // Campaign images are stored by content hash: another account's campaign may show the same picture.
  const stillUsed = images.length
    ? new Set(
        (await db.select({ imageKey: campaign.imageKey }).from(campaign).where(inArray(campaign.imageKey, images))).map(
          (c) => c.imageKey,
        ),
      )
    : new Set<string | null>();
  const goneSpaces = spaces.filter((id) => !stayed.has(id));
  await Promise.all([
    ...cards.filter(gone).map((c) => removeCardObjects(env, c)),
    ...logos.filter(gone).map((t) => env.CACHE.delete(`avatar:${t.logoKey}`)),
    ...images.filter((k) => !stillUsed.has(k)).map((k) => env.CACHE.delete(`campaign-image:${k}`)),
    ...goneSpaces.map((id) => deleteAccountPhotos(env.CACHE, id)),
    ...goneSpaces.flatMap((id) => PREVIEW_KINDS.map((kind) => deleteByPrefix(env.CACHE, `${kind}:${id}:`))),
    campaigns.length ? purgeCampaignPages(env) : null,
  ]);
}

async function deleteByPrefix(store: KVNamespace, prefix: string) {
  let cursor: string | undefined;
  do {
    const page = await store.list({ prefix, cursor });
    await Promise.all(page.keys.map((k) => store.delete(k.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}
