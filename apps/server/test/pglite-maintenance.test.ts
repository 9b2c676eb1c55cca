import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgliteOptions } from '../src/db/client';
import { maintainPglite, scheduleMaintenance } from '../src/db/pglite-maintenance';
import { testEngine } from './database';

type TableStats = { n_dead_tup: number; last_vacuum: Date | null; last_analyze: Date | null; rows: number };

/**
 * PGlite has no autovacuum (single-user mode): the server vacuums and analyzes its tables itself, by
 * PostgreSQL's autovacuum thresholds (50 rows plus 20% of the table dead, 50 plus 10% changed), or by a
 * table's own settings where it has them.
 */
describe.skipIf(testEngine() !== 'pglite')('the embedded database maintenance', () => {
  let pglite: PGlite;

  /** Cumulative statistics reach pg_stat_* when a statement ends, at most once a second unless forced. */
  const flushStats = async () => {
    await pglite.query('select pg_stat_force_next_flush()');
    await pglite.query('select 1');
  };
  const stats = async (table: string) =>
    (
      await pglite.query<TableStats>(
        `select n_dead_tup, last_vacuum, last_analyze, (select reltuples from pg_class where oid = relid) as rows
         from pg_stat_user_tables where relname = $1`,
        [table],
      )
    ).rows[0];

  beforeAll(async () => {
    pglite = new PGlite(pgliteOptions);
    await pglite.exec(`
      create table churned (id int primary key, body text);
      insert into churned select g, 'row ' || g from generate_series(1, 2000) g;
      delete from churned where id > 500;
      create table quiet (id int primary key);
      insert into quiet select generate_series(1, 10);
      create table edited (id int primary key, body text);
      insert into edited select g, 'row ' || g from generate_series(1, 1000) g;
      create table tuned (id int primary key, body text) with (autovacuum_vacuum_scale_factor = 0.005);
      insert into tuned select g, 'row ' || g from generate_series(1, 2000) g;`);
    // The inserts counted before the vacuums, which then reset the counts.
    await flushStats();
    // Statements of their own: several in one exec run as one transaction, which VACUUM refuses.
    await pglite.exec('vacuum (analyze) edited');
    await pglite.exec('vacuum (analyze) tuned');
    // 200 of 1,000 rows: past the 150 of the analyze threshold. 100 of 2,000: past tuned's own vacuum
    // threshold (50 + 0.5% = 60 rows), far below the server's (50 + 20% = 450).
    await pglite.exec(`
      update edited set body = body || '!' where id <= 200;
      update tuned set body = body || '!' where id <= 100;`);
    await flushStats();
  });
  afterAll(() => pglite.close());

  it('vacuums a table past the dead-row threshold, analyzes one past the changed-row one, leaves the rest', async () => {
    expect((await stats('churned'))?.n_dead_tup).toBe(1500);

    const pass = await maintainPglite(pglite);

    expect(pass).toEqual({ vacuumed: ['public.churned', 'public.tuned'], analyzed: ['public.edited'] });
    expect(await stats('tuned')).toMatchObject({ n_dead_tup: 0 });
    expect(await stats('churned')).toMatchObject({ n_dead_tup: 0, rows: 500 });
    expect((await stats('churned'))?.last_vacuum).toBeInstanceOf(Date);
    expect((await stats('quiet'))?.last_analyze).toBeNull();
    await flushStats();
    expect(await maintainPglite(pglite)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('runs passes on a schedule, logs what they did, and stops', async () => {
    await pglite.exec('delete from edited where id > 100');
    await flushStats();
    const info = vi.fn();
    const log = { info, error: vi.fn() } as unknown as Logger;
    const schedule = scheduleMaintenance(pglite, log, 20);
    await vi.waitFor(() => expect(info).toHaveBeenCalled());
    await schedule.stop();

    expect(info.mock.calls[0]?.[0]).toMatchObject({ vacuumed: ['public.edited'], analyzed: [] });
    expect(await stats('edited')).toMatchObject({ n_dead_tup: 0, rows: 100 });
  });
});
