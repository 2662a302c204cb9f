import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './repositoryRoot';

const sandbox = mkdtempSync(path.join(tmpdir(), 'quizbeam-root-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe('repositoryRoot', () => {
  it('finds this repository from a source file', () => {
    const here = fileURLToPath(import.meta.url);
    expect(repositoryRoot(import.meta.url)).toBe(path.resolve(path.dirname(here), '../../..'));
  });

  it('finds the workspace root from a bundle deeper down, past package.json files without workspaces', () => {
    const root = path.join(sandbox, 'checkout');
    const dist = path.join(root, 'apps/server/dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ workspaces: ['apps/server'] }));
    writeFileSync(path.join(root, 'apps/server/package.json'), JSON.stringify({ name: '@quizbeam/server' }));
    const bundle = path.join(dist, 'main.js');
    writeFileSync(bundle, '');
    expect(repositoryRoot(pathToFileURL(bundle))).toBe(root);
    expect(repositoryRoot(pathToFileURL(bundle).href)).toBe(root);
    expect(repositoryRoot(bundle)).toBe(root);
  });

  it('says so when no folder above has the workspace package.json', () => {
    const lonely = path.join(sandbox, 'lonely');
    mkdirSync(lonely);
    // The sandbox lives in the system's temporary folder, outside any workspace.
    expect(() => repositoryRoot(lonely)).toThrow(/No package.json with "workspaces"/);
  });
});
