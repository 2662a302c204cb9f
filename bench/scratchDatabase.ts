// A database of its own for one benchmark run, on the local PostgreSQL (DATABASE_URL), dropped afterwards.

import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `quizbeam_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    async drop() {
      await admin.query(`drop database if exists ${name}`).catch(() => {});
      await admin.end();
    },
  };
}
