import { inject } from 'vitest';
import type {} from './globalSetup';
import type { ServerAddress } from './serverProcess';

/**
 * The server the whole suite shares (started once by the global setup): journeys that need no settings of
 * their own use it rather than paying a server's start (its embedded database's initdb) per file. Each
 * journey signs in as a new account, so they never see one another's data.
 */
export function sharedServer(): ServerAddress {
  return { appUrl: inject('appUrl'), publishUrl: inject('publishUrl'), dataDir: inject('dataDir') };
}
