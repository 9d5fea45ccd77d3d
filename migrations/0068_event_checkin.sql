-- The door: one check-in per attendee, whoever scans and however often. The attendee is the key, so a pass
-- scanned twice, or on two phones at once, is stored once; the first scan's time and scanner are kept.
CREATE TABLE `org_checkin` (
	`attendee_id` integer PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`checked_at` integer NOT NULL,
	`by_user` text,
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by_user`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `org_checkin_event_idx` ON `org_checkin` (`event_id`,`checked_at`);
