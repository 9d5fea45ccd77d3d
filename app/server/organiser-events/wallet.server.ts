import { DEFAULT_LOCALE, type Locale, matchLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { minutesBetween } from "~/lib/organiser-events/programme";
import { formatLocal } from "~/lib/organiser-events/rules";
import { icsUid, toIcs } from "~/lib/time/ics";
import { zonedIso, zonedToUtc, zoneName } from "~/lib/time/time";
import type { ApplePassConfig } from "../cards/wallet/apple-pass.server";
import { type GoogleWalletConfig, localized, saveUrl } from "../cards/wallet/google-wallet.server";
import { passField, passHeader } from "../cards/wallet/pass-fields.server";
import type { Database } from "../db/db.server";
import { type Attendee, attendeeByPass } from "./attendees.server";
import type { OrgEvent } from "./events.server";

/**
 * An admitted attendee's pass in Apple Wallet (an event ticket) and Google Wallet (an EventTicket class and
 * object), and the event as a calendar file. The signing, zip and JWT are the card's (cards/wallet, decision
 * 0281); what is here is only what an event ticket says. The QR carries the badge link the door scans.
 */

/** Events have no colour of their own: their tickets wear the product's. */
const TICKET_COLOUR = "#4f46e5";

type Ticket = { e: OrgEvent; a: Attendee; badgeUrl: string; eventUrl: string };

const localeOf = (a: Attendee): Locale => matchLocale(a.locale) ?? DEFAULT_LOCALE;

/** Where it happens, as one line: the venue, else "Online" for an event with no place. */
function where(e: OrgEvent, locale: Locale) {
  if (e.venue) return e.venue;
  return e.type === "in-person" ? null : translator(locale)("event.online");
}

/** The pass of an admitted attendee of a live event, by its secret token; null for anyone else. */
export async function ticketHolder(db: Database, token: string) {
  const found = await attendeeByPass(db, token);
  if (found?.a.state !== "going" || found.e.state === "archived") return null;
  return found;
}

/** pass.json of an Apple Wallet event ticket, in the language the attendee joined in. */
export function ticketPassJson(
  { e, a, badgeUrl, eventUrl }: Ticket,
  config: Pick<ApplePassConfig, "passTypeId" | "teamId">,
) {
  const locale = localeOf(a);
  const t = translator(locale);
  const place = where(e, locale);
  const start = zonedToUtc(e.startsAt, e.timeZone);
  const end = zonedToUtc(e.endsAt, e.timeZone);
  const startsIso = zonedIso(e.startsAt, e.timeZone);
  const field = passField;
  return {
    ...passHeader(config, `org-attendee-${a.id}`),
    organizationName: e.organiserName,
    description: t("pass.title", { title: e.title }),
    logoText: e.title,
    // Wallet brings the pass to the lock screen near the start, and greys it out once the event is over.
    ...(start ? { relevantDate: start.toISOString() } : {}),
    ...(end ? { expirationDate: end.toISOString() } : {}),
    eventTicket: {
      primaryFields: [{ key: "event", value: e.title }],
      secondaryFields: [...field("attendee", t("event.join.name"), a.name), ...field("where", t("event.where"), place)],
      auxiliaryFields: startsIso
        ? [
            // Shown on the event's own clock, wherever the phone is.
            {
              key: "starts",
              label: t("event.whenLabel"),
              value: startsIso,
              dateStyle: "PKDateStyleMedium",
              timeStyle: "PKDateStyleShort",
              ignoresTimeZone: true,
            },
          ]
        : [],
      backFields: [
        {
          key: "when",
          label: t("event.whenLabel"),
          value: t("event.when", {
            start: formatLocal(e.startsAt, locale),
            end: formatLocal(e.endsAt, locale),
            zone: zoneName(e.timeZone),
          }),
        },
        { key: "organiser", value: t("event.organisedBy", { organiser: e.organiserName }) },
        { key: "page", value: eventUrl },
      ],
    },
    barcodes: [{ format: "PKBarcodeFormatQR", message: badgeUrl, messageEncoding: "iso-8859-1" }],
  };
}

/** The ticket's .pkpass; pkijs is loaded only when a pass is asked for, not at every Worker start. */
export async function buildTicketPass(ticket: Ticket, config: ApplePassConfig, now = new Date()) {
  const { buildPkpass } = await import("../cards/wallet/apple-pass.server");
  return buildPkpass(ticketPassJson(ticket, config), TICKET_COLOUR, config, now);
}

/** Google's EventTicket class (the event) and object (this attendee's ticket), as the save link carries them. */
export function ticketPayload({ e, a, badgeUrl, eventUrl }: Ticket, config: GoogleWalletConfig) {
  const locale = localeOf(a);
  const text = (value: string) => localized(value, locale);
  const place = where(e, locale);
  const start = zonedIso(e.startsAt, e.timeZone);
  const end = zonedIso(e.endsAt, e.timeZone);
  const classId = `${config.issuerId}.knowwho_event_${e.id}`;
  return {
    eventTicketClasses: [
      {
        id: classId,
        issuerName: e.organiserName,
        reviewStatus: "UNDER_REVIEW",
        eventName: text(e.title),
        ...(place ? { venue: { name: text(place), address: text(place) } } : {}),
        ...(start && end ? { dateTime: { start, end } } : {}),
        ...(eventUrl.startsWith("https://") ? { homepageUri: { uri: eventUrl, description: e.title } } : {}),
        hexBackgroundColor: TICKET_COLOUR,
      },
    ],
    eventTicketObjects: [
      {
        id: `${config.issuerId}.org-attendee-${a.id}`,
        classId,
        state: "ACTIVE",
        ticketHolderName: a.name,
        barcode: { type: "QR_CODE", value: badgeUrl },
        ...(start && end ? { validTimeInterval: { start: { date: start }, end: { date: end } } } : {}),
        hexBackgroundColor: TICKET_COLOUR,
      },
    ],
  };
}

export function ticketSaveUrl(ticket: Ticket, config: GoogleWalletConfig, origin: string, now = new Date()) {
  return saveUrl(ticketPayload(ticket, config), config, origin, now);
}

/** The event itself as a calendar file: nothing in it that the public event page does not show. */
export function eventIcs(e: OrgEvent, origin: string, now = new Date()) {
  const start = zonedToUtc(e.startsAt, e.timeZone);
  const eventUrl = `${origin}/e/${e.slug}`;
  return toIcs(
    start
      ? [
          {
            uid: icsUid("org-event", e.id, origin),
            start,
            minutes: minutesBetween(e.startsAt, e.endsAt),
            summary: e.title,
            description: [e.description, `${e.organiserName}: ${eventUrl}`].filter(Boolean).join("\n\n"),
            location: e.venue ?? e.url,
            url: eventUrl,
            updated: new Date(e.updatedAt),
          },
        ]
      : [],
    { calendarName: e.title, created: now },
  );
}
