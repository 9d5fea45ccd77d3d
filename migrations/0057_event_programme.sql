-- An organiser event's programme: tracks, sessions on the event's own clock, their speakers, and each
-- attendee's personal schedule. Two triggers let the database itself refuse a room booked twice at once
-- and a seat beyond a session's capacity, whichever request arrives second.
CREATE TABLE `org_track` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_track_event_name_idx` ON `org_track` (`event_id`,`name`);--> statement-breakpoint
CREATE TABLE `org_session` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`room` text,
	`capacity` integer,
	`track_id` integer,
	`uid` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `org_event`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`track_id`) REFERENCES `org_track`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_session_uid_idx` ON `org_session` (`uid`);--> statement-breakpoint
CREATE INDEX `org_session_event_start_idx` ON `org_session` (`event_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `org_session_speaker` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`name` text NOT NULL,
	`attendee_id` integer,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `org_session`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `org_session_speaker_session_idx` ON `org_session_speaker` (`session_id`,`position`);--> statement-breakpoint
CREATE INDEX `org_session_speaker_attendee_idx` ON `org_session_speaker` (`attendee_id`);--> statement-breakpoint
CREATE TABLE `org_schedule` (
	`session_id` integer NOT NULL,
	`attendee_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`session_id`, `attendee_id`),
	FOREIGN KEY (`session_id`) REFERENCES `org_session`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attendee_id`) REFERENCES `org_attendee`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_schedule_attendee_idx` ON `org_schedule` (`attendee_id`);--> statement-breakpoint
CREATE TRIGGER `org_session_room_insert` BEFORE INSERT ON `org_session`
WHEN NEW.`room` IS NOT NULL AND EXISTS (SELECT 1 FROM `org_session` s WHERE s.`event_id` = NEW.`event_id`
	AND s.`room` = NEW.`room` COLLATE NOCASE AND s.`starts_at` < NEW.`ends_at` AND NEW.`starts_at` < s.`ends_at`)
BEGIN
	SELECT RAISE(ABORT, 'org_session_room_taken');
END;--> statement-breakpoint
CREATE TRIGGER `org_session_room_update` BEFORE UPDATE OF `room`, `starts_at`, `ends_at` ON `org_session`
WHEN NEW.`room` IS NOT NULL AND EXISTS (SELECT 1 FROM `org_session` s WHERE s.`event_id` = NEW.`event_id`
	AND s.`id` <> NEW.`id` AND s.`room` = NEW.`room` COLLATE NOCASE AND s.`starts_at` < NEW.`ends_at`
	AND NEW.`starts_at` < s.`ends_at`)
BEGIN
	SELECT RAISE(ABORT, 'org_session_room_taken');
END;--> statement-breakpoint
CREATE TRIGGER `org_schedule_full` BEFORE INSERT ON `org_schedule`
WHEN (SELECT `capacity` FROM `org_session` WHERE `id` = NEW.`session_id`) <=
	(SELECT count(*) FROM `org_schedule` WHERE `session_id` = NEW.`session_id`)
BEGIN
	SELECT RAISE(ABORT, 'org_session_full');
END;
