// Types for scripts/packagesLoadedAtStart.mjs, for its test.
import type { Metafile } from 'esbuild';

export declare function packagesLoadedAtStart(metafile: Metafile, output: string): Set<string>;

export declare function packageName(specifier: string): string;
