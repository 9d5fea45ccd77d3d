-- A claimed group of a mailing carries a lease and the claim's id: when its sender dies before marking it sent,
-- the cron's sweeper puts the same group back on the queue once the lease has passed.
ALTER TABLE `mailing_recipient` ADD `lease_until` integer;--> statement-breakpoint
ALTER TABLE `mailing_recipient` ADD `claim` text;--> statement-breakpoint
-- Recipients already waiting or in flight get a lease from now, so whatever a dead sender left is finished too.
UPDATE `mailing_recipient` SET `lease_until` = CAST(unixepoch('subsec') * 1000 AS integer) + 900000
	WHERE `status` IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX `mailing_recipient_lease_idx` ON `mailing_recipient` (`status`, `lease_until`);--> statement-breakpoint
-- The local mail adapter keeps a call's idempotency key as the real provider does: a repeated call sends nothing.
ALTER TABLE `outbox` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_idx` ON `outbox` (`idempotency_key`);
