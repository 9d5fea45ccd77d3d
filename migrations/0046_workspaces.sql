-- Workspaces (decision 0200): every account's personal workspace takes its user's own id, so every owner column
-- (a user id) already names it and no data row moves; a team workspace gets a fresh id, which the primary key
-- keeps apart from every user's (a user whose id a team holds cannot be created: its personal row would clash).
CREATE TABLE `workspace` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL CHECK (`kind` IN ('personal', 'team')),
	`name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CHECK (`kind` = 'personal' OR length(trim(`name`)) > 0)
);--> statement-breakpoint
CREATE TABLE `member` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL CHECK (`role` IN ('owner', 'admin', 'member')),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspace`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `member_user_idx` ON `member` (`user_id`);--> statement-breakpoint
-- An invitation's link carries a token; only its SHA-256 is kept. Accepted once: accepted_at is set in the same
-- statement that checks it was unset.
CREATE TABLE `invitation` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL CHECK (`role` IN ('admin', 'member')),
	`token_hash` text NOT NULL,
	`inviter_id` text,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspace`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inviter_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE UNIQUE INDEX `invitation_token_idx` ON `invitation` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitation_workspace_idx` ON `invitation` (`workspace_id`, `email`);--> statement-breakpoint
-- The workspace a session works in; null is the personal one. The session read joins the membership, so a
-- removed member's session is back in their personal workspace on its next request.
ALTER TABLE `session` ADD `active_workspace_id` text REFERENCES `workspace`(`id`) ON DELETE set null;--> statement-breakpoint
INSERT INTO `workspace` (`id`, `kind`, `name`, `created_at`) SELECT `id`, 'personal', NULL, `created_at` FROM `user`;--> statement-breakpoint
INSERT INTO `member` (`workspace_id`, `user_id`, `role`, `created_at`) SELECT `id`, `id`, 'owner', `created_at` FROM `user`;--> statement-breakpoint
-- Whoever creates an account (sign-up, the seed, an import), its personal workspace comes in the same statement.
CREATE TRIGGER `workspace_personal_insert` AFTER INSERT ON `user`
BEGIN
	INSERT INTO `workspace` (`id`, `kind`) VALUES (NEW.`id`, 'personal');
	INSERT INTO `member` (`workspace_id`, `user_id`, `role`) VALUES (NEW.`id`, NEW.`id`, 'owner');
END;--> statement-breakpoint
CREATE TRIGGER `workspace_personal_delete` AFTER DELETE ON `user`
BEGIN
	DELETE FROM `workspace` WHERE `id` = OLD.`id` AND `kind` = 'personal';
END;--> statement-breakpoint
-- A personal workspace is its owner's alone: nobody else ever becomes its member.
CREATE TRIGGER `member_personal_alone` BEFORE INSERT ON `member`
WHEN NEW.`user_id` <> NEW.`workspace_id` AND (SELECT `kind` FROM `workspace` WHERE `id` = NEW.`workspace_id`) = 'personal'
BEGIN
	SELECT RAISE(ABORT, 'personal workspace');
END;--> statement-breakpoint
CREATE TRIGGER `member_role_personal` BEFORE UPDATE OF `role` ON `member`
WHEN NEW.`user_id` = NEW.`workspace_id` AND NEW.`role` <> 'owner'
BEGIN
	SELECT RAISE(ABORT, 'personal workspace');
END;--> statement-breakpoint
-- A team always keeps an owner, however many admins act at once: the count is taken inside the write. An account
-- being deleted (its user row already gone) takes its memberships with it.
CREATE TRIGGER `member_last_owner_delete` BEFORE DELETE ON `member`
WHEN OLD.`role` = 'owner'
	AND EXISTS (SELECT 1 FROM `user` WHERE `id` = OLD.`user_id`)
	AND EXISTS (SELECT 1 FROM `workspace` WHERE `id` = OLD.`workspace_id` AND `kind` = 'team')
	AND (SELECT count(*) FROM `member` WHERE `workspace_id` = OLD.`workspace_id` AND `role` = 'owner') <= 1
BEGIN
	SELECT RAISE(ABORT, 'last owner');
END;--> statement-breakpoint
CREATE TRIGGER `member_last_owner_update` BEFORE UPDATE OF `role` ON `member`
WHEN OLD.`role` = 'owner' AND NEW.`role` <> 'owner'
	AND (SELECT count(*) FROM `member` WHERE `workspace_id` = OLD.`workspace_id` AND `role` = 'owner') <= 1
BEGIN
	SELECT RAISE(ABORT, 'last owner');
END;
