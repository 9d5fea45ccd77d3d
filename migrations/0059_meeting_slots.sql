-- Meetings that fit: the organiser's slots (a time at a table or room), the times each attendee is free for
-- meetings, and a slot on each meeting. One live meeting per slot, and none that overlaps either person's
-- other live meetings or the sessions on their schedule: kept by the database, so two people booking the
-- last slot at once, or one person booking two tables at one time, get one meeting and one refusal.
CREATE TABLE `org_meeting_slot` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`starts_at` text NOT NULL,
	`minutes` integer NOT NULL,
	`place` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_meeting_slot_place_idx` ON `org_meeting_slot` (`event_id`,`starts_at`,`place`);--> statement-breakpoint
CREATE TABLE `org_availability` (
	`attendee_id` integer NOT NULL,
	`starts_at` text NOT NULL,
	PRIMARY KEY(`attendee_id`, `starts_at`),
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `org_meeting` ADD `slot_id` integer REFERENCES org_meeting_slot(id) ON DELETE set null;--> statement-breakpoint
-- When both people were reminded of an accepted meeting (ms): the cron reminds each meeting once.
ALTER TABLE `org_meeting` ADD `reminded_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `org_meeting_live_slot_idx` ON `org_meeting` (`slot_id`) WHERE `slot_id` IS NOT NULL AND `state` IN ('pending', 'accepted');--> statement-breakpoint
CREATE TRIGGER `org_meeting_fits_insert` BEFORE INSERT ON `org_meeting`
WHEN NEW.`slot_id` IS NOT NULL AND (EXISTS (SELECT 1 FROM `org_meeting` m
	WHERE m.`state` IN ('pending', 'accepted') AND m.`event_id` = NEW.`event_id`
	AND (m.`from_id` IN (NEW.`from_id`, NEW.`to_id`) OR m.`to_id` IN (NEW.`from_id`, NEW.`to_id`))
	AND m.`starts_at` < strftime('%Y-%m-%dT%H:%M', NEW.`starts_at`, '+' || NEW.`minutes` || ' minutes')
	AND NEW.`starts_at` < strftime('%Y-%m-%dT%H:%M', m.`starts_at`, '+' || m.`minutes` || ' minutes'))
OR EXISTS (SELECT 1 FROM `org_schedule` k JOIN `org_session` s ON s.`id` = k.`session_id`
	WHERE k.`attendee_id` IN (NEW.`from_id`, NEW.`to_id`)
	AND s.`starts_at` < strftime('%Y-%m-%dT%H:%M', NEW.`starts_at`, '+' || NEW.`minutes` || ' minutes')
	AND NEW.`starts_at` < s.`ends_at`))
BEGIN
	SELECT RAISE(ABORT, 'org_meeting_clash');
END;--> statement-breakpoint
CREATE TRIGGER `org_meeting_fits_update` BEFORE UPDATE OF `slot_id`, `starts_at` ON `org_meeting`
WHEN NEW.`slot_id` IS NOT NULL AND NEW.`state` IN ('pending', 'accepted') AND (EXISTS (SELECT 1 FROM `org_meeting` m
	WHERE m.`id` <> NEW.`id` AND m.`state` IN ('pending', 'accepted') AND m.`event_id` = NEW.`event_id`
	AND (m.`from_id` IN (NEW.`from_id`, NEW.`to_id`) OR m.`to_id` IN (NEW.`from_id`, NEW.`to_id`))
	AND m.`starts_at` < strftime('%Y-%m-%dT%H:%M', NEW.`starts_at`, '+' || NEW.`minutes` || ' minutes')
	AND NEW.`starts_at` < strftime('%Y-%m-%dT%H:%M', m.`starts_at`, '+' || m.`minutes` || ' minutes'))
OR EXISTS (SELECT 1 FROM `org_schedule` k JOIN `org_session` s ON s.`id` = k.`session_id`
	WHERE k.`attendee_id` IN (NEW.`from_id`, NEW.`to_id`)
	AND s.`starts_at` < strftime('%Y-%m-%dT%H:%M', NEW.`starts_at`, '+' || NEW.`minutes` || ' minutes')
	AND NEW.`starts_at` < s.`ends_at`))
BEGIN
	SELECT RAISE(ABORT, 'org_meeting_clash');
END;
