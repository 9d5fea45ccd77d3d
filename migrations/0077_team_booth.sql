-- The booth (decision 0250): leads belong to a stand's booth, one per event and workspace, so a team's staff scan
-- into one list. A lead is one row per booth and attendee (the unique key), each staff member's scan and notes one
-- row of its own. Every existing lead moves with its id (answers keep pointing at it): a stand's pass becomes the
-- booth of its holder's personal workspace (its id is the user's, decision 0200), and a pass no account holds
-- becomes a booth of its own, so no two stands' leads ever meet. D1 keeps foreign keys on and DROP TABLE fires
-- child cascades (0053), so the question and answer tables are copied aside before they are rebuilt.
CREATE TABLE `org_booth` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`workspace_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspace`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `org_booth_event_workspace_idx` ON `org_booth` (`event_id`,`workspace_id`);--> statement-breakpoint
CREATE INDEX `org_booth_workspace_idx` ON `org_booth` (`workspace_id`);--> statement-breakpoint
-- A booth's id is the lowest id among the passes it gathers: ids of one table never collide, and the sequence
-- then continues above them.
INSERT INTO `org_booth` (`id`, `event_id`, `workspace_id`)
SELECT min(a.`id`), a.`event_id`, w.`id`
FROM `org_attendee` a LEFT JOIN `workspace` w ON w.`id` = a.`user_id`
WHERE a.`lead_rights` <> 'none'
	OR EXISTS (SELECT 1 FROM `org_exchange` x WHERE x.`kind` = 'lead' AND x.`from_id` = a.`id`)
	OR EXISTS (SELECT 1 FROM `org_lead_question` q WHERE q.`exhibitor_id` = a.`id`)
GROUP BY a.`event_id`, coalesce(w.`id`, 'pass:' || a.`id`);--> statement-breakpoint
ALTER TABLE `org_attendee` ADD `booth_id` integer REFERENCES `org_booth`(`id`) ON DELETE set null;--> statement-breakpoint
UPDATE `org_attendee` SET `booth_id` = coalesce(
	(SELECT b.`id` FROM `org_booth` b WHERE b.`event_id` = `org_attendee`.`event_id` AND b.`workspace_id` = `org_attendee`.`user_id`),
	(SELECT b.`id` FROM `org_booth` b WHERE b.`id` = `org_attendee`.`id` AND b.`workspace_id` IS NULL))
WHERE `lead_rights` <> 'none'
	OR EXISTS (SELECT 1 FROM `org_exchange` x WHERE x.`kind` = 'lead' AND x.`from_id` = `org_attendee`.`id`)
	OR EXISTS (SELECT 1 FROM `org_lead_question` q WHERE q.`exhibitor_id` = `org_attendee`.`id`);--> statement-breakpoint
CREATE TABLE `org_lead` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`booth_id` integer NOT NULL,
	`attendee_id` integer NOT NULL,
	`rating` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booth_id`) REFERENCES `org_booth`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `org_lead_booth_attendee_idx` ON `org_lead` (`event_id`,`booth_id`,`attendee_id`);--> statement-breakpoint
CREATE INDEX `org_lead_attendee_idx` ON `org_lead` (`attendee_id`);--> statement-breakpoint
CREATE INDEX `org_lead_booth_idx` ON `org_lead` (`booth_id`,`created_at`);--> statement-breakpoint
-- Two passes of one account at one event scanning one attendee were two leads; they meet as one (the first kept,
-- its rating), and each pass's notes stay as a note row below.
INSERT INTO `org_lead` (`id`, `event_id`, `booth_id`, `attendee_id`, `rating`, `created_at`)
SELECT x.`id`, x.`event_id`, a.`booth_id`, x.`to_id`, x.`rating`, x.`created_at`
FROM `org_exchange` x JOIN `org_attendee` a ON a.`id` = x.`from_id`
WHERE x.`kind` = 'lead'
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE `org_lead_note` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`staff_id` integer,
	`author_id` text,
	`author_name` text NOT NULL,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `org_lead`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`author_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE UNIQUE INDEX `org_lead_note_staff_idx` ON `org_lead_note` (`lead_id`,`staff_id`);--> statement-breakpoint
CREATE INDEX `org_lead_note_author_idx` ON `org_lead_note` (`author_id`);--> statement-breakpoint
INSERT INTO `org_lead_note` (`lead_id`, `staff_id`, `author_id`, `author_name`, `notes`, `created_at`, `updated_at`)
SELECT l.`id`, a.`id`, a.`user_id`, a.`name`, x.`notes`, x.`created_at`, x.`created_at`
FROM `org_exchange` x JOIN `org_attendee` a ON a.`id` = x.`from_id`
JOIN `org_lead` l ON l.`booth_id` = a.`booth_id` AND l.`attendee_id` = x.`to_id`
WHERE x.`kind` = 'lead' ORDER BY x.`id`;--> statement-breakpoint
CREATE TABLE `_m_org_lead_answer` AS SELECT * FROM `org_lead_answer`;--> statement-breakpoint
CREATE TABLE `_m_org_lead_question` AS SELECT * FROM `org_lead_question`;--> statement-breakpoint
CREATE TABLE `_m_lead_of` AS SELECT x.`id` AS `old_id`, l.`id` AS `lead_id`
FROM `org_exchange` x JOIN `org_attendee` a ON a.`id` = x.`from_id`
JOIN `org_lead` l ON l.`booth_id` = a.`booth_id` AND l.`attendee_id` = x.`to_id`
WHERE x.`kind` = 'lead';--> statement-breakpoint
DROP TABLE `org_lead_answer`;--> statement-breakpoint
DROP TABLE `org_lead_question`;--> statement-breakpoint
CREATE TABLE `org_lead_question` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booth_id` integer NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`booth_id`) REFERENCES `org_booth`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `org_lead_question_booth_idx` ON `org_lead_question` (`booth_id`,`position`);--> statement-breakpoint
INSERT INTO `org_lead_question` (`id`, `booth_id`, `kind`, `label`, `options`, `position`, `created_at`)
SELECT q.`id`, a.`booth_id`, q.`kind`, q.`label`, q.`options`, q.`position`, q.`created_at`
FROM `_m_org_lead_question` q JOIN `org_attendee` a ON a.`id` = q.`exhibitor_id`;--> statement-breakpoint
CREATE TABLE `org_lead_answer` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `org_lead`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `org_lead_question`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `org_lead_answer_lead_question_idx` ON `org_lead_answer` (`lead_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `org_lead_answer_question_idx` ON `org_lead_answer` (`question_id`);--> statement-breakpoint
INSERT INTO `org_lead_answer` (`id`, `lead_id`, `question_id`, `value`, `updated_at`)
SELECT n.`id`, m.`lead_id`, n.`question_id`, n.`value`, n.`updated_at`
FROM `_m_org_lead_answer` n JOIN `_m_lead_of` m ON m.`old_id` = n.`lead_id` WHERE true
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE `_m_org_lead_answer`;--> statement-breakpoint
DROP TABLE `_m_org_lead_question`;--> statement-breakpoint
DROP TABLE `_m_lead_of`;--> statement-breakpoint
-- The leads now live in org_lead; org_exchange keeps exchanges and requests, which never had a rating or notes.
DELETE FROM `org_exchange` WHERE `kind` = 'lead';--> statement-breakpoint
ALTER TABLE `org_exchange` DROP COLUMN `rating`;--> statement-breakpoint
ALTER TABLE `org_exchange` DROP COLUMN `notes`;
