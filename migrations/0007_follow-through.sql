CREATE TABLE `card_source_stat` (
	`card_id` integer NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`saves` integer DEFAULT 0 NOT NULL,
	`shares` integer DEFAULT 0 NOT NULL,
	`wallet_adds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`card_id`, `day`, `source`),
	FOREIGN KEY (`card_id`) REFERENCES `card`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `follow_up_draft` (
	`user_id` text NOT NULL,
	`connection_id` integer NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`engine` text NOT NULL,
	`edited` integer DEFAULT false NOT NULL,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `connection_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `interaction` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`connection_id` integer NOT NULL,
	`kind` text NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`occurred_at` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`ref` text,
	`client_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interaction_person_idx` ON `interaction` (`user_id`,`connection_id`,`occurred_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `interaction_user_client_idx` ON `interaction` (`user_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `keep_in_touch` (
	`user_id` text NOT NULL,
	`connection_id` integer NOT NULL,
	`every` text,
	`days` integer,
	`snoozed_until` text,
	`notified_for` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `connection_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tag_rhythm` (
	`user_id` text NOT NULL,
	`tag` text NOT NULL,
	`every` text NOT NULL,
	`days` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `tag`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
-- Last contacted becomes the timeline's latest entry: every value stored before is carried over as one entry, so nothing is lost.
INSERT INTO `interaction` (`user_id`, `connection_id`, `kind`, `source`, `occurred_at`, `text`, `client_id`)
SELECT `user_id`, `id`, 'note', 'earlier', `last_contact_at`, 'Last contact recorded before the timeline', 'earlier-' || `id`
FROM `connection` WHERE `last_contact_at` IS NOT NULL;
