import pg from 'pg';
import { postgresAdminUrl } from './services';

export interface ScratchDatabase {
  url: string;
  /** Ends whatever is still connected (a killed process's sessions) and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database for one run, created as `createdb` would; the servers migrate it. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const adminUrl = postgresAdminUrl();
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
