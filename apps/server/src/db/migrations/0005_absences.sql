CREATE TABLE "absences" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absences_period_ck" CHECK ("absences"."from_date" <= "absences"."to_date"),
	CONSTRAINT "absences_kind_ck" CHECK (kind in ('vacation', 'sick_leave', 'business_trip', 'own_expense')),
	CONSTRAINT "absences_status_ck" CHECK (status in ('pending', 'approved', 'rejected', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absences_company_period_idx" ON "absences" USING btree ("company_id","kind","from_date","to_date");--> statement-breakpoint
CREATE INDEX "absences_user_idx" ON "absences" USING btree ("user_id","from_date");