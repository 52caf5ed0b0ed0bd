-- Disabling an account ends every session of it, whichever way the account is disabled (the
-- application, the back office or an operator's SQL): access tokens issued before now are refused and
-- every refresh token is revoked, so enabling the account again later revives none of them.
-- The trigger runs with the rights of whoever disables: row-level security lets exactly those who may
-- change the user change the user's tokens.
CREATE FUNCTION end_sessions_of_disabled_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tokens_valid_after := greatest(coalesce(NEW.tokens_valid_after, now()), now());
  UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_disabled_end_sessions
  BEFORE UPDATE OF disabled_at ON users
  FOR EACH ROW
  WHEN (OLD.disabled_at IS NULL AND NEW.disabled_at IS NOT NULL)
  EXECUTE FUNCTION end_sessions_of_disabled_user();
