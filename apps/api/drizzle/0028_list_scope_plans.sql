-- The largest lists (people, orders) under row-level security. Written as one correlated subquery
-- (`(SELECT … OR orders.user_id = s.user_id … FROM app_scope() s)`), a policy is a subplan run once
-- per row: counting 20,000 orders ran the scope function 20,000 times (32 ms of a 33 ms count), and
-- the employer's id could not reach an index. The same rules as uncorrelated subqueries are
-- evaluated once per statement (init plans); `tenant_id = (SELECT …)` becomes an index condition.
-- Where the scope is missing (no row) every subquery is null and nothing is visible, as before.
ALTER POLICY orders_scope ON orders
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s)
         OR orders.user_id = (SELECT s.user_id FROM app_scope() s)
         OR (orders.tenant_id = (SELECT s.tenant_id FROM app_scope() s)
             AND (SELECT s.role = 'TENANT_ADMIN' FROM app_scope() s)));
--> statement-breakpoint
ALTER POLICY users_scope ON users
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN') FROM app_scope() s)
         OR users.id = (SELECT s.user_id FROM app_scope() s)
         OR users.tenant_id = (SELECT s.tenant_id FROM app_scope() s)
         OR (users.role = 'PROVIDER_ADMIN' AND (SELECT s.user_id IS NOT NULL FROM app_scope() s)));
--> statement-breakpoint
ALTER POLICY employment_ends_scope ON employment_ends
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s)
         OR employment_ends.user_id = (SELECT s.user_id FROM app_scope() s)
         OR (employment_ends.tenant_id = (SELECT s.tenant_id FROM app_scope() s)
             AND (SELECT s.role = 'TENANT_ADMIN' FROM app_scope() s)));
--> statement-breakpoint
-- The overview's fingerprint of the payroll inputs reads an employer's salary profiles and order
-- policies as the platform: per row the profile's policy ran the scope function, and the order
-- policies' check built a hash of all orders. The platform and the provider see every order anyway
-- (orders_scope), so their check of the order is left out.
ALTER POLICY salary_profiles_scope ON salary_profiles
  USING ((SELECT s.role = 'SYSTEM' FROM app_scope() s)
         OR salary_profiles.user_id = (SELECT s.user_id FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY order_policies_scope ON order_policies
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s)
         OR EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
-- Searching people by a part of the name (`ILIKE '%müller%'`) read all 60,000 people: LIKE is not
-- leakproof, so under row-level security it may never become an index condition. A search is now
-- by the start of a name ("Anna M…", "Müller A…") or of the e-mail address, with `starts_with`,
-- which is leakproof and becomes a range over a btree in the byte order of collation "C". The keys
-- are lower-cased copies the database keeps itself.
ALTER TABLE "users" ADD COLUMN "name_key" text COLLATE "C" GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key_reversed" text COLLATE "C" GENERATED ALWAYS AS (lower("last_name" || ' ' || "first_name")) STORED;--> statement-breakpoint
CREATE INDEX "users_name_key_idx" ON "users" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "users_name_key_reversed_idx" ON "users" USING btree ("name_key_reversed");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" COLLATE "C");
