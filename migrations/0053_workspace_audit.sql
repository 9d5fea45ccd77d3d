-- A team's audit log (decision 0210): who did what, and when. The actor's name and address are copied in as they were,
-- so an entry stays readable once its actor leaves the team or deletes their account (actor_id then goes null).
CREATE TABLE `workspace_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` text NOT NULL,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`subject` text,
	`detail` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspace`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `workspace_audit_page_idx` ON `workspace_audit` (`workspace_id`, `id`);--> statement-breakpoint
CREATE INDEX `workspace_audit_actor_idx` ON `workspace_audit` (`actor_id`);
