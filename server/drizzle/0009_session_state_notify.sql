-- Instances remember each signed-in user's token version and active flag (features/auth
-- session-states.ts) instead of reading them on every request. Whatever changes either one, the
-- app or a hand-run UPDATE, tells every instance to forget it when the change commits.
CREATE FUNCTION users_session_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lintel_session_state', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_state_changed
  AFTER UPDATE OF token_version, is_active ON users
  FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION users_session_state_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_state_removed
  AFTER DELETE ON users
  FOR EACH ROW
  EXECUTE FUNCTION users_session_state_changed();
