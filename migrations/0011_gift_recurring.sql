ALTER TABLE `gift` ADD `recurring` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Every payment of a subscription made through the Donate button so far is recurring.
UPDATE `gift` SET `recurring` = 1 WHERE `recurring_id` IS NOT NULL;
