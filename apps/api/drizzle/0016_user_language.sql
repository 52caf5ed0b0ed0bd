ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
-- Only the two languages the product speaks.
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('de', 'en'));
