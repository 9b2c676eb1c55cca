-- Issue 11: the statement triggers that move people_version (decisions 0018, 0021, 0030) ran for
-- statements that changed no row too. The absence-status refresh, at every start and every hour in every
-- API process, moved the version twice each time and so emptied every process's kept directory answers
-- and company months, though it most often changes nobody; so did a rejection that found no pending
-- absence. The triggers now look at the statement's rows (its transition table) and move the version only
-- when there is one. PostgreSQL allows a transition table on a trigger of one event only: three triggers
-- a table, and a fourth for TRUNCATE, which has no rows to look at and always moves it.
CREATE FUNCTION "move_people_version"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  UPDATE "people_version" SET "version" = "version" + 1 RETURNING "version" INTO moved;
  PERFORM pg_notify('atrium_people', moved::text);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "move_people_version"();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "people_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed") THEN
    PERFORM "move_people_version"();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'departments', 'dictionary_items', 'manager_links', 'absences', 'holidays'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_people_changed', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed"
      FOR EACH STATEMENT EXECUTE FUNCTION "people_rows_changed"()', t || '_people_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed"
      FOR EACH STATEMENT EXECUTE FUNCTION "people_rows_changed"()', t || '_people_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed"
      FOR EACH STATEMENT EXECUTE FUNCTION "people_rows_changed"()', t || '_people_deleted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"()', t || '_people_truncated', t);
  END LOOP;
END $$;
