-- Passkeys (WebAuthn): an account's public-key credentials; the private key never leaves the person's device.
-- `credential_id` is the authenticator's id (base64url), one account only; `public_key` is the COSE key (base64url).
-- `counter` is the authenticator's signature counter (a clone shows as a counter that goes back).
CREATE TABLE `passkey` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '' NOT NULL,
	`device_type` text DEFAULT 'singleDevice' NOT NULL,
	`backed_up` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_used_at` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `passkey_credential_idx` ON `passkey` (`credential_id`);--> statement-breakpoint
CREATE INDEX `passkey_user_idx` ON `passkey` (`user_id`);--> statement-breakpoint
-- The passkey a session was signed in with: removing the passkey ends those sessions (by the database).
ALTER TABLE `session` ADD `passkey_id` text REFERENCES `passkey`(`id`) ON DELETE cascade;
