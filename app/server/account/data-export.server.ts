import { eq, inArray } from "drizzle-orm";
import {
  account,
  accountPlan,
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
  importMapping,
  interaction,
  keepInTouch,
  mailing,
  mailingClick,
  mailingGift,
  mailingRecipient,
  mailSuppression,
  newsletterSubscriber,
  nonprofitApplication,
  notification,
  outbox,
  passkey,
  personHistory,
  personMerge,
  personSuggestion,
  pledge,
  pledgeInstalment,
  recurringGift,
  reminder,
  review,
  reviewHelpful,
  session,
  sharedContact,
  stripeConnection,
  tagRhythm,
  thankYouTemplate,
  twoFactor,
  user,
  userSettings,
  webhookDelivery,
  writeClaim,
} from "~db/schema";
import type { Database } from "../db/db.server";
import { exportIntegrations } from "../integrations/export.server";
import type { AccountOwner } from "./account.server";
import { EVENT_SECTIONS } from "./export-events.server";
import { byEmail, type ExportSection, rowsOf } from "./export-rows.server";
import { TEAM_SECTIONS } from "./export-teams.server";
import { provedMailbox } from "./proved-mailbox.server";

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: "profile",
    tables: ["user"],
    read: async (db, o) =>
      (
        await db
          .select({
            id: user.id,
            name: user.name,
            email: user.email,
            emailVerified: user.emailVerified,
            image: user.image,
            createdAt: user.createdAt,
          })
          .from(user)
          .where(eq(user.id, o.id))
      )[0] ?? null,
  },
  {
    name: "signIns",
    tables: ["account"],
    read: (db, o) =>
      db
        .select({ provider: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
        .from(account)
        .where(eq(account.userId, o.id)),
  },
  {
    name: "sessions",
    tables: ["session"],
    read: (db, o) =>
      db
        .select({
          createdAt: session.createdAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
        })
        .from(session)
        .where(eq(session.userId, o.id)),
  },
  {
    name: "settings",
    tables: ["user_settings"],
    read: async (db, o) => {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, o.id));
      if (!row) return null;
      const { calendarTokenHash: _secret, ...preferences } = row;
      return preferences;
    },
  },
  { name: "cards", tables: ["card"], read: rowsOf(card, (o) => eq(card.userId, o.id)) },
  // A workspace's card templates (decision 0236): a team's in practice, and the account's when it is its own.
  {
    name: "cardTemplates",
    tables: ["card_template"],
    read: rowsOf(cardTemplate, (o) => eq(cardTemplate.workspaceId, o.id)),
  },
  {
    name: "importMappings",
    tables: ["import_mapping"],
    read: rowsOf(importMapping, (o) => eq(importMapping.userId, o.id)),
  },
  {
    name: "cardStats",
    tables: ["card_stat"],
    read: (db, o) =>
      db
        .select()
        .from(cardStat)
        .where(inArray(cardStat.cardId, db.select({ id: card.id }).from(card).where(eq(card.userId, o.id)))),
  },
  {
    name: "cardSourceStats",
    tables: ["card_source_stat"],
    read: (db, o) =>
      db
        .select()
        .from(cardSourceStat)
        .where(inArray(cardSourceStat.cardId, db.select({ id: card.id }).from(card).where(eq(card.userId, o.id)))),
  },
  {
    name: "connections",
    tables: ["connection"],
    read: rowsOf(connection, (o) => eq(connection.userId, o.id), connection.createdAt),
  },
  {
    name: "contactPoints",
    tables: ["contact_point"],
    read: rowsOf(contactPoint, (o) => eq(contactPoint.userId, o.id)),
  },
  {
    name: "personHistory",
    tables: ["person_history"],
    read: rowsOf(personHistory, (o) => eq(personHistory.userId, o.id)),
  },
  {
    // Every consent the owner holds, by purpose, with the words shown (decision 0180).
    name: "consents",
    tables: ["consent_record"],
    read: rowsOf(consentRecord, (o) => eq(consentRecord.senderWorkspaceId, o.id)),
  },

  { name: "merges", tables: ["person_merge"], read: rowsOf(personMerge, (o) => eq(personMerge.userId, o.id)) },
  { name: "events", tables: ["event"], read: rowsOf(event, (o) => eq(event.userId, o.id)) },
  { name: "reminders", tables: ["reminder"], read: rowsOf(reminder, (o) => eq(reminder.userId, o.id)) },
  {
    name: "notifications",
    tables: ["notification"],
    read: rowsOf(notification, (o) => eq(notification.userId, o.id), notification.createdAt),
  },
  {
    name: "sharedContacts",
    tables: ["shared_contacts"],
    read: rowsOf(sharedContact, (o) => eq(sharedContact.recipientUserId, o.id), sharedContact.createdAt),
  },
  {
    name: "integrations",
    tables: ["webhook_endpoint", "hubspot_sync", "api_token", "sync_run"],
    read: (db, o) => exportIntegrations(db, o.id),
  },
  {
    name: "webhookDeliveries",
    tables: ["webhook_delivery"],
    read: rowsOf(webhookDelivery, (o) => eq(webhookDelivery.userId, o.id)),
  },
  {
    // Names and dates only: the password itself is kept nowhere but on the device.
    name: "addressBookDevices",
    tables: ["app_password"],
    read: (db, o) =>
      db
        .select({
          name: appPassword.name,
          createdAt: appPassword.createdAt,
          lastUsedAt: appPassword.lastUsedAt,
          revokedAt: appPassword.revokedAt,
        })
        .from(appPassword)
        .where(eq(appPassword.userId, o.id)),
  },
  {
    // Whether two-step sign-in is set up; the authenticator secret and recovery codes are never given out.
    name: "twoStepSignIn",
    tables: ["two_factor"],
    read: (db, o) =>
      db
        .select({ verified: twoFactor.verified, lockedUntil: twoFactor.lockedUntil })
        .from(twoFactor)
        .where(eq(twoFactor.userId, o.id)),
  },
  {
    // The passkeys that sign this account in, by name and dates; their keys are public but of no use to a reader.
    name: "passkeys",
    tables: ["passkey"],
    read: (db, o) =>
      db
        .select({
          name: passkey.name,
          deviceType: passkey.deviceType,
          backedUp: passkey.backedUp,
          createdAt: passkey.createdAt,
          lastUsedAt: passkey.lastUsedAt,
        })
        .from(passkey)
        .where(eq(passkey.userId, o.id)),
  },
  { name: "addressBook", tables: ["dav_book"], read: rowsOf(davBook, (o) => eq(davBook.userId, o.id)) },
  { name: "addressBookCards", tables: ["dav_card"], read: rowsOf(davCard, (o) => eq(davCard.userId, o.id)) },
  { name: "timeline", tables: ["interaction"], read: rowsOf(interaction, (o) => eq(interaction.userId, o.id)) },
  { name: "keepInTouch", tables: ["keep_in_touch"], read: rowsOf(keepInTouch, (o) => eq(keepInTouch.userId, o.id)) },
  { name: "tagRhythms", tables: ["tag_rhythm"], read: rowsOf(tagRhythm, (o) => eq(tagRhythm.userId, o.id)) },
  {
    name: "followUpDrafts",
    tables: ["follow_up_draft"],
    read: rowsOf(followUpDraft, (o) => eq(followUpDraft.userId, o.id)),
  },
  { name: "campaigns", tables: ["campaign"], read: rowsOf(campaign, (o) => eq(campaign.userId, o.id)) },
  { name: "gifts", tables: ["gift"], read: rowsOf(gift, (o) => eq(gift.userId, o.id)) },
  {
    name: "recurringGifts",
    tables: ["recurring_gift"],
    read: rowsOf(recurringGift, (o) => eq(recurringGift.userId, o.id)),
  },
  { name: "pledges", tables: ["pledge"], read: rowsOf(pledge, (o) => eq(pledge.userId, o.id)) },
  {
    name: "pledgeInstalments",
    tables: ["pledge_instalment"],
    read: (db, o) =>
      db
        .select()
        .from(pledgeInstalment)
        .where(
          inArray(pledgeInstalment.pledgeId, db.select({ id: pledge.id }).from(pledge).where(eq(pledge.userId, o.id))),
        ),
  },
  {
    name: "thankYouTemplate",
    tables: ["thank_you_template"],
    read: rowsOf(thankYouTemplate, (o) => eq(thankYouTemplate.userId, o.id)),
  },
  {
    name: "fundraisingOrganisation",
    tables: ["fundraising_org"],
    read: rowsOf(fundraisingOrg, (o) => eq(fundraisingOrg.userId, o.id)),
  },
  {
    name: "stripeConnection",
    tables: ["stripe_connection"],
    read: rowsOf(stripeConnection, (o) => eq(stripeConnection.userId, o.id)),
  },
  { name: "plan", tables: ["account_plan"], read: rowsOf(accountPlan, (o) => eq(accountPlan.userId, o.id)) },
  {
    name: "invoices",
    tables: ["billing_invoice"],
    read: rowsOf(billingInvoice, (o) => eq(billingInvoice.userId, o.id)),
  },
  {
    name: "nonprofitApplications",
    tables: ["nonprofit_application"],
    read: rowsOf(nonprofitApplication, (o) => eq(nonprofitApplication.userId, o.id)),
  },
  {
    name: "newsletter",
    tables: ["newsletter_subscriber"],
    read: async (db, o) =>
      provedMailbox(o)
        ? db
            .select({
              email: newsletterSubscriber.email,
              status: newsletterSubscriber.status,
              source: newsletterSubscriber.source,
              confirmedAt: newsletterSubscriber.confirmedAt,
              createdAt: newsletterSubscriber.createdAt,
              updatedAt: newsletterSubscriber.updatedAt,
            })
            .from(newsletterSubscriber)
            .where(eq(newsletterSubscriber.email, o.email))
        : [],
  },
  { name: "reviews", tables: ["review"], read: rowsOf(review, (o) => byEmail(o, review.email)) },
  {
    // How many people found each of the owner's reviews helpful; who they were is not the owner's data.
    name: "reviewHelpfulMarks",
    tables: ["review_helpful"],
    read: async (db, o) =>
      provedMailbox(o)
        ? db
            .select({ reviewId: reviewHelpful.reviewId, createdAt: reviewHelpful.createdAt })
            .from(reviewHelpful)
            .where(
              inArray(
                reviewHelpful.reviewId,
                db.select({ id: review.id }).from(review).where(eq(review.email, o.email)),
              ),
            )
        : [],
  },
  { name: "helpRequests", tables: ["help_request"], read: rowsOf(helpRequest, (o) => byEmail(o, helpRequest.email)) },
  { name: "mailSent", tables: ["outbox"], read: rowsOf(outbox, (o) => byEmail(o, outbox.to)) },
  {
    name: "detailsOffered",
    tables: ["person_suggestion"],
    read: rowsOf(personSuggestion, (o) => eq(personSuggestion.userId, o.id)),
  },
  // Keys of writes that may happen once (an import's or a merge's id), with when each was made.
  { name: "writesMadeOnce", tables: ["write_claim"], read: rowsOf(writeClaim, (o) => eq(writeClaim.userId, o.id)) },
  ...EVENT_SECTIONS,
  { name: "mailings", tables: ["mailing"], read: rowsOf(mailing, (o) => eq(mailing.userId, o.id)) },
  {
    name: "mailingRecipients",
    tables: ["mailing_recipient"],
    read: rowsOf(mailingRecipient, (o) => eq(mailingRecipient.userId, o.id)),
  },
  {
    name: "mailingClicks",
    tables: ["mailing_click"],
    read: rowsOf(mailingClick, (o) => eq(mailingClick.userId, o.id)),
  },
  { name: "mailingGifts", tables: ["mailing_gift"], read: rowsOf(mailingGift, (o) => eq(mailingGift.userId, o.id)) },
  {
    name: "mailSuppressions",
    tables: ["mail_suppression"],
    read: rowsOf(mailSuppression, (o) => eq(mailSuppression.userId, o.id)),
  },
  ...TEAM_SECTIONS,
];

/**
 * Tables that hold nothing of any one account, each with the reason. Every other table of the schema
 * must be covered by a section above and by `deleteAccount` (tests/worker/account-data.test.ts).
 */
/**
 * Tables the account owns that only restate other sections (counts kept by triggers): deleted with the account,
 * not downloaded, since the rows they count are.
 */
export const DERIVED_DATA: Readonly<Record<string, string>> = {
  people_stats: "the number of the account's people, kept by triggers; the connections section holds them",
  member_people:
    "how many of a workspace's people each member owns or met, kept by triggers; the connections section holds them",
};

export const NOT_ACCOUNT_DATA: Readonly<Record<string, string>> = {
  guide_vote: "anonymous visitor ids, never tied to an account",
  card_issue:
    "a card's open hand-over link (its hash, the address it was sent to): single-use, for a week, gone with the card",
  team_domain: "a team's proved email domains: the team's sign-in settings, kept with the team, not any member's",
  team_sso: "a team's identity provider settings: the team's, kept with the team, not any member's",
  scim_group: "groups the team's directory keeps: the team's, deleted with the team",
  scim_group_member: "who is in the team directory's groups: the team's, deleted with the team",
  mail_event: "the mail provider's webhook event ids and types, kept so a replayed event changes nothing",
  payment_event: "Stripe event ids and types, kept so a replayed event changes nothing",
  payment_local_object: "the built-in test checkout's stand-in for Stripe's own records",
  verification: "single-use sign-in secrets (reset links); deleted with the account, never exported",
  org_door_scan:
    "a door scan's replay key and the event it was for, kept so a scan sent twice lets in once; deleted with the event",
};

/**
 * "Download all my data" as JSON written while it is read: small sections whole, each table section a
 * page at a time, one row per line, so memory holds a page however large the account.
 */
export async function* accountDownload(db: Database, o: AccountOwner): AsyncGenerator<string> {
  yield `{\n"exportedAt": ${JSON.stringify(new Date().toISOString())}`;
  for (const section of EXPORT_SECTIONS) {
    yield `,\n${JSON.stringify(section.name)}: `;
    if (!section.read.pages) {
      yield JSON.stringify(await section.read(db, o));
      continue;
    }
    let first = true;
    for await (const rows of section.read.pages(db, o)) {
      yield `${first ? "[\n" : ",\n"}${rows.map((row) => JSON.stringify(row)).join(",\n")}`;
      first = false;
    }
    yield first ? "[]" : "\n]";
  }
  yield "\n}\n";
}
