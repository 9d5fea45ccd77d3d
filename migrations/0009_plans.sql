CREATE TABLE `account_plan` (
	`user_id` text PRIMARY KEY NOT NULL,
	`trial_ends_at` integer,
	`trial_reminded_at` integer,
	`trial_ended_notice_at` integer,
	`nonprofit_ends_at` integer,
	`nonprofit_reminded_at` integer,
	`complimentary` integer DEFAULT false NOT NULL,
	`customer_id` text,
	`subscription_id` text,
	`subscription_status` text,
	`billing_interval` text,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`grace_ends_at` integer,
	`subscription_event_at` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_plan_customer_id_unique` ON `account_plan` (`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `account_plan_subscription_id_unique` ON `account_plan` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `account_plan_trial_idx` ON `account_plan` (`trial_ends_at`);--> statement-breakpoint
CREATE INDEX `account_plan_nonprofit_idx` ON `account_plan` (`nonprofit_ends_at`);--> statement-breakpoint
CREATE TABLE `billing_invoice` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`subscription_id` text,
	`amount_due` integer NOT NULL,
	`amount_paid` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`hosted_url` text,
	`issued_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `billing_invoice_user_idx` ON `billing_invoice` (`user_id`,`issued_at`);--> statement-breakpoint
CREATE TABLE `nonprofit_application` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`organisation` text NOT NULL,
	`country` text NOT NULL,
	`registration_number` text NOT NULL,
	`website` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `nonprofit_application_status_idx` ON `nonprofit_application` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `nonprofit_application_one_pending` ON `nonprofit_application` (`user_id`) WHERE status = 'pending';--> statement-breakpoint
-- Accounts from before plans existed had everything: each starts a 7-day Card Pro trial now, so no
-- one loses a feature overnight, and falls back to Basic after it like every new account.
INSERT OR IGNORE INTO `account_plan` (`user_id`, `trial_ends_at`) SELECT `id`, CAST(unixepoch('subsec') * 1000 AS integer) + 604800000 FROM `user`;
