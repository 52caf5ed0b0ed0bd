-- A request for a larger kilometre package during the lease (ADR 0058): the employee asks, the
-- provider approves or declines. Approved, the new package's rate and kilometre terms apply from the
-- month after the decision: the payroll, the invoices and the return's settlement read them here.
CREATE TABLE "package_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"from_package" jsonb NOT NULL,
	"to_package" jsonb NOT NULL,
	"effective_month" text,
	"note" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "package_changes_status_check" CHECK ("status" IN ('REQUESTED', 'APPROVED', 'DECLINED')),
	CONSTRAINT "package_changes_effective_check" CHECK (("status" = 'APPROVED') = ("effective_month" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "package_changes_order_idx" ON "package_changes" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE INDEX "package_changes_status_idx" ON "package_changes" USING btree ("status","requested_at");--> statement-breakpoint
-- One open request per lease: a second waits for the first decision.
CREATE UNIQUE INDEX "package_changes_open_unique" ON "package_changes" USING btree ("order_id") WHERE "status" = 'REQUESTED';--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON package_changes TO leasing_app;--> statement-breakpoint
ALTER TABLE package_changes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE package_changes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- The person asks and reads their own; the employer's admins read their employer's (the payroll
-- follows the new rate), the provider reads all and decides.
CREATE POLICY package_changes_read ON package_changes FOR SELECT
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR package_changes.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND package_changes.tenant_id = s.tenant_id)
            FROM app_scope() s));--> statement-breakpoint
CREATE POLICY package_changes_request ON package_changes FOR INSERT
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR (s.role = 'EMPLOYEE' AND package_changes.user_id = s.user_id) FROM app_scope() s));--> statement-breakpoint
CREATE POLICY package_changes_decide ON package_changes FOR UPDATE
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));
