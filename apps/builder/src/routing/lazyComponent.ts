import type { ComponentType } from 'react';

/** A route `lazy` function that loads one named component, so each screen becomes its own chunk. */
export function lazyComponent<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
