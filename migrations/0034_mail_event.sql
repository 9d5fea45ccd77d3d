-- The mail provider's webhook event ids (Standard Webhooks' webhook-id), so a replayed delivery changes nothing.
CREATE TABLE `mail_event` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
