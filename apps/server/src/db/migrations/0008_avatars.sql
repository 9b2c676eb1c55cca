CREATE TABLE "avatars" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;