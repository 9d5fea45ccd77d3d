-- The account's own language (decision 0269): the mails an account gets are written in it. Set at sign-up from
-- the page's language and changed in Settings → Account; null (accounts from before) reads English.
ALTER TABLE `user` ADD `locale` text;
