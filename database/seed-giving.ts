import { formatMoney } from "../app/lib/money.ts";
import { DAY_MS } from "../app/lib/time/days.ts";
import { DEMO_USER } from "./demo.ts";
import { q } from "./seed-sql.ts";

/** The demo owner's own campaign, with gifts from people met at Impact Summit 2026 and one through a mailing. */
export const DEMO_CAMPAIGN_ID = "reading-corners-2027";

const HOUR_MS = DAY_MS / 24;
const OWNER = q(DEMO_USER.id);
const TITLE = "Reading Corners for Chicago Schools";
const MAILING = `(SELECT id FROM mailing WHERE user_id = ${OWNER} AND client_key = 'seed-mailing-sent')`;
const SUBJECT = "Reading corners: our spring update";
/** Where the demo network was met: its report counts who gave. */
const SUMMIT = `(SELECT id FROM event WHERE user_id = ${OWNER} AND title = 'Impact Summit 2026')`;
const person = (n: number) => `(SELECT id FROM connection WHERE user_id = ${OWNER} AND client_id = 'seed-${n}')`;

/**
 * A campaign the demo owner runs (not on the public list, so /fundraising keeps its sample campaigns), raising for
 * Impact Summit 2026: Lucas and Hannah, met there, gave, and Daniel gave through the sent mailing's campaign link. Amounts
 * in cents. Each gift has its once-only key and its line on the giver's timeline, as a recorded gift does.
 */
export function demoGiving(now: number): string[] {
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  // [key, person, amount, method, source, hours ago]
  const gifts: [string, number, number, string, string, number][] = [
    ["seed-gift-1", 6, 250000, "bank_transfer", "event", 50],
    ["seed-gift-2", 5, 10000, "cash", "event", 49],
    ["seed-gift-3", 4, 25000, "card", "link", 2],
  ];
  return [
    `INSERT OR IGNORE INTO campaign (id, user_id, title, description, organization, organizer_name, location, category, status, featured, currency, goal, amount_raised, donor_count, start_date, end_date, mission, impact, extended_description, budget, team, suggested, created_at) VALUES (${q(DEMO_CAMPAIGN_ID)}, ${OWNER}, ${q(TITLE)}, ${q("Cosy reading corners with 200 new books each in 30 Chicago classrooms.")}, 'Open Futures Foundation', ${q(DEMO_USER.name)}, 'Chicago, IL', 'education', 'active', 0, 'USD', 3000000, 800000, 41, ${q(day(now - 30 * DAY_MS))}, ${q(day(now + 120 * DAY_MS))}, ${q("Every child in our partner schools reads for fun every day.")}, ${q("1,000 dollars builds one reading corner: shelves, cushions and 200 books.")}, ${q("Teachers choose the books with their classes; volunteers from our partners build the corners over the summer, and each school reports how often the corner is used.")}, '[]', ${q(JSON.stringify([{ name: DEMO_USER.name, role: "Organiser" }]))}, '[2500,5000,10000,25000]', ${now - 30 * DAY_MS});`,
    // The summit raised for it: its report counts who was met there and who gave.
    `UPDATE event SET campaign_id = ${q(DEMO_CAMPAIGN_ID)} WHERE id = ${SUMMIT} AND campaign_id IS NULL;`,
    ...gifts.map(
      ([key, who, amount, method, source, hoursAgo]) =>
        `INSERT OR IGNORE INTO gift (user_id, campaign_id, connection_id, amount, currency, date, method, source, source_event_id, donor_name, donor_email, external_key, created_at) SELECT ${OWNER}, ${q(DEMO_CAMPAIGN_ID)}, c.id, ${amount}, 'USD', ${q(day(now - hoursAgo * HOUR_MS))}, ${q(method)}, ${q(source)}, ${source === "event" ? SUMMIT : "NULL"}, c.name, c.email, ${q(key)}, ${now - hoursAgo * HOUR_MS} FROM connection c WHERE c.id = ${person(who)};`,
    ),
    ...gifts.map(
      ([key, , amount]) =>
        `INSERT OR IGNORE INTO interaction (user_id, connection_id, kind, source, occurred_at, text, ref, client_id) SELECT g.user_id, g.connection_id, 'gift', 'gift', g.created_at, ${q(`Gave ${formatMoney(amount, "USD")} to “${TITLE}”`)}, g.external_key, 'gift-' || g.external_key FROM gift g WHERE g.user_id = ${OWNER} AND g.external_key = ${q(key)} AND g.connection_id IS NOT NULL;`,
    ),
    ...demoMailings(now),
    // A gift is contact: last contacted follows the latest.
    `UPDATE connection SET last_contact_at = (SELECT max(i.occurred_at) FROM interaction i WHERE i.user_id = connection.user_id AND i.connection_id = connection.id AND i.kind NOT IN ('added', 'mailing')) WHERE user_id = ${OWNER} AND id IN (SELECT connection_id FROM gift WHERE user_id = ${OWNER} AND external_key LIKE 'seed-gift-%');`,
  ];
}

/**
 * Two mailings: one sent yesterday to five people who agreed to hear from the demo owner (delivered, a click,
 * an unsubscribe, a bounce and a gift through its campaign link), and a draft.
 */
function demoMailings(now: number): string[] {
  const sentAt = now - 20 * HOUR_MS;
  const agreed = "Agreed to hear from you by email (recorded by you)";
  const why = `You get this because ${DEMO_USER.name} recorded that you agreed to hear from them`;
  // [person, status, clicked, unsubscribed]
  const recipients: [number, "delivered" | "bounced", boolean, boolean][] = [
    [1, "delivered", true, false],
    [2, "delivered", false, false],
    [3, "delivered", false, true],
    [4, "delivered", true, false],
    [5, "bounced", false, false],
  ];
  const audience = { tags: [], event: null, donor: "any", minGiven: null, keepInTouchDue: false, importFile: null };
  const recipient = (n: number) =>
    `(SELECT id FROM mailing_recipient WHERE mailing_id = ${MAILING} AND connection_id = ${person(n)})`;
  return [
    // The consent each was mailed under, recorded by the owner a month ago.
    `INSERT INTO consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, created_at) SELECT ${OWNER}, c.id, 'email', 'yes', ${q(DEMO_USER.name)}, ${q(agreed)}, 'owner', ${now - 30 * DAY_MS} FROM connection c WHERE c.user_id = ${OWNER} AND c.client_id IN ('seed-1', 'seed-2', 'seed-3', 'seed-4', 'seed-5') AND NOT EXISTS (SELECT 1 FROM consent_record r WHERE r.sender_workspace_id = ${OWNER} AND r.connection_id = c.id AND r.purpose = 'email' AND r.source = 'owner');`,
    `INSERT OR IGNORE INTO person_history (user_id, connection_id, kind, source, detail, client_id, created_at) SELECT ${OWNER}, c.id, 'consent-given', 'manual', ${q(agreed)}, 'seed-consent-' || c.id, ${now - 30 * DAY_MS} FROM connection c WHERE c.user_id = ${OWNER} AND c.client_id IN ('seed-1', 'seed-2', 'seed-3', 'seed-4', 'seed-5');`,
    `INSERT OR IGNORE INTO mailing (user_id, subject, body, audience, campaign_id, status, sent_at, recipients, origin, client_key, created_at, updated_at) VALUES (${OWNER}, ${q(SUBJECT)}, ${q("Hi {{first_name}},\n\nThank you for everything since {{event}}. Our reading corners are going into 30 classrooms this spring; each one costs 1,000 dollars to build.\n\nIf you can help: {{campaign_link}}\n\nAmara")}, ${q(JSON.stringify({ ...audience, people: [1, 2, 3, 4, 5] }))}, ${q(DEMO_CAMPAIGN_ID)}, 'sent', ${sentAt}, 5, '', 'seed-mailing-sent', ${sentAt - HOUR_MS}, ${sentAt});`,
    `INSERT OR IGNORE INTO mailing (user_id, subject, body, audience, status, recipients, origin, client_key, created_at, updated_at) VALUES (${OWNER}, 'An invitation: Youth Education Partners Day', ${q("Hi {{first_name}},\n\nWe would love to see you at our partners day. Reply to this message and I will save you a seat.\n\nAmara")}, ${q(JSON.stringify({ ...audience, tags: ["Funder"], people: [] }))}, 'draft', 0, '', 'seed-mailing-draft', ${now - DAY_MS}, ${now - DAY_MS});`,
    ...recipients.map(
      ([n, status, clicked, unsubscribed]) =>
        `INSERT OR IGNORE INTO mailing_recipient (mailing_id, user_id, connection_id, email, status, attempts, sent_at, delivered_at, bounced_at, clicked_at, unsubscribed_at, reason, created_at) SELECT ${MAILING}, ${OWNER}, c.id, lower(c.email), ${q(status)}, 1, ${sentAt}, ${status === "delivered" ? sentAt + 60_000 : "NULL"}, ${status === "bounced" ? sentAt + 60_000 : "NULL"}, ${clicked ? sentAt + 5 * HOUR_MS : "NULL"}, ${unsubscribed ? sentAt + 3 * HOUR_MS : "NULL"}, ${q(why)}, ${sentAt} FROM connection c WHERE c.id = ${person(n)};`,
    ),
    `INSERT INTO mailing_click (user_id, recipient_id, url, created_at) SELECT r.user_id, r.id, ${q(`/fundraising/${DEMO_CAMPAIGN_ID}`)}, r.clicked_at FROM mailing_recipient r WHERE r.mailing_id = ${MAILING} AND r.clicked_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM mailing_click k WHERE k.recipient_id = r.id);`,
    `INSERT OR IGNORE INTO mail_suppression (user_id, email, reason, mailing_id, created_at) SELECT r.user_id, r.email, CASE WHEN r.unsubscribed_at IS NOT NULL THEN 'unsubscribed' ELSE 'bounced' END, r.mailing_id, coalesce(r.unsubscribed_at, r.bounced_at) FROM mailing_recipient r WHERE r.mailing_id = ${MAILING} AND (r.unsubscribed_at IS NOT NULL OR r.status = 'bounced');`,
    // Sofia's unsubscribe is a withdrawal on her history, as the app records one.
    `INSERT INTO consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, created_at) SELECT ${OWNER}, r.connection_id, 'email', 'no', ${q(DEMO_USER.name)}, ${q(`Unsubscribed from “${SUBJECT}”`)}, 'unsubscribe', r.unsubscribed_at FROM mailing_recipient r WHERE r.id = ${recipient(3)} AND NOT EXISTS (SELECT 1 FROM consent_record x WHERE x.sender_workspace_id = ${OWNER} AND x.connection_id = r.connection_id AND x.source = 'unsubscribe');`,
    `INSERT OR IGNORE INTO person_history (user_id, connection_id, kind, source, detail, client_id, created_at) SELECT r.user_id, r.connection_id, 'consent-withdrawn', 'mailing', ${q(`Unsubscribed from your mailings (from “${SUBJECT}”)`)}, 'mailing-unsubscribe-' || r.id, r.unsubscribed_at FROM mailing_recipient r WHERE r.mailing_id = ${MAILING} AND r.unsubscribed_at IS NOT NULL;`,
    // Each person's timeline: sent, clicked, unsubscribed (client ids as the sender and the webhook write them).
    `INSERT OR IGNORE INTO interaction (user_id, connection_id, kind, source, occurred_at, text, ref, client_id) SELECT r.user_id, r.connection_id, 'mailing', 'mailing', r.sent_at, ${q(`Mailing “${SUBJECT}” sent`)}, CAST(r.mailing_id AS TEXT), 'mailing-sent-' || r.id FROM mailing_recipient r WHERE r.mailing_id = ${MAILING};`,
    `INSERT OR IGNORE INTO interaction (user_id, connection_id, kind, source, occurred_at, text, ref, client_id) SELECT r.user_id, r.connection_id, 'mailing', 'mailing', r.clicked_at, ${q(`Clicked a link in “${SUBJECT}”`)}, CAST(r.mailing_id AS TEXT), 'mailing-clicked-' || r.id FROM mailing_recipient r WHERE r.mailing_id = ${MAILING} AND r.clicked_at IS NOT NULL;`,
    `INSERT OR IGNORE INTO interaction (user_id, connection_id, kind, source, occurred_at, text, ref, client_id) SELECT r.user_id, r.connection_id, 'mailing', 'mailing', r.unsubscribed_at, ${q(`Unsubscribed from “${SUBJECT}”`)}, CAST(r.mailing_id AS TEXT), 'mailing-unsubscribed-' || r.id FROM mailing_recipient r WHERE r.mailing_id = ${MAILING} AND r.unsubscribed_at IS NOT NULL;`,
    // Daniel's gift came through the mailing's campaign link.
    `INSERT OR IGNORE INTO mailing_gift (user_id, gift_key, mailing_id, created_at) SELECT ${OWNER}, 'seed-gift-3', ${MAILING}, ${now - 2 * HOUR_MS} WHERE ${MAILING} IS NOT NULL AND EXISTS (SELECT 1 FROM gift WHERE user_id = ${OWNER} AND external_key = 'seed-gift-3');`,
  ];
}
