// The data download's sections for organiser events: the owner's own events and their passes at anyone's.
import { eq, getTableColumns, inArray, or } from "drizzle-orm";
import {
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
  orgRegAnswer,
  orgRegQuestion,
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
  {
    // The questions the owner's events ask on their join forms.
    name: "eventRegistrationQuestions",
    tables: ["org_reg_question"],
    read: (db, o) =>
      db
        .select()
        .from(orgRegQuestion)
        .where(inArray(orgRegQuestion.eventId, organised(db, o))),
  },
  {
    // The answers given on the owner's own passes, and the answers to the owner's events' questions.
    name: "eventRegistrationAnswers",
    tables: ["org_reg_answer"],
    read: (db, o) =>
      db
        .select({
          attendeeId: orgRegAnswer.attendeeId,
          questionId: orgRegAnswer.questionId,
          question: orgRegQuestion.label,
          value: orgRegAnswer.value,
          createdAt: orgRegAnswer.createdAt,
        })
        .from(orgRegAnswer)
        .innerJoin(orgRegQuestion, eq(orgRegQuestion.id, orgRegAnswer.questionId))
        .where(
          or(inArray(orgRegAnswer.attendeeId, passesOf(db, o)), inArray(orgRegQuestion.eventId, organised(db, o))),
        ),
  },
  // Mailings: what was sent to whom, clicks, gifts through a mailing, and addresses not to mail.
];
