CREATE TABLE `card` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`label` text DEFAULT 'My card' NOT NULL,
	`slug` text,
	`published` integer DEFAULT false NOT NULL,
	`name` text NOT NULL,
	`title` text,
	`company` text,
	`email` text,
	`phone` text,
	`website` text,
	`linkedin` text,
	`location` text,
	`avatar_key` text,
	`notes` text,
	`template` text DEFAULT 'classic' NOT NULL,
	`colour` text DEFAULT '#4f46e5' NOT NULL,
	`social_accounts` text DEFAULT '[]' NOT NULL,
	`additional_contacts` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `card_slug_unique` ON `card` (`slug`);--> statement-breakpoint
CREATE INDEX `card_user_idx` ON `card` (`user_id`);--> statement-breakpoint
CREATE TABLE `card_stat` (
	`card_id` integer NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`saves` integer DEFAULT 0 NOT NULL,
	`shares` integer DEFAULT 0 NOT NULL,
	`from_qr` integer DEFAULT 0 NOT NULL,
	`from_nfc` integer DEFAULT 0 NOT NULL,
	`from_link` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`card_id`, `day`),
	FOREIGN KEY (`card_id`) REFERENCES `card`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `shared_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipient_user_id` text,
	`card_id` integer,
	`connection_id` integer,
	`sender_name` text NOT NULL,
	`sender_email` text NOT NULL,
	`sender_phone` text,
	`recipient_name` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`event_name` text,
	`consent` integer DEFAULT false NOT NULL,
	`consent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`recipient_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `card`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `shared_contacts_recipient_idx` ON `shared_contacts` (`recipient_user_id`,`created_at`);