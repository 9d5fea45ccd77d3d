-- A member's filter menus name only the tags and events of the people they see (decision 0252): the isolate keeps
-- them while the network's version stands, so the version now also moves when who owns, met or shares a person
-- changes, not only their tags or event. Only the trigger changes; no row is touched.
DROP TRIGGER IF EXISTS `people_stats_facets`;--> statement-breakpoint
CREATE TRIGGER `people_stats_facets` AFTER UPDATE OF `tags`, `event_name`, `owner_id`, `met_by`, `shared` ON `connection`
BEGIN
	UPDATE `people_stats` SET `version` = `version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
