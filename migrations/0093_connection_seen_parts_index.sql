-- A team member's people in newest-first order, one index per part of who they see (decision 0277): the people
-- they own, the people they met, and those shared with the team. With only (user_id, created_at), a member's first
-- page walked the team's whole list for the twentieth that was theirs, and counting them read every team person.
CREATE INDEX `connection_user_owner_created_idx` ON `connection` (`user_id`,`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `connection_user_met_by_created_idx` ON `connection` (`user_id`,`met_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `connection_user_shared_created_idx` ON `connection` (`user_id`,`created_at`) WHERE `shared` = 1;
