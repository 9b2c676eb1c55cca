-- Issue 11, decision 0018: a company calendar month is computed over every absence of its six weeks
-- (~15,000 rows at 100,000 people). Each API process keeps the months it has computed and reuses one
-- while this number is what it was (modules/calendar/month-cache.ts). Every write that can change a month
-- moves it, in the writer's own transaction, so that a reader who sees the new number sees the write too.
-- Raised by triggers, not by the app, so that no writer can forget it (psql, a script, a cascade).
-- One number for all companies: a change anywhere recomputes every month, which costs little next to
-- the bookkeeping of one per company, as most installations hold one company.
CREATE TABLE "calendar_version" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "calendar_version" VALUES (true, 1);--> statement-breakpoint
CREATE FUNCTION "calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "calendar_version" SET "version" = "version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Per statement, so that a bulk write (the seed's) moves it once. A statement that touches no row moves
-- it too: harmless, the next month is computed afresh.
CREATE TRIGGER "absences_calendar_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "absences"
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "holidays_calendar_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "holidays"
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
-- Who a month counts and names: active people of a company, by department or division, with their names
-- and pictures. Not users.status, which an absence's approval sets in the transaction that already moved it.
CREATE TRIGGER "users_calendar_changed"
  AFTER INSERT OR DELETE OR TRUNCATE
     OR UPDATE OF "is_active", "company_id", "first_name", "last_name", "avatar", "department_id", "division_id"
  ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_changed"();
