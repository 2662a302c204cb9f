import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { accounts, users } from './schema';
import { openTestDatabase } from './testing/freshDatabase';

describe(`migrations on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('creates every table and can be applied twice', async () => {
    await handle.migrate();
    // Both drivers return `{ rows }`; the shared database type leaves the result shape open.
    const result = (await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(result.rows.map((row) => row.table_name)).toEqual([
      'account_scripts',
      'accounts',
      'admin_audit_log',
      'analytics_counters',
      'analytics_visits',
      'conversion_apis',
      'data_erasures',
      'delivery_alerts',
      'delivery_attempts',
      'domains',
      'email_change_requests',
      'html_forms',
      'images',
      'integration_connections',
      'lead_deliveries',
      'lead_digests',
      'lead_notification_unsubscribes',
      'leads',
      'leads_challenge_items',
      'live_quizzes',
      'moved_quiz_addresses',
      'oauth_states',
      'password_codes',
      'published_snapshots',
      'quiz_presence',
      'quiz_scripts',
      'quiz_versions',
      'quizzes',
      'sessions',
      'template_categories',
      'templates',
      'users',
      'visitor_events',
      'webhooks',
      'zapier_api_keys',
      'zapier_hooks',
    ]);
  });

  it('keeps emails unique regardless of case', async () => {
    const accountId = crypto.randomUUID();
    await handle.db.insert(accounts).values({ id: accountId, name: 'Acme' });
    await handle.db.insert(users).values({ id: crypto.randomUUID(), accountId, email: 'Ann@Example.com' });
    await expect(
      handle.db.insert(users).values({ id: crypto.randomUUID(), accountId, email: 'ann@example.COM' }),
    ).rejects.toThrow();
  });
});
