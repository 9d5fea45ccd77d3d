-- A team's seats follow its members (decision 0253): every recount of the seats takes the next version, and the
-- version last sent to the payments processor is kept, so a send that failed or was overtaken is sent again and a
-- repeated one is Stripe's replay (its idempotency key names the version), never a second seat.
ALTER TABLE `account_plan` ADD `seats_version` integer DEFAULT 0 NOT NULL;
ALTER TABLE `account_plan` ADD `seats_sent_version` integer DEFAULT 0 NOT NULL;
