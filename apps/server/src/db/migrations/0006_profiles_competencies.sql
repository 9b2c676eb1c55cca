CREATE TABLE "competencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competency_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"competency_id" integer NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_competencies" (
	"user_id" integer NOT NULL,
	"competency_id" integer NOT NULL,
	"competency_level_id" integer NOT NULL,
	CONSTRAINT "user_competencies_user_id_competency_id_pk" PRIMARY KEY("user_id","competency_id")
);
--> statement-breakpoint
CREATE TABLE "profile_field_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"key" text NOT NULL,
	"display_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "profile_field_groups_key_uq" UNIQUE("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "profile_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"is_fav" boolean DEFAULT false NOT NULL,
	"view_control" text,
	"values" jsonb,
	"dictionary" text,
	"min" numeric,
	"max" numeric,
	"min_len" integer,
	"max_len" integer,
	"visible_in" text[] NOT NULL,
	"editable_in" text[] NOT NULL,
	CONSTRAINT "profile_fields_name_uq" UNIQUE("group_id","name")
);
--> statement-breakpoint
ALTER TABLE "competencies" ADD CONSTRAINT "competencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_levels" ADD CONSTRAINT "competency_levels_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_competencies" ADD CONSTRAINT "user_competencies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_competencies" ADD CONSTRAINT "user_competencies_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_competencies" ADD CONSTRAINT "user_competencies_competency_level_id_competency_levels_id_fk" FOREIGN KEY ("competency_level_id") REFERENCES "public"."competency_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_field_groups" ADD CONSTRAINT "profile_field_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_fields" ADD CONSTRAINT "profile_fields_group_id_profile_field_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."profile_field_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competencies_company_idx" ON "competencies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "competency_levels_competency_idx" ON "competency_levels" USING btree ("competency_id");--> statement-breakpoint
CREATE INDEX "profile_fields_group_idx" ON "profile_fields" USING btree ("group_id");