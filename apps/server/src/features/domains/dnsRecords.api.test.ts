import { addDomainEndpoint, domainDnsRecordsEndpoint } from '@quizbeam/contracts/domains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { startTestApp, type TestApp } from '../../testing/testApp';

// PUBLISH_URL on an address (the default, http://127.0.0.1:PORT) and no PUBLISH_IPS.
let t: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({
    'apex.test': { a: ['127.0.0.1'] },
    'elsewhere.test': { a: ['198.51.100.20'] },
  });
  t = await startTestApp({ DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('custom domains when PUBLISH_URL is an address', () => {
  it('asks for an A record to that address, never a CNAME, and accepts a domain that has it', async () => {
    const { send } = await t.signIn();
    expect((await send(domainDnsRecordsEndpoint)).data()).toEqual([{ type: 'A', value: '127.0.0.1' }]);
    expect((await send(addDomainEndpoint, { body: { host: 'apex.test' } })).data()).toMatchObject({
      host: 'apex.test',
    });
    const refused = await send(addDomainEndpoint, { body: { host: 'elsewhere.test' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'domain_not_pointing',
      error: expect.stringContaining('add an A record for elsewhere.test with the value 127.0.0.1, then'),
    });
    expect(JSON.stringify(refused.json())).not.toContain('CNAME');
  });
});
