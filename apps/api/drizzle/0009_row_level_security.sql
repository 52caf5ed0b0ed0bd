-- Row-level security: a backstop under the application's own checks, so that a missing WHERE cannot
-- hand one employer's people to another. The application works as the role leasing_app (not the
-- owner of any table) and names, per database session and before every use of it, who is asking:
--   app.role       SYSTEM (jobs, sign-in flows), EMPLOYEE, TENANT_ADMIN or PROVIDER_ADMIN
--   app.tenant_id  the asker's employer, app.user_id the asker
-- Nothing set means nothing visible. FORCE makes the rules hold for the owner too.
DO $$
BEGIN
  -- A DBA may have made it (docs/deploy.md): then the owner needs no CREATEROLE, which PostgreSQL
  -- checks before it looks whether the role exists.
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'leasing_app') THEN
    CREATE ROLE leasing_app NOLOGIN;
  END IF;
EXCEPTION
  -- Roles are shared by every database of a server: another database may have made it already,
  -- or be making it in this very moment.
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- The owner acts as leasing_app when one role does both (no DATABASE_OWNER_URL). Granting that takes
-- CREATEROLE or the role's admin option; without them a DBA grants it, or the application logs in as
-- a role of its own and the owner needs no membership (the server checks either at start).
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'leasing_app', 'MEMBER') THEN
    GRANT leasing_app TO CURRENT_USER;
  END IF;
EXCEPTION
  WHEN insufficient_privilege THEN NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO leasing_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO leasing_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO leasing_app;
--> statement-breakpoint
-- Tables and sequences of later migrations (made by the same owner) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO leasing_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO leasing_app;
--> statement-breakpoint
-- The audit trail: the application may add to it and read it, never change or remove a line.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM leasing_app;
--> statement-breakpoint
CREATE FUNCTION app_scope_role() RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.role', true), '') $$;
--> statement-breakpoint
CREATE FUNCTION app_tenant_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
-- The platform itself (jobs, sign-in) and the provider's back office see every employer.
CREATE FUNCTION app_sees_all() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT coalesce(app_scope_role() IN ('SYSTEM', 'PROVIDER_ADMIN'), false) $$;
--> statement-breakpoint
-- A user's own rows, and those of the people an admin looks after (their employer's).
CREATE FUNCTION app_manages_user(subject uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT app_sees_all()
    OR subject = app_user_id()
    OR (app_scope_role() = 'TENANT_ADMIN'
        AND EXISTS (SELECT 1 FROM users u WHERE u.id = subject AND u.tenant_id = app_tenant_id()))
$$;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Colleagues are visible within the employer (an order mails the employer's admins), and the
-- provider's staff to everyone (they are the counterpart of every order and get its mails); the
-- application's own checks keep employees to their own data inside it.
CREATE POLICY users_scope ON users
  USING (app_sees_all() OR id = app_user_id() OR tenant_id = app_tenant_id()
         OR (role = 'PROVIDER_ADMIN' AND app_scope_role() IS NOT NULL))
  WITH CHECK (app_sees_all() OR id = app_user_id() OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()));
--> statement-breakpoint
ALTER TABLE user_addresses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_addresses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_addresses_scope ON user_addresses
  USING (app_manages_user(user_id)) WITH CHECK (app_manages_user(user_id));
--> statement-breakpoint
-- The salary profile is the employee's alone (and the platform's, which computes with it).
ALTER TABLE salary_profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE salary_profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY salary_profiles_scope ON salary_profiles
  USING (app_scope_role() = 'SYSTEM' OR user_id = app_user_id())
  WITH CHECK (app_scope_role() = 'SYSTEM' OR user_id = app_user_id());
--> statement-breakpoint
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refresh_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY refresh_tokens_scope ON refresh_tokens
  USING (app_manages_user(user_id)) WITH CHECK (app_manages_user(user_id));
--> statement-breakpoint
ALTER TABLE one_time_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE one_time_codes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY one_time_codes_scope ON one_time_codes
  USING (app_manages_user(user_id)) WITH CHECK (app_manages_user(user_id));
--> statement-breakpoint
ALTER TABLE mfa_challenges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mfa_challenges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY mfa_challenges_scope ON mfa_challenges
  USING (app_scope_role() = 'SYSTEM' OR user_id = app_user_id())
  WITH CHECK (app_scope_role() = 'SYSTEM' OR user_id = app_user_id());
--> statement-breakpoint
ALTER TABLE mfa_recovery_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mfa_recovery_codes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY mfa_recovery_codes_scope ON mfa_recovery_codes
  USING (app_scope_role() = 'SYSTEM' OR user_id = app_user_id())
  WITH CHECK (app_scope_role() = 'SYSTEM' OR user_id = app_user_id());
--> statement-breakpoint
ALTER TABLE orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY orders_scope ON orders
  USING (app_sees_all() OR user_id = app_user_id() OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()))
  WITH CHECK (app_sees_all() OR user_id = app_user_id() OR (app_scope_role() = 'TENANT_ADMIN' AND tenant_id = app_tenant_id()));
--> statement-breakpoint
-- The parts of an order follow the order (the subquery sees only orders the asker may see).
ALTER TABLE user_steps ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_steps FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_steps_scope ON user_steps
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
ALTER TABLE order_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE order_documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY order_documents_scope ON order_documents
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
ALTER TABLE ident_cases ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ident_cases FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ident_cases_scope ON ident_cases
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
-- Mails carry names and links: anyone's action may queue one, only the platform reads them.
ALTER TABLE outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY outbox_queue ON outbox FOR INSERT WITH CHECK (app_scope_role() IS NOT NULL);
--> statement-breakpoint
CREATE POLICY outbox_platform ON outbox USING (app_scope_role() = 'SYSTEM');
--> statement-breakpoint
-- The audit trail: anyone's action adds a line; only the platform and the provider read it.
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_log_append ON audit_log FOR INSERT WITH CHECK (app_scope_role() IS NOT NULL);
--> statement-breakpoint
CREATE POLICY audit_log_read ON audit_log FOR SELECT USING (app_sees_all());
--> statement-breakpoint
-- Readiness (`GET /health/ready`) asks whether the migrations are done: reading the journal is enough.
GRANT USAGE ON SCHEMA drizzle TO leasing_app;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO leasing_app;
