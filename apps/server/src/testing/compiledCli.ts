import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { npmPackagesExternal } from '../../scripts/npmPackagesExternal.mjs';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
// Inside the server's node_modules, so that Node finds the npm packages the bundle leaves to it.
const cliFile = path.join(serverRoot, 'node_modules/.cache/quizbeam-test-cli/cli.js');
let compiled: Promise<string> | undefined;

/**
 * `npm run cli` as the tests run it: src/cli.ts bundled as the server's build bundles it, once per test
 * process, then run with plain Node. Running the sources through tsx costs over a second more per call.
 */
export function compiledCliPath(): Promise<string> {
  compiled ??= (async () => {
    const result = await build({
      entryPoints: [path.join(serverRoot, 'src/cli.ts')],
      absWorkingDir: serverRoot,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      plugins: [npmPackagesExternal],
      write: false,
      outfile: cliFile,
      logLevel: 'warning',
    });
    const [bundle] = result.outputFiles;
    if (!bundle) throw new Error('esbuild wrote no CLI bundle');
    mkdirSync(path.dirname(cliFile), { recursive: true });
    // Another test process may be running the previous copy: replace it whole, never write into it.
    const partial = `${cliFile}.${process.pid}`;
    writeFileSync(partial, bundle.contents);
    renameSync(partial, cliFile);
    return cliFile;
  })();
  return compiled;
}
