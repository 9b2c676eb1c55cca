import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/db/client';
import { LISTENER_NAME } from '../src/lib/event-bus';

/** Ends the event bus's listening connection from the database's side, as a restart or a cut would. */
export const cutListener = (db: Db) =>
  queryRows(
    db,
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${LISTENER_NAME}`,
  );
