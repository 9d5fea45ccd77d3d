-- Organisers mail their event's attendees who agreed to hear from them. New table and two nullable columns: nothing existing is rewritten.
CREATE TABLE `org_mail_consent` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`attendee_id` integer,
	`email` text NOT NULL,
	`given` integer NOT NULL,
	`source` text NOT NULL,
	`shown` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_mail_consent_event_idx` ON `org_mail_consent` (`event_id`,`email`,`id`);--> statement-breakpoint
ALTER TABLE `mailing` ADD `org_event_id` integer REFERENCES org_event(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `mailing_recipient` ADD `attendee_id` integer REFERENCES org_attendee(id) ON DELETE set null;
