-- What the scheduled jobs select, batch by batch, at a provider's real size (decision 0043). Each
-- batch reads its rows in the order of one of these indexes, so it costs its own rows, not a scan of
-- the table; a run that finds nothing due reads a few index pages.
-- Retention: registrations and invitations never completed (users that confirmed are not in it).
CREATE INDEX "users_unconfirmed_idx" ON "users" USING btree ("created_at") WHERE "users"."email_confirmed_at" is null AND "users"."deleted_at" is null;--> statement-breakpoint
-- Retention: what remains of erased accounts.
CREATE INDEX "users_erased_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
-- Retention: mails the worker is done with, by when (30 days of sent mail is the outbox's bulk).
CREATE INDEX "outbox_handled_idx" ON "outbox" USING btree ((coalesce("sent_at", "created_at"))) WHERE "outbox"."status" <> 'PENDING';--> statement-breakpoint
-- Retention: refresh tokens of sessions past their absolute end (every rotation adds a row).
CREATE INDEX "refresh_tokens_family_expires_idx" ON "refresh_tokens" USING btree ("family_expires_at");--> statement-breakpoint
-- Retention: one-time codes once expired or used (an employer's bulk invitation adds thousands).
CREATE INDEX "one_time_codes_expires_idx" ON "one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_used_idx" ON "one_time_codes" USING btree ("used_at") WHERE "one_time_codes"."used_at" is not null;--> statement-breakpoint
-- The reminders walk the running leases by employer and id (one policy read per employer and batch).
CREATE INDEX "orders_running_lease_idx" ON "orders" USING btree ("tenant_id","id") WHERE "orders"."status" = 'LEASING_ACTIVE' AND "orders"."handover_date" is not null;
