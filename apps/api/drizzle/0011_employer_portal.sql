CREATE TABLE "employment_ends" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"leaving_date" text NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_policies" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"policy_version" integer,
	"deduction_start" text NOT NULL,
	"employer_contribution_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_policies" (
	"tenant_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"policy" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_policies_tenant_id_version_pk" PRIMARY KEY("tenant_id","version")
);
--> statement-breakpoint
ALTER TABLE "employment_ends" ADD CONSTRAINT "employment_ends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_ends" ADD CONSTRAINT "employment_ends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_policies" ADD CONSTRAINT "order_policies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_policies" ADD CONSTRAINT "order_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_policies" ADD CONSTRAINT "tenant_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employment_ends_tenant_idx" ON "employment_ends" USING btree ("tenant_id");--> statement-breakpoint
-- Row-level security in the style of 0009: each table belongs to one employer.
GRANT SELECT, INSERT, UPDATE, DELETE ON employment_ends, order_policies, payroll_settings, tenant_policies TO leasing_app;
--> statement-breakpoint
ALTER TABLE tenant_policies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenant_policies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Everyone of the employer reads the policy (it shapes the employees' rates); only its admins write.
CREATE POLICY tenant_policies_scope ON tenant_policies
  USING (app_sees_all() OR tenant_id = app_tenant_id())
  WITH CHECK (app_sees_all() OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()));
--> statement-breakpoint
ALTER TABLE order_policies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE order_policies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Follows the order: the employee writes it with the order, the employer's admins read it.
CREATE POLICY order_policies_scope ON order_policies
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id AND o.tenant_id = order_policies.tenant_id));
--> statement-breakpoint
ALTER TABLE employment_ends ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employment_ends FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY employment_ends_scope ON employment_ends
  USING (app_sees_all() OR user_id = app_user_id() OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()))
  WITH CHECK (app_sees_all() OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()));
--> statement-breakpoint
ALTER TABLE payroll_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY payroll_settings_scope ON payroll_settings
  USING (app_sees_all() OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()))
  WITH CHECK (app_sees_all() OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()));
