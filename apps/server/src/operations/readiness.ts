import type { Database } from '@quizbeam/db/database';
import { sql } from 'drizzle-orm';
import { type Migration, missingMigrations, shippedMigrations } from './migrationStatus';
import type { ProcessStatus } from './processStatus';
import { withTimeout } from './withTimeout';

const CHECK_TIMEOUT_MS = 2_000;

export type CheckResult = { ok: true; detail: string } | { ok: false; detail: string };

export interface Readiness {
  ready: boolean;
  /** Only `process` while shutting down: the database may be closing, and is not asked. */
  checks: Partial<Record<'process' | 'database' | 'migrations' | 'worker', CheckResult>>;
}

const passed = (detail: string): CheckResult => ({ ok: true, detail });
const failed = (detail: string): CheckResult => ({ ok: false, detail });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether this process should get traffic: the database answers, its schema is current, the worker runs where wanted. */
export function createReadinessCheck(
  db: Database,
  status: ProcessStatus,
  shipped: Migration[] = shippedMigrations(),
) {
  async function database(): Promise<CheckResult> {
    try {
      await withTimeout(db.execute(sql`select 1`), CHECK_TIMEOUT_MS, 'select 1');
      return passed('answers');
    } catch (error) {
      return failed(`does not answer: ${messageOf(error)}`);
    }
  }

  async function migrations(): Promise<CheckResult> {
    try {
      const missing = await withTimeout(
        missingMigrations(db, shipped),
        CHECK_TIMEOUT_MS,
        'reading the applied migrations',
      );
      if (missing.length === 0) return passed(`${shipped.length} applied`);
      return failed(`not applied: ${missing.map((migration) => migration.tag).join(', ')}`);
    } catch (error) {
      return failed(`could not be read: ${messageOf(error)}`);
    }
  }

  function worker(): CheckResult {
    if (status.worker === 'off') return passed('off in this process (WORKER=off)');
    if (status.worker === 'running') return passed('running');
    return failed('stopped');
  }

  return async function check(): Promise<Readiness> {
    if (status.closing) return { ready: false, checks: { process: failed('shutting down') } };
    const [databaseResult, migrationsResult] = await Promise.all([database(), migrations()]);
    const checks = {
      process: passed('up'),
      database: databaseResult,
      migrations: migrationsResult,
      worker: worker(),
    };
    return { ready: Object.values(checks).every((result) => result.ok), checks };
  };
}
