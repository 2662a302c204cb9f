// What `npm start` rebuilds (scripts/build.mjs): each output is stale when a file of any package it is
// built from changes, and only then.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type BuildName, inputHash } from '../../scripts/build.mjs';

const base = mkdtempSync(path.join(tmpdir(), 'quizbeam-stale-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), content);
};
for (const file of [
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
  'apps/builder/index.html',
  'apps/builder/src/main.tsx',
  'apps/player/src/player.ts',
  'apps/server/src/main.ts',
  'packages/contracts/src/quiz.ts',
  'packages/quiz-engine/src/scoring.ts',
  'packages/db/src/schema.ts',
  'packages/db/drizzle/0001_init.sql',
]) {
  write(file, `// ${file}`);
}

const NAMES: BuildName[] = ['builder', 'player', 'server'];
const hashes = () => Object.fromEntries(NAMES.map((name) => [name, inputHash(name, base)]));

/** The outputs a change makes stale. */
function staleAfter(change: () => void): BuildName[] {
  const before = hashes();
  change();
  const after = hashes();
  return NAMES.filter((name) => before[name] !== after[name]);
}

describe('which builds a change makes stale', () => {
  it('follows each output into every workspace package it imports', () => {
    expect(staleAfter(() => write('packages/quiz-engine/src/scoring.ts', '// changed'))).toEqual(NAMES);
    expect(staleAfter(() => write('packages/contracts/src/new.ts', '// added'))).toEqual(NAMES);
    expect(staleAfter(() => write('packages/db/src/schema.ts', '// changed'))).toEqual(['server']);
    // The builder's Appearance tab checks contrast with the themes package's rules.
    expect(staleAfter(() => write('packages/themes/src/appearanceContrast.ts', '// changed'))).toEqual([
      'builder',
      'server',
    ]);
    // The builder's Capture Form preview uses the player's capture screen markup and CSS.
    expect(staleAfter(() => write('apps/player/src/player.ts', '// changed'))).toEqual(NAMES);
    expect(staleAfter(() => write('apps/builder/src/main.tsx', '// changed'))).toEqual(['builder']);
    expect(staleAfter(() => write('apps/builder/index.html', '<!-- changed -->'))).toEqual(['builder']);
    expect(staleAfter(() => write('apps/server/src/main.ts', '// changed'))).toEqual(['server']);
  });

  it('counts removed files, the lockfile and the build script itself', () => {
    expect(staleAfter(() => rmSync(path.join(base, 'packages/contracts/src/new.ts')))).toEqual(NAMES);
    expect(staleAfter(() => write('package-lock.json', '{"changed":true}'))).toEqual(NAMES);
    expect(staleAfter(() => write('scripts/build.mjs', '// changed'))).toEqual(NAMES);
  });

  it('ignores tests, build output and installed packages', () => {
    expect(staleAfter(() => write('packages/quiz-engine/src/scoring.test.ts', '// a test'))).toEqual([]);
    expect(staleAfter(() => write('apps/builder/src/App.test.tsx', '// a test'))).toEqual([]);
    expect(staleAfter(() => write('apps/player/dist/manifest.json', '{}'))).toEqual([]);
    expect(staleAfter(() => write('apps/server/node_modules/x/index.js', ''))).toEqual([]);
  });
});
