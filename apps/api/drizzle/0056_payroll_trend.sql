-- The months of the employer overview's trend (ADR 0063): each month's payroll totals as last
-- computed, with the version of the inputs and code they came from. The trend answers from a row
-- while its version is the current one; otherwise the month is computed again and the row replaced.
-- Sums of an employer's payroll, encrypted as the salary profiles are (a small employer's sums are one
-- person's figures), bound to employer, month and version.
CREATE TABLE "payroll_month_totals" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"month" text NOT NULL,
	"inputs_version" text NOT NULL,
	"key_id" text NOT NULL,
	"iv" bytea NOT NULL,
	"ciphertext" bytea NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_month_totals_pkey" PRIMARY KEY ("tenant_id", "month"),
	CONSTRAINT "payroll_month_totals_month_check" CHECK ("month" ~ '^\d{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_month_totals TO leasing_app;
--> statement-breakpoint
ALTER TABLE payroll_month_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_month_totals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The employer's admins read and write their employer's months (the overview computes them on their
-- behalf); the platform and the provider all of them, as payroll_settings.
CREATE POLICY payroll_month_totals_scope ON payroll_month_totals
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN')
                 OR (s.role = 'TENANT_ADMIN' AND payroll_month_totals.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN')
                 OR (s.role = 'TENANT_ADMIN' AND payroll_month_totals.tenant_id = s.tenant_id)
            FROM app_scope() s));
