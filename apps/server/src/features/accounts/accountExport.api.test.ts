import { ACCOUNT_EXPORTS_PER_HOUR, accountExportEndpoint } from '@quizbeam/contracts/account';
import { quizAnalyticsCsvEndpoint } from '@quizbeam/contracts/analytics';
import { pathOf } from '@quizbeam/contracts/endpoint';
import { LEADS_CSV_COLUMNS, LEADS_CSV_URL_FIELDS_AT, leadsCsvEndpoint } from '@quizbeam/contracts/leads';
import { createQuizEndpoint, getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { createWebhookEndpoint } from '@quizbeam/contracts/webhooks';
import { getZapierApiKeyEndpoint } from '@quizbeam/contracts/zapier';
import { integrationConnections, webhooks, zapierApiKeys } from '@quizbeam/db/integrationsSchema';
import { domains, leads, sessions, users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLinesOf, expectNoSecretIn, filesOfExport, jsonFileOf } from '../../testing/accountExport';
import { publishBranchingQuiz, sendVisit, startAnalyticsTestApp } from '../../testing/analytics';
import { knownVisits } from '../../testing/analyticsVisits';
import { PUBLISH_HOST, PUBLISH_ORIGIN } from '../../testing/publishing';
import { endpointCaller, type SignedInAccount, type TestApp } from '../../testing/testApp';
import { hashPassword } from '../auth/passwordHashing';
import { LEADS_CSV_PAGE_SIZE } from '../leads/leadsCsv';

let t: TestApp;
beforeAll(async () => {
  t = await startAnalyticsTestApp();
});
afterAll(async () => {
  await t?.close();
});

const exportOf = (account: SignedInAccount) =>
  account.send(accountExportEndpoint, { params: { account: account.accountId } });

/** The download as the browser gets it, bytes and all. */
const download = (account: SignedInAccount) =>
  t.app.inject({
    url: pathOf(accountExportEndpoint, { account: account.accountId }),
    headers: { cookie: account.cookie },
  });

const utcDay = () => new Date().toISOString().slice(0, 10);

/** A CSV cell as csv-stringify writes it: quoted when it holds a quote, comma or line end. */
const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

async function createQuiz(account: SignedInAccount, name: string): Promise<string> {
  return (await account.send(createQuizEndpoint, { body: { name, type: 'general' } })).data().quizId;
}

/** The quiz's own Leads CSV lines after its header: what the export's leads.csv must hold for it. */
async function leadLinesOf(account: SignedInAccount, quizId: string): Promise<string[]> {
  const csv = await account.send(leadsCsvEndpoint, { params: { account: account.accountId, id: quizId } });
  expect(csv.statusCode).toBe(200);
  // The account export keeps the Leads CSV's fixed columns; the quiz's own URL field columns (after the UTM
  // ones), question and category columns are in the quiz's download only (these test leads have no comma
  // inside a cell).
  const [header = '', ...lines] = csv.body.slice(1).split('\r\n').slice(0, -1);
  const columnAfterUrlFields = LEADS_CSV_COLUMNS[LEADS_CSV_URL_FIELDS_AT] ?? '';
  const urlFieldColumns = header.split(',').indexOf(columnAfterUrlFields) - LEADS_CSV_URL_FIELDS_AT;
  return lines.map((line) => {
    const cells = line.split(',');
    return [
      ...cells.slice(0, LEADS_CSV_URL_FIELDS_AT),
      ...cells.slice(LEADS_CSV_URL_FIELDS_AT + urlFieldColumns, urlFieldColumns + LEADS_CSV_COLUMNS.length),
    ].join(',');
  });
}

describe('GET /api/accounts/:account/export', () => {
  it('holds the account, its users, quizzes, leads, responses, domains and integrations, and no secret', async () => {
    const owner = await t.signIn({ name: 'Café Ünïcode & Co', commercialFeatures: true });
    const { db } = t.context;
    const published = await publishBranchingQuiz(t, owner);
    for (const visit of knownVisits(published)) await sendVisit(t, published.snapshotId, visit);
    await t.flushEvents();
    const draftId = await createQuiz(owner, 'Draft, not published');

    // What must never leave: password hashes, sessions, the Zapier key, webhook and connection secrets.
    await db.insert(users).values({
      id: crypto.randomUUID(),
      accountId: owner.accountId,
      email: 'second@example.com',
      passwordHash: await hashPassword('another password'),
      isAdmin: false,
    });
    const connectionSecret = 'ck-live-credential-0123456789abcdef';
    await db.insert(integrationConnections).values({
      id: crypto.randomUUID(),
      accountId: owner.accountId,
      service: 'convertkit',
      displayName: 'Newsletter list',
      credentialsEncrypted: t.context.secretBox.seal(JSON.stringify({ apiSecret: connectionSecret })),
      state: 'inactive',
    });
    await db
      .insert(domains)
      .values({ id: crypto.randomUUID(), accountId: owner.accountId, host: 'quiz.cafe.test' });
    const { apiKey } = (
      await owner.send(getZapierApiKeyEndpoint, { params: { account: owner.accountId } })
    ).data();
    const webhook = (
      await owner.send(createWebhookEndpoint, {
        params: { account: owner.accountId },
        body: { name: 'CRM', url: 'https://hooks.example.com/quizbeam' },
      })
    ).data();
    const storedUsers = await db.select().from(users).where(eq(users.accountId, owner.accountId));
    const [storedConnection] = await db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.accountId, owner.accountId));
    const [storedKey] = await db
      .select()
      .from(zapierApiKeys)
      .where(eq(zapierApiKeys.accountId, owner.accountId));
    const [storedWebhook] = await db.select().from(webhooks).where(eq(webhooks.accountId, owner.accountId));
    const storedSessions = await db.select().from(sessions).where(eq(sessions.userId, owner.userId));
    const secrets = [
      ...storedUsers.flatMap((user) => (user.passwordHash ? [user.passwordHash] : [])),
      ...storedSessions.map((session) => session.tokenHash),
      owner.cookie.slice(owner.cookie.indexOf('=') + 1),
      connectionSecret,
      storedConnection?.credentialsEncrypted ?? 'missing connection',
      apiKey,
      storedKey?.keyHash ?? 'missing key hash',
      storedKey?.keyEncrypted ?? 'missing sealed key',
      webhook.secret,
      storedWebhook?.secretEncrypted ?? 'missing webhook',
      t.context.sessionSecret,
    ];
    expect(storedUsers.filter((user) => user.passwordHash)).toHaveLength(2);

    const dayBefore = utcDay();
    const answer = await download(owner);
    const dayAfter = utcDay();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const day = [dayBefore, dayAfter].find((candidate) =>
      String(answer.headers['content-disposition']).endsWith(`-${candidate}.zip`),
    );
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="quizbeam-export-cafe-unicode-co-${day}.zip"; filename*=UTF-8''quizbeam-export-caf%C3%A9-%C3%BCn%C3%AFcode-co-${day}.zip`,
    );

    const zip = answer.rawPayload;
    const files = filesOfExport(zip);
    expect([...files.keys()].sort()).toEqual(
      [
        'account.json',
        'domains.json',
        'integrations.json',
        `quizzes/${published.quiz.id}.json`,
        `quizzes/${draftId}.json`,
        `analytics/${published.quiz.id}.csv`,
        `analytics/${draftId}.csv`,
        'leads.csv',
      ].sort(),
    );

    const accountJson = jsonFileOf(files, 'account.json') as Record<string, unknown>;
    expect(accountJson).toMatchObject({
      account: {
        id: owner.accountId,
        name: 'Café Ünïcode & Co',
        disabledAt: null,
        permissions: { isLimited: false, commercialFeatures: true, extraTemplates: false, proVersion: false },
        settings: {
          showPoweredByBadge: true,
          usage: expect.arrayContaining([
            expect.objectContaining({ key: 'quizzes', usage: 2 }),
            expect.objectContaining({ key: 'customDomains', usage: 1 }),
          ]),
        },
      },
      users: [
        { email: owner.email, role: 'user', createdAt: expect.any(String) },
        { email: 'second@example.com', role: 'user', createdAt: expect.any(String) },
      ],
    });
    expect(Date.parse(String(accountJson.exportedAt))).not.toBeNaN();

    const quiz = (await owner.send(getQuizEndpoint, { params: { id: published.quiz.id } })).data();
    expect(jsonFileOf(files, `quizzes/${published.quiz.id}.json`)).toEqual({
      id: published.quiz.id,
      name: 'Lead "magnet" quiz',
      type: 'scored',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      published: {
        url: `${PUBLISH_ORIGIN}/${quiz.publishedId}`,
        host: PUBLISH_HOST,
        slug: quiz.publishedId,
        version: 1,
        publishedAt: expect.any(String),
      },
      document: quiz,
    });
    const draft = (await owner.send(getQuizEndpoint, { params: { id: draftId } })).data();
    expect(jsonFileOf(files, `quizzes/${draftId}.json`)).toMatchObject({
      name: 'Draft, not published',
      type: 'general',
      published: null,
      document: draft,
    });

    const leadLines = csvLinesOf(files, 'leads.csv');
    expect(leadLines[0]).toBe(
      'Quiz,Email,Name,Outcome,Score,Time (UTC),UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content,Consent,Consent Text,Deliveries,URL Fields',
    );
    const ownLines = await leadLinesOf(owner, published.quiz.id);
    expect(ownLines).toHaveLength(1);
    expect(ownLines[0]).toContain('ada@example.com,Ada,');
    // This lead kept no URL field beside the UTM ones.
    expect(leadLines.slice(1)).toEqual(ownLines.map((line) => `${csvCell(quiz.name)},${line},`));

    // Each quiz's responses as the Analytics tab's download makes them (all its visits are today's).
    for (const quizId of [published.quiz.id, draftId]) {
      const csv = await owner.send(quizAnalyticsCsvEndpoint, {
        params: { account: owner.accountId, id: quizId },
      });
      expect(files.get(`analytics/${quizId}.csv`)).toBe(csv.body);
    }
    expect(csvLinesOf(files, `analytics/${published.quiz.id}.csv`)).toHaveLength(5);

    expect(jsonFileOf(files, 'domains.json')).toEqual([
      { host: 'quiz.cafe.test', createdAt: expect.any(String) },
    ]);
    expect(jsonFileOf(files, 'integrations.json')).toEqual([
      { service: 'convertkit', name: 'Newsletter list', state: 'inactive', createdAt: expect.any(String) },
    ]);

    expectNoSecretIn(zip, files, secrets);
  });

  it('reads every lead of every quiz a page at a time, past the page sizes', async () => {
    const owner = await t.signIn();
    const quizIds: string[] = [];
    // More quizzes than a page of quizzes (10), and one quiz with more leads than a page of leads.
    for (let index = 0; index < 12; index += 1) quizIds.push(await createQuiz(owner, `Quiz ${index}`));
    const [busy = '', quiet = ''] = quizIds;
    const leadCount = LEADS_CSV_PAGE_SIZE * 2 + 1;
    const sameTime = new Date('2026-03-01T10:00:00.000Z');
    const leadRow = (quizId: string, index: number) => ({
      id: crypto.randomUUID(),
      accountId: owner.accountId,
      quizId,
      snapshotId: crypto.randomUUID(),
      snapshotVersion: 1,
      visitId: `visit-${index}`,
      email: `lead${index}@example.com`,
      name: index % 7 === 0 ? '=HYPERLINK("x")' : `Lead ${index}`,
      consent: index % 2 === 0,
      answers: [],
      score: index,
      urlFields:
        index % 5 === 0 ? { utm_source: 'news', ref: 'partner 7', gclid: 'abc' } : { utm_source: 'news' },
      ipHash: 'hash',
      deliveryStatus: 'not_needed' as const,
      // Leads of the same microsecond, so the page ends are settled by id.
      createdAt: index % 3 === 0 ? sameTime : new Date(sameTime.getTime() + index * 1000),
    });
    await t.context.db
      .insert(leads)
      .values(Array.from({ length: leadCount }, (_, index) => leadRow(busy, index)));
    await t.context.db.insert(leads).values([0, 1, 2].map((index) => leadRow(quiet, index)));

    const answer = await download(owner);
    expect(answer.statusCode).toBe(200);
    const files = filesOfExport(answer.rawPayload);
    expect([...files.keys()].filter((name) => name.startsWith('quizzes/'))).toHaveLength(12);
    expect([...files.keys()].filter((name) => name.startsWith('analytics/'))).toHaveLength(12);

    const lines = csvLinesOf(files, 'leads.csv').slice(1);
    expect(lines).toHaveLength(leadCount + 3);
    // Quiz by quiz in id order, each as its own Leads CSV has it, then the URL fields beside the UTM ones
    // (the default gclid before ref, which the quiz does not list) as an address writes them.
    const [first, second] = [busy, quiet].sort();
    const urlFieldsCell = (line: string) => {
      const index = Number(/^lead(\d+)@/.exec(line)?.[1]);
      return index % 5 === 0 ? 'gclid=abc&ref=partner+7' : '';
    };
    const expected = [
      ...(await leadLinesOf(owner, first ?? '')).map(
        (line) => `Quiz ${quizIds.indexOf(first ?? '')},${line},${urlFieldsCell(line)}`,
      ),
      ...(await leadLinesOf(owner, second ?? '')).map(
        (line) => `Quiz ${quizIds.indexOf(second ?? '')},${line},${urlFieldsCell(line)}`,
      ),
    ];
    expect(lines).toEqual(expected);
    // Every seventh lead of each quiz has a formula for a name: made inert.
    expect(lines.filter((line) => line.includes(`,"'=HYPERLINK(""x"")",`))).toHaveLength(
      Math.ceil(leadCount / 7) + 1,
    );
  });

  it('is open to every user of the account, limited accounts and those without the Account page too', async () => {
    for (const account of [await t.signIn({ isLimited: true }), await t.signIn()]) {
      const quizId = await createQuiz(account, 'Mine');
      const answer = await download(account);
      expect(answer.statusCode).toBe(200);
      const files = filesOfExport(answer.rawPayload);
      expect(files.has(`quizzes/${quizId}.json`)).toBe(true);
      expect(files.has(`analytics/${quizId}.csv`)).toBe(true);
    }
  });

  it("answers 401 signed out and 404 for another account's id", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const signedOut = await endpointCaller(t.app, {})(accountExportEndpoint, {
      params: { account: owner.accountId },
    });
    expect(signedOut.statusCode).toBe(401);
    const other = await stranger.send(accountExportEndpoint, { params: { account: owner.accountId } });
    expect([other.statusCode, other.json()]).toEqual([404, expect.objectContaining({ code: 'not_found' })]);
  });

  it(`allows ${ACCOUNT_EXPORTS_PER_HOUR} exports an hour per account, then answers 429`, async () => {
    const owner = await t.signIn();
    const colleague = await t.signIn();
    for (let index = 0; index < ACCOUNT_EXPORTS_PER_HOUR; index += 1) {
      expect((await download(owner)).statusCode).toBe(200);
    }
    const refused = await exportOf(owner);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      error: `An account's data can be exported ${ACCOUNT_EXPORTS_PER_HOUR} times an hour. Please wait 60 minutes and try again.`,
    });
    // Another account's exports are counted apart.
    expect((await download(colleague)).statusCode).toBe(200);
  });
});
