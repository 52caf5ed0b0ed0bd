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
-- The scope the session names, if the application signed it:
--   app.scope_signature = hex(HMAC-SHA256(key, role || '|' || tenant_id || '|' || user_id || '|' || pid))
-- else no row at all (so a policy that asks sees nothing). It runs as the owner to read the key;
-- the caller learns the scope it set itself, never the key. `owner_asks`: whoever may read the key
-- (the owner running migrations, a superuser) could sign anything and may switch the policies off
-- anyway, so their word is taken as it is; app_scope() below passes it, and a statement that passes
-- true itself only gets its own settings back.
CREATE FUNCTION app_verified_scope(owner_asks boolean) RETURNS TABLE (role text, tenant_id uuid, user_id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  k public.scope_signing_key;
  r text := coalesce(current_setting('app.role', true), '');
  t text := coalesce(current_setting('app.tenant_id', true), '');
  u text := coalesce(current_setting('app.user_id', true), '');
BEGIN
  IF NOT owner_asks THEN
    SELECT * INTO k FROM public.scope_signing_key;
    IF current_setting('app.scope_signature', true) IS DISTINCT FROM encode(sha256(k.outer_pad || sha256(k.inner_pad
         || convert_to(r || '|' || t || '|' || u || '|' || pg_backend_pid(), 'UTF8'))), 'hex') THEN
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT nullif(r, ''), nullif(t, '')::uuid, nullif(u, '')::uuid;
END
$$;
--> statement-breakpoint
CREATE FUNCTION app_scope() RETURNS TABLE (role text, tenant_id uuid, user_id uuid) LANGUAGE sql STABLE AS
  $$ SELECT * FROM app_verified_scope(has_table_privilege('public.scope_signing_key', 'SELECT')) $$;
--> statement-breakpoint
-- The helpers of 0009 and 0017 now read the verified scope too. Each call checks a signature, so
-- policies no longer call them per row (see below); they stay for anything written against them.
CREATE OR REPLACE FUNCTION app_scope_role() RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT s.role FROM app_scope() s $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT s.tenant_id FROM app_scope() s $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT s.user_id FROM app_scope() s $$;
--> statement-breakpoint
-- Whether a person belongs to an employer (under the users policy). A function, so that it is
-- planned only when a tenant admin's query reaches it.
CREATE FUNCTION app_user_of_tenant(subject uuid, tenant uuid) RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = subject AND u.tenant_id = tenant) $$;
--> statement-breakpoint
-- Every policy reads the scope once per statement: `(SELECT … FROM app_scope() s)`. The function
-- scan keeps its one row for the whole statement (its argument never changes), so the signature is
-- checked once, not once per row, and every part of a policy uses the same checked values. Same
-- rules as before (0009, 0011, 0013, 0017); new policies follow this form (db/rls.test.ts checks).
ALTER POLICY users_scope ON users
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN') OR users.id = s.user_id
                 OR users.tenant_id = s.tenant_id OR (users.role = 'PROVIDER_ADMIN' AND s.user_id IS NOT NULL)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN') OR users.id = s.user_id
                      OR (s.role = 'TENANT_ADMIN' AND users.tenant_id = s.tenant_id)
                 FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY user_addresses_scope ON user_addresses
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR user_addresses.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND app_user_of_tenant(user_addresses.user_id, s.tenant_id))
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR user_addresses.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND app_user_of_tenant(user_addresses.user_id, s.tenant_id))
            FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY refresh_tokens_scope ON refresh_tokens
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN') OR refresh_tokens.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND app_user_of_tenant(refresh_tokens.user_id, s.tenant_id))
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN') OR refresh_tokens.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND app_user_of_tenant(refresh_tokens.user_id, s.tenant_id))
            FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY one_time_codes_scope ON one_time_codes
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN') OR one_time_codes.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND app_user_of_tenant(one_time_codes.user_id, s.tenant_id))
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN') OR one_time_codes.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND app_user_of_tenant(one_time_codes.user_id, s.tenant_id))
            FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY salary_profiles_scope ON salary_profiles
  USING ((SELECT s.role = 'SYSTEM' OR salary_profiles.user_id = s.user_id FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR salary_profiles.user_id = s.user_id FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY idempotency_keys_scope ON idempotency_keys
  USING ((SELECT s.role = 'SYSTEM' OR idempotency_keys.user_id = s.user_id FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR idempotency_keys.user_id = s.user_id FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY mfa_challenges_scope ON mfa_challenges
  USING ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') OR mfa_challenges.user_id = s.user_id FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') OR mfa_challenges.user_id = s.user_id FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY mfa_recovery_codes_scope ON mfa_recovery_codes
  USING ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') OR mfa_recovery_codes.user_id = s.user_id FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') OR mfa_recovery_codes.user_id = s.user_id FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY orders_scope ON orders
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR orders.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND orders.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR orders.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND orders.tenant_id = s.tenant_id)
            FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY employment_ends_scope ON employment_ends
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR employment_ends.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND employment_ends.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN')
                      OR (s.role = 'TENANT_ADMIN' AND employment_ends.tenant_id = s.tenant_id)
                 FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY payroll_settings_scope ON payroll_settings
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN')
                 OR (s.role = 'TENANT_ADMIN' AND payroll_settings.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN')
                 OR (s.role = 'TENANT_ADMIN' AND payroll_settings.tenant_id = s.tenant_id)
            FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY tenant_policies_scope ON tenant_policies
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR tenant_policies.tenant_id = s.tenant_id
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN')
                      OR (s.role = 'TENANT_ADMIN' AND tenant_policies.tenant_id = s.tenant_id)
                 FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY tenants_scope ON tenants
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN') OR tenants.id = s.tenant_id FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY outbox_queue ON outbox WITH CHECK ((SELECT s.role <> 'ANONYMOUS' FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY outbox_platform ON outbox USING ((SELECT s.role = 'SYSTEM' FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY audit_log_append ON audit_log WITH CHECK ((SELECT s.role IS NOT NULL FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY audit_log_read ON audit_log USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));
--> statement-breakpoint
ALTER POLICY simulator_cases_platform ON simulator_cases USING ((SELECT s.role = 'SYSTEM' FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' FROM app_scope() s));
