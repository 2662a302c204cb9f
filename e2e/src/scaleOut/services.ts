import { connect } from 'node:net';

/** The local PostgreSQL the scale-out runs use: DATABASE_URL's server, or the default one on 127.0.0.1:5432. */
export const postgresAdminUrl = (): string =>
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The local Redis; each run takes a logical database of its own (see redisDatabase.ts). */
export const REDIS_SERVER = { host: '127.0.0.1', port: 6379 };

/** Whether something accepts TCP connections at host:port within a second. */
export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Why the scale-out checks cannot run here, or null when PostgreSQL and Redis both answer. */
export async function missingServices(): Promise<string | null> {
  const postgres = new URL(postgresAdminUrl());
  const missing = [
    (await answers(postgres.hostname, Number(postgres.port || 5432)))
      ? null
      : `PostgreSQL at ${postgres.host}`,
    (await answers(REDIS_SERVER.host, REDIS_SERVER.port))
      ? null
      : `Redis at ${REDIS_SERVER.host}:${REDIS_SERVER.port}`,
  ].filter((name) => name !== null);
  return missing.length === 0 ? null : `${missing.join(' and ')} did not answer`;
}
