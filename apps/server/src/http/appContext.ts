import type { Database } from '@quizbeam/db/database';
import type { Config } from '../config/env';
import type { Mailer } from '../email/mailer';
import type { AutoresponderClients } from '../features/integrations/autoresponders/clientRegistry';
import type { RateLimiter, RateLimits } from '../security/rateLimiter';
import type { SecretBox } from '../security/secretBox';

/** What every route module needs; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  rateLimits: RateLimits;
  sessionSecret: string;
  /** Seals and opens the secrets stored for accounts. */
  secretBox: SecretBox;
  /** The email services' clients; the real ones when absent (tests give stand-ins). */
  autoresponderClients?: AutoresponderClients;
}
