-- Issue 11, decision 0038: a page of the news feed is kept per API process under the work version too.
-- Besides posts and their chats' counts (migration 0027) and people (the people version), a page shows
-- each post's likes and cover, and whether the viewer may edit (the create_posts right): those tables
-- tell every process of a change now. The four triggers a table needs are made by one function from here
-- on, rather than by a copy of 0027's block in each migration.
CREATE FUNCTION "tell_work_changes"(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed"
    FOR EACH STATEMENT EXECUTE FUNCTION "work_rows_changed"()', t || '_work_inserted', t);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed"
    FOR EACH STATEMENT EXECUTE FUNCTION "work_rows_changed"()', t || '_work_updated', t);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed"
    FOR EACH STATEMENT EXECUTE FUNCTION "work_rows_changed"()', t || '_work_deleted', t);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
    FOR EACH STATEMENT EXECUTE FUNCTION "work_changed"()', t || '_work_truncated', t);
END $$;--> statement-breakpoint
SELECT "tell_work_changes"(t) FROM unnest(ARRAY['post_likes', 'post_covers', 'user_rights']) AS t;
