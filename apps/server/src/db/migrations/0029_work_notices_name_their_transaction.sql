-- Issue 11, decision 0038: a process hears a work notice on every connection that listens (the writing
-- one first, the others a moment later) and counted each, so an answer computed in between was thrown
-- away once more. Each notice now names its transaction, and a process counts a transaction once.
CREATE OR REPLACE FUNCTION "work_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed") THEN
    PERFORM pg_notify('atrium_work', pg_current_xact_id()::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrium_work', pg_current_xact_id()::text);
  RETURN NULL;
END $$;
