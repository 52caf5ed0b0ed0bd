-- What the screens and exports filter and sort by, at a provider's real size (tens of thousands of
-- people and orders). Each index names the query it serves; the EXPLAIN test (db/explain.test.ts)
-- fails when one of these queries scans a large table again.
-- The HR people list: one employer's employees by name, or by personnel number (employer/repository.ts).
CREATE INDEX "users_tenant_name_idx" ON "users" USING btree ("tenant_id","last_name","first_name","id") WHERE "users"."role" = 'EMPLOYEE' AND "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_tenant_employee_id_idx" ON "users" USING btree ("tenant_id","employee_id") WHERE "users"."role" = 'EMPLOYEE' AND "users"."deleted_at" is null;--> statement-breakpoint
-- The payroll export and the overview (an employer's handed-over leases and open approvals), the
-- provider's dashboard counts and the pipeline filtered by employer.
CREATE INDEX "orders_tenant_status_idx" ON "orders" USING btree ("tenant_id","status","handover_date");--> statement-breakpoint
CREATE INDEX "orders_tenant_id_desc_idx" ON "orders" USING btree ("tenant_id","id" DESC);--> statement-breakpoint
-- The expiry check: unsigned orders created before a cut-off.
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
-- The dashboard reads the step history from where it left off (records after a sequence number).
CREATE UNIQUE INDEX "user_steps_seq_idx" ON "user_steps" USING btree ("seq");
--> statement-breakpoint
-- The scope functions answer one row. Planned as a thousand (the default), every policy's per-row
-- check looked a thousand times dearer than it is, and a count over twenty thousand orders crossed
-- the server's JIT threshold: half a second of compiling for a statement that runs in a fraction.
ALTER FUNCTION app_verified_scope(boolean) ROWS 1;--> statement-breakpoint
ALTER FUNCTION app_scope() ROWS 1;
