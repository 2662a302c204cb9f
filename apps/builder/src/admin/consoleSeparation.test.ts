// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appModulesLoadedBy, appOnlyModuleMatcher, type BundledChunk } from './consoleSeparation';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isAppOnly = appOnlyModuleMatcher(srcDir);
const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function resolveRelative(fromFile: string, specifier: string): string {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith(path.sep));
  if (!found) throw new Error(`${fromFile} imports ${specifier}, which does not exist`);
  return found;
}

/** Every builder source file the console's entry reaches through relative imports. */
function sourcesReachedFrom(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)) {
      if (specifier?.startsWith('.')) pending.push(resolveRelative(file, specifier));
    }
  }
  return [...seen];
}

const chunk = (fileName: string, moduleIds: string[], more: Partial<BundledChunk> = {}): BundledChunk => ({
  fileName,
  name: fileName.replace(/\.js$/, ''),
  isEntry: false,
  imports: [],
  dynamicImports: [],
  moduleIds,
  ...more,
});

describe('the admin console stays apart from the app', () => {
  it("reaches none of the app's screens or routes from its entry", () => {
    const reached = sourcesReachedFrom(path.join(srcDir, 'admin/adminMain.tsx'));
    expect(reached.length).toBeGreaterThan(20);
    expect(reached).toContain(path.join(srcDir, 'api/apiClient.ts'));
    expect(reached.filter(isAppOnly)).toEqual([]);
  });

  it("tells the app's own modules from shared ones", () => {
    expect(isAppOnly(path.join(srcDir, 'features/account/AccountPage.tsx'))).toBe(true);
    expect(isAppOnly(path.join(srcDir, 'routes.tsx'))).toBe(true);
    expect(isAppOnly(path.join(srcDir, 'main.tsx'))).toBe(true);
    expect(isAppOnly(`${path.join(srcDir, 'features/leads/LeadsTab.css')}?used`)).toBe(true);
    expect(isAppOnly(path.join(srcDir, 'ui/modal/Modal.tsx'))).toBe(false);
    expect(isAppOnly(path.join(srcDir, 'admin/AdminConsole.tsx'))).toBe(false);
    expect(isAppOnly('/elsewhere/src/features/x.ts')).toBe(false);
  });

  it("finds app modules in any chunk the console's entry loads, and only there", () => {
    const feature = path.join(srcDir, 'features/zapier/ZapierPage.tsx');
    const shared = path.join(srcDir, 'api/apiClient.ts');
    const chunks = [
      chunk('admin.js', [path.join(srcDir, 'admin/adminMain.tsx')], {
        isEntry: true,
        name: 'admin',
        imports: ['shared.js'],
      }),
      chunk('index.js', [path.join(srcDir, 'main.tsx')], {
        isEntry: true,
        name: 'index',
        imports: ['shared.js'],
        dynamicImports: ['zapier.js'],
      }),
      chunk('shared.js', [shared]),
      chunk('zapier.js', [feature]),
    ];
    expect(appModulesLoadedBy(chunks, 'admin', isAppOnly)).toEqual([]);
    expect(appModulesLoadedBy(chunks, 'index', isAppOnly).sort()).toEqual(
      [path.join(srcDir, 'main.tsx'), feature].sort(),
    );
    const leaking = chunks.map((each) =>
      each.fileName === 'shared.js' ? { ...each, moduleIds: [shared, feature] } : each,
    );
    expect(appModulesLoadedBy(leaking, 'admin', isAppOnly)).toEqual([feature]);
  });
});
