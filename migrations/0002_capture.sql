ALTER TABLE `connection` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `connection_user_client_idx` ON `connection` (`user_id`,`client_id`);