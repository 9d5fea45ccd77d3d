-- A stand's qualifying questions at an event and each lead's answers: one answer per lead and question, so a
-- second scan of the same attendee replaces the answer instead of adding one. Both go with the stand's pass.
CREATE TABLE `org_lead_question` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`exhibitor_id` integer NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`exhibitor_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_lead_question_exhibitor_idx` ON `org_lead_question` (`exhibitor_id`,`position`);
--> statement-breakpoint
CREATE TABLE `org_lead_answer` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `org_exchange`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `org_lead_question`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_lead_answer_lead_question_idx` ON `org_lead_answer` (`lead_id`,`question_id`);
--> statement-breakpoint
CREATE INDEX `org_lead_answer_question_idx` ON `org_lead_answer` (`question_id`);
