-- Issue 11, decision 0030: each API process keeps the people version in memory, so that a kept directory
-- answer is checked without a statement. Every move of the version is told on the 'atrium_people'
-- channel (lib/event-bus.ts, PEOPLE_CHANNEL), the new version as the payload, when the write commits.
-- Raised here, beside the move itself, so that no writer can forget it. Notices of one transaction with
-- the same payload are sent once, and each statement's move has a payload of its own: a transaction that
-- moves the version several times tells every step, and the highest wins.
CREATE OR REPLACE FUNCTION "people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  UPDATE "people_version" SET "version" = "version" + 1 RETURNING "version" INTO moved;
  PERFORM pg_notify('atrium_people', moved::text);
  RETURN NULL;
END $$;
