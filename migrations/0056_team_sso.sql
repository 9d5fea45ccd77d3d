-- Single sign-on for a team (decision 0214): the domains it proved, and its OpenID Connect provider.
-- A domain is proved by a DNS TXT record or by an admin's own confirmed mailbox on it; once proved it belongs to
-- one team only (the partial unique index), so two teams cannot both send an address to their provider.
CREATE TABLE `team_domain` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL REFERENCES `workspace`(`id`) ON DELETE cascade,
	`domain` text NOT NULL,
	`token` text NOT NULL,
	`verified_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `team_domain_team_idx` ON `team_domain` (`workspace_id`, `domain`);--> statement-breakpoint
CREATE UNIQUE INDEX `team_domain_verified_idx` ON `team_domain` (`domain`) WHERE `verified_at` IS NOT NULL;--> statement-breakpoint
-- One provider per team: its issuer (discovery at /.well-known/openid-configuration), client id, and client
-- secret encrypted with the auth secret. `enforced`: addresses on the team's domains sign in by SSO only.
CREATE TABLE `team_sso` (
	`workspace_id` text PRIMARY KEY NOT NULL REFERENCES `workspace`(`id`) ON DELETE cascade,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`enforced` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
