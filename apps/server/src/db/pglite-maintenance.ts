import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL in single-user mode, which has no
 * autovacuum launcher: left alone, the rows that updates and deletes leave behind are never reclaimed,
 * the visibility map never set (no index-only scans) and the planner's statistics never refreshed, so a
 * company's tables grow and its plans age. Every pass reads the cumulative statistics, which single-user
 * mode keeps, and vacuums or analyzes the tables PostgreSQL's autovacuum would, by its own thresholds
 * (current_setting: the same defaults and the same -c options), or a table's own where it has them.
 */

/** Between two passes, as PostgreSQL's autovacuum_naptime. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

type Due = { relation: string; vacuum: boolean; analyze: boolean };

/** An autovacuum setting of one table: its own (ALTER TABLE … SET), else the server's. */
const setting = (name: string) => `coalesce(
      (select split_part(option, '=', 2)::float8 from unnest(reloptions) option
        where split_part(option, '=', 1) = '${name}'),
      current_setting('${name}')::float8)`;

/** The tables past a threshold: dead rows or rows inserted since the last vacuum, rows changed since the
 * last analyze; each threshold a base plus a share of the table's rows (unknown before a first analyze). */
const DUE_TABLES = `
  select format('%I.%I', schemaname, relname) as relation,
    n_dead_tup > ${setting('autovacuum_vacuum_threshold')}
        + ${setting('autovacuum_vacuum_scale_factor')} * rows
      or n_ins_since_vacuum > ${setting('autovacuum_vacuum_insert_threshold')}
        + ${setting('autovacuum_vacuum_insert_scale_factor')} * rows as vacuum,
    n_mod_since_analyze > ${setting('autovacuum_analyze_threshold')}
        + ${setting('autovacuum_analyze_scale_factor')} * rows as analyze
  from (
    select s.*, greatest(c.reltuples, 0) as rows, c.reloptions
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  ) tables
  order by relname`;

export type MaintenancePass = { vacuumed: string[]; analyzed: string[] };

/** One pass: vacuums (and analyzes) each table that is due, or only analyzes it. Each table is its own
 * statement, so requests run between them rather than waiting for the whole pass. */
export async function maintainPglite(pglite: PGlite): Promise<MaintenancePass> {
  const { rows } = await pglite.query<Due>(DUE_TABLES);
  const pass: MaintenancePass = { vacuumed: [], analyzed: [] };
  for (const { relation, vacuum, analyze } of rows) {
    if (vacuum) {
      await pglite.exec(`vacuum (analyze) ${relation}`);
      pass.vacuumed.push(relation);
    } else if (analyze) {
      await pglite.exec(`analyze ${relation}`);
      pass.analyzed.push(relation);
    }
  }
  return pass;
}

/**
 * Runs a pass every `intervalMs` (never two at once) and logs what it did. stop() ends the schedule and
 * waits for a pass under way, so that the database is not closed in the middle of a vacuum.
 */
export function scheduleMaintenance(pglite: PGlite, log: Logger, intervalMs = MAINTENANCE_INTERVAL_MS) {
  let running: Promise<void> | undefined;
  const runPass = async () => {
    const started = Date.now();
    try {
      const { vacuumed, analyzed } = await maintainPglite(pglite);
      if (vacuumed.length || analyzed.length)
        log.info({ vacuumed, analyzed, ms: Date.now() - started }, 'embedded database maintained');
    } catch (error) {
      log.error({ err: error }, 'maintaining the embedded database failed');
    } finally {
      running = undefined;
    }
  };
  const timer = setInterval(() => {
    running ??= runPass();
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
