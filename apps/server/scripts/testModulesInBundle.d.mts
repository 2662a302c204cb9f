// Types for scripts/testModulesInBundle.mjs, for its test.
import type { Metafile } from 'esbuild';

export interface TestModuleInBundle {
  module: string;
  entry: string;
  /** The entry first, the test module last. */
  chain: string[];
}

export declare function isTestModule(path: string): boolean;

export declare function testModulesInBundle(metafile: Metafile): TestModuleInBundle[];

export declare function describeTestModules(found: readonly TestModuleInBundle[]): string[];
