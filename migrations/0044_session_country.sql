-- The country the edge saw a session start from (Cloudflare's cf.country), shown in Settings → Account's devices.
ALTER TABLE `session` ADD `country` text;
