-- Meeting requests between attendees of an organiser event (issue 25): a time on the event's clock, a place, accept or decline.
CREATE TABLE `org_meeting` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	`starts_at` text NOT NULL,
	`minutes` integer DEFAULT 30 NOT NULL,
	`place` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`uid` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_meeting_uid_idx` ON `org_meeting` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `org_meeting_slot_idx` ON `org_meeting` (`from_id`,`to_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `org_meeting_to_idx` ON `org_meeting` (`to_id`,`state`);
--> statement-breakpoint
ALTER TABLE `event` ADD `org_event_id` integer REFERENCES org_event(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `event_user_org_event_idx` ON `event` (`user_id`,`org_event_id`);
