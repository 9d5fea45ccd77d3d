CREATE TABLE `app_password` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_password_password_hash_unique` ON `app_password` (`password_hash`);--> statement-breakpoint
CREATE INDEX `app_password_user_idx` ON `app_password` (`user_id`);--> statement-breakpoint
CREATE TABLE `dav_book` (
	`user_id` text PRIMARY KEY NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	`fingerprint` text,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dav_card` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`connection_id` integer,
	`name` text NOT NULL,
	`etag` text DEFAULT '' NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`extra` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dav_card_user_name_idx` ON `dav_card` (`user_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `dav_card_connection_idx` ON `dav_card` (`connection_id`);--> statement-breakpoint
CREATE INDEX `dav_card_user_seq_idx` ON `dav_card` (`user_id`,`seq`);