-- A card's second version in another language (its code, name, title, headline, company and address), as
-- one JSON object; cards from before have none and read as they always did.
ALTER TABLE `card` ADD `second_language` text;
