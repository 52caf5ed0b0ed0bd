-- Life during a lease: the absences without pay that HR records (they pause the payroll rows), and
-- every saved version of a salary profile (the payroll marks a month CHANGED when the commute that
-- drives the benefit changed since the month before).
CREATE TABLE "employee_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_absences_type_check" CHECK ("type" IN ('SICK_PAY', 'PARENTAL_LEAVE', 'UNPAID_LEAVE')),
	CONSTRAINT "employee_absences_dates_check" CHECK ("to_date" IS NULL OR "to_date" >= "from_date")
);
--> statement-breakpoint
ALTER TABLE "employee_absences" ADD CONSTRAINT "employee_absences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_absences" ADD CONSTRAINT "employee_absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_absences_tenant_idx" ON "employee_absences" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "employee_absences_user_idx" ON "employee_absences" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "salary_profile_history" (
	"user_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"key_id" text NOT NULL,
	"iv" bytea NOT NULL,
	"ciphertext" bytea NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_profile_history_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
ALTER TABLE "salary_profile_history" ADD CONSTRAINT "salary_profile_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON employee_absences, salary_profile_history TO leasing_app;
--> statement-breakpoint
ALTER TABLE employee_absences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employee_absences FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The person reads their own absences; the employer's admins read and write their own employer's;
-- the platform's scopes see all (the provider is told of every absence).
CREATE POLICY employee_absences_scope ON employee_absences
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR employee_absences.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND employee_absences.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM'
                      OR (s.role = 'TENANT_ADMIN' AND employee_absences.tenant_id = s.tenant_id)
                 FROM app_scope() s));
--> statement-breakpoint
ALTER TABLE salary_profile_history ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE salary_profile_history FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- As the salary profile itself: the person and the platform's system scope alone.
CREATE POLICY salary_profile_history_scope ON salary_profile_history
  USING ((SELECT s.role = 'SYSTEM' OR salary_profile_history.user_id = s.user_id FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR salary_profile_history.user_id = s.user_id FROM app_scope() s));
