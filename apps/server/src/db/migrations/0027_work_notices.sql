-- Issue 11, decision 0038: task lists, workflows and chats are kept per API process, each answer until
-- the next write that can change one (or the moment its rows' standing turns with the clock). Every
-- such write tells every process on the 'atrium_work' channel (lib/event-bus.ts, WORK_CHANNEL) when it
-- commits, and a process counts what it hears (lib/work-version.ts). There is no version row to move:
-- requests, steps, comments and likes are written far more often than people, and one row that every
-- writer updates would queue them all behind each other's commit. The payload is empty, so a
-- transaction's several statements tell once. Statements that change no row tell nothing (as 0022).
CREATE FUNCTION "work_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed") THEN
    PERFORM pg_notify('atrium_work', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "work_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrium_work', '');
  RETURN NULL;
END $$;--> statement-breakpoint
-- What a task list, a workflow or a chat reads besides people (whom the people version covers): the
-- requests and steps, their templates and decisions, the chats with their counts, messages and likes,
-- and the posts a chat's readers are found by.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tasks', 'task_templates', 'task_decisions', 'chats', 'chat_messages',
    'chat_message_likes', 'posts'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed"
      FOR EACH STATEMENT EXECUTE FUNCTION "work_rows_changed"()', t || '_work_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed"
      FOR EACH STATEMENT EXECUTE FUNCTION "work_rows_changed"()', t || '_work_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed"
      FOR EACH STATEMENT EXECUTE FUNCTION "work_rows_changed"()', t || '_work_deleted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION "work_changed"()', t || '_work_truncated', t);
  END LOOP;
END $$;
