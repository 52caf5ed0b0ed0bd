-- Every change to what the per-request user statement reads (modules/auth/repository.ts) is announced
-- on the channel `request_users_changed`, so that each instance may keep that statement's answer and
-- still refuse a logged-out or disabled account on the very next request (db/change-feed.ts, ADR 0044).
-- Statement-level: one notification per statement (and PostgreSQL folds equal ones within a
-- transaction), sent only when the transaction commits. New refresh tokens are not announced: a login
-- starts a family of its own (another key), and a rotation adds a token with its family's end to a family
-- that already has an open one, which the answer already says.
CREATE FUNCTION notify_request_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('request_users_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_request_users_changed
  AFTER UPDATE OF id, role, tenant_id, email, disabled_at, tokens_valid_after, role_granted_at, mfa_enabled_at OR DELETE OR TRUNCATE
  ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_request_users_changed();--> statement-breakpoint
CREATE TRIGGER refresh_tokens_request_users_changed
  AFTER UPDATE OF family_id, user_id, revoked_at, family_expires_at OR DELETE OR TRUNCATE
  ON refresh_tokens FOR EACH STATEMENT EXECUTE FUNCTION notify_request_users_changed();--> statement-breakpoint
CREATE TRIGGER salary_profiles_request_users_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON salary_profiles FOR EACH STATEMENT EXECUTE FUNCTION notify_request_users_changed();--> statement-breakpoint
CREATE TRIGGER catalog_state_request_users_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON catalog_state FOR EACH STATEMENT EXECUTE FUNCTION notify_request_users_changed();--> statement-breakpoint
CREATE TRIGGER tenant_policies_request_users_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON tenant_policies FOR EACH STATEMENT EXECUTE FUNCTION notify_request_users_changed();
