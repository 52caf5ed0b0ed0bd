-- A key is now written together with its answer, in the transaction of the order it describes
-- (lib/idempotency.ts). Claims without an answer left by the former two-step scheme (a process that
-- died between claim and answer) would block their key: they go, and the column says the rule.
DELETE FROM "idempotency_keys" WHERE "answer" IS NULL;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "answer" SET NOT NULL;--> statement-breakpoint
-- The retention job removes keys past their 24 hours by this column.
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
