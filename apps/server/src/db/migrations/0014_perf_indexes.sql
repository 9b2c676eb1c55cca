-- Issue 11 (docs/performance.md): an index per directory filter key, over active people only, so that a
-- filter's count is an index-only scan; the name-order index likewise; and a range index of absences for
-- "who is away in a period" (the directory's vacation and sick-leave filters, the missing users).
DROP INDEX "users_company_name_idx";--> statement-breakpoint
CREATE INDEX "absences_period_idx" ON "absences" USING gist (daterange("from_date", "to_date", '[]'));--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_location_idx" ON "users" USING btree ("location_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_gender_idx" ON "users" USING btree ("gender_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_grade_idx" ON "users" USING btree ("grade_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_legal_entity_idx" ON "users" USING btree ("legal_entity_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_employment_type_idx" ON "users" USING btree ("employment_type_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_job_position_idx" ON "users" USING btree ("job_position_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_job_position_official_idx" ON "users" USING btree ("job_position_official_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_shoe_size_idx" ON "users" USING btree ("shoe_size_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_clothing_size_idx" ON "users" USING btree ("clothing_size_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_nutrition_idx" ON "users" USING btree ("nutrition_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_status_visible_idx" ON "users" USING btree ("status_visible_id","company_id") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_special_event_idx" ON "users" USING btree ("special_event_id","company_id") WHERE "users"."is_active" and "users"."special_event_id" is not null;--> statement-breakpoint
CREATE INDEX "users_birth_month_idx" ON "users" USING btree ((extract(month from "birthdate")),"company_id","birthdate") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_dms_idx" ON "users" USING btree ("company_id") WHERE "users"."is_active" and "users"."dms";--> statement-breakpoint
CREATE INDEX "users_company_name_idx" ON "users" USING btree ("company_id","sort_name","id") WHERE "users"."is_active";