-- Issue 11: a feed page counted the live comments of each of its posts, and a chat page those of its
-- chat, from chat_messages on every read: a post with 10,000 comments made each read walk 10,000 index
-- entries, and on PGlite, which is vacuumed only now and then (decision 0024), their rows too. Each chat
-- now keeps its count of messages not deleted, moved by the statements that add, delete or remove them.
DROP INDEX "chat_messages_live_idx";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "chats" SET "message_count" = (
  SELECT count(*) FROM "chat_messages" WHERE "chat_messages"."chat_id" = "chats"."id" AND "deleted_at" IS NULL
);--> statement-breakpoint
-- One trigger per statement, not per row: a seed's bulk insert or the removal of a person's messages
-- moves each chat once. A message deleted keeps its row (deleted_at set), so an update counts too.
CREATE FUNCTION "chat_messages_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "chats" SET "message_count" = "message_count" + d.n
      FROM (SELECT "chat_id", count(*)::int AS n FROM added WHERE "deleted_at" IS NULL GROUP BY "chat_id") d
     WHERE "chats"."id" = d."chat_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "chats" SET "message_count" = "message_count" - d.n
      FROM (SELECT "chat_id", count(*)::int AS n FROM removed WHERE "deleted_at" IS NULL GROUP BY "chat_id") d
     WHERE "chats"."id" = d."chat_id";
  ELSE
    UPDATE "chats" SET "message_count" = "message_count" + d.n
      FROM (
        SELECT "chat_id", sum(n)::int AS n FROM (
          SELECT "chat_id", 1 AS n FROM added WHERE "deleted_at" IS NULL
          UNION ALL
          SELECT "chat_id", -1 FROM removed WHERE "deleted_at" IS NULL
        ) changes GROUP BY "chat_id"
      ) d
     WHERE "chats"."id" = d."chat_id" AND d.n <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_counted_insert" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_counted"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_counted_update" AFTER UPDATE ON "chat_messages"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_counted"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_counted_delete" AFTER DELETE ON "chat_messages"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_counted"();
