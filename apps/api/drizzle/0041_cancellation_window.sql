-- The week to cancel (ADR 0053). The window is frozen with the signature: a later change of the
-- provider's setting does not move the deadline of an order already signed.
ALTER TABLE "orders" ADD COLUMN "cancellable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancellation_waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
-- Orders signed before the window existed get the contract's week from their signature: midnight in
-- Berlin after the seventh day that follows the day of the signature (§§ 187, 188 BGB).
UPDATE "orders"
  SET "cancellable_until" = (date_trunc('day', "signed_at" AT TIME ZONE 'Europe/Berlin') + interval '8 days')
    AT TIME ZONE 'Europe/Berlin'
  WHERE "signed_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "order_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"cancellation_days" integer DEFAULT 7 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_settings_single_row" CHECK ("id" = 1),
	CONSTRAINT "order_settings_cancellation_days" CHECK ("cancellation_days" BETWEEN 7 AND 30)
);--> statement-breakpoint
INSERT INTO "order_settings" ("id") VALUES (1);--> statement-breakpoint
GRANT SELECT, UPDATE ON order_settings TO leasing_app;--> statement-breakpoint
-- Everyone who signs reads the window's length; only the provider changes it.
ALTER TABLE order_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE order_settings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY order_settings_read ON order_settings FOR SELECT USING (true);--> statement-breakpoint
CREATE POLICY order_settings_write ON order_settings FOR UPDATE
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));
