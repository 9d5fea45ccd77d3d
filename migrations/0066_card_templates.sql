-- Cards on brand (decision 0236): a team's card templates, the cards made from them, who holds each, and the
-- single-use link that hands a card to a member. A card is paused (not deleted) when its holder leaves the team.
CREATE TABLE `card_template` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL REFERENCES `workspace`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`company` text,
	`address` text,
	`website` text,
	`headline` text,
	`colour` text DEFAULT '#4f46e5' NOT NULL,
	-- Each field's rule, {"company":"locked"|"editable"|"required", ...}; a field not named is editable.
	`rules` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE INDEX `card_template_workspace_idx` ON `card_template` (`workspace_id`);--> statement-breakpoint
ALTER TABLE `card` ADD `template_id` text REFERENCES `card_template`(`id`) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `card` ADD `holder_id` text REFERENCES `user`(`id`) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `card` ADD `paused_at` integer;--> statement-breakpoint
CREATE INDEX `card_template_cards_idx` ON `card` (`template_id`) WHERE `template_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `card_holder_idx` ON `card` (`holder_id`, `user_id`) WHERE `holder_id` IS NOT NULL;--> statement-breakpoint
-- One open hand-over per card: issuing it again replaces the link. Only the link's SHA-256 is kept.
CREATE TABLE `card_issue` (
	`card_id` integer PRIMARY KEY NOT NULL REFERENCES `card`(`id`) ON DELETE cascade,
	`workspace_id` text NOT NULL REFERENCES `workspace`(`id`) ON DELETE cascade,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `card_issue_token_idx` ON `card_issue` (`token_hash`);--> statement-breakpoint
CREATE INDEX `card_issue_workspace_idx` ON `card_issue` (`workspace_id`);
--> statement-breakpoint
-- Ten cards per member of the workspace (a personal workspace has its one member): a team issuing a card to each
-- member must not stop at ten. Still held by the database, so parallel inserts cannot pass it together.
DROP TRIGGER `card_limit_per_user`;--> statement-breakpoint
CREATE TRIGGER `card_limit_per_user` BEFORE INSERT ON `card`
WHEN (SELECT count(*) FROM `card` WHERE `user_id` = NEW.`user_id`) >=
  10 * max(1, (SELECT count(*) FROM `member` WHERE `workspace_id` = NEW.`user_id`))
BEGIN
  SELECT RAISE(ABORT, 'card_limit_per_user');
END;
