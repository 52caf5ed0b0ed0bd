-- Additional drivers of a leased car (ADR 0055): named by the employee, each checked by the identity
-- provider's licence check (a case of kind LICENCE_CHECK the driver completes from a mailed link).
-- A removed driver keeps its row (`removed_at`): the drivers' documents name who was insured when.
CREATE TABLE "additional_drivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"licence_issued_on" text NOT NULL,
	"licence_country" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"checked_on" text,
	"provider_case_id" text,
	"link" text,
	"expires_at" timestamp with time zone,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "additional_drivers_status_check" CHECK ("status" IN ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE INDEX "additional_drivers_order_idx" ON "additional_drivers" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "additional_drivers_case_idx" ON "additional_drivers" USING btree ("provider_case_id");--> statement-breakpoint
CREATE INDEX "additional_drivers_user_idx" ON "additional_drivers" USING btree ("user_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON additional_drivers TO leasing_app;--> statement-breakpoint
ALTER TABLE additional_drivers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE additional_drivers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- The employee names and removes their drivers; HR reads its employer's, the provider all; the
-- platform records the licence check's outcome.
CREATE POLICY additional_drivers_scope ON additional_drivers
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR additional_drivers.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND additional_drivers.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR additional_drivers.user_id = s.user_id FROM app_scope() s));
