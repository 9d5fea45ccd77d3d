-- An account that is the only owner of a team with other members cannot be deleted (decision 0212): its owner hands
-- the team over first, and the account deletion page says so. A team the account is alone in goes with the account.
-- Checked here, in the deletion's own statement, so an owner stepping down at the same moment cannot leave a team
-- with members and no owner.
CREATE TRIGGER `user_delete_team_owner` BEFORE DELETE ON `user`
BEGIN
	SELECT RAISE(ABORT, 'only owner of a team')
	WHERE EXISTS (
		SELECT 1 FROM `member` m JOIN `workspace` w ON w.`id` = m.`workspace_id` AND w.`kind` = 'team'
		WHERE m.`user_id` = OLD.`id` AND m.`role` = 'owner'
			AND NOT EXISTS (SELECT 1 FROM `member` o WHERE o.`workspace_id` = m.`workspace_id` AND o.`role` = 'owner' AND o.`user_id` <> OLD.`id`)
			AND EXISTS (SELECT 1 FROM `member` o WHERE o.`workspace_id` = m.`workspace_id` AND o.`user_id` <> OLD.`id`)
	);
	DELETE FROM `workspace`
	WHERE `kind` = 'team'
		AND `id` IN (SELECT `workspace_id` FROM `member` WHERE `user_id` = OLD.`id`)
		AND NOT EXISTS (SELECT 1 FROM `member` o WHERE o.`workspace_id` = `workspace`.`id` AND o.`user_id` <> OLD.`id`);
END;
