-- Connect and meeting requests reach the asked attendee by email: one row per attendee counts requests not
-- yet mailed and when the last mail went, so an address gets at most one such mail per window and a
-- digest of what came in between. The origin is the site's address the requests were made on, for the
-- digest the cron sends.
CREATE TABLE `org_request_mail` (
	`attendee_id` integer PRIMARY KEY NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	`mailed` integer DEFAULT 0 NOT NULL,
	`last_sent_at` integer,
	`origin` text NOT NULL,
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_request_mail_due_idx` ON `org_request_mail` (`last_sent_at`) WHERE `pending` > 0;
