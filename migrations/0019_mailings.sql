-- Mailings to the owner's consenting people (issue 28). Nothing existing is rewritten: new tables and one new outbox column.
ALTER TABLE `outbox` ADD `headers` text;--> statement-breakpoint
CREATE TABLE `mailing` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`audience` text DEFAULT '{}' NOT NULL,
	`campaign_id` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`scheduled_at` integer,
	`sent_at` integer,
	`recipients` integer DEFAULT 0 NOT NULL,
	`origin` text DEFAULT '' NOT NULL,
	`client_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mailing_user_created_idx` ON `mailing` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `mailing_user_key_idx` ON `mailing` (`user_id`,`client_key`);--> statement-breakpoint
CREATE INDEX `mailing_status_scheduled_idx` ON `mailing` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `mailing_recipient` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mailing_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`connection_id` integer,
	`email` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`provider_id` text,
	`error` text,
	`sent_at` integer,
	`delivered_at` integer,
	`bounced_at` integer,
	`clicked_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`mailing_id`) REFERENCES `mailing`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mailing_recipient_email_idx` ON `mailing_recipient` (`mailing_id`,`email`);--> statement-breakpoint
CREATE INDEX `mailing_recipient_person_idx` ON `mailing_recipient` (`user_id`,`connection_id`);--> statement-breakpoint
CREATE INDEX `mailing_recipient_provider_idx` ON `mailing_recipient` (`provider_id`);--> statement-breakpoint
CREATE INDEX `mailing_recipient_day_idx` ON `mailing_recipient` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_suppression` (
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`reason` text NOT NULL,
	`mailing_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `email`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mailing_click` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`recipient_id` integer NOT NULL,
	`url` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `mailing_recipient`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mailing_click_recipient_idx` ON `mailing_click` (`recipient_id`);--> statement-breakpoint
CREATE TABLE `mailing_gift` (
	`user_id` text NOT NULL,
	`gift_key` text NOT NULL,
	`mailing_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `gift_key`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mailing_id`) REFERENCES `mailing`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mailing_gift_mailing_idx` ON `mailing_gift` (`mailing_id`);
