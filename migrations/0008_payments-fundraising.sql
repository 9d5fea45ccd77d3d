CREATE TABLE `gift` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`campaign_id` text,
	`connection_id` integer,
	`recurring_id` integer,
	`pledge_id` integer,
	`amount` integer NOT NULL,
	`amount_refunded` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`date` text NOT NULL,
	`method` text NOT NULL,
	`source` text NOT NULL,
	`source_card_id` integer,
	`source_event_id` integer,
	`donor_name` text,
	`donor_email` text,
	`public_name` integer DEFAULT false NOT NULL,
	`note` text,
	`external_key` text NOT NULL,
	`stripe_account` text,
	`payment_intent` text,
	`acknowledged_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaign`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gift_user_key_idx` ON `gift` (`user_id`,`external_key`);--> statement-breakpoint
CREATE INDEX `gift_campaign_idx` ON `gift` (`campaign_id`);--> statement-breakpoint
CREATE INDEX `gift_connection_idx` ON `gift` (`connection_id`);--> statement-breakpoint
CREATE INDEX `gift_payment_intent_idx` ON `gift` (`payment_intent`);--> statement-breakpoint
CREATE TABLE `payment_event` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`account` text,
	`domain` text,
	`created` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_event_type_idx` ON `payment_event` (`type`);--> statement-breakpoint
CREATE TABLE `payment_local_object` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_local_object_kind_idx` ON `payment_local_object` (`kind`);--> statement-breakpoint
CREATE TABLE `pledge` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`campaign_id` text,
	`connection_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`note` text,
	`key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaign`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pledge_user_idx` ON `pledge` (`user_id`);--> statement-breakpoint
CREATE INDEX `pledge_connection_idx` ON `pledge` (`connection_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pledge_user_key_idx` ON `pledge` (`user_id`,`key`);--> statement-breakpoint
CREATE TABLE `pledge_instalment` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pledge_id` integer NOT NULL,
	`due_date` text NOT NULL,
	`amount` integer NOT NULL,
	`gift_id` integer,
	FOREIGN KEY (`pledge_id`) REFERENCES `pledge`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`gift_id`) REFERENCES `gift`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pledge_instalment_pledge_idx` ON `pledge_instalment` (`pledge_id`);--> statement-breakpoint
CREATE TABLE `recurring_gift` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`campaign_id` text,
	`connection_id` integer,
	`subscription` text NOT NULL,
	`customer` text,
	`stripe_account` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`interval` text NOT NULL,
	`status` text NOT NULL,
	`status_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaign`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recurring_gift_subscription_unique` ON `recurring_gift` (`subscription`);--> statement-breakpoint
CREATE INDEX `recurring_gift_user_idx` ON `recurring_gift` (`user_id`);--> statement-breakpoint
CREATE TABLE `stripe_connection` (
	`user_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stripe_connection_account_id_unique` ON `stripe_connection` (`account_id`);--> statement-breakpoint
CREATE TABLE `thank_you_template` (
	`user_id` text PRIMARY KEY NOT NULL,
	`organization` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`receipt_statement` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `campaign` ADD `user_id` text REFERENCES user(id);--> statement-breakpoint
ALTER TABLE `campaign` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign` ADD `image_key` text;--> statement-breakpoint
ALTER TABLE `campaign` ADD `budget` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign` ADD `team` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign` ADD `suggested` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign` ADD `archived_at` integer;--> statement-breakpoint
ALTER TABLE `campaign` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `campaign_user_idx` ON `campaign` (`user_id`);--> statement-breakpoint
ALTER TABLE `card` ADD `featured_campaign_id` text;--> statement-breakpoint
ALTER TABLE `event` ADD `campaign_id` text;--> statement-breakpoint
-- Amounts become minor units (cents): the seeded goals and totals were whole dollars.
UPDATE `campaign` SET `goal` = `goal` * 100, `amount_raised` = `amount_raised` * 100;--> statement-breakpoint
-- Campaigns made before they had owners are the demo owner's, where the demo owner exists.
UPDATE `campaign` SET `user_id` = 'demo-user' WHERE `user_id` IS NULL AND EXISTS (SELECT 1 FROM `user` WHERE `id` = 'demo-user');
