-- The HR people search by the start of the personnel number (decision 0042). `lower(employee_id)` is
-- not leakproof, so under row-level security the search's OR of four starts could never use an index:
-- every search read all of the employer's people (12,000 at the large one) and filtered them. The
-- lower-cased number as a generated column (collation "C", like the name keys of 0028) is; the four
-- starts become one BitmapOr of index ranges.
ALTER TABLE "users" ADD COLUMN "employee_id_key" text COLLATE "C" GENERATED ALWAYS AS (lower("employee_id")) STORED;--> statement-breakpoint
CREATE INDEX "users_employee_id_key_idx" ON "users" USING btree ("employee_id_key");
