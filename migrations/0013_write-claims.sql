-- One row per write that may happen only once (a confirmed import preview, a paid checkout, a merge or an
-- undo of one person's state): the row goes in the write's own batch, so a second one fails whole.
CREATE TABLE `write_claim` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `write_claim_user_idx` ON `write_claim` (`user_id`,`created_at`);
