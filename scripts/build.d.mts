// Types for scripts/build.mjs, for the test that checks what each change makes stale.
export type BuildName = 'builder' | 'player' | 'server';

export declare const TARGETS: Record<BuildName, { workspace: string; inputs: string[]; outputs: string[] }>;

/** The hash of everything `name` is built from, in the repository at `base` (this one by default). */
export declare function inputHash(name: BuildName, base?: string): string;
