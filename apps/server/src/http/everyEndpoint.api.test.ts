import * as account from '@quizbeam/contracts/account';
import * as admin from '@quizbeam/contracts/admin';
import * as analytics from '@quizbeam/contracts/analytics';
import { API_REFERENCE_PATH, openApiEndpoint } from '@quizbeam/contracts/apiReference';
import * as auth from '@quizbeam/contracts/auth';
import * as conversionApis from '@quizbeam/contracts/conversionApis';
import * as domains from '@quizbeam/contracts/domains';
import * as embedCodes from '@quizbeam/contracts/embedCodes';
import { type Endpoint, pathOf } from '@quizbeam/contracts/endpoint';
import * as htmlForms from '@quizbeam/contracts/htmlForms';
import * as images from '@quizbeam/contracts/images';
import * as integrations from '@quizbeam/contracts/integrations';
import * as leadNotifications from '@quizbeam/contracts/leadNotifications';
import * as leads from '@quizbeam/contracts/leads';
import * as leadsChallenge from '@quizbeam/contracts/leadsChallenge';
import * as profile from '@quizbeam/contracts/profile';
import * as publishing from '@quizbeam/contracts/publishing';
import * as quizAddress from '@quizbeam/contracts/quizAddress';
import * as quizEndpoints from '@quizbeam/contracts/quizEndpoints';
import * as quizHistory from '@quizbeam/contracts/quizHistory';
import * as retention from '@quizbeam/contracts/retention';
import * as scripts from '@quizbeam/contracts/scripts';
import * as sharing from '@quizbeam/contracts/sharing';
import * as templates from '@quizbeam/contracts/templates';
import * as themes from '@quizbeam/contracts/themes';
import * as trackingDefaults from '@quizbeam/contracts/trackingDefaults';
import * as visitorData from '@quizbeam/contracts/visitorData';
import * as visitorEvents from '@quizbeam/contracts/visitorEvents';
import * as visitorTextEndpoints from '@quizbeam/contracts/visitorTextEndpoints';
import * as webhooks from '@quizbeam/contracts/webhooks';
import * as zapier from '@quizbeam/contracts/zapier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED_PREFIX } from '../features/publishedSite/siteHosts';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../testing/testApp';

/*
 * Every endpoint the contracts declare, checked the same way: it is registered, a signed-out call is a 401,
 * another account's account id or resource id is a 404, and a malformed id is a 404 too.
 */

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

const declared: Endpoint[] = [
  account,
  admin,
  analytics,
  auth,
  conversionApis,
  domains,
  embedCodes,
  htmlForms,
  images,
  integrations,
  leadNotifications,
  leads,
  leadsChallenge,
  profile,
  publishing,
  quizAddress,
  quizEndpoints,
  quizHistory,
  retention,
  scripts,
  sharing,
  templates,
  themes,
  trackingDefaults,
  visitorData,
  visitorEvents,
  visitorTextEndpoints,
  webhooks,
  zapier,
].flatMap((module) => Object.values(module).filter(isEndpoint));

let t: TestApp;
let owner: SignedInAccount;
let stranger: SignedInAccount;
/** Path values naming resources of `owner`'s, valid in shape. */
let ownerParams: Record<string, string>;
/**
 * Bodies that pass validation, for endpoints whose resource is checked after the body (an `:account` is
 * checked before it): so that the 404 comes from the ownership check, not a 400 from the body.
 */
let validBodies: Map<Endpoint, unknown>;
/** Likewise, queries that pass validation. */
const validQueries = new Map<Endpoint, Record<string, string>>([
  [quizAddress.quizAddressAvailabilityEndpoint, { path: 'coffee-finder' }],
  [visitorTextEndpoints.visitorTextsEndpoint, { language: 'ar' }],
  [embedCodes.embedPreviewPageEndpoint, { quiz: 'https://quizzes.example/abcd1234' }],
]);
const withQuery = (declaration: Endpoint, path: string) => {
  const query = validQueries.get(declaration);
  return query ? `${path}?${new URLSearchParams(query)}` : path;
};
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
  const { quizId } = (
    await owner.send(quizEndpoints.createQuizEndpoint, { body: { name: 'Mine', type: 'general' } })
  ).data();
  const quiz = (await owner.send(quizEndpoints.getQuizEndpoint, { params: { id: quizId } })).data();
  validBodies = new Map<Endpoint, unknown>([
    [quizEndpoints.saveQuizEndpoint, quiz],
    [scripts.saveQuizScriptEndpoint, { code: '' }],
    [quizHistory.restoreQuizVersionEndpoint, { revision: quiz.revision }],
    [quizHistory.reportQuizPresenceEndpoint, { tabId: 'every-endpoint-tab' }],
    [quizAddress.changeQuizAddressEndpoint, { path: 'coffee-finder' }],
    [
      conversionApis.updateConversionApiEndpoint,
      { platform: 'ga4', name: 'Stream', platformId: 'G-ABC123DEF4', secret: '' },
    ],
  ]);
  ownerParams = {
    account: owner.accountId,
    id: quizId,
    quizId,
    type: 'on-start-page',
    service: 'mailchimp',
    // Ids of nothing, well formed: an empty value would leave a path that names no route.
    leadId: crypto.randomUUID(),
    deliveryId: crypto.randomUUID(),
    versionId: crypto.randomUUID(),
    email: 'someone@example.com',
    tabId: 'every-endpoint-tab',
    shareCode: (
      await owner.send(quizEndpoints.shareQuizEndpoint, { params: { account: owner.accountId, id: quizId } })
    ).data().shareCode,
  };
});
afterAll(async () => {
  await t.close();
});

const paramsOf = (declaration: Endpoint, values: Record<string, string>) =>
  Object.fromEntries(
    [...declaration.path.matchAll(/:([A-Za-z]+)/g)].map(([, name = '']) => [name, values[name] ?? '']),
  );

const signedInOnly = declared.filter((declaration) => declaration.access === 'user');
const adminOnly = declared.filter((declaration) => declaration.access === 'admin');

describe('every declared endpoint', () => {
  it('is registered on the server', () => {
    // The CLI's endpoint exists only while the server owns the embedded database (cli.api.test.ts).
    for (const declaration of declared) {
      const url =
        declaration.site === 'published' ? `${PUBLISHED_PREFIX}${declaration.path}` : declaration.path;
      expect([
        declaration.method,
        declaration.path,
        t.app.hasRoute({ method: declaration.method, url }),
      ]).toEqual([declaration.method, declaration.path, true]);
    }
  });

  it('is in the OpenAPI document, under the path its callers use, unless it is internal or a page', async () => {
    const document = openApiEndpoint.response.parse(
      (await t.app.inject({ url: openApiEndpoint.path })).json(),
    );
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = [...declared, openApiEndpoint]
      .filter((declaration) => declaration.access !== 'internal' && !declaration.page)
      .map((declaration) => `${declaration.method} ${declaration.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(expected.sort());
    const page = await t.app.inject({ url: `${API_REFERENCE_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it.each(
    [...signedInOnly, ...adminOnly].map(
      (declaration) => [`${declaration.method} ${declaration.path}`, declaration] as const,
    ),
  )('%s answers 401 signed out, with or without a trailing slash', async (_name, declaration) => {
    const path = pathOf(declaration, paramsOf(declaration, ownerParams));
    for (const url of [path, `${path}/`]) {
      const response = await t.app.inject({
        method: declaration.method,
        url,
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      });
      expect([url, response.statusCode]).toEqual([url, 401]);
      expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  const scoped = signedInOnly.filter((declaration) =>
    /:(account|id|quizId|shareCode)\b/.test(declaration.path),
  );
  it.each(scoped.map((declaration) => [`${declaration.method} ${declaration.path}`, declaration] as const))(
    "%s answers 404 for another account's ids and for malformed ones",
    async (_name, declaration) => {
      // A share code is meant to be used by other accounts; only its malformed form is checked.
      const isShared = declaration.path.includes(':shareCode');
      const attempts = [
        ...(isShared ? [] : [paramsOf(declaration, ownerParams)]),
        paramsOf(declaration, {
          ...ownerParams,
          account: 'not-an-account',
          id: 'not-a-uuid',
          quizId: 'x',
          shareCode: 'zz',
        }),
      ];
      for (const params of attempts) {
        const body = validBodies.get(declaration);
        const response = await stranger.call(
          declaration.method,
          withQuery(declaration, pathOf(declaration, params)),
          body ?? undefined,
        );
        expect([params, response.statusCode]).toEqual([params, 404]);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    },
  );

  it.each(
    adminOnly.map((declaration) => [`${declaration.method} ${declaration.path}`, declaration] as const),
  )('%s does not exist for an account that is not an admin (404)', async (_name, declaration) => {
    const response = await stranger.call(
      declaration.method,
      pathOf(declaration, paramsOf(declaration, ownerParams)),
      validBodies.get(declaration) ?? undefined,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});
