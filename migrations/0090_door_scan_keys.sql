-- A door scan's client-made key: a scan queued offline and sent twice (or by two tabs) lets the attendee in once,
-- and a key is good for one event only. `claim` is the sending request's own mark, so only the request whose
-- insert made the key goes on to check the attendee in.
CREATE TABLE `org_door_scan` (
	`key` text PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`attendee_id` integer,
	`claim` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `org_door_scan_event_idx` ON `org_door_scan` (`event_id`);
