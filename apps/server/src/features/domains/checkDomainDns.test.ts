import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { checkDomainDns, type DomainDnsSettings } from './checkDomainDns';

let dns: TestDnsServer;
let settings: DomainDnsSettings;

beforeAll(async () => {
  dns = await startTestDnsServer({
    'cname.example.com': { cname: 'Quizzes.QuizBeam.test.' },
    'elsewhere-cname.example.com': { cname: 'shop.example.net' },
    'ips.example.com': { a: ['203.0.113.10'], aaaa: ['2001:db8:0:0::10'] },
    'v4only.example.com': { a: ['203.0.113.10', '203.0.113.11'] },
    'mixed.example.com': { a: ['203.0.113.10', '198.51.100.99'] },
    'empty.example.com': {},
    'slow.example.com': { silent: true },
  });
  settings = {
    publishHostname: 'quizzes.quizbeam.test',
    publishIps: ['203.0.113.10', '203.0.113.11', '2001:db8::10'],
    dnsServers: [dns.address],
  };
});
afterAll(async () => {
  await dns.close();
});

describe('checkDomainDns', () => {
  it('accepts a CNAME to the publish host, whatever its case or trailing dot', async () => {
    expect(await checkDomainDns('cname.example.com', settings)).toBe(true);
    expect(dns.questionCount('CNAME', 'cname.example.com')).toBeGreaterThan(0);
    expect(await checkDomainDns('cname.example.com', { ...settings, publishHostname: 'other.test' })).toBe(
      false,
    );
  });

  it('refuses a CNAME to another host', async () => {
    expect(await checkDomainDns('elsewhere-cname.example.com', settings)).toBe(false);
  });

  it('accepts A and AAAA records that are all publish addresses, IPv6 in any spelling', async () => {
    expect(await checkDomainDns('ips.example.com', settings)).toBe(true);
    expect(await checkDomainDns('v4only.example.com', settings)).toBe(true);
  });

  it('refuses when any address is not ours, or when no publish addresses are configured', async () => {
    expect(await checkDomainDns('mixed.example.com', settings)).toBe(false);
    expect(await checkDomainDns('ips.example.com', { ...settings, publishIps: [] })).toBe(false);
  });

  it('refuses a name without records and one that does not exist', async () => {
    expect(await checkDomainDns('empty.example.com', settings)).toBe(false);
    expect(await checkDomainDns('missing.example.com', settings)).toBe(false);
  });

  // Without its own timeout the look-up would outlast this test's (the resolver retries for half a minute).
  it('counts a look-up that times out as not pointing', { timeout: 5_000 }, async () => {
    expect(await checkDomainDns('slow.example.com', { ...settings, timeoutMs: 300 })).toBe(false);
    expect(dns.questionCount('A', 'slow.example.com')).toBeGreaterThan(0);
  });
});
