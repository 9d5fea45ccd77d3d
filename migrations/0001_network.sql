CREATE TABLE `connection` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`title` text,
	`role` text,
	`company` text,
	`organization` text,
	`website` text,
	`linkedin` text,
	`image` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`status` text DEFAULT 'Active' NOT NULL,
	`strength` integer,
	`context` text,
	`event_name` text,
	`notes` text,
	`source` text DEFAULT 'manual' NOT NULL,
	`last_contact_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connection_user_created_idx` ON `connection` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `connection_user_name_idx` ON `connection` (`user_id`,`name`);--> statement-breakpoint
CREATE INDEX `connection_user_email_idx` ON `connection` (`user_id`,`email`);--> statement-breakpoint
CREATE TABLE `notification` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`type` text DEFAULT 'info' NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`toasted` integer DEFAULT false NOT NULL,
	`action_label` text,
	`action_url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_user_created_idx` ON `notification` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reminder` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`connection_id` integer,
	`type` text DEFAULT 'General' NOT NULL,
	`due_at` integer NOT NULL,
	`notes` text,
	`done` integer DEFAULT false NOT NULL,
	`notified_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reminder_user_due_idx` ON `reminder` (`user_id`,`due_at`);--> statement-breakpoint
CREATE INDEX `reminder_due_pending_idx` ON `reminder` (`done`,`notified_at`,`due_at`);--> statement-breakpoint
CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`country` text DEFAULT 'US' NOT NULL,
	`notify_share_backs` integer DEFAULT true NOT NULL,
	`notify_reminders` integer DEFAULT true NOT NULL,
	`notify_imports` integer DEFAULT true NOT NULL,
	`visibility` text DEFAULT 'all' NOT NULL,
	`calendar_token_hash` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
