-- What the owner marks as discussed with the person: the one note a draft may quote (notes stay private).
ALTER TABLE `connection` ADD `discussed` text;
--> statement-breakpoint
-- A Connected On date an earlier import carried becomes contact on the timeline, once per person.
INSERT INTO `interaction` (`user_id`, `connection_id`, `kind`, `source`, `occurred_at`, `text`, `client_id`)
SELECT h.`user_id`, h.`connection_id`, 'connected', 'import', min(h.`created_at`), 'Connected (as the imported file says)', 'connected-' || h.`connection_id`
FROM `person_history` h JOIN `connection` c ON c.`id` = h.`connection_id` AND c.`user_id` = h.`user_id`
WHERE h.`kind` = 'connected'
GROUP BY h.`user_id`, h.`connection_id`
ON CONFLICT (`user_id`, `client_id`) DO NOTHING;
--> statement-breakpoint
-- Last contacted counts real contact only: being added, merged or a note to oneself no longer moves it.
UPDATE `connection` SET `last_contact_at` = (
  SELECT max(i.`occurred_at`) FROM `interaction` i
  WHERE i.`user_id` = `connection`.`user_id` AND i.`connection_id` = `connection`.`id`
    AND (i.`kind` IN ('call', 'email', 'meeting', 'message', 'share-back', 'capture', 'saved-card', 'follow-up-sent', 'gift', 'connected') OR i.`source` = 'earlier')
);
