-- Who met and who owns each person in a workspace, which notes are private to their author, whose a follow-up is,
-- and whether a team's members see all its people (decision 0234). In a personal workspace everything is its
-- user's, as it always was. A team's existing people name no one who met them (nothing recorded it), so their
-- owner is the team's first owner, who sees them anyway; met_by stays empty rather than guessed.
ALTER TABLE `connection` ADD `met_by` text REFERENCES `user`(`id`) ON DELETE SET NULL;
ALTER TABLE `connection` ADD `owner_id` text REFERENCES `user`(`id`) ON DELETE SET NULL;
ALTER TABLE `connection` ADD `shared` integer DEFAULT 0 NOT NULL;
ALTER TABLE `interaction` ADD `author_id` text REFERENCES `user`(`id`) ON DELETE SET NULL;
ALTER TABLE `interaction` ADD `private` integer DEFAULT 0 NOT NULL;
ALTER TABLE `reminder` ADD `owner_id` text REFERENCES `user`(`id`) ON DELETE SET NULL;
ALTER TABLE `workspace` ADD `members_see_all` integer DEFAULT 0 NOT NULL;
UPDATE `connection` SET `met_by` = `user_id`, `owner_id` = `user_id`
  WHERE `user_id` IN (SELECT `id` FROM `workspace` WHERE `kind` = 'personal');
UPDATE `connection` SET `owner_id` = (
    SELECT m.`user_id` FROM `member` m WHERE m.`workspace_id` = `connection`.`user_id` AND m.`role` = 'owner'
    ORDER BY m.`created_at`, m.`user_id` LIMIT 1)
  WHERE `user_id` IN (SELECT `id` FROM `workspace` WHERE `kind` = 'team');
-- Notes written before stay as visible as they were: private is for notes a member writes in a team from now on.
UPDATE `interaction` SET `author_id` = `user_id`
  WHERE `source` = 'manual' AND `user_id` IN (SELECT `id` FROM `workspace` WHERE `kind` = 'personal');
UPDATE `reminder` SET `owner_id` = coalesce(
    (SELECT c.`owner_id` FROM `connection` c WHERE c.`id` = `reminder`.`connection_id`),
    (SELECT m.`user_id` FROM `member` m WHERE m.`workspace_id` = `reminder`.`user_id` AND m.`role` = 'owner'
      ORDER BY m.`created_at`, m.`user_id` LIMIT 1));
CREATE INDEX `connection_owner_idx` ON `connection` (`owner_id`);
CREATE INDEX `connection_met_by_idx` ON `connection` (`met_by`);
CREATE INDEX `reminder_owner_idx` ON `reminder` (`owner_id`);
CREATE INDEX `interaction_author_idx` ON `interaction` (`author_id`);
-- Every way a person enters (the people core, an import, a merge undone) gets an owner: the member who met them,
-- else the personal workspace's user, else the team's first owner. Only rows arriving without one are touched.
CREATE TRIGGER `connection_owner_default` AFTER INSERT ON `connection` WHEN NEW.`owner_id` IS NULL
BEGIN
	UPDATE `connection` SET
		`met_by` = coalesce(NEW.`met_by`, (SELECT w.`id` FROM `workspace` w WHERE w.`id` = NEW.`user_id` AND w.`kind` = 'personal')),
		`owner_id` = coalesce(NEW.`met_by`,
			(SELECT w.`id` FROM `workspace` w WHERE w.`id` = NEW.`user_id` AND w.`kind` = 'personal'),
			(SELECT m.`user_id` FROM `member` m WHERE m.`workspace_id` = NEW.`user_id` AND m.`role` = 'owner'
				ORDER BY m.`created_at`, m.`user_id` LIMIT 1))
	WHERE `id` = NEW.`id`;
END;
-- A follow-up belongs to its person's owner (or, without a person, to whoever the workspace's rule names).
CREATE TRIGGER `reminder_owner_default` AFTER INSERT ON `reminder` WHEN NEW.`owner_id` IS NULL
BEGIN
	UPDATE `reminder` SET `owner_id` = coalesce(
		(SELECT c.`owner_id` FROM `connection` c WHERE c.`id` = NEW.`connection_id`),
		(SELECT w.`id` FROM `workspace` w WHERE w.`id` = NEW.`user_id` AND w.`kind` = 'personal'),
		(SELECT m.`user_id` FROM `member` m WHERE m.`workspace_id` = NEW.`user_id` AND m.`role` = 'owner'
			ORDER BY m.`created_at`, m.`user_id` LIMIT 1))
	WHERE `id` = NEW.`id`;
END;
