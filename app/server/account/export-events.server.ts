// The data download's sections for organiser events: the owner's own events and their passes at anyone's.
import { eq, getTableColumns, inArray, or } from "drizzle-orm";
import {
  orgAttendee,
  orgAvailability,
  orgBooth,
  orgCheckin,
  orgConsent,
  orgEvent,
  orgExchange,
  orgIntent,
  orgIntentOption,
  orgLead,
  orgLeadAnswer,
  orgLeadNote,
  orgLeadQuestion,
  orgMailConsent,
  orgMeeting,
  orgMeetingSlot,
  orgRequestMail,
  orgSchedule,
  orgSession,
  orgSessionSpeaker,
  orgTrack,
} from "~db/schema";
import type { Database } from "../db/db.server";
import type { AccountOwner } from "./account.server";
import { byEmail, type ExportSection, rowsOf } from "./export-rows.server";

/** The events the owner organised, as a subquery. */
const organised = (db: Database, o: AccountOwner) =>
  db.select({ id: orgEvent.id }).from(orgEvent).where(eq(orgEvent.userId, o.id));

/** The booths of the owner's personal workspace, as a subquery. */
const personalBooths = (db: Database, o: AccountOwner) =>
  db.select({ id: orgBooth.id }).from(orgBooth).where(eq(orgBooth.workspaceId, o.id));

/** The owner's own passes at anyone's event. */
const passesOf = (db: Database, o: AccountOwner) =>
  db.select({ id: orgAttendee.id }).from(orgAttendee).where(eq(orgAttendee.userId, o.id));

export const EVENT_SECTIONS: readonly ExportSection[] = [
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
    // The owner's own booths (a single exhibitor's stand is their personal workspace's booth, decision 0250).
    name: "eventBooths",
    tables: ["org_booth"],
    read: rowsOf(orgBooth, (o) => eq(orgBooth.workspaceId, o.id)),
  },
  {
    // The leads of the owner's booths, and each booth's lead on the owner's own passes.
    name: "eventLeads",
    tables: ["org_lead"],
    read: (db, o) =>
      db
        .select()
        .from(orgLead)
        .where(or(inArray(orgLead.boothId, personalBooths(db, o)), inArray(orgLead.attendeeId, passesOf(db, o)))),
  },
  {
    // The notes on the owner's booths' leads, with who wrote each.
    name: "eventLeadNotes",
    tables: ["org_lead_note"],
    read: (db, o) =>
      db
        .select()
        .from(orgLeadNote)
        .where(
          inArray(
            orgLeadNote.leadId,
            db
              .select({ id: orgLead.id })
              .from(orgLead)
              .where(inArray(orgLead.boothId, personalBooths(db, o))),
          ),
        ),
  },
  {
    // The questions the owner's booths asked after each scan.
    name: "eventLeadQuestions",
    tables: ["org_lead_question"],
    read: (db, o) =>
      db
        .select()
        .from(orgLeadQuestion)
        .where(inArray(orgLeadQuestion.boothId, personalBooths(db, o))),
  },
  {
    // Answers to the owner's booths' questions, and a stand's answers about the owner's own passes.
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
        .innerJoin(orgLead, eq(orgLead.id, orgLeadAnswer.leadId))
        .where(
          or(inArray(orgLeadQuestion.boothId, personalBooths(db, o)), inArray(orgLead.attendeeId, passesOf(db, o))),
        ),
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
  {
    // The matchmaking list of the owner's events.
    name: "eventIntentOptions",
    tables: ["org_intent_option"],
    read: (db, o) =>
      db
        .select()
        .from(orgIntentOption)
        .where(inArray(orgIntentOption.eventId, organised(db, o))),
  },
  {
    // What the owner's own passes look for and offer.
    name: "eventIntents",
    tables: ["org_intent"],
    read: (db, o) =>
      db
        .select()
        .from(orgIntent)
        .where(inArray(orgIntent.attendeeId, passesOf(db, o))),
  },
  // Mailings: what was sent to whom, clicks, gifts through a mailing, and addresses not to mail.
];
