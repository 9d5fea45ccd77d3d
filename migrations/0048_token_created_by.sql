-- Who made an API token or an app password (decision 0207): its `user_id` names the workspace it acts for, and a
-- team's token or password works only while the member who made it is still a member. Every existing one was made
-- by its owner in their personal workspace, whose id is theirs.
ALTER TABLE `api_token` ADD `created_by` text REFERENCES `user`(`id`) ON DELETE cascade;--> statement-breakpoint
UPDATE `api_token` SET `created_by` = `user_id`;--> statement-breakpoint
CREATE INDEX `api_token_created_by_idx` ON `api_token` (`created_by`);--> statement-breakpoint
ALTER TABLE `app_password` ADD `created_by` text REFERENCES `user`(`id`) ON DELETE cascade;--> statement-breakpoint
UPDATE `app_password` SET `created_by` = `user_id`;--> statement-breakpoint
CREATE INDEX `app_password_created_by_idx` ON `app_password` (`created_by`);
