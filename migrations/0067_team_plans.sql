-- Card Pro per seat for a team (decision 0237): a plan and its invoices belong to a workspace, not an account. A
-- personal workspace's id is its account's id (0200), so every row keeps its value; only the reference moves, which
-- SQLite changes by rebuilding the table. Neither table has a child, so dropping one cascades into nothing (0207).
-- `seats`: the members a team's subscription is billed for; null for a personal workspace (one seat).
CREATE TABLE `_m_account_plan` AS SELECT * FROM `account_plan`;--> statement-breakpoint
DROP TABLE `account_plan`;--> statement-breakpoint
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
	`seats` integer,
	FOREIGN KEY (`user_id`) REFERENCES `workspace`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `account_plan` (`user_id`, `trial_ends_at`, `trial_reminded_at`, `trial_ended_notice_at`, `nonprofit_ends_at`,
	`nonprofit_reminded_at`, `complimentary`, `customer_id`, `subscription_id`, `subscription_status`, `billing_interval`,
	`current_period_end`, `cancel_at_period_end`, `grace_ends_at`, `subscription_event_at`, `updated_at`)
SELECT `user_id`, `trial_ends_at`, `trial_reminded_at`, `trial_ended_notice_at`, `nonprofit_ends_at`,
	`nonprofit_reminded_at`, `complimentary`, `customer_id`, `subscription_id`, `subscription_status`, `billing_interval`,
	`current_period_end`, `cancel_at_period_end`, `grace_ends_at`, `subscription_event_at`, `updated_at`
FROM `_m_account_plan`;--> statement-breakpoint
DROP TABLE `_m_account_plan`;--> statement-breakpoint
CREATE UNIQUE INDEX `account_plan_customer_id_unique` ON `account_plan` (`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `account_plan_subscription_id_unique` ON `account_plan` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `account_plan_trial_idx` ON `account_plan` (`trial_ends_at`);--> statement-breakpoint
CREATE INDEX `account_plan_nonprofit_idx` ON `account_plan` (`nonprofit_ends_at`);--> statement-breakpoint
CREATE TABLE `_m_billing_invoice` AS SELECT * FROM `billing_invoice`;--> statement-breakpoint
DROP TABLE `billing_invoice`;--> statement-breakpoint
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
	FOREIGN KEY (`user_id`) REFERENCES `workspace`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `billing_invoice` (`id`, `user_id`, `subscription_id`, `amount_due`, `amount_paid`, `currency`, `status`,
	`reason`, `hosted_url`, `issued_at`, `created_at`)
SELECT `id`, `user_id`, `subscription_id`, `amount_due`, `amount_paid`, `currency`, `status`, `reason`, `hosted_url`,
	`issued_at`, `created_at`
FROM `_m_billing_invoice`;--> statement-breakpoint
DROP TABLE `_m_billing_invoice`;--> statement-breakpoint
CREATE INDEX `billing_invoice_user_idx` ON `billing_invoice` (`user_id`,`issued_at`);
