-- Keyset pages of an owner's rows in rowid order (the data download): a (user_id) index holds them in that order.
CREATE INDEX `contact_point_user_idx` ON `contact_point` (`user_id`);--> statement-breakpoint
CREATE INDEX `person_history_user_idx` ON `person_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `interaction_user_idx` ON `interaction` (`user_id`);--> statement-breakpoint
-- The people API and the HubSpot sync page by (updated_at, id): a range read instead of sorting every person per page.
CREATE INDEX `connection_user_updated_idx` ON `connection` (`user_id`,`updated_at`);--> statement-breakpoint
-- The list's Event filter reads the owner's distinct events from this index instead of every row.
CREATE INDEX `connection_user_event_idx` ON `connection` (`user_id`,`event_name`);
