-- The language an attendee joined in (the event page's), so their pass and event mail reach them in it.
-- Attendees from before have none and read English, as they always did.
ALTER TABLE `org_attendee` ADD `locale` text;
