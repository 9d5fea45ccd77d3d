-- Why each person gets a mailing, from the consent or basis it is sent under (decision 0180):
-- written when the mailing is made; empty for mailings made before, which keep their general line.
ALTER TABLE `mailing_recipient` ADD `reason` text DEFAULT '' NOT NULL;
