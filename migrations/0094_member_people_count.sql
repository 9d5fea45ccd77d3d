-- A team member's number of people, kept as the workspace's is (0027), so their unfiltered list reads its total by
-- primary key instead of counting the people they own or met on every load (decision 0278). A member sees the shared
-- people plus the unshared ones they own or met: `people_stats.shared` counts the first, `member_people` the second,
-- one per member, a person both owned and met by the same member counted once. Triggers move both in the same
-- statement as every write of a person, whoever writes (a deleted user's set-null fires them too).
ALTER TABLE `people_stats` ADD `shared` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `people_stats` SET `shared` = (SELECT count(*) FROM `connection` c WHERE c.`user_id` = `people_stats`.`user_id` AND c.`shared` = 1);--> statement-breakpoint
CREATE TABLE `member_people` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`people` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspace`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `member_people` (`workspace_id`, `user_id`, `people`)
	SELECT `user_id`, `who`, count(*) FROM (
		SELECT `user_id`, `owner_id` AS `who` FROM `connection` WHERE `shared` IS NOT 1 AND `owner_id` IS NOT NULL
		UNION ALL
		SELECT `user_id`, `met_by` FROM `connection` WHERE `shared` IS NOT 1 AND `met_by` IS NOT NULL AND `met_by` IS NOT `owner_id`
	) WHERE `who` IN (SELECT `id` FROM `user`) GROUP BY `user_id`, `who`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `people_stats_insert`;--> statement-breakpoint
CREATE TRIGGER `people_stats_insert` AFTER INSERT ON `connection`
BEGIN
	INSERT INTO `people_stats` (`user_id`, `people`, `version`, `shared`) VALUES (NEW.`user_id`, 1, 1, NEW.`shared` IS 1)
		ON CONFLICT (`user_id`) DO UPDATE SET `people` = `people` + 1, `version` = `version` + 1, `shared` = `shared` + excluded.`shared`;
END;--> statement-breakpoint
DROP TRIGGER IF EXISTS `people_stats_delete`;--> statement-breakpoint
CREATE TRIGGER `people_stats_delete` AFTER DELETE ON `connection`
BEGIN
	UPDATE `people_stats` SET `people` = `people` - 1, `version` = `version` + 1, `shared` = `shared` - (OLD.`shared` IS 1)
		WHERE `user_id` = OLD.`user_id`;
END;--> statement-breakpoint
-- A person never moves to another workspace (people_stats' own count relies on it too).
CREATE TRIGGER `people_stats_shared` AFTER UPDATE OF `shared` ON `connection` WHEN OLD.`shared` IS NOT NEW.`shared`
BEGIN
	UPDATE `people_stats` SET `shared` = `shared` + (NEW.`shared` IS 1) - (OLD.`shared` IS 1) WHERE `user_id` = NEW.`user_id`;
END;--> statement-breakpoint
-- Each trigger adds or takes one per member named, as an upsert either way: another trigger (0064's owner default)
-- may update the row before or after this one runs, so a take may come before its add. A user or workspace being
-- deleted takes no row: its own rows go with it by cascade.
CREATE TRIGGER `member_people_insert` AFTER INSERT ON `connection`
	WHEN NEW.`shared` IS NOT 1 AND (NEW.`owner_id` IS NOT NULL OR NEW.`met_by` IS NOT NULL)
BEGIN
	INSERT INTO `member_people` (`workspace_id`, `user_id`, `people`)
		SELECT NEW.`user_id`, `who`, 1 FROM (SELECT NEW.`owner_id` AS `who` UNION ALL SELECT NEW.`met_by` WHERE NEW.`met_by` IS NOT NEW.`owner_id`)
		WHERE `who` IN (SELECT `id` FROM `user`)
		ON CONFLICT (`workspace_id`, `user_id`) DO UPDATE SET `people` = `people` + excluded.`people`;
END;--> statement-breakpoint
CREATE TRIGGER `member_people_delete` AFTER DELETE ON `connection`
	WHEN OLD.`shared` IS NOT 1 AND (OLD.`owner_id` IS NOT NULL OR OLD.`met_by` IS NOT NULL)
BEGIN
	INSERT INTO `member_people` (`workspace_id`, `user_id`, `people`)
		SELECT OLD.`user_id`, `who`, -1 FROM (SELECT OLD.`owner_id` AS `who` UNION ALL SELECT OLD.`met_by` WHERE OLD.`met_by` IS NOT OLD.`owner_id`)
		WHERE `who` IN (SELECT `id` FROM `user`) AND OLD.`user_id` IN (SELECT `id` FROM `workspace`)
		ON CONFLICT (`workspace_id`, `user_id`) DO UPDATE SET `people` = `people` + excluded.`people`;
END;--> statement-breakpoint
CREATE TRIGGER `member_people_update` AFTER UPDATE OF `user_id`, `owner_id`, `met_by`, `shared` ON `connection`
	WHEN OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`owner_id` IS NOT NEW.`owner_id` OR OLD.`met_by` IS NOT NEW.`met_by`
		OR OLD.`shared` IS NOT NEW.`shared`
BEGIN
	INSERT INTO `member_people` (`workspace_id`, `user_id`, `people`)
		SELECT OLD.`user_id`, `who`, -1 FROM (SELECT OLD.`owner_id` AS `who` UNION ALL SELECT OLD.`met_by` WHERE OLD.`met_by` IS NOT OLD.`owner_id`)
		WHERE OLD.`shared` IS NOT 1 AND `who` IN (SELECT `id` FROM `user`) AND OLD.`user_id` IN (SELECT `id` FROM `workspace`)
		ON CONFLICT (`workspace_id`, `user_id`) DO UPDATE SET `people` = `people` + excluded.`people`;
	INSERT INTO `member_people` (`workspace_id`, `user_id`, `people`)
		SELECT NEW.`user_id`, `who`, 1 FROM (SELECT NEW.`owner_id` AS `who` UNION ALL SELECT NEW.`met_by` WHERE NEW.`met_by` IS NOT NEW.`owner_id`)
		WHERE NEW.`shared` IS NOT 1 AND `who` IN (SELECT `id` FROM `user`)
		ON CONFLICT (`workspace_id`, `user_id`) DO UPDATE SET `people` = `people` + excluded.`people`;
END;
