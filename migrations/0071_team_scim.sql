-- SCIM 2.0 provisioning per team (decision 0241). A team's directory (Entra ID, Okta) holds a bearer token of
-- which only the SHA-256 is kept; it acts as the admin who made it, while they still manage the team.
CREATE TABLE `scim_token` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL REFERENCES `workspace`(`id`) ON DELETE cascade,
	`created_by` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`token_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `scim_token_hash_idx` ON `scim_token` (`token_hash`);--> statement-breakpoint
CREATE INDEX `scim_token_team_idx` ON `scim_token` (`workspace_id`);--> statement-breakpoint
-- A user the directory provisioned into the team: its SCIM id, the directory's names for it, and whether the
-- directory holds it active. One per (team, userName) and per (team, account): a user provisioned twice at once is
-- created once, by the database.
CREATE TABLE `scim_user` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL REFERENCES `workspace`(`id`) ON DELETE cascade,
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`user_name` text NOT NULL,
	`external_id` text,
	`display_name` text,
	`given_name` text,
	`family_name` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `scim_user_name_idx` ON `scim_user` (`workspace_id`, `user_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `scim_user_account_idx` ON `scim_user` (`workspace_id`, `user_id`);--> statement-breakpoint
CREATE INDEX `scim_user_account_only_idx` ON `scim_user` (`user_id`);--> statement-breakpoint
CREATE TABLE `scim_group` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL REFERENCES `workspace`(`id`) ON DELETE cascade,
	`display_name` text NOT NULL,
	`external_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `scim_group_name_idx` ON `scim_group` (`workspace_id`, `display_name`);--> statement-breakpoint
CREATE TABLE `scim_group_member` (
	`group_id` text NOT NULL REFERENCES `scim_group`(`id`) ON DELETE cascade,
	`scim_user_id` text NOT NULL REFERENCES `scim_user`(`id`) ON DELETE cascade,
	PRIMARY KEY(`group_id`, `scim_user_id`)
);--> statement-breakpoint
CREATE INDEX `scim_group_member_user_idx` ON `scim_group_member` (`scim_user_id`);
