-- Matchmaking by intent: the organiser's short list of what attendees may look for and offer, and each
-- attendee's own choices (from the list or in their own words), one row per attendee, side and word.
CREATE TABLE `org_intent_option` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_intent_option_event_idx` ON `org_intent_option` (`event_id`,`position`);
--> statement-breakpoint
CREATE TABLE `org_intent` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`attendee_id` integer NOT NULL,
	`side` text NOT NULL,
	`tag` text NOT NULL,
	`label` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_intent_attendee_idx` ON `org_intent` (`attendee_id`,`side`,`tag`);
--> statement-breakpoint
CREATE INDEX `org_intent_match_idx` ON `org_intent` (`event_id`,`tag`,`side`,`attendee_id`);
