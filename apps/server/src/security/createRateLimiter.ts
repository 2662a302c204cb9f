import type { Config } from '../config/env';
import { MemoryRateLimiter, type RateLimiter } from './rateLimiter';
import { RedisRateLimiter } from './redisRateLimiter';

/** Limits shared between processes in Redis when REDIS_URL is set; otherwise in this process's memory. */
export function createRateLimiter(
  config: Pick<Config, 'redisUrl'>,
  log: (line: string) => void,
): RateLimiter {
  return config.redisUrl ? new RedisRateLimiter({ url: config.redisUrl, log }) : new MemoryRateLimiter();
}
