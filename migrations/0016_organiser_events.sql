-- Organiser events: public events with attendees, a directory, exchanges and exhibitor leads (issue 25).
CREATE TABLE `org_event` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`time_zone` text NOT NULL,
	`type` text DEFAULT 'in-person' NOT NULL,
	`venue` text,
	`platform` text,
	`url` text,
	`organiser_name` text NOT NULL,
	`capacity` integer,
	`state` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_event_slug_idx` ON `org_event` (`slug`);--> statement-breakpoint
CREATE INDEX `org_event_user_idx` ON `org_event` (`user_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `org_event_state_start_idx` ON `org_event` (`state`,`starts_at`);--> statement-breakpoint
CREATE TABLE `org_attendee` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`company` text,
	`title` text,
	`interests` text DEFAULT '' NOT NULL,
	`phone` text,
	`user_id` text,
	`card_id` integer,
	`pass_token` text NOT NULL,
	`badge_code` text NOT NULL,
	`listed` integer DEFAULT false NOT NULL,
	`visibility` text DEFAULT 'everyone' NOT NULL,
	`lead_rights` text DEFAULT 'none' NOT NULL,
	`goals` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`card_id`) REFERENCES `card`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_attendee_event_email_idx` ON `org_attendee` (`event_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `org_attendee_pass_idx` ON `org_attendee` (`pass_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `org_attendee_badge_idx` ON `org_attendee` (`badge_code`);--> statement-breakpoint
CREATE INDEX `org_attendee_event_name_idx` ON `org_attendee` (`event_id`,`listed`,`name`);--> statement-breakpoint
CREATE INDEX `org_attendee_user_idx` ON `org_attendee` (`user_id`);--> statement-breakpoint
CREATE TABLE `org_consent` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`attendee_id` integer,
	`email` text NOT NULL,
	`listed` integer NOT NULL,
	`visibility` text NOT NULL,
	`shown` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_consent_event_idx` ON `org_consent` (`event_id`,`email`);--> statement-breakpoint
CREATE TABLE `org_exchange` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	`kind` text NOT NULL,
	`state` text DEFAULT 'done' NOT NULL,
	`rating` integer,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_exchange_pair_idx` ON `org_exchange` (`event_id`,`kind`,`from_id`,`to_id`);--> statement-breakpoint
CREATE INDEX `org_exchange_to_idx` ON `org_exchange` (`to_id`);
