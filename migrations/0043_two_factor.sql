-- Two-step sign-in (better-auth's twoFactor plugin): whether the account asks for a code at sign-in.
ALTER TABLE `user` ADD `two_factor_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The account's authenticator secret and recovery codes, both encrypted with the auth secret; one per account.
-- `last_step` is the time step of the last code accepted: a code is taken once, even within its window.
CREATE TABLE `two_factor` (
	`id` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`backup_codes` text NOT NULL,
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`verified` integer DEFAULT true NOT NULL,
	`failed_verification_count` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`last_step` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `two_factor_user_idx` ON `two_factor` (`user_id`);
