import { listAdminAccountsEndpoint } from '@quizbeam/contracts/admin';
import { openApiEndpoint } from '@quizbeam/contracts/apiReference';
import { loginEndpoint } from '@quizbeam/contracts/auth';
import type { Endpoint } from '@quizbeam/contracts/endpoint';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { visitorLeadEndpoint } from '@quizbeam/contracts/visitorEvents';
import { getZapierApiKeyEndpoint, zapierMeEndpoint } from '@quizbeam/contracts/zapier';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/testApp';

/** Real-looking origins: the linter rightly warns about a document whose server is localhost. */
const APP_URL = 'https://builder.quizbeam.test';
const PUBLISH_URL = 'https://quizzes.quizbeam.test';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  servers?: { url: string }[];
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}
interface Document {
  servers: { url: string }[];
  tags?: { name: string; description?: string }[];
  components: { securitySchemes?: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let source = '';
let document: Document;
beforeAll(async () => {
  t = await startTestApp({ APP_URL, PUBLISH_URL });
  const response = await t.app.inject({
    url: openApiEndpoint.path,
    headers: { host: new URL(APP_URL).host },
  });
  expect(response.statusCode).toBe(200);
  source = response.body;
  document = JSON.parse(source) as Document;
});
afterAll(async () => {
  await t.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

const operationOf = (declaration: Endpoint): Operation => {
  const operation =
    document.paths[declaration.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[declaration.method.toLowerCase()];
  if (!operation) throw new Error(`${declaration.method} ${declaration.path} is not in the document`);
  return operation;
};

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const described = (severity: string) =>
      problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(described('error')).toEqual([]);
    // The project declares no license, and choosing one is not the document's to do.
    expect(described('warn').filter((problem) => !problem.startsWith('info-license'))).toEqual([]);
  });

  it('declares how to authenticate: the session cookie, and the Zapier API key header', () => {
    expect(document.components.securitySchemes).toEqual({
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: '__Host-quizbeam_session' }),
      apiKeyAuth: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
  });

  it("gives each operation the security of its declaration's access", () => {
    expect(operationOf(getZapierApiKeyEndpoint).security).toEqual([{ cookieAuth: [] }]);
    expect(operationOf(getQuizEndpoint).security).toEqual([{ cookieAuth: [] }]);
    expect(operationOf(listAdminAccountsEndpoint).security).toEqual([{ cookieAuth: [] }]);
    expect(operationOf(zapierMeEndpoint).security).toEqual([{ apiKeyAuth: [] }]);
    expect(operationOf(loginEndpoint).security).toEqual([]);
    expect(operationOf(openApiEndpoint).security).toEqual([]);
    expect(operationOf(visitorLeadEndpoint).security).toEqual([]);
    const expected: Record<string, unknown> = {
      public: [],
      visitors: [],
      user: [{ cookieAuth: [] }],
      admin: [{ cookieAuth: [] }],
      apiKey: [{ apiKeyAuth: [] }],
    };
    for (const { name, operation } of operations()) {
      expect([name, operation.security]).toEqual([name, expected[operation.tags?.[0] ?? '']]);
    }
  });

  it('lists the 401 of signed-in and API-key calls, and the 404 of calls naming a resource', () => {
    expect(operationOf(getZapierApiKeyEndpoint).responses).toMatchObject({
      200: {},
      401: { content: { 'application/json': {} } },
      404: {},
    });
    expect(operationOf(zapierMeEndpoint).responses).toHaveProperty('401');
    expect(operationOf(zapierMeEndpoint).responses).not.toHaveProperty('404');
    expect(operationOf(loginEndpoint).responses).not.toHaveProperty('401');
    for (const { name, operation } of operations()) {
      const codes = Object.keys(operation.responses);
      expect([name, codes.some((code) => code.startsWith('2'))]).toEqual([name, true]);
      expect([name, codes.some((code) => code.startsWith('4'))]).toEqual([name, true]);
    }
  });

  it('puts the visitor calls on the publish origin, everything else on the app origin', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: APP_URL })]);
    for (const { name, operation } of operations()) {
      const servers = name.includes(' /_q/') ? [expect.objectContaining({ url: PUBLISH_URL })] : undefined;
      expect([name, operation.servers]).toEqual([name, servers]);
    }
    expect(operationOf(visitorLeadEndpoint).servers).toEqual([expect.objectContaining({ url: PUBLISH_URL })]);
  });

  it('gives every operation a unique, URL-safe operationId', () => {
    const ids = operations().map(({ name, operation }) => [name, operation.operationId] as const);
    for (const [name, id] of ids) expect([name, id]).toEqual([name, expect.stringMatching(/^[A-Za-z0-9]+$/)]);
    expect(new Set(ids.map(([, id]) => id)).size).toBe(ids.length);
    expect(operationOf(getZapierApiKeyEndpoint).operationId).toBe('getAccountsByAccountZapierApiKey');
  });

  it('lists, with a description, every tag its operations use', () => {
    const listed = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].sort()).toEqual(['admin', 'apiKey', 'public', 'user', 'visitors']);
    for (const tag of used) expect([tag, listed.get(tag)]).toEqual([tag, expect.stringMatching(/\w/)]);
  });
});
