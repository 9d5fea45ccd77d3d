-- Each owner's number of people, and a version that moves whenever someone is added, removed, or their tags or
-- event change: the people list reads its total and checks its filter menus with one primary-key read instead of
-- counting every person on every view. Triggers keep it in the same transaction as every write, whoever writes.
CREATE TABLE `people_stats` (
	`user_id` text PRIMARY KEY NOT NULL,
	`people` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `people_stats` (`user_id`, `people`, `version`)
	SELECT `user_id`, count(*), 1 FROM `connection` GROUP BY `user_id`;--> statement-breakpoint
CREATE TRIGGER `people_stats_insert` AFTER INSERT ON `connection`
BEGIN
	INSERT INTO `people_stats` (`user_id`, `people`, `version`) VALUES (NEW.`user_id`, 1, 1)
		ON CONFLICT (`user_id`) DO UPDATE SET `people` = `people` + 1, `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `people_stats_delete` AFTER DELETE ON `connection`
BEGIN
	UPDATE `people_stats` SET `people` = `people` - 1, `version` = `version` + 1 WHERE `user_id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `people_stats_facets` AFTER UPDATE OF `tags`, `event_name` ON `connection`
BEGIN
	UPDATE `people_stats` SET `version` = `version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
