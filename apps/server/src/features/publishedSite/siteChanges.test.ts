import { describe, expect, it } from 'vitest';
import type { SiteChange } from '../../shared/siteChange';
import {
  applySiteChange,
  type SiteCaches,
  SiteChanges,
  siteChangeMessageSchema,
  siteChangePayload,
} from './siteChanges';

/** Caches that record what was dropped from them, in order. */
function recordingCaches(): { caches: SiteCaches; dropped: string[] } {
  const dropped: string[] = [];
  const place = (value: { host: string; slug: string } | null) =>
    value ? `${value.host}/${value.slug}` : null;
  const caches: SiteCaches = {
    hosts: {
      addDomain: (host) => dropped.push(`hosts.add ${host}`),
      removeDomain: (host) => dropped.push(`hosts.remove ${host}`),
      reload: async () => {
        dropped.push('hosts.reload');
      },
    },
    pages: {
      invalidate: (value) => dropped.push(`pages ${place(value)}`),
      invalidateHost: (host) => dropped.push(`pages on ${host}`),
      invalidateAccount: (accountId) => dropped.push(`pages of ${accountId}`),
      invalidateAll: () => dropped.push('pages all'),
    },
    snapshots: {
      forgetStatus: (snapshotId) => dropped.push(`status ${snapshotId}`),
      forgetAccountStatus: (accountId) => dropped.push(`account ${accountId}`),
      forgetAllStatuses: () => dropped.push('statuses all'),
    },
    redirects: { forgetAll: () => dropped.push('redirects all') },
  };
  return { caches, dropped };
}

const failOnLog = (error: unknown) => {
  throw error;
};

function droppedBy(change: SiteChange): string[] {
  const { caches, dropped } = recordingCaches();
  applySiteChange(caches, change, failOnLog);
  return dropped;
}

describe('applying a site change to this process’s caches', () => {
  it('Republish: the old snapshot’s status, both places’ pages and the moved addresses', () => {
    expect(
      droppedBy({
        kind: 'published',
        previous: { host: 'old.example.com', slug: 'abcd1234', snapshotId: 's1' },
        current: { host: 'quizzes.test', slug: 'abcd1234' },
      }),
    ).toEqual([
      'status s1',
      'pages old.example.com/abcd1234',
      'pages quizzes.test/abcd1234',
      'redirects all',
    ]);
  });

  it('first Publish: the new place’s page (a cached 404) and the moved addresses', () => {
    expect(
      droppedBy({ kind: 'published', previous: null, current: { host: 'quizzes.test', slug: 'abcd1234' } }),
    ).toEqual(['status null', 'pages null', 'pages quizzes.test/abcd1234', 'redirects all']);
  });

  it('Unpublish: the retired snapshot’s status, its page and the moved addresses', () => {
    expect(
      droppedBy({
        kind: 'unpublished',
        previous: { host: 'quizzes.test', slug: 'abcd1234', snapshotId: 's2' },
        snapshotIds: ['s1'],
      }),
    ).toEqual(['status s2', 'status s1', 'pages quizzes.test/abcd1234', 'redirects all']);
  });

  it('a deleted quiz: the page where it was live and its snapshots’ statuses', () => {
    expect(
      droppedBy({
        kind: 'quizRemoved',
        place: { host: 'quizzes.test', slug: 'zzzz9999' },
        snapshotIds: ['s5', 's6'],
      }),
    ).toEqual(['pages quizzes.test/zzzz9999', 'status s5', 'status s6']);
  });

  it('domains: added to the list; removed with its pages, moved addresses and snapshots’ statuses', () => {
    expect(droppedBy({ kind: 'domainAdded', host: 'quiz.example.com' })).toEqual([
      'hosts.add quiz.example.com',
    ]);
    expect(droppedBy({ kind: 'domainRemoved', host: 'quiz.example.com', snapshotIds: ['s3', 's4'] })).toEqual(
      [
        'hosts.remove quiz.example.com',
        'pages on quiz.example.com',
        'redirects all',
        'status s3',
        'status s4',
      ],
    );
  });

  it('an account disabled or enabled: its status and its pages', () => {
    expect(droppedBy({ kind: 'accountStatusChanged', accountId: 'a1' })).toEqual([
      'account a1',
      'pages of a1',
    ]);
  });

  it('everything: every page, status and moved address, and the domain list read again', () => {
    expect(droppedBy({ kind: 'everything' })).toEqual([
      'pages all',
      'statuses all',
      'redirects all',
      'hosts.reload',
    ]);
  });
});

describe('announcing and receiving site changes', () => {
  it('applies an announced change here at once and sends it with this process’s origin', async () => {
    const { caches, dropped } = recordingCaches();
    const sent: string[] = [];
    const changes = new SiteChanges(caches, async (payload) => void sent.push(payload), failOnLog);
    await changes.announce({ kind: 'accountStatusChanged', accountId: 'a1' });
    expect(dropped).toEqual(['account a1', 'pages of a1']);
    expect(sent.map((payload) => siteChangeMessageSchema.parse(JSON.parse(payload)))).toEqual([
      { origin: changes.origin, change: { kind: 'accountStatusChanged', accountId: 'a1' } },
    ]);
  });

  it('without a database to notify through (PGlite), only applies it here', async () => {
    const { caches, dropped } = recordingCaches();
    await new SiteChanges(caches, null, failOnLog).announce({ kind: 'domainAdded', host: 'a.example.com' });
    expect(dropped).toEqual(['hosts.add a.example.com']);
  });

  it('never fails the caller when the notification cannot be sent: it is logged', async () => {
    const { caches, dropped } = recordingCaches();
    const logged: unknown[] = [];
    const changes = new SiteChanges(
      caches,
      async () => {
        throw new Error('connection refused');
      },
      (error) => logged.push(error),
    );
    await expect(changes.announce({ kind: 'domainAdded', host: 'b.example.com' })).resolves.toBeUndefined();
    expect(dropped).toEqual(['hosts.add b.example.com']);
    expect(String(logged[0])).toContain('connection refused');
  });

  it('sends a change too long for a notification as “everything”', () => {
    const snapshotIds = Array.from({ length: 400 }, () => crypto.randomUUID());
    const long = siteChangePayload('p1', { kind: 'domainRemoved', host: 'x.example.com', snapshotIds });
    expect(JSON.parse(long)).toEqual({ origin: 'p1', change: { kind: 'everything' } });
    const fits = siteChangePayload('p1', {
      kind: 'domainRemoved',
      host: 'x.example.com',
      snapshotIds: snapshotIds.slice(0, 150),
    });
    expect(Buffer.byteLength(fits)).toBeLessThan(8000);
    expect(JSON.parse(fits).change.snapshotIds).toHaveLength(150);
  });

  it('applies what other processes announce, never its own twice, and ignores malformed payloads', () => {
    const { caches, dropped } = recordingCaches();
    const logged: unknown[] = [];
    const changes = new SiteChanges(caches, null, (error) => logged.push(error));
    changes.receive(siteChangePayload(changes.origin, { kind: 'domainAdded', host: 'own.example.com' }));
    changes.receive(siteChangePayload('another', { kind: 'domainAdded', host: 'theirs.example.com' }));
    for (const malformed of [
      'not json',
      '{}',
      JSON.stringify({ origin: 'another', change: { kind: 'unknownKind' } }),
      JSON.stringify({ origin: 'another', change: { kind: 'domainAdded' } }),
      JSON.stringify({ origin: 'another', change: { kind: 'accountStatusChanged', accountId: 7 } }),
    ]) {
      changes.receive(malformed);
    }
    expect(dropped).toEqual(['hosts.add theirs.example.com']);
    expect(logged).toHaveLength(5);
    expect(String(logged[0])).toContain('malformed site change');
  });
});
