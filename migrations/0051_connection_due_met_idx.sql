-- The dashboard's "met lately" candidates in the order it ranks them (priority, strength, arrival, name), so it
-- reads the first ones by index and stops, whatever the account's size (decision 0226).
CREATE INDEX `connection_due_met_idx` ON `connection` (`user_id`, (case `priority` when 'high' then 0 when 'medium' then 1 else 2 end), coalesce(`strength`, 0) DESC, `created_at`, `name`) WHERE `event_name` IS NOT NULL AND `status` <> 'Archived';
