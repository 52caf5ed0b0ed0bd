-- The employer overview (employer/settings.ts: its people counts and its fingerprint of the payroll
-- inputs, employer/repository.ts) and the payroll export's keys read every order, policy and salary
-- profile of the employer on each request.
-- Without the columns they read (and those of each table's policy: row-level security reads them too)
-- in an index, each was a scan of the table's rows: at a provider's size (the large employer: 13,000
-- orders, 14,400 people) the salary profiles' heap alone was 4,800 pages of ciphertext (57,000
-- profiles, all employers') for the 14,400 versions of this employer's people, most of them read
-- from disk, and the orders' 3,300 pages for 13,000 rows. With the columns carried, these are
-- index-only scans of the employer's entries (the visibility map kept by autovacuum).
--
-- The orders' employer index also carries the order's id: the fingerprint and the payroll keys read it.
DROP INDEX IF EXISTS "orders_tenant_status_idx";
--> statement-breakpoint
CREATE INDEX "orders_tenant_status_idx" ON "orders" USING btree ("tenant_id","status","handover_date") INCLUDE ("user_id","current_user_step_id","id");
--> statement-breakpoint
-- The people of an employer by id (the salary profiles' and the payroll keys' join), with the columns
-- of the users policy.
DROP INDEX IF EXISTS "users_tenant_idx";
--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id") INCLUDE ("id","role");
--> statement-breakpoint
-- A profile's version and time of saving, without its ciphertext.
DROP INDEX IF EXISTS "salary_profiles_version_idx";
--> statement-breakpoint
CREATE INDEX "salary_profiles_version_idx" ON "salary_profiles" USING btree ("user_id") INCLUDE ("version","updated_at");
--> statement-breakpoint
-- The employer's order policies (no index on the employer before: a scan of every employer's).
DROP INDEX IF EXISTS "order_policies_tenant_idx";
--> statement-breakpoint
CREATE INDEX "order_policies_tenant_idx" ON "order_policies" USING btree ("tenant_id") INCLUDE ("order_id","deduction_start","employer_contribution_cents");
--> statement-breakpoint
-- The overview's participants leave out the orders of people who are no employee (any more): the few
-- admins and erased people, found without reading every person (a scan of all 58,000 people before,
-- 40 ms of the overview at size), with the columns of the users policy.
DROP INDEX IF EXISTS "users_not_employee_idx";
--> statement-breakpoint
CREATE INDEX "users_not_employee_idx" ON "users" USING btree ("id") INCLUDE ("tenant_id","role") WHERE "users"."role" <> 'EMPLOYEE' OR "users"."deleted_at" IS NOT NULL;
