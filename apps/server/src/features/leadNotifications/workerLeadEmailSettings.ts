import type { Config } from '../../config/env';
import { resolvedDataDir } from '../../config/runtime';
import { loadSessionSecret } from '../../config/sessionSecret';
import type { LeadEmailSettings } from './leadEmailLinks';

/**
 * The worker's settings for new-lead emails: the links point at the builder, and the unsubscribe links are
 * signed with the same server secret the server's unsubscribe page checks them with.
 */
export const workerLeadEmailSettings = (config: Config): LeadEmailSettings => ({
  appUrl: config.appUrl,
  basePath: config.basePath,
  secret: loadSessionSecret(resolvedDataDir(config), config.sessionSecret),
});
