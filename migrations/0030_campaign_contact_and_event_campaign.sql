-- Where a campaign's donors reach the charity itself (the "Contact" link on its public page); empty until given.
ALTER TABLE `fundraising_org` ADD `contact_email` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The organiser's campaign a public event raises for; the event page names and links it.
ALTER TABLE `org_event` ADD `campaign_id` text REFERENCES campaign(id) ON DELETE set null;
