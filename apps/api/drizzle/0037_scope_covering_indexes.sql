-- The counts and searches of the paged lists (ADR 0045). Under row-level security a statement also
-- reads the columns of each table's policy (orders: tenant_id, user_id; users: id, tenant_id, role),
-- so an index without them sends the statement to the table's rows: counting the provider's 20,000
-- orders was a sequential scan of 3,300 pages (6–8 ms), the large employer's 15,000 people a bitmap
-- heap scan (4–5 ms), the people found by "müller" 1,183 pages read for 1,652 rows. With the policy's
-- columns carried in the index, these are index-only scans (2–3 ms) wherever the visibility map is kept
-- (autovacuum, on by default; docs/deploy.md).
DROP INDEX IF EXISTS "orders_tenant_status_idx";
--> statement-breakpoint
-- Also the admins' counts of open orders (`current_user_step_id`) and the employers' running orders.
CREATE INDEX "orders_tenant_status_idx" ON "orders" USING btree ("tenant_id","status","handover_date") INCLUDE ("user_id","current_user_step_id");
--> statement-breakpoint
-- The orders of the people a search found, counted without their rows.
DROP INDEX IF EXISTS "orders_user_idx";
--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id") INCLUDE ("tenant_id");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_name_idx";
--> statement-breakpoint
CREATE INDEX "users_tenant_name_idx" ON "users" USING btree ("tenant_id","last_name","first_name","id") INCLUDE ("role") WHERE "users"."role" = 'EMPLOYEE' AND "users"."deleted_at" is null;
--> statement-breakpoint
-- The search keys (migrations 0028, 0030): the people a search finds, by id, from the index alone.
DROP INDEX IF EXISTS "users_name_key_idx";
--> statement-breakpoint
CREATE INDEX "users_name_key_idx" ON "users" USING btree ("name_key") INCLUDE ("id","tenant_id","role");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_name_key_reversed_idx";
--> statement-breakpoint
CREATE INDEX "users_name_key_reversed_idx" ON "users" USING btree ("name_key_reversed") INCLUDE ("id","tenant_id","role");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_prefix_idx";
--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" COLLATE "C") INCLUDE ("id","tenant_id","role");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_employee_id_key_idx";
--> statement-breakpoint
CREATE INDEX "users_employee_id_key_idx" ON "users" USING btree ("employee_id_key") INCLUDE ("id","tenant_id","role");
