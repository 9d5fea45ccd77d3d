-- The language a donor gave in (the Donate page's), so their receipts, statements and gift mail reach them in it.
-- Gifts from before, imports and gifts entered by hand have none and read in English, as they always did.
ALTER TABLE `gift` ADD `locale` text;
ALTER TABLE `recurring_gift` ADD `locale` text;
