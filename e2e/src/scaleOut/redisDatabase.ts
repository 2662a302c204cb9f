import { Redis } from 'ioredis';
import { REDIS_SERVER } from './services';

export interface RedisDatabase {
  /** REDIS_URL for the processes of this run. */
  url: string;
  /** Empties the logical database again and closes the connection. */
  release(): Promise<void>;
}

/**
 * A Redis logical database of its own for one run (the servers keep no key prefix per run), emptied first
 * so that counts left by an earlier run never refuse this one's requests.
 */
export async function freshRedisDatabase(database: number): Promise<RedisDatabase> {
  const redis = new Redis({ ...REDIS_SERVER, db: database, lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  return {
    url: `redis://${REDIS_SERVER.host}:${REDIS_SERVER.port}/${database}`,
    async release() {
      await redis.flushdb().catch(() => {});
      redis.disconnect();
    },
  };
}
