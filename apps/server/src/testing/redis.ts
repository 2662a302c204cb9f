import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { REDIS_KEY_PREFIX } from '../security/redisRateLimiter';

/** The Redis the tests use: TEST_REDIS_URL, or the local default. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function testConnection(): Redis {
  return new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
}

/** Whether the test Redis answers; says so once when it does not, so that a skipped suite is explained. */
export async function testRedisAnswers(suite: string): Promise<boolean> {
  const redis = testConnection();
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    console.warn(`Skipping ${suite}: no Redis answers at ${TEST_REDIS_URL}.`);
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix of its own (under the real one), so that test runs in parallel never share a key. */
export function uniqueTestKeyPrefix(): string {
  return `${REDIS_KEY_PREFIX}test:${randomUUID()}:`;
}

/** Every key under `prefix` with its remaining time to live in milliseconds (-1: none). */
export async function testKeysUnder(prefix: string): Promise<Map<string, number>> {
  const redis = testConnection();
  await redis.connect();
  try {
    const keys = new Map<string, number>();
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      for (const key of batch) keys.set(key, await redis.pttl(key));
      cursor = next;
    } while (cursor !== '0');
    return keys;
  } finally {
    redis.disconnect();
  }
}

/** Removes what a test left under its prefix (it would expire anyway). */
export async function deleteTestKeys(prefix: string): Promise<void> {
  const keys = [...(await testKeysUnder(prefix)).keys()];
  if (keys.length === 0) return;
  const redis = testConnection();
  await redis.connect();
  try {
    await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
