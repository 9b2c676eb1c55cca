-- Issue 11, decision 0038: a day of meetings is kept per API process under the work version too, so the
-- meetings and their attendees tell every process of a change, as requests and chats do (migration 0027).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['meetings', 'meeting_attendees'] LOOP
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
