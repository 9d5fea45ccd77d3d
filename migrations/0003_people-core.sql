CREATE TABLE `contact_point` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`connection_id` integer NOT NULL,
	`kind` text NOT NULL,
	`label` text DEFAULT 'other' NOT NULL,
	`value` text NOT NULL,
	`key` text,
	`service` text,
	`preferred` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_point_owner_key_idx` ON `contact_point` (`user_id`,`kind`,`key`);--> statement-breakpoint
CREATE INDEX `contact_point_connection_idx` ON `contact_point` (`connection_id`);--> statement-breakpoint
CREATE TABLE `person_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`connection_id` integer NOT NULL,
	`kind` text NOT NULL,
	`source` text,
	`detail` text DEFAULT '' NOT NULL,
	`event_name` text,
	`card_id` integer,
	`client_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connection`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `person_history_connection_idx` ON `person_history` (`connection_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `person_history_user_client_idx` ON `person_history` (`user_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `person_merge` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`primary_id` integer NOT NULL,
	`merged_ids` text NOT NULL,
	`snapshot` text NOT NULL,
	`undone_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `person_merge_user_idx` ON `person_merge` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `connection` ADD `name_prefix` text;--> statement-breakpoint
ALTER TABLE `connection` ADD `given_name` text;--> statement-breakpoint
ALTER TABLE `connection` ADD `middle_name` text;--> statement-breakpoint
ALTER TABLE `connection` ADD `family_name` text;--> statement-breakpoint
ALTER TABLE `connection` ADD `name_suffix` text;--> statement-breakpoint
ALTER TABLE `connection` ADD `department` text;--> statement-breakpoint
ALTER TABLE `connection` ADD `birthday` text;--> statement-breakpoint
ALTER TABLE `connection` ADD `uid` text;--> statement-breakpoint
ALTER TABLE `connection` ADD `name_key` text;--> statement-breakpoint
CREATE INDEX `connection_user_name_key_idx` ON `connection` (`user_id`,`name_key`);--> statement-breakpoint
-- Carry every existing connection over: its email, phone, website and LinkedIn become contact points
-- (the columns stay as the preferred copies, so nothing is lost even where two rows shared an email
-- and only the older one can own it as a key), each gets a uid, a fuzzy name key and a "created" entry.
UPDATE `connection` SET `uid` = lower(hex(randomblob(16))) WHERE `uid` IS NULL;--> statement-breakpoint
UPDATE `connection` SET `name_key` = lower(trim(replace(replace(`name`, '  ', ' '), '  ', ' ')));--> statement-breakpoint
INSERT OR IGNORE INTO `contact_point` (`user_id`, `connection_id`, `kind`, `label`, `value`, `key`, `preferred`, `created_at`)
  SELECT `user_id`, `id`, 'email', 'other', lower(trim(`email`)), lower(trim(`email`)), 1, `created_at`
  FROM `connection` WHERE `email` IS NOT NULL AND trim(`email`) <> '' ORDER BY `created_at`, `id`;--> statement-breakpoint
INSERT OR IGNORE INTO `contact_point` (`user_id`, `connection_id`, `kind`, `label`, `value`, `key`, `preferred`, `created_at`)
  SELECT `user_id`, `id`, 'phone', 'mobile', trim(`phone`),
    CASE WHEN trim(`phone`) LIKE '+%' THEN '+' ELSE '' END ||
      replace(replace(replace(replace(replace(replace(trim(`phone`), '+', ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''),
    1, `created_at`
  FROM `connection` WHERE `phone` IS NOT NULL AND trim(`phone`) <> '' ORDER BY `created_at`, `id`;--> statement-breakpoint
INSERT INTO `contact_point` (`user_id`, `connection_id`, `kind`, `label`, `value`, `key`, `preferred`, `created_at`)
  SELECT `user_id`, `id`, 'website', 'work', trim(`website`), NULL, 1, `created_at`
  FROM `connection` WHERE `website` IS NOT NULL AND trim(`website`) <> '';--> statement-breakpoint
INSERT OR IGNORE INTO `contact_point` (`user_id`, `connection_id`, `kind`, `label`, `value`, `key`, `service`, `preferred`, `created_at`)
  SELECT `user_id`, `id`, 'social', 'other', trim(`linkedin`), 'linkedin:' || lower(trim(`linkedin`)), 'linkedin', 1, `created_at`
  FROM `connection` WHERE `linkedin` IS NOT NULL AND trim(`linkedin`) <> '' ORDER BY `created_at`, `id`;--> statement-breakpoint
INSERT INTO `person_history` (`user_id`, `connection_id`, `kind`, `source`, `detail`, `event_name`, `created_at`)
  SELECT `user_id`, `id`, 'created', `source`, 'Added before contact points were kept', `event_name`, `created_at` FROM `connection`;
