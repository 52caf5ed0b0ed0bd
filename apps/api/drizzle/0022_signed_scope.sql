-- Row-level security that the application's own role cannot switch off (decision 0013). Until now
-- the policies believed app.role, app.tenant_id and app.user_id as they found them, and any
-- statement of the application role could set them (`set_config('app.role', 'SYSTEM', false)`).
-- From here on the application signs the three with a key that only the tables' owner reads, bound
-- to the database session (its backend pid), and the policies believe a scope only with a signature
-- that matches. The key never leaves the database except to the owner's own connection at start-up.
--
-- The key: 32 bytes from two version-4 UUIDs (244 random bits of the server's strong random source;
-- pgcrypto is not everywhere, PGlite has none), with the HMAC-SHA256 pads precomputed (RFC 2104).
CREATE TABLE scope_signing_key (
  only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  secret bytea NOT NULL,
  inner_pad bytea NOT NULL,
  outer_pad bytea NOT NULL
);
--> statement-breakpoint
-- Migration 0009's default privileges gave leasing_app this table too: take them back.
REVOKE ALL ON scope_signing_key FROM PUBLIC, leasing_app;
--> statement-breakpoint
DO $$
DECLARE
  secret bytea := decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex');
  inner_pad bytea := decode(repeat('36', 64), 'hex');
  outer_pad bytea := decode(repeat('5c', 64), 'hex');
BEGIN
  FOR i IN 0 .. length(secret) - 1 LOOP
    inner_pad := set_byte(inner_pad, i, get_byte(secret, i) # 54);
    outer_pad := set_byte(outer_pad, i, get_byte(secret, i) # 92);
  END LOOP;
  INSERT INTO scope_signing_key (secret, inner_pad, outer_pad) VALUES (secret, inner_pad, outer_pad);
END
$$;
--> statement-breakpoint
-- Whether the session's scope carries the application's signature:
--   app.scope_signature = hex(HMAC-SHA256(key, role || '|' || tenant_id || '|' || user_id || '|' || pid))
-- It runs as the owner to read the key; the caller learns a yes or no, never the key.
CREATE FUNCTION app_scope_authentic() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(
    current_setting('app.scope_signature', true) = encode(sha256(k.outer_pad || sha256(k.inner_pad || convert_to(
      coalesce(current_setting('app.role', true), '') || '|' || coalesce(current_setting('app.tenant_id', true), '')
        || '|' || coalesce(current_setting('app.user_id', true), '') || '|' || pg_backend_pid()::text,
      'UTF8'))), 'hex'),
    false)
  FROM public.scope_signing_key k
$$;
--> statement-breakpoint
-- Whoever may read the key (the owner running migrations, a superuser) could sign anything and may
-- switch the policies off anyway: their word is taken as it is. Everyone else needs the signature.
CREATE FUNCTION app_scope_trusted() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT has_table_privilege('public.scope_signing_key', 'SELECT') OR app_scope_authentic() $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_scope_role() RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT CASE WHEN app_scope_trusted() THEN nullif(current_setting('app.role', true), '') END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT CASE WHEN app_scope_trusted() THEN nullif(current_setting('app.tenant_id', true), '')::uuid END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT CASE WHEN app_scope_trusted() THEN nullif(current_setting('app.user_id', true), '')::uuid END $$;
--> statement-breakpoint
-- The checks above cost a signature per call. In a policy, each call is wrapped in a sub-select
-- (`(SELECT app_user_id())`): PostgreSQL computes it once per statement (an InitPlan) instead of
-- once per row, and the value it returns is the one that was checked. New policies do the same.
ALTER POLICY users_scope ON users
  USING ((SELECT app_sees_all()) OR (SELECT app_signs_in()) OR id = (SELECT app_user_id())
         OR tenant_id = (SELECT app_tenant_id()) OR (role = 'PROVIDER_ADMIN' AND (SELECT app_signed_in())))
  WITH CHECK ((SELECT app_sees_all()) OR (SELECT app_signs_in()) OR id = (SELECT app_user_id())
              OR ((SELECT app_scope_role()) = 'TENANT_ADMIN' AND tenant_id = (SELECT app_tenant_id())));
--> statement-breakpoint
-- app_manages_user(user_id), spelled out so that its parts are computed once, not per row.
ALTER POLICY user_addresses_scope ON user_addresses
  USING ((SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
         OR ((SELECT app_scope_role()) = 'TENANT_ADMIN'
             AND user_id IN (SELECT u.id FROM users u WHERE u.tenant_id = (SELECT app_tenant_id()))))
  WITH CHECK ((SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
              OR ((SELECT app_scope_role()) = 'TENANT_ADMIN'
                  AND user_id IN (SELECT u.id FROM users u WHERE u.tenant_id = (SELECT app_tenant_id()))));
--> statement-breakpoint
ALTER POLICY refresh_tokens_scope ON refresh_tokens
  USING ((SELECT app_signs_in()) OR (SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
         OR ((SELECT app_scope_role()) = 'TENANT_ADMIN'
             AND user_id IN (SELECT u.id FROM users u WHERE u.tenant_id = (SELECT app_tenant_id()))))
  WITH CHECK ((SELECT app_signs_in()) OR (SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
              OR ((SELECT app_scope_role()) = 'TENANT_ADMIN'
                  AND user_id IN (SELECT u.id FROM users u WHERE u.tenant_id = (SELECT app_tenant_id()))));
--> statement-breakpoint
ALTER POLICY one_time_codes_scope ON one_time_codes
  USING ((SELECT app_signs_in()) OR (SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
         OR ((SELECT app_scope_role()) = 'TENANT_ADMIN'
             AND user_id IN (SELECT u.id FROM users u WHERE u.tenant_id = (SELECT app_tenant_id()))))
  WITH CHECK ((SELECT app_signs_in()) OR (SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
              OR ((SELECT app_scope_role()) = 'TENANT_ADMIN'
                  AND user_id IN (SELECT u.id FROM users u WHERE u.tenant_id = (SELECT app_tenant_id()))));
--> statement-breakpoint
ALTER POLICY salary_profiles_scope ON salary_profiles
  USING ((SELECT app_scope_role()) = 'SYSTEM' OR user_id = (SELECT app_user_id()))
  WITH CHECK ((SELECT app_scope_role()) = 'SYSTEM' OR user_id = (SELECT app_user_id()));
--> statement-breakpoint
ALTER POLICY idempotency_keys_scope ON idempotency_keys
  USING ((SELECT app_scope_role()) = 'SYSTEM' OR user_id = (SELECT app_user_id()))
  WITH CHECK ((SELECT app_scope_role()) = 'SYSTEM' OR user_id = (SELECT app_user_id()));
--> statement-breakpoint
ALTER POLICY mfa_challenges_scope ON mfa_challenges
  USING ((SELECT app_scope_role()) IN ('SYSTEM', 'SIGN_IN') OR user_id = (SELECT app_user_id()))
  WITH CHECK ((SELECT app_scope_role()) IN ('SYSTEM', 'SIGN_IN') OR user_id = (SELECT app_user_id()));
--> statement-breakpoint
ALTER POLICY mfa_recovery_codes_scope ON mfa_recovery_codes
  USING ((SELECT app_scope_role()) IN ('SYSTEM', 'SIGN_IN') OR user_id = (SELECT app_user_id()))
  WITH CHECK ((SELECT app_scope_role()) IN ('SYSTEM', 'SIGN_IN') OR user_id = (SELECT app_user_id()));
--> statement-breakpoint
ALTER POLICY orders_scope ON orders
  USING ((SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
         OR ((SELECT app_scope_role()) = 'TENANT_ADMIN' AND tenant_id = (SELECT app_tenant_id())))
  WITH CHECK ((SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
              OR ((SELECT app_scope_role()) = 'TENANT_ADMIN' AND tenant_id = (SELECT app_tenant_id())));
--> statement-breakpoint
ALTER POLICY employment_ends_scope ON employment_ends
  USING ((SELECT app_sees_all()) OR user_id = (SELECT app_user_id())
         OR ((SELECT app_scope_role()) = 'TENANT_ADMIN' AND tenant_id = (SELECT app_tenant_id())))
  WITH CHECK ((SELECT app_sees_all())
              OR ((SELECT app_scope_role()) = 'TENANT_ADMIN' AND tenant_id = (SELECT app_tenant_id())));
--> statement-breakpoint
ALTER POLICY payroll_settings_scope ON payroll_settings
  USING ((SELECT app_sees_all())
         OR ((SELECT app_scope_role()) = 'TENANT_ADMIN' AND tenant_id = (SELECT app_tenant_id())))
  WITH CHECK ((SELECT app_sees_all())
              OR ((SELECT app_scope_role()) = 'TENANT_ADMIN' AND tenant_id = (SELECT app_tenant_id())));
--> statement-breakpoint
ALTER POLICY tenant_policies_scope ON tenant_policies
  USING ((SELECT app_sees_all()) OR tenant_id = (SELECT app_tenant_id()))
  WITH CHECK ((SELECT app_sees_all())
              OR ((SELECT app_scope_role()) = 'TENANT_ADMIN' AND tenant_id = (SELECT app_tenant_id())));
--> statement-breakpoint
ALTER POLICY tenants_scope ON tenants
  USING ((SELECT app_sees_all()) OR (SELECT app_signs_in()) OR id = (SELECT app_tenant_id()))
  WITH CHECK ((SELECT app_sees_all()));
--> statement-breakpoint
ALTER POLICY outbox_queue ON outbox
  WITH CHECK ((SELECT app_scope_role()) IS NOT NULL AND (SELECT app_scope_role()) <> 'ANONYMOUS');
--> statement-breakpoint
ALTER POLICY outbox_platform ON outbox USING ((SELECT app_scope_role()) = 'SYSTEM');
--> statement-breakpoint
ALTER POLICY audit_log_append ON audit_log WITH CHECK ((SELECT app_scope_role()) IS NOT NULL);
--> statement-breakpoint
ALTER POLICY audit_log_read ON audit_log USING ((SELECT app_sees_all()));
--> statement-breakpoint
ALTER POLICY simulator_cases_platform ON simulator_cases
  USING ((SELECT app_scope_role()) = 'SYSTEM') WITH CHECK ((SELECT app_scope_role()) = 'SYSTEM');
