ALTER TABLE "users" ADD COLUMN "role_granted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing accounts got their role when they were created.
UPDATE users SET role_granted_at = created_at;
--> statement-breakpoint
-- A new account's role dates from its creation (the application's clock, not the database's).
CREATE FUNCTION stamp_role_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.role_granted_at := NEW.created_at;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_role_on_insert BEFORE INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION stamp_role_on_insert();
--> statement-breakpoint
-- A role change, however it is made (no route changes roles; an operator's SQL does), restarts the
-- admin's grace period for the second factor and leaves a line in the audit trail (security
-- checklist 22). The audit line is written as the platform for this one insert only: the policies
-- let only a named asker append, and an operator's session names none.
CREATE FUNCTION record_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  asker text := current_setting('app.role', true);
BEGIN
  NEW.role_granted_at := now();
  PERFORM set_config('app.role', 'SYSTEM', true);
  INSERT INTO audit_log (action, subject_type, subject_id, tenant_id, actor_user_id, fields)
    VALUES ('user.role_changed', 'user', NEW.id::text, NEW.tenant_id,
            nullif(current_setting('app.user_id', true), '')::uuid, ARRAY['role']);
  PERFORM set_config('app.role', coalesce(asker, ''), true);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_role_change BEFORE UPDATE OF role ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION record_role_change();
