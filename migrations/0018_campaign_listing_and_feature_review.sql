ALTER TABLE `campaign` ADD `listed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign` ADD `feature_requested_at` integer;--> statement-breakpoint
-- Campaigns were all listed on /fundraising before owners could choose, so nothing public disappears.
UPDATE `campaign` SET `listed` = 1;--> statement-breakpoint
-- Home-page features were self-granted without review: each becomes a request an operator decides.
UPDATE `campaign` SET `feature_requested_at` = CAST(unixepoch('subsec') * 1000 AS integer), `featured` = 0 WHERE `featured` = 1;
