import { describe, expect, it } from 'vitest';
import { ConfigError, canonicalIp, isDnsServerAddress, readConfig } from './env';

describe('readConfig', () => {
  it('applies the documented defaults', () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      publishUrl: 'http://127.0.0.1:3000',
      basePath: '',
      dataDir: './data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      supportEmail: 'support@quizbeam.app',
      helpUrl: 'https://quizbeam.app/help',
      sessionSecret: undefined,
      trustProxy: false,
      s3: undefined,
      publishIps: [],
      dnsServers: [],
      internalAllowedRanges: [],
      serverTiming: false,
      imageQuotaBytes: 500 * 1024 * 1024,
      outboundAllowedHosts: [],
      logRequests: false,
      shutdownTimeoutMs: 10_000,
      shutdownDrainMs: 0,
      metrics: { host: '127.0.0.1', port: 9464 },
      conversionApis: {
        metaGraphUrl: 'https://graph.facebook.com',
        metaGraphVersion: 'v23.0',
        ga4Url: 'https://www.google-analytics.com',
      },
    });
  });

  it('reads where server-side conversions go, and refuses a Graph API version it cannot use', () => {
    expect(
      readConfig({
        META_GRAPH_URL: 'http://127.0.0.1:4200/',
        META_GRAPH_VERSION: 'v26.0',
        GA4_MP_URL: 'http://127.0.0.1:4201',
      }).conversionApis,
    ).toEqual({
      metaGraphUrl: 'http://127.0.0.1:4200',
      metaGraphVersion: 'v26.0',
      ga4Url: 'http://127.0.0.1:4201',
    });
    expect(() => readConfig({ META_GRAPH_VERSION: '23', GA4_MP_URL: 'google-analytics.com' })).toThrow(
      /META_GRAPH_VERSION must be a Graph API version such as v23.0[\s\S]*GA4_MP_URL must be a full URL/,
    );
  });

  it('reads the operations settings, METRICS_PORT=0 turning metrics off', () => {
    const config = readConfig({
      LOG_REQUESTS: 'true',
      SHUTDOWN_TIMEOUT_MS: '2500',
      SHUTDOWN_DRAIN_MS: '2000',
      METRICS_PORT: '9500',
      METRICS_HOST: '10.0.0.4',
    });
    expect(config.logRequests).toBe(true);
    expect(config.shutdownTimeoutMs).toBe(2500);
    expect(config.shutdownDrainMs).toBe(2000);
    expect(config.metrics).toEqual({ host: '10.0.0.4', port: 9500 });
    expect(readConfig({ METRICS_PORT: '0' }).metrics).toBeNull();
    expect(() =>
      readConfig({
        LOG_REQUESTS: 'yes',
        SHUTDOWN_TIMEOUT_MS: '5',
        SHUTDOWN_DRAIN_MS: '-1',
        METRICS_PORT: '70000',
      }),
    ).toThrow(
      /LOG_REQUESTS must be true or false[\s\S]*SHUTDOWN_TIMEOUT_MS must be at least 100[\s\S]*SHUTDOWN_DRAIN_MS must be 0 or more[\s\S]*METRICS_PORT must be at most 65535/,
    );
  });

  it('reads OUTBOUND_ALLOWED_HOSTS as hosts with optional ports and refuses anything else', () => {
    expect(
      readConfig({ OUTBOUND_ALLOWED_HOSTS: 'LocalHost, 127.0.0.1:4000,[::1]:8080' }).outboundAllowedHosts,
    ).toEqual([
      { host: 'localhost', port: null },
      { host: '127.0.0.1', port: 4000 },
      { host: '::1', port: 8080 },
    ]);
    expect(() => readConfig({ OUTBOUND_ALLOWED_HOSTS: 'localhost:99999,http://example.com' })).toThrow(
      /OUTBOUND_ALLOWED_HOSTS.*not valid: localhost:99999, http:\/\/example.com/,
    );
  });

  it('derives the URLs from PORT and strips trailing slashes', () => {
    const config = readConfig({ PORT: '4100', PUBLISH_URL: 'https://quiz.example.com/' });
    expect(config.appUrl).toBe('http://localhost:4100');
    expect(config.publishUrl).toBe('https://quiz.example.com');
  });

  it('treats blank variables as unset', () => {
    expect(readConfig({ DATABASE_URL: '', PORT: ' ' }).databaseUrl).toBeUndefined();
  });

  it('reads REDIS_URL for shared rate limits: redis:// or rediss://, blank as unset', () => {
    expect(readConfig({}).redisUrl).toBeUndefined();
    expect(readConfig({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(readConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://:secret@cache.internal:6380/2',
    );
    expect(() => readConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(
      /REDIS_URL: REDIS_URL must start with redis:\/\/ or rediss:\/\//,
    );
  });

  it('names every invalid variable', () => {
    expect(() => readConfig({ PORT: 'eighty', BASE_PATH: 'app/', SMTP_URL: 'mail.example.com' })).toThrow(
      ConfigError,
    );
    try {
      readConfig({ PORT: 'eighty', BASE_PATH: 'app/', SMTP_URL: 'mail.example.com' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('BASE_PATH must be empty or start with "/"');
      expect(message).toContain('SMTP_URL must start with smtp://');
    }
  });

  it('refuses a publish URL on the builder host', () => {
    expect(() =>
      readConfig({ APP_URL: 'https://app.example.com', PUBLISH_URL: 'https://app.example.com/quizzes' }),
    ).toThrow(/PUBLISH_URL: must be on another host name than APP_URL/);
    // Cookies ignore ports: another port on the same host name would get the builder's cookie.
    expect(() =>
      readConfig({ APP_URL: 'http://localhost:4924', PUBLISH_URL: 'http://localhost:4925' }),
    ).toThrow(
      /PUBLISH_URL: must be on another host name than APP_URL \(both are localhost; cookies ignore ports\)/,
    );
  });

  it('accepts a base path', () => {
    expect(readConfig({ BASE_PATH: '/builder' }).basePath).toBe('/builder');
  });

  it('reads the publish addresses and DNS servers as lists, IPv6 in one spelling', () => {
    const config = readConfig({
      PUBLISH_IPS: ' 203.0.113.10, 2001:DB8:0::10 ,',
      DNS_SERVERS: '1.1.1.1,127.0.0.1:5353,[2606:4700:4700::1111]:53,::1',
    });
    expect(config.publishIps).toEqual(['203.0.113.10', '2001:db8::10']);
    expect(config.dnsServers).toEqual(['1.1.1.1', '127.0.0.1:5353', '[2606:4700:4700::1111]:53', '::1']);
  });

  it('names the bad entries of PUBLISH_IPS and DNS_SERVERS', () => {
    expect(() => readConfig({ PUBLISH_IPS: '203.0.113.10,quiz.example.com' })).toThrow(
      'PUBLISH_IPS must be a comma-separated list of IPv4 or IPv6 addresses, such as 203.0.113.10,2001:db8::10; not valid: quiz.example.com',
    );
    expect(() => readConfig({ DNS_SERVERS: '1.1.1.1:99999,dns.google' })).toThrow(
      'not valid: 1.1.1.1:99999, dns.google',
    );
  });

  it('reads INTERNAL_ALLOWED_ADDRESSES as ranges and names the bad entries', () => {
    const ranges = readConfig({
      INTERNAL_ALLOWED_ADDRESSES: '172.30.77.10, 10.8.0.0/16,::ffff:10.1.2.3',
    }).internalAllowedRanges;
    expect(ranges.map(([range, bits]) => `${range.toString()}/${bits}`)).toEqual([
      '172.30.77.10/32',
      '10.8.0.0/16',
      '10.1.2.3/32',
    ]);
    expect(readConfig({}).internalAllowedRanges).toEqual([]);
    expect(() => readConfig({ INTERNAL_ALLOWED_ADDRESSES: '10.0.0.0/33,caddy' })).toThrow(
      'not valid: 10.0.0.0/33, caddy',
    );
  });
});

describe('IP address helpers', () => {
  it('spells an address one way, and rejects what is not one', () => {
    expect(canonicalIp('198.51.100.7')).toBe('198.51.100.7');
    expect(canonicalIp('2001:0DB8:0000::0001')).toBe('2001:db8::1');
    expect(canonicalIp('fe80::1%eth0')).toBeNull();
    expect(canonicalIp('example.com')).toBeNull();
  });

  it('accepts DNS servers as ip or ip:port only', () => {
    for (const good of ['8.8.8.8', '8.8.8.8:53', '2001:db8::53', '[2001:db8::53]', '[2001:db8::53]:5353']) {
      expect(isDnsServerAddress(good), good).toBe(true);
    }
    for (const bad of [
      '8.8.8',
      '8.8.8.8:',
      '8.8.8.8:70000',
      'dns.google:53',
      '[8.8.8.8]:53',
      '2001:db8::53:53:x',
    ]) {
      expect(isDnsServerAddress(bad), bad).toBe(false);
    }
  });
});
