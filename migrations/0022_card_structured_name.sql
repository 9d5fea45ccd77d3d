ALTER TABLE `card` ADD `given_name` text;--> statement-breakpoint
ALTER TABLE `card` ADD `family_name` text;
