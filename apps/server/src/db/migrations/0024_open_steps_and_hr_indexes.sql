-- Issue 11: filing any request routed through HR read a company's HR from user_groups by a full
-- scan (its key leads with the user), then counted each HR person's open steps by visiting every one of
-- their step rows (tasks_user_idx does not hold skipped or the parent): 15 ms at 100,000 people, with
-- 224 open steps each. The first index finds HR by company and group; the second, partial, holds only
-- open steps, so that the count reads the index alone.
CREATE INDEX "user_groups_company_group_idx" ON "user_groups" USING btree ("company_id","group_id");--> statement-breakpoint
CREATE INDEX "tasks_open_steps_idx" ON "tasks" USING btree ("user_id") WHERE "tasks"."parent_task_id" is not null and not "tasks"."completed" and not "tasks"."canceled" and not "tasks"."skipped";