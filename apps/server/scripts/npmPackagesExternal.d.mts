import type { Plugin } from 'esbuild';

export const npmPackagesExternal: Plugin;
