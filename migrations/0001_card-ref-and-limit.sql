ALTER TABLE `card` ADD `ref` text;--> statement-breakpoint
-- Existing cards get their opaque reference here; new ones get it from the insert.
UPDATE `card` SET `ref` = lower(hex(randomblob(12))) WHERE `ref` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `card_ref_unique` ON `card` (`ref`);--> statement-breakpoint
-- The 10-card limit held by the database, so parallel "New card" requests cannot pass it together.
CREATE TRIGGER `card_limit_per_user` BEFORE INSERT ON `card`
WHEN (SELECT count(*) FROM `card` WHERE `user_id` = NEW.`user_id`) >= 10
BEGIN
  SELECT RAISE(ABORT, 'card_limit_per_user');
END;
