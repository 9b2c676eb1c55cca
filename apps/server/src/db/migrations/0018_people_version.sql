-- Issue 11, decision 0021: the directory's answers (a page or a count for a filter) are kept per API
-- process under a version number, as company months are (decision 0018). One number serves both: it
-- moves on every write that can change what either reads, so calendar_version becomes people_version.
-- A single row also keeps writers from taking two version rows in different orders (a deadlock).
ALTER TABLE "calendar_version" RENAME TO "people_version";--> statement-breakpoint
ALTER FUNCTION "calendar_changed"() RENAME TO "people_changed";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "people_version" SET "version" = "version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
ALTER TRIGGER "absences_calendar_changed" ON "absences" RENAME TO "absences_people_changed";--> statement-breakpoint
ALTER TRIGGER "holidays_calendar_changed" ON "holidays" RENAME TO "holidays_people_changed";--> statement-breakpoint
-- The directory shows and filters on nearly every column of users (status, places, sizes, birthdays…),
-- so any change of a person moves it; people are written by HR edits, pictures and approvals only.
DROP TRIGGER "users_calendar_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_people_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();--> statement-breakpoint
-- The names the directory shows and the tree below a department (departments, dictionary_items), and the
-- Manager filters and each person's manager (manager_links): written by administration, rarely.
CREATE TRIGGER "departments_people_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "departments"
  FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();--> statement-breakpoint
CREATE TRIGGER "dictionary_items_people_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dictionary_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();--> statement-breakpoint
CREATE TRIGGER "manager_links_people_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "manager_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "people_changed"();
