-- Issue 11: each API process keeps the sessions it has just looked up in memory for a few seconds
-- (modules/auth/session-cache.ts). Every write that ends a session, changes its company, or deactivates
-- or moves its user tells every process to drop its copies: a 'sessions.changed' event on the event bus's
-- channel (lib/event-bus.ts) naming the users, or no one (meaning all) when too many for NOTIFY's 8000
-- bytes. Raised here and not by the app so that no writer can forget it (psql, a script, the cascade of a
-- deleted user or company), and so that it goes out exactly when the write commits, never otherwise.
CREATE FUNCTION "sessions_changed_notify"(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(user_ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('atrium_events', CASE
    WHEN cardinality(user_ids) > 500 THEN '{"type":"sessions.changed"}'
    ELSE json_build_object('type', 'sessions.changed', 'userIds', user_ids)::text
  END);
END $$;--> statement-breakpoint
CREATE FUNCTION "sessions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sessions_changed_notify"(ARRAY(SELECT DISTINCT "user_id" FROM "gone"));
  RETURN NULL;
END $$;--> statement-breakpoint
-- One notice per statement, so that deleting every stale session at start-up sends one, not thousands.
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_deleted"();--> statement-breakpoint
CREATE FUNCTION "sessions_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sessions_changed_notify"(ARRAY(SELECT DISTINCT unnest(ARRAY[OLD."user_id", NEW."user_id"])));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Not when only last_seen_at moves forward: that is the app's once-a-minute touch of every live session.
CREATE TRIGGER "sessions_updated" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD."token_hash" IS DISTINCT FROM NEW."token_hash"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
    OR OLD."company_id" IS DISTINCT FROM NEW."company_id"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
    OR NEW."last_seen_at" < OLD."last_seen_at")
  EXECUTE FUNCTION "sessions_updated"();--> statement-breakpoint
CREATE FUNCTION "sessions_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrium_events', '{"type":"sessions.changed"}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_truncated"();--> statement-breakpoint
CREATE FUNCTION "users_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sessions_changed_notify"(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A session is live only while its user is active, and works in the user's company unless it chose one.
CREATE TRIGGER "users_sessions_changed" AFTER UPDATE OF "is_active", "company_id" ON "users" FOR EACH ROW
  WHEN (OLD."is_active" AND NOT NEW."is_active" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION "users_sessions_changed"();
