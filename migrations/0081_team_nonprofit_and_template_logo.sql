-- The nonprofit offer is the workspace's, as the plan is (decision 0254): an application names the workspace it is
-- for, a team's made by one of its owners or admins. Every application so far was for its applicant's own workspace,
-- whose id is the account's. One pending application per workspace, as there was one per account.
ALTER TABLE `nonprofit_application` ADD `workspace_id` text REFERENCES `workspace`(`id`) ON DELETE CASCADE;
UPDATE `nonprofit_application` SET `workspace_id` = `user_id`
  WHERE `workspace_id` IS NULL AND EXISTS (SELECT 1 FROM `workspace` w WHERE w.`id` = `nonprofit_application`.`user_id`);
DROP INDEX IF EXISTS `nonprofit_application_one_pending`;
CREATE UNIQUE INDEX `nonprofit_application_one_pending` ON `nonprofit_application` (`workspace_id`) WHERE status = 'pending';
-- A card template's logo (decision 0254): the key of the image kept in KV beside the cards' photos; none so far.
ALTER TABLE `card_template` ADD `logo_key` text;
