-- Consent by purpose (decisions 0180 and 0181): each record says what it is for, who the sender is,
-- the words shown, when and where. Existing records are carried over as what they were: an exchange stays an
-- exchange, and only a consent the owner recorded by hand or a lawful basis becomes "email" (nothing else ever was).
CREATE TABLE `consent_record` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sender_workspace_id` text NOT NULL REFERENCES user(id) ON DELETE cascade,
	`connection_id` integer NOT NULL REFERENCES connection(id) ON DELETE cascade,
	`purpose` text NOT NULL CHECK (`purpose` IN ('exchange', 'email', 'event_news')),
	`state` text NOT NULL CHECK (`state` IN ('yes', 'no', 'basis')),
	`sender_name` text DEFAULT '' NOT NULL,
	`shown` text NOT NULL,
	`source` text NOT NULL,
	`event_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE INDEX `consent_record_person_idx` ON `consent_record` (`sender_workspace_id`,`connection_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `consent_record_connection_idx` ON `consent_record` (`connection_id`);--> statement-breakpoint
-- An exchange, a pass scan, a lead or a Connect recorded as "consent-given": details exchanged, never email.
INSERT INTO `consent_record` (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, event_name, created_at)
SELECT h.user_id, h.connection_id, 'exchange', 'yes', coalesce(u.name, ''), h.detail, coalesce(h.source, 'exchange'), h.event_name, h.created_at
FROM person_history h JOIN connection c ON c.id = h.connection_id AND c.user_id = h.user_id LEFT JOIN user u ON u.id = h.user_id
WHERE h.kind = 'consent-given' AND coalesce(h.source, '') NOT IN ('manual', 'lawful-basis')
ORDER BY h.id;--> statement-breakpoint
-- A lawful basis the owner recorded stays a basis: its own state, never shown as the person's consent.
INSERT INTO `consent_record` (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, event_name, created_at)
SELECT h.user_id, h.connection_id, 'email', 'basis', coalesce(u.name, ''), h.detail, 'lawful-basis', h.event_name, h.created_at
FROM person_history h JOIN connection c ON c.id = h.connection_id AND c.user_id = h.user_id LEFT JOIN user u ON u.id = h.user_id
WHERE h.kind = 'consent-given' AND h.source = 'lawful-basis'
ORDER BY h.id;--> statement-breakpoint
-- "Record consent" on the person's page: the owner's record that the person agreed to be contacted.
INSERT INTO `consent_record` (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, event_name, created_at)
SELECT h.user_id, h.connection_id, 'email', 'yes', coalesce(u.name, ''), h.detail, 'owner', h.event_name, h.created_at
FROM person_history h JOIN connection c ON c.id = h.connection_id AND c.user_id = h.user_id LEFT JOIN user u ON u.id = h.user_id
WHERE h.kind = 'consent-given' AND h.source = 'manual'
ORDER BY h.id;--> statement-breakpoint
-- Every withdrawal (by hand, an unsubscribe, a complaint) is a no to email.
INSERT INTO `consent_record` (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, event_name, created_at)
SELECT h.user_id, h.connection_id, 'email', 'no', coalesce(u.name, ''), h.detail, CASE WHEN h.source = 'mailing' THEN 'unsubscribe' ELSE 'owner' END, h.event_name, h.created_at
FROM person_history h JOIN connection c ON c.id = h.connection_id AND c.user_id = h.user_id LEFT JOIN user u ON u.id = h.user_id
WHERE h.kind = 'consent-withdrawn'
ORDER BY h.id;--> statement-breakpoint
-- A share-back gave the owner the visitor's details; its box ("may contact me about what we discussed") was
-- about that conversation, not mailings: an exchange, with what was ticked in the words kept.
INSERT INTO `consent_record` (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, event_name, created_at)
SELECT s.recipient_user_id, s.connection_id, 'exchange', 'yes', s.recipient_name,
	CASE WHEN s.consent = 1 THEN s.recipient_name || ' may contact me about what we discussed. (ticked)'
		ELSE s.recipient_name || ' may contact me about what we discussed. (not ticked)' END,
	'share-back', s.event_name, coalesce(s.consent_at, s.created_at)
FROM shared_contacts s JOIN connection c ON c.id = s.connection_id AND c.user_id = s.recipient_user_id
WHERE s.recipient_user_id IS NOT NULL AND s.connection_id IS NOT NULL
ORDER BY s.id;
