-- The charity behind the owner's campaigns, as receipts and year-end statements name it.
CREATE TABLE `fundraising_org` (
	`user_id` text PRIMARY KEY NOT NULL,
	`legal_name` text DEFAULT '' NOT NULL,
	`tax_id` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`receipt_wording` text DEFAULT '' NOT NULL,
	`fiscal_year_start` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- The receipt statement owners already wrote moves with them; the legal name stays empty until they give it.
INSERT INTO `fundraising_org` (`user_id`, `receipt_wording`)
	SELECT `user_id`, `receipt_statement` FROM `thank_you_template`;--> statement-breakpoint
-- What the donor added to cover the processing fee, in the gift's minor units (part of `amount`).
ALTER TABLE `gift` ADD `fee_covered` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A gift in honour or in memory of someone, and who to tell.
ALTER TABLE `gift` ADD `tribute_kind` text;--> statement-breakpoint
ALTER TABLE `gift` ADD `tribute_name` text;--> statement-breakpoint
ALTER TABLE `gift` ADD `tribute_notify_email` text;--> statement-breakpoint
-- The postal address the donor gave for their receipt, as they typed it.
ALTER TABLE `gift` ADD `donor_address` text;--> statement-breakpoint
-- The streamed export pages a campaign's gifts by (date, id): a range read, not a sort per page.
CREATE INDEX `gift_campaign_date_idx` ON `gift` (`campaign_id`,`date`,`id`);--> statement-breakpoint
-- A donor's statement reads their gifts in a date range.
CREATE INDEX `gift_user_connection_date_idx` ON `gift` (`user_id`,`connection_id`,`date`);
