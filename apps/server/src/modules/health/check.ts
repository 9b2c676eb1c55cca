import type { HealthResponse } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Db, migrationsFolder, queryRows } from '../../db/client';

/** A load balancer gives up after a few seconds; answer before it does, even when the database hangs. */
export const HEALTH_TIMEOUT_MS = 3000;

/**
 * The migration times (`when` of drizzle's journal) this build carries, read once. Drizzle's migrator
 * records each applied one in `drizzle.__drizzle_migrations` with that time as `created_at`, and applies
 * every migration newer than the newest row: the same rule decides here what is pending.
 */
export function bundledMigrations(folder = migrationsFolder): number[] {
  return readMigrationFiles({ migrationsFolder: folder }).map((m) => m.folderMillis);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Whether the database answers, and how its applied migrations compare with this build's. */
export async function checkHealth(
  db: Db,
  bundled: number[],
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<HealthResponse & { detail?: string }> {
  try {
    await withTimeout(queryRows(db, sql`select 1`), timeoutMs);
  } catch (error) {
    return { status: 'error', database: 'error', migrations: 'unknown', detail: (error as Error).message };
  }
  let newestApplied: number;
  try {
    const [row] = await withTimeout(
      queryRows<{ newest: string | number | null }>(
        db,
        sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
      ),
      timeoutMs,
    );
    newestApplied = row?.newest == null ? 0 : Number(row.newest);
  } catch (error) {
    // No migrations table at all (42P01, an empty database) means everything is pending.
    const code =
      (error as { cause?: { code?: string }; code?: string }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') {
      return { status: 'error', database: 'ok', migrations: 'pending', detail: 'no migrations applied' };
    }
    return { status: 'error', database: 'error', migrations: 'unknown', detail: (error as Error).message };
  }
  const newestBundled = Math.max(0, ...bundled);
  if (newestApplied < newestBundled) {
    const pending = bundled.filter((when) => when > newestApplied).length;
    return {
      status: 'error',
      database: 'ok',
      migrations: 'pending',
      detail: `${pending} migration(s) pending`,
    };
  }
  // A newer build has migrated already (a rolling deploy): this older process keeps serving until it is
  // replaced, as it did a moment before; the answer says so for whoever watches.
  return { status: 'ok', database: 'ok', migrations: newestApplied > newestBundled ? 'ahead' : 'current' };
}
