-- Consents, bases and withdrawals recorded in a team before the sender was read from the workspace carry an
-- empty sender (a team has no user row): they name the team, as they were given to it. Nothing else changes.
UPDATE `consent_record` SET `sender_name` = (
  SELECT trim(`w`.`name`) FROM `workspace` `w` WHERE `w`.`id` = `consent_record`.`sender_workspace_id`
)
WHERE trim(`sender_name`) = ''
  AND `sender_workspace_id` IN (SELECT `id` FROM `workspace` WHERE `kind` = 'team' AND trim(coalesce(`name`, '')) <> '');
