CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text DEFAULT 'department' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "vacation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_var_type" text DEFAULT 'vacation' NOT NULL,
	"type" text NOT NULL,
	"value" numeric(7, 2) NOT NULL,
	"count_days" integer DEFAULT 0 NOT NULL,
	"from_date" date,
	"to_date" date,
	"show_at" date NOT NULL,
	"accrual_month" date,
	"absence_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vacation_log_type_ck" CHECK ("vacation_log"."type" in ('plus', 'minus'))
);
--> statement-breakpoint
ALTER TABLE "absences" ADD COLUMN "count_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "absences" ADD COLUMN "task_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacation_log" ADD CONSTRAINT "vacation_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacation_log" ADD CONSTRAINT "vacation_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacation_log" ADD CONSTRAINT "vacation_log_absence_id_absences_id_fk" FOREIGN KEY ("absence_id") REFERENCES "public"."absences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vacation_log_user_idx" ON "vacation_log" USING btree ("user_id","user_var_type","show_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vacation_log_accrual_uq" ON "vacation_log" USING btree ("user_id","user_var_type","accrual_month");--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absences_task_idx" ON "absences" USING btree ("task_id");