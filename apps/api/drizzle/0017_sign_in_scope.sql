-- Requests from someone not signed in no longer act as the platform. Two scopes replace it there:
--   ANONYMOUS  the default of every request before sign-in: sees no personal row at all
--   SIGN_IN    the sign-in flows (login, second factor, refresh, register, confirm, reset): the
--              account tables they work on, but no salary, address, order or identity data
-- The platform scope (SYSTEM) is left to jobs and to steps that proved who is calling in another
-- way (the identity provider's signed callback).
CREATE FUNCTION app_signs_in() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT coalesce(app_scope_role() = 'SIGN_IN', false) $$;
--> statement-breakpoint
-- A signed-in asker: one of the roles, not an anonymous or sign-in flow.
CREATE FUNCTION app_signed_in() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT app_user_id() IS NOT NULL $$;
--> statement-breakpoint
DROP POLICY users_scope ON users;
--> statement-breakpoint
-- As in 0009, plus the sign-in flows (they find an account by its address and update it); the
-- provider's staff are visible to signed-in people only, no longer to anyone.
CREATE POLICY users_scope ON users
  USING (app_sees_all() OR app_signs_in() OR id = app_user_id() OR tenant_id = app_tenant_id()
         OR (role = 'PROVIDER_ADMIN' AND app_signed_in()))
  WITH CHECK (app_sees_all() OR app_signs_in() OR id = app_user_id()
              OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()));
--> statement-breakpoint
DROP POLICY refresh_tokens_scope ON refresh_tokens;
--> statement-breakpoint
CREATE POLICY refresh_tokens_scope ON refresh_tokens
  USING (app_signs_in() OR app_manages_user(user_id)) WITH CHECK (app_signs_in() OR app_manages_user(user_id));
--> statement-breakpoint
DROP POLICY one_time_codes_scope ON one_time_codes;
--> statement-breakpoint
CREATE POLICY one_time_codes_scope ON one_time_codes
  USING (app_signs_in() OR app_manages_user(user_id)) WITH CHECK (app_signs_in() OR app_manages_user(user_id));
--> statement-breakpoint
DROP POLICY mfa_challenges_scope ON mfa_challenges;
--> statement-breakpoint
CREATE POLICY mfa_challenges_scope ON mfa_challenges
  USING (app_scope_role() IN ('SYSTEM', 'SIGN_IN') OR user_id = app_user_id())
  WITH CHECK (app_scope_role() IN ('SYSTEM', 'SIGN_IN') OR user_id = app_user_id());
--> statement-breakpoint
DROP POLICY mfa_recovery_codes_scope ON mfa_recovery_codes;
--> statement-breakpoint
CREATE POLICY mfa_recovery_codes_scope ON mfa_recovery_codes
  USING (app_scope_role() IN ('SYSTEM', 'SIGN_IN') OR user_id = app_user_id())
  WITH CHECK (app_scope_role() IN ('SYSTEM', 'SIGN_IN') OR user_id = app_user_id());
--> statement-breakpoint
-- Mails are queued by people's actions and the sign-in flows, never by an anonymous request.
DROP POLICY outbox_queue ON outbox;
--> statement-breakpoint
CREATE POLICY outbox_queue ON outbox FOR INSERT
  WITH CHECK (app_scope_role() IS NOT NULL AND app_scope_role() <> 'ANONYMOUS');
--> statement-breakpoint
-- Employers: the contact address is personal data. The employer's own people read their employer,
-- the sign-in flows the employer of a code or an invite; only the platform and the provider write.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenants_scope ON tenants
  USING (app_sees_all() OR app_signs_in() OR id = app_tenant_id())
  WITH CHECK (app_sees_all());
--> statement-breakpoint
-- The identity simulator stands in for an outside service with its own storage: only the platform
-- (which the simulator's pages run as) reads the names and documents in its cases.
ALTER TABLE simulator_cases ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE simulator_cases FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY simulator_cases_platform ON simulator_cases
  USING (app_scope_role() = 'SYSTEM') WITH CHECK (app_scope_role() = 'SYSTEM');
