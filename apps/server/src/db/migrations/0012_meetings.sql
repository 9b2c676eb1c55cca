CREATE TABLE "meeting_attendees" (
	"meeting_id" uuid NOT NULL,
	"email" text NOT NULL,
	"display_name" text,
	CONSTRAINT "meeting_attendees_meeting_id_email_pk" PRIMARY KEY("meeting_id","email")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"organizer_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"recurrence" text,
	"recurrence_until" date,
	"ics_uid" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meetings_end_after_start" CHECK ("meetings"."ends_at" > "meetings"."starts_at"),
	CONSTRAINT "meetings_recurrence" CHECK ("meetings"."recurrence" in ('daily', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "kind" text DEFAULT 'absences' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_pkey";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_kind_pk" PRIMARY KEY("user_id","kind");--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD CONSTRAINT "meeting_attendees_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_attendees_email_idx" ON "meeting_attendees" USING btree ("email");--> statement-breakpoint
CREATE INDEX "meetings_organizer_idx" ON "meetings" USING btree ("organizer_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_ics_uid_uq" ON "meetings" USING btree ("organizer_id","ics_uid");