-- Team sign-in rules (decision 0242). A team may require its members to sign in with a passkey or two-step sign-in:
-- a new column with a default, so every existing workspace keeps its rows and requires nothing until asked to.
ALTER TABLE `workspace` ADD `require_second_factor` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- The team whose provider opened a session (decision 0242): when the team makes SSO the only way in, its addresses'
-- other sessions (password, passkey) end, and these stay. Existing sessions opened none: null.
ALTER TABLE `session` ADD `sso_workspace_id` text;
