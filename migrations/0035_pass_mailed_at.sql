-- When the pass was last mailed: a known address joining again is re-mailed at most once an hour.
ALTER TABLE `org_attendee` ADD `pass_mailed_at` integer;
