-- A signed-in attendee's pass at an event is found by (user, event). With only a user index, the planner took
-- the newer (event, state, id) index for `event_id = ? and user_id = ?` and read every attendee of the event.
DROP INDEX IF EXISTS `org_attendee_user_idx`;
--> statement-breakpoint
CREATE INDEX `org_attendee_user_idx` ON `org_attendee` (`user_id`,`event_id`);
