ALTER TABLE `card` ADD `headline` text;--> statement-breakpoint
ALTER TABLE `card` ADD `bio` text;--> statement-breakpoint
ALTER TABLE `card` ADD `share_fields` text DEFAULT '["company","title","note"]' NOT NULL;