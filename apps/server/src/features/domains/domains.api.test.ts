import fastifyCookie from '@fastify/cookie';
import { domainDnsRecordsEndpoint } from '@quizbeam/contracts/domains';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { domains, liveQuizzes, publishedSnapshots, quizzes } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteChange } from '../../shared/siteChange';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { APP_ORIGIN, startTestApp, type TestApp } from '../../testing/testApp';
import { findDomainOwner } from './findDomainOwner';
import { domainRoutes } from './routes';

const PUBLISH_HOST = 'quizzes.quizbeam.test';

let t: TestApp;
let dns: TestDnsServer;
const changes: string[] = [];

beforeAll(async () => {
  dns = await startTestDnsServer({
    '*.cname.test': { cname: `${PUBLISH_HOST}.` },
    'apex.test': { a: ['203.0.113.10'], aaaa: ['2001:db8::10'] },
    'apex-two.test': { a: ['203.0.113.10'] },
    'elsewhere.test': { a: ['198.51.100.20'] },
  });
  t = await startTestApp({
    PUBLISH_URL: `https://${PUBLISH_HOST}`,
    PUBLISH_IPS: '203.0.113.10,2001:DB8:0::10',
    DNS_SERVERS: dns.address,
  });
  const recordingSiteChanges = {
    async announce(change: SiteChange) {
      if (change.kind === 'domainAdded') changes.push(`added ${change.host}`);
      else if (change.kind === 'domainRemoved') {
        changes.push(`removed ${change.host} [${change.snapshotIds.join(',')}]`);
      } else changes.push(change.kind);
    },
  };
  // Beside the app's own routes, with the cookie parsing the builder's context has.
  await t.app.register(
    async (scoped) => {
      await scoped.register(fastifyCookie, { secret: t.context.sessionSecret });
      await scoped.register(domainRoutes(t.context, recordingSiteChanges));
    },
    { prefix: '/with-recorder' },
  );
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const signedInAccount = () => t.signIn();

type Call = Awaited<ReturnType<typeof signedInAccount>>['call'];

async function addedDomain(call: Call, host: string): Promise<{ id: string; host: string }> {
  const response = await call('POST', '/api/domain', { host });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A quiz of the account made live at host (as Publish would leave it), straight in the database. */
async function liveQuiz(call: Call, accountId: string, host: string): Promise<string> {
  const created = await call('POST', '/api/quizzes', { name: `Live on ${host}`, type: 'general' });
  const { quizId } = createQuizEndpoint.response.parse(created.json());
  const quiz = quizSchema.parse((await call('GET', `/api/quizzes/${quizId}`)).json());
  const slug = crypto.randomUUID().replace(/-/g, '').slice(0, 8);
  const published: Quiz = { ...quiz, publishedId: slug, publishedHost: host, isPublished: true };
  const snapshotId = crypto.randomUUID();
  const { db } = t.context;
  await db.update(quizzes).set({ isPublished: true, document: published }).where(eq(quizzes.id, quizId));
  await db.insert(publishedSnapshots).values({
    id: snapshotId,
    quizId,
    accountId,
    version: 1,
    slug,
    host,
    document: published,
    scripts: { onStartPage: '', onOptIn: '' },
    showPoweredByBadge: true,
  });
  await db.insert(liveQuizzes).values({ quizId, snapshotId, host, slug });
  return quizId;
}

describe('domains API', () => {
  it('adds a domain whose CNAME points at the publish host, lower-cased, and answers again with it', async () => {
    const { call, accountId } = await signedInAccount();
    const response = await call('POST', '/api/domain', { host: '  Quiz.CNAME.test ' });
    expect(response.statusCode).toBe(200);
    const domain = response.json();
    expect(domain).toEqual({
      id: expect.any(String),
      host: 'quiz.cname.test',
      displayHost: 'quiz.cname.test',
    });
    expect(dns.questionCount('CNAME', 'quiz.cname.test')).toBeGreaterThan(0);

    const again = await call('POST', '/api/domain', { host: 'quiz.cname.test' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(domain);
    const stored = await t.context.db.select().from(domains).where(eq(domains.host, 'quiz.cname.test'));
    expect(stored).toEqual([expect.objectContaining({ id: domain.id, accountId })]);
  });

  it('stores an internationalised domain by its ASCII (punycode) name, asks DNS by it, and shows it as typed', async () => {
    const { call, accountId } = await signedInAccount();
    const response = await call('POST', '/api/domain', { host: ' Bücher.cname.test ' });
    expect(response.statusCode, response.body).toBe(200);
    const domain = response.json();
    expect(domain).toEqual({
      id: expect.any(String),
      host: 'xn--bcher-kva.cname.test',
      displayHost: 'bücher.cname.test',
    });
    expect(dns.questionCount('CNAME', 'xn--bcher-kva.cname.test')).toBeGreaterThan(0);
    const stored = await t.context.db.select().from(domains).where(eq(domains.accountId, accountId));
    expect(stored.map((row) => row.host)).toEqual(['xn--bcher-kva.cname.test']);

    // Its ASCII name is the same domain, for this account and for any other.
    expect((await call('POST', '/api/domain', { host: 'xn--bcher-kva.cname.test' })).json()).toEqual(domain);
    expect((await call('GET', '/api/domain')).json()).toEqual([domain]);
    const stranger = await signedInAccount();
    for (const host of ['bücher.cname.test', 'XN--BCHER-KVA.cname.test']) {
      const taken = await stranger.call('POST', '/api/domain', { host });
      expect(taken.statusCode, host).toBe(409);
    }
    expect(await findDomainOwner(t.context.db, 'BÜCHER.cname.test.')).toEqual({ accountId });
  });

  it('adds a domain whose A and AAAA records are all publish addresses', async () => {
    const { call } = await signedInAccount();
    expect((await call('POST', '/api/domain', { host: 'apex.test' })).json()).toMatchObject({
      host: 'apex.test',
    });
  });

  it('answers 400 domain_not_pointing when the records point elsewhere or the name does not exist', async () => {
    const { call } = await signedInAccount();
    for (const host of ['elsewhere.test', 'nxdomain.test']) {
      const response = await call('POST', '/api/domain', { host });
      expect(response.statusCode, host).toBe(400);
      expect(response.json()).toEqual({
        code: 'domain_not_pointing',
        error:
          `${host} does not point at Quizbeam yet. At your domain registrar, add a CNAME record for ${host} ` +
          `with the value ${PUBLISH_HOST}; or, for a domain without a subdomain such as example.com, an A ` +
          `record for ${host} with the value 203.0.113.10 and an AAAA record for ${host} with the value ` +
          '2001:db8::10, then try again. DNS changes can take 10-20 minutes to show, sometimes up to 24 hours.',
      });
    }
    expect((await call('GET', '/api/domain')).json()).toEqual([]);
  });

  it('answers 409 when another account has the domain', async () => {
    const first = await signedInAccount();
    await addedDomain(first.call, 'taken.cname.test');
    const second = await signedInAccount();
    const response = await second.call('POST', '/api/domain', { host: 'TAKEN.cname.test' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      error: 'This domain is already added to another account.',
    });
    expect((await second.call('GET', '/api/domain')).json()).toEqual([]);
  });

  it('keeps one owner when two accounts add the same domain at once', async () => {
    const [first, second] = await Promise.all([signedInAccount(), signedInAccount()]);
    const answers = await Promise.all([
      first.call('POST', '/api/domain', { host: 'race.cname.test' }),
      second.call('POST', '/api/domain', { host: 'race.cname.test' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const stored = await t.context.db.select().from(domains).where(eq(domains.host, 'race.cname.test'));
    expect(stored).toHaveLength(1);
  });

  it('refuses malformed hosts and our own hosts with their reason', async () => {
    const { call } = await signedInAccount();
    const cases: [string, string][] = [
      ['a.quiz.example.com', 'Use at most 3 parts, like quiz.example.com.'],
      ['quiz.brand.co.uk', 'Use at most 3 parts, like quiz.example.com.'],
      ['http://quiz.example.com', 'Enter the domain without http:// or https://.'],
      ['https://quiz.example.com', 'Enter the domain without http:// or https://.'],
      ['quiz example.com', 'Use only letters, digits and hyphens between the dots.'],
      ['quiz_site.example.com', 'Use only letters, digits and hyphens between the dots.'],
      ['quiz.example.com:8080', 'Use only letters, digits and hyphens between the dots.'],
      ['☃.example.com', 'Use only letters, digits and hyphens between the dots.'],
      ['bücher.shop.example.com', 'Use at most 3 parts, like quiz.example.com.'],
      // Letters, but not a name IDNA allows (a label may not start with a combining accent).
      ['\u0301quiz.example.com', 'Enter a domain such as quiz.example.com.'],
      ['example', 'Enter a domain such as quiz.example.com.'],
      ['', 'Please enter a domain.'],
      [PUBLISH_HOST, `${PUBLISH_HOST} is Quizbeam's own address; enter a domain of yours.`],
    ];
    for (const [host, reason] of cases) {
      const response = await call('POST', '/api/domain', { host });
      expect(response.statusCode, host).toBe(400);
      expect(response.json().code, host).toBe('validation_failed');
      // One reason per host, the one that applies.
      expect([reason, `Invalid request. body/host: ${reason}`], host).toContain(response.json().error);
    }
  });

  it('names the records that point a domain at the publish host: a CNAME, or A and AAAA records', async () => {
    const { send } = await signedInAccount();
    expect((await send(domainDnsRecordsEndpoint)).data()).toEqual([
      { type: 'CNAME', value: PUBLISH_HOST },
      { type: 'A', value: '203.0.113.10' },
      { type: 'AAAA', value: '2001:db8::10' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/domain/dns-records' })).statusCode).toBe(401);
  });

  it('lists only the account’s own domains, sorted by host', async () => {
    const { call } = await signedInAccount();
    const www = await addedDomain(call, 'www.cname.test');
    const apex = await addedDomain(call, 'apex-two.test');
    const stranger = await signedInAccount();
    await addedDomain(stranger.call, 'stranger.cname.test');
    expect((await call('GET', '/api/domain')).json()).toEqual([apex, www]);
  });

  it('removes a domain and takes down the account’s quizzes live on it, leaving others live', async () => {
    const { call, accountId } = await signedInAccount();
    const domain = await addedDomain(call, 'shop.cname.test');
    const onDomain = await liveQuiz(call, accountId, 'shop.cname.test');
    const onPublishHost = await liveQuiz(call, accountId, PUBLISH_HOST);

    const response = await call('DELETE', `/api/domain/${domain.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await call('GET', '/api/domain')).json()).toEqual([]);

    const { db } = t.context;
    const live = await db.select({ quizId: liveQuizzes.quizId }).from(liveQuizzes);
    expect(live.map((row) => row.quizId)).not.toContain(onDomain);
    expect(live.map((row) => row.quizId)).toContain(onPublishHost);
    const takenDown = quizSchema.parse((await call('GET', `/api/quizzes/${onDomain}`)).json());
    expect(takenDown).toMatchObject({ isPublished: false, publishedHost: 'shop.cname.test' });
    const [row] = await db.select().from(quizzes).where(eq(quizzes.id, onDomain));
    expect(row?.isPublished).toBe(false);
    expect(quizSchema.parse((await call('GET', `/api/quizzes/${onPublishHost}`)).json()).isPublished).toBe(
      true,
    );
  });

  it('does not let another account remove a domain, and answers 404 for unknown ids', async () => {
    const owner = await signedInAccount();
    const domain = await addedDomain(owner.call, 'owned.cname.test');
    const stranger = await signedInAccount();
    for (const id of [domain.id, crypto.randomUUID(), 'not-a-uuid']) {
      const response = await stranger.call('DELETE', `/api/domain/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect((await owner.call('GET', '/api/domain')).json()).toEqual([domain]);
    expect(await findDomainOwner(t.context.db, 'OWNED.cname.test.')).toEqual({ accountId: owner.accountId });
    expect((await owner.call('DELETE', `/api/domain/${domain.id}`)).statusCode).toBe(200);
    expect(await findDomainOwner(t.context.db, 'owned.cname.test')).toBeNull();
  });

  it('needs a session and the app origin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/domain' })).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/domain',
      headers: { origin: APP_ORIGIN },
      payload: { host: 'apex.test' },
    });
    expect(unsigned.statusCode).toBe(401);
    const { cookie, call } = await signedInAccount();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/domain',
      headers: { origin: 'https://evil.example', cookie },
      payload: { host: 'origin.cname.test' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call('GET', '/api/domain')).json()).toEqual([]);
  });

  it('tells Caddy which hosts may get a certificate', async () => {
    const { call } = await signedInAccount();
    await addedDomain(call, 'tls.cname.test');
    await addedDomain(call, 'bücher-tls.cname.test');
    const ask = (query: string) => t.app.inject({ method: 'GET', url: `/internal/tls-ask${query}` });
    // Caddy asks by the name in the TLS handshake, which for an internationalised domain is its ASCII form.
    for (const domain of [
      'tls.cname.test',
      'TLS.cname.test',
      'tls.cname.test.',
      'xn--bcher-tls-q9a.cname.test',
      'bücher-tls.cname.test',
    ]) {
      expect((await ask(`?domain=${encodeURIComponent(domain)}`)).statusCode, domain).toBe(200);
    }
    for (const query of ['?domain=unknown.test', '?domain=203.0.113.10', '?domain=', '']) {
      expect((await ask(query)).statusCode, query).toBe(404);
    }
    const onPublishHost = await t.app.inject({
      method: 'GET',
      url: '/internal/tls-ask?domain=tls.cname.test',
      headers: { host: PUBLISH_HOST },
    });
    expect(onPublishHost.statusCode).toBe(200);
  });

  it('announces added and removed domains to the published sites', async () => {
    const { call, accountId } = await signedInAccount();
    const added = await call('POST', '/with-recorder/api/domain', { host: 'listen.cname.test' });
    expect(added.statusCode).toBe(200);
    const quizId = await liveQuiz(call, accountId, 'listen.cname.test');
    const [live] = await t.context.db.select().from(liveQuizzes).where(eq(liveQuizzes.quizId, quizId));
    await call('DELETE', `/with-recorder/api/domain/${added.json().id}`);
    expect(changes).toEqual(['added listen.cname.test', `removed listen.cname.test [${live?.snapshotId}]`]);
  });
});
