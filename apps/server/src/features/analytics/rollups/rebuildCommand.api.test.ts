import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Database, type DatabaseHandle, openDatabase } from '@quizbeam/db/database';
import { accounts, publishedSnapshots, quizzes, visitorEvents } from '@quizbeam/db/schema';
import { openTestDatabase, seedMigratedPglite } from '@quizbeam/db/testing';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersOf, expectedFigures, generatedVisits } from '../../../testing/analyticsRollups';
import { compiledCliPath } from '../../../testing/compiledCli';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-rebuild-'));
const onPostgres = Boolean(process.env.DATABASE_URL);
let env: NodeJS.ProcessEnv;
let postgres: (DatabaseHandle & { url?: string }) | undefined;

/** The embedded database lets one process in at a time: it is opened for each step and closed again. */
async function withDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
  if (postgres) return use(postgres.db);
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  if (onPostgres) {
    postgres = await openTestDatabase();
    env.DATABASE_URL = postgres.url;
  } else {
    await seedMigratedPglite(dataDir);
  }
});
afterAll(async () => {
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [await compiledCliPath(), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A published quiz whose visits were recorded before analytics rollups existed: raw rows only. */
async function quizWithRawEvents(db: Database): Promise<{ quizId: string; events: number }> {
  const accountId = crypto.randomUUID();
  const built = buildQuiz({
    type: 'scored',
    questions: [{ answers: [{ to: 2 }, {}] }, { answers: [{}, {}] }, { answers: [{}, {}] }],
    outcomes: [
      { from: 0, to: 2 },
      { from: 3, to: 10 },
    ],
  });
  const quiz = { ...built.quiz, id: crypto.randomUUID() };
  const snapshotId = crypto.randomUUID();
  await db.insert(accounts).values({ id: accountId, name: 'Acme' });
  await db
    .insert(quizzes)
    .values({ id: quiz.id, accountId, name: quiz.name, type: quiz.type, document: quiz });
  await db.insert(publishedSnapshots).values({
    id: snapshotId,
    quizId: quiz.id,
    accountId,
    version: 1,
    slug: 'rebuildq',
    host: 'quizzes.test',
    document: quiz,
    scripts: { onStartPage: '', onOptIn: '' },
    showPoweredByBadge: true,
  });
  const rows = generatedVisits({
    quizId: quiz.id,
    snapshotIds: [snapshotId],
    quiz,
    outcomeIds: built.o,
    visits: 30,
    seed: 31,
    startAt: Date.parse('2026-05-01T10:00:00Z'),
  });
  await db.insert(visitorEvents).values(rows);
  return { quizId: quiz.id, events: rows.length };
}

describe(`npm run cli -- analytics:rebuild (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('rebuilds a quiz’s analytics from its raw events and says what it did', async () => {
    const { quizId, events } = await withDatabase(quizWithRawEvents);
    expect(await withDatabase((db) => countersOf(db, quizId))).toEqual({});

    const rebuilt = await cli('analytics:rebuild', '--quiz', quizId);
    expect(rebuilt.stderr).toBe('');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout.trim()).toMatch(
      new RegExp(`^Rebuilt the analytics of quiz ${quizId} from ${events} events \\(\\d+ visits\\)\\.$`),
    );
    await withDatabase(async (db) => {
      const counters = await countersOf(db, quizId);
      expect(Object.keys(counters).length).toBeGreaterThan(20);
      expect(counters).toEqual(await expectedFigures(db, quizId));
    });
  }, 90_000);

  it('refuses an unknown quiz and a malformed id', async () => {
    const unknown = await cli('analytics:rebuild', '--quiz', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'Error: There is no quiz with the id 00000000-0000-4000-8000-000000000000.',
    );
    const malformed = await cli('analytics:rebuild', '--quiz', 'nope');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--quiz must be a quiz id.');
    expect(malformed.stderr).toContain('analytics:rebuild --quiz QUIZ_ID');
  }, 90_000);
});
