import { eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import {
  account,
  accountPlan,
  appPassword,
  billingInvoice,
  campaign,
  card,
  cardSourceStat,
  cardStat,
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
  invitation,
  keepInTouch,
  mailing,
  mailingClick,
  mailingGift,
  mailingRecipient,
  mailSuppression,
  member,
  newsletterSubscriber,
  nonprofitApplication,
  notification,
  orgAttendee,
  orgAvailability,
  orgCheckin,
  orgConsent,
  orgEvent,
  orgExchange,
  orgLeadAnswer,
  orgLeadQuestion,
  orgMailConsent,
  orgMeeting,
  orgMeetingSlot,
  orgRequestMail,
  orgSchedule,
  orgSession,
  orgSessionSpeaker,
  orgTrack,
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
  scimToken,
  scimUser,
  session,
  sharedContact,
  stripeConnection,
  tagRhythm,
  thankYouTemplate,
  twoFactor,
  user,
  userSettings,
  webhookDelivery,
  workspace,
  workspaceAudit,
  writeClaim,
} from "~db/schema";
import type { Database } from "../db/db.server";
import { exportIntegrations } from "../integrations/export.server";
import type { AccountOwner } from "./account.server";
import { type ExportSection, rowsOf } from "./export-rows.server";
import { provedMailbox } from "./proved-mailbox.server";

/**
 * Tables kept by email rather than by account (someone may use them without an account). They belong to
 * an account only when it has confirmed that address: anyone can sign up with an address they do not hold.
 */
const byEmail = (o: AccountOwner, column: Parameters<typeof eq>[0]) =>
  provedMailbox(o) ? eq(column, o.email) : undefined;

/** The events the owner organised, as a subquery. */
const organised = (db: Database, o: AccountOwner) =>
  db.select({ id: orgEvent.id }).from(orgEvent).where(eq(orgEvent.userId, o.id));

/** The owner's own passes at anyone's event. */
const passesOf = (db: Database, o: AccountOwner) =>
  db.select({ id: orgAttendee.id }).from(orgAttendee).where(eq(orgAttendee.userId, o.id));

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
  { name: "organisedEvents", tables: ["org_event"], read: rowsOf(orgEvent, (o) => eq(orgEvent.userId, o.id)) },
  {
    // The attendees of the owner's own events, and the owner's own passes at anyone's event.
    name: "eventAttendees",
    tables: ["org_attendee"],
    read: (db, o) => {
      // Neither the pass token nor the badge code leaves: a code is no key, but it names the attendee (0182).
      const { passToken: _secret, badgeCode: _code, ...columns } = getTableColumns(orgAttendee);
      return db
        .select(columns)
        .from(orgAttendee)
        .where(or(inArray(orgAttendee.eventId, organised(db, o)), eq(orgAttendee.userId, o.id)));
    },
  },
  {
    name: "eventConsents",
    tables: ["org_consent"],
    read: (db, o) =>
      db
        .select()
        .from(orgConsent)
        .where(or(inArray(orgConsent.eventId, organised(db, o)), byEmail(o, orgConsent.email))),
  },
  {
    // Each answer to an organiser's "email me news" box: the organiser's record of it, and the attendee's own.
    name: "eventMailConsents",
    tables: ["org_mail_consent"],
    read: (db, o) =>
      db
        .select()
        .from(orgMailConsent)
        .where(or(inArray(orgMailConsent.eventId, organised(db, o)), byEmail(o, orgMailConsent.email))),
  },
  {
    // Only exchanges the owner took part in: an organiser sees counts of their event's, never who met whom.
    name: "eventExchanges",
    tables: ["org_exchange"],
    read: (db, o) => {
      const passes = db.select({ id: orgAttendee.id }).from(orgAttendee).where(eq(orgAttendee.userId, o.id));
      return db
        .select()
        .from(orgExchange)
        .where(or(inArray(orgExchange.fromId, passes), inArray(orgExchange.toId, passes)));
    },
  },
  {
    name: "eventMeetings",
    tables: ["org_meeting"],
    read: (db, o) => {
      const passes = db.select({ id: orgAttendee.id }).from(orgAttendee).where(eq(orgAttendee.userId, o.id));
      return db
        .select()
        .from(orgMeeting)
        .where(or(inArray(orgMeeting.fromId, passes), inArray(orgMeeting.toId, passes)));
    },
  },
  // The programme of the owner's events, and what the owner's own passes put on their schedules.
  {
    name: "eventTracks",
    tables: ["org_track"],
    read: (db, o) =>
      db
        .select()
        .from(orgTrack)
        .where(inArray(orgTrack.eventId, organised(db, o))),
  },
  {
    name: "eventSessions",
    tables: ["org_session"],
    read: (db, o) =>
      db
        .select()
        .from(orgSession)
        .where(inArray(orgSession.eventId, organised(db, o))),
  },
  {
    name: "eventSpeakers",
    tables: ["org_session_speaker"],
    read: (db, o) => {
      const sessions = db
        .select({ id: orgSession.id })
        .from(orgSession)
        .where(inArray(orgSession.eventId, organised(db, o)));
      return db.select().from(orgSessionSpeaker).where(inArray(orgSessionSpeaker.sessionId, sessions));
    },
  },
  {
    name: "eventSchedules",
    tables: ["org_schedule"],
    read: (db, o) =>
      db
        .select()
        .from(orgSchedule)
        .where(inArray(orgSchedule.attendeeId, passesOf(db, o))),
  },
  {
    // The questions the owner's stands asked after each scan.
    name: "eventLeadQuestions",
    tables: ["org_lead_question"],
    read: (db, o) =>
      db
        .select()
        .from(orgLeadQuestion)
        .where(inArray(orgLeadQuestion.exhibitorId, passesOf(db, o))),
  },
  {
    // Answers to the owner's stands' questions, and a stand's answers about the owner's own passes.
    name: "eventLeadAnswers",
    tables: ["org_lead_answer"],
    read: (db, o) =>
      db
        .select({
          id: orgLeadAnswer.id,
          leadId: orgLeadAnswer.leadId,
          questionId: orgLeadAnswer.questionId,
          question: orgLeadQuestion.label,
          value: orgLeadAnswer.value,
          updatedAt: orgLeadAnswer.updatedAt,
        })
        .from(orgLeadAnswer)
        .innerJoin(orgLeadQuestion, eq(orgLeadQuestion.id, orgLeadAnswer.questionId))
        .innerJoin(orgExchange, eq(orgExchange.id, orgLeadAnswer.leadId))
        .where(or(inArray(orgLeadQuestion.exhibitorId, passesOf(db, o)), inArray(orgExchange.toId, passesOf(db, o)))),
  },
  {
    // When the owner's passes were let in at the door.
    name: "eventCheckins",
    tables: ["org_checkin"],
    read: (db, o) =>
      db
        .select()
        .from(orgCheckin)
        .where(inArray(orgCheckin.attendeeId, passesOf(db, o))),
  },
  {
    name: "eventMeetingSlots",
    tables: ["org_meeting_slot"],
    read: (db, o) =>
      db
        .select()
        .from(orgMeetingSlot)
        .where(inArray(orgMeetingSlot.eventId, organised(db, o))),
  },
  {
    name: "eventAvailability",
    tables: ["org_availability"],
    read: (db, o) =>
      db
        .select()
        .from(orgAvailability)
        .where(inArray(orgAvailability.attendeeId, passesOf(db, o))),
  },
  {
    // When the owner's passes were last mailed about requests, and how many waited.
    name: "eventRequestMail",
    tables: ["org_request_mail"],
    read: (db, o) =>
      db
        .select()
        .from(orgRequestMail)
        .where(inArray(orgRequestMail.attendeeId, passesOf(db, o))),
  },
  // Mailings: what was sent to whom, clicks, gifts through a mailing, and addresses not to mail.
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
  {
    // The account's workspaces (its own, whose id is its own, and its teams) and its role in each.
    name: "workspaces",
    tables: ["workspace", "member"],
    read: (db, o) =>
      db
        .select({
          id: workspace.id,
          kind: workspace.kind,
          name: workspace.name,
          createdAt: workspace.createdAt,
          role: member.role,
          memberSince: member.createdAt,
        })
        .from(member)
        .innerJoin(workspace, eq(workspace.id, member.workspaceId))
        .where(eq(member.userId, o.id)),
  },
  {
    // Invitations the account sent or accepted; the link's token is never kept, its hash never shown.
    name: "invitations",
    tables: ["invitation"],
    read: (db, o) =>
      db
        .select({
          id: invitation.id,
          workspaceId: invitation.workspaceId,
          email: invitation.email,
          role: invitation.role,
          sent: sql<number>`${invitation.inviterId} = ${o.id}`.mapWith(Boolean),
          expiresAt: invitation.expiresAt,
          acceptedAt: invitation.acceptedAt,
          createdAt: invitation.createdAt,
        })
        .from(invitation)
        .where(or(eq(invitation.inviterId, o.id), eq(invitation.acceptedBy, o.id))),
  },
  {
    // What the account did in its teams, as their audit logs recorded it (decision 0210); the entries stay with
    // the team, with the name and address they were written with, after the account is deleted.
    name: "teamAuditEntries",
    tables: ["workspace_audit"],
    read: (db, o) =>
      db
        .select({
          workspaceId: workspaceAudit.workspaceId,
          at: workspaceAudit.at,
          action: workspaceAudit.action,
          subject: workspaceAudit.subject,
          detail: workspaceAudit.detail,
        })
        .from(workspaceAudit)
        .where(eq(workspaceAudit.actorId, o.id)),
  },
  {
    // What teams' directories keep about the account (SCIM, decision 0241), and the directory tokens it made (never
    // their hashes).
    name: "teamDirectories",
    tables: ["scim_user", "scim_token"],
    read: async (db, o) => ({
      provisionedAs: await db
        .select({
          workspaceId: scimUser.workspaceId,
          userName: scimUser.userName,
          externalId: scimUser.externalId,
          displayName: scimUser.displayName,
          givenName: scimUser.givenName,
          familyName: scimUser.familyName,
          active: scimUser.active,
          createdAt: scimUser.createdAt,
          updatedAt: scimUser.updatedAt,
        })
        .from(scimUser)
        .where(eq(scimUser.userId, o.id)),
      tokensMade: await db
        .select({
          workspaceId: scimToken.workspaceId,
          prefix: scimToken.prefix,
          createdAt: scimToken.createdAt,
          lastUsedAt: scimToken.lastUsedAt,
          revokedAt: scimToken.revokedAt,
        })
        .from(scimToken)
        .where(eq(scimToken.createdBy, o.id)),
    }),
  },
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
};

export const NOT_ACCOUNT_DATA: Readonly<Record<string, string>> = {
  guide_vote: "anonymous visitor ids, never tied to an account",
  team_domain: "a team's proved email domains: the team's sign-in settings, kept with the team, not any member's",
  team_sso: "a team's identity provider settings: the team's, kept with the team, not any member's",
  scim_group: "groups the team's directory keeps: the team's, deleted with the team",
  scim_group_member: "who is in the team directory's groups: the team's, deleted with the team",
  mail_event: "the mail provider's webhook event ids and types, kept so a replayed event changes nothing",
  payment_event: "Stripe event ids and types, kept so a replayed event changes nothing",
  payment_local_object: "the built-in test checkout's stand-in for Stripe's own records",
  verification: "single-use sign-in secrets (reset links); deleted with the account, never exported",
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
