-- A licence check is a case kind of its own at the identity provider (LICENCE_CHECK). Its link expires
-- at the provider; keeping that time lets the refresh job end a check nobody finished, and lets a
-- repeated start hand out a fresh link instead of a dead one.
ALTER TABLE "licence_checks" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- The refresh job reads the open checks across all tenants in batches.
CREATE INDEX "licence_checks_pending_idx" ON "licence_checks" USING btree ("created_at", "id") WHERE "status" = 'PENDING';
--> statement-breakpoint
-- Checks still open from before were opened as identification cases: they can no longer complete
-- (the kind does not match). They end as abandoned; the employee starts a new check.
UPDATE "licence_checks" SET "status" = 'FAILED', "reason" = 'abandoned', "link" = NULL WHERE "status" = 'PENDING';
