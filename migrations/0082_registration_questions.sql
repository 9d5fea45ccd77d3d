-- The organiser's registration questions on an event's join form (short text, one choice, yes or no; required
-- or not) and each attendee's answers: one answer per attendee and question, written with the attendee's row.
CREATE TABLE `org_reg_question` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_reg_question_event_idx` ON `org_reg_question` (`event_id`,`position`);
--> statement-breakpoint
CREATE TABLE `org_reg_answer` (
	`attendee_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`attendee_id`, `question_id`),
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `org_reg_question`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_reg_answer_question_idx` ON `org_reg_answer` (`question_id`);
