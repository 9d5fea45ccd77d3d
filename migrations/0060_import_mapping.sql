-- Column mappings a person saved in the contacts import (decision 0178): one per header layout per owner, so the
-- next file with the same header is read as they chose; it belongs to the workspace (decision 0207). A new table.
CREATE TABLE `import_mapping` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`layout_key` text NOT NULL,
	`headers` text NOT NULL,
	`fields` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `workspace`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `import_mapping_user_layout_idx` ON `import_mapping` (`user_id`,`layout_key`);
