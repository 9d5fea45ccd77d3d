-- A team's default card template (decision 0260): a member its directory (SCIM) adds is issued a card from it. A
-- new column, null for every existing workspace (no default until an admin picks one); the template's deletion
-- clears it.
ALTER TABLE `workspace` ADD `default_template_id` text REFERENCES `card_template`(`id`) ON DELETE set null;
