-- An event may ask the organiser to approve each joiner, and may put joiners beyond its capacity on a waitlist.
-- Every attendee so far was let in as they joined: they are 'going'.
ALTER TABLE `org_event` ADD `approval` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `org_event` ADD `waitlist` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `org_attendee` ADD `state` text DEFAULT 'going' NOT NULL;
--> statement-breakpoint
CREATE INDEX `org_attendee_event_state_idx` ON `org_attendee` (`event_id`,`state`,`id`);
