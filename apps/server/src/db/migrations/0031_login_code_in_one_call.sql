-- Issue 11: a login code request in one call to the database instead of five round trips (begin, the
-- keys' locks, the windows, the code, commit). Each round trip cost the API's thread a socket write and
-- a wake-up, ~0.1 ms with the driver's own work, while its share of the database's time was small
-- (docs/performance.md, twenty-eighth pass). Inside a function each statement takes a fresh snapshot
-- (read committed), so what follows a lock sees what the lock's last holder committed, as it did when
-- each was a statement of its own.

-- Holds each key until the caller's transaction ends (so that two requests cannot both take the last
-- slot), drops hits older than their window, and answers how many seconds to wait until every limit has
-- a free slot: 0 when all do. Refused hits are never stored, so a key holds at most its max in a window.
CREATE FUNCTION "throttle_wait"(keys text[], maxes int[], windows_ms bigint[], moment timestamptz)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  k text;
  wait_ms float8;
BEGIN
  -- Taken in one order by every caller, so that two requests holding one key each cannot deadlock.
  FOREACH k IN ARRAY (SELECT array_agg(key ORDER BY key COLLATE "C") FROM unnest(keys) AS key) LOOP
    PERFORM pg_advisory_xact_lock(hashtext(k));
  END LOOP;
  DELETE FROM "throttle_hits" h USING unnest(keys, windows_ms) AS w(key, window_ms)
  WHERE h.key = w.key AND h.at < moment - w.window_ms * interval '1 millisecond';
  -- A key is full when its max-th newest hit is inside the window: a slot frees when that hit leaves it.
  SELECT max(extract(epoch FROM freeing.at) * 1000 + w.window_ms - extract(epoch FROM moment) * 1000)
  INTO wait_ms
  FROM unnest(keys, maxes, windows_ms) AS w(key, max_hits, window_ms)
  CROSS JOIN LATERAL (
    SELECT h.at FROM "throttle_hits" h
    WHERE h.key = w.key AND h.at >= moment - w.window_ms * interval '1 millisecond'
    ORDER BY h.at DESC OFFSET w.max_hits - 1 LIMIT 1
  ) AS freeing;
  RETURN CASE WHEN wait_ms > 0 THEN greatest(1, ceil(wait_ms / 1000))::int ELSE 0 END;
END $$;--> statement-breakpoint

-- A login code request: the wait when a limit is reached (nothing recorded then); otherwise the hits,
-- and for the address's active account the new code in place of its earlier ones (the expired go, the
-- live are spent) and the first name to greet in the mail. An unknown address gets only its hits.
CREATE FUNCTION "request_login_code"(
  email text, keys text[], maxes int[], windows_ms bigint[], moment timestamptz,
  code_hash text, salt text, expires_at timestamptz,
  OUT wait_seconds int, OUT first_name text
) LANGUAGE plpgsql AS $$
DECLARE
  recipient int;
BEGIN
  wait_seconds := "throttle_wait"(keys, maxes, windows_ms, moment);
  IF wait_seconds > 0 THEN
    RETURN;
  END IF;
  INSERT INTO "throttle_hits" (key, at) SELECT key, moment FROM unnest(keys) AS key;
  SELECT u.id, u.first_name INTO recipient, first_name
  FROM "users" u WHERE lower(u.email) = request_login_code.email AND u.is_active;
  IF recipient IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM "login_codes" c WHERE c.user_id = recipient AND c.expires_at < moment;
  UPDATE "login_codes" c SET spent_at = moment
  WHERE c.user_id = recipient AND c.spent_at IS NULL AND c.expires_at >= moment;
  INSERT INTO "login_codes" (user_id, code_hash, salt, created_at, expires_at)
  VALUES (recipient, request_login_code.code_hash, request_login_code.salt, moment, request_login_code.expires_at);
END $$;
