-- Issue 11 (decision 0037): a profile is kept per process under the people version, and the viewer's
-- standing in it (a member of the person's company, HR of it) and the company's name come from tables
-- that did not move the version. They now do, as users and the structure do (migration 0022): a person
-- who joins or leaves a company, a group membership or right given or taken, a company renamed.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['company_members', 'user_groups', 'group_permissions', 'companies'] LOOP
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
