import { isIP, isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { type AllowedHost, parseAllowedHost } from '../outbound/allowedHosts';
import type { S3Settings } from '../storage/s3ImageStorage';

const url = (name: string) =>
  z
    .string()
    .url(`${name} must be a full URL such as http://localhost:3000`)
    .transform((value) => value.replace(/\/+$/, ''));

/**
 * One spelling per address, so PUBLISH_IPS and DNS answers compare equal: IPv6 compressed and lower
 * case (2001:DB8:0::10 → 2001:db8::10), IPv4 as is. Null when the value is not an IP address.
 */
export function canonicalIp(value: string): string | null {
  const version = isIP(value);
  if (version === 4) return value;
  if (version !== 6) return null;
  try {
    return new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return null; // a zone id (fe80::1%eth0) is an address of this machine only
  }
}

/** A range as ipaddr.js matches it; an IPv4-mapped IPv6 address counts as its IPv4 address. */
function addressRange(item: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (ipaddr.isValidCIDR(item)) return ipaddr.parseCIDR(item);
  const address = ipaddr.process(item);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

const PORT_PATTERN = /^\d{1,5}$/;
const isPort = (value: string) => PORT_PATTERN.test(value) && Number(value) <= 65535;

/** What node:dns Resolver.setServers accepts: `ip`, `ipv4:port`, `[ipv6]` or `[ipv6]:port`. */
export function isDnsServerAddress(value: string): boolean {
  if (isIP(value) !== 0) return true;
  const bracketed = value.match(/^\[([^\]]+)\](?::(\d+))?$/);
  if (bracketed?.[1]) return isIP(bracketed[1]) === 6 && (bracketed[2] === undefined || isPort(bracketed[2]));
  const withPort = value.match(/^([^:]+):(\d+)$/);
  return Boolean(withPort?.[1] && withPort[2] && isIPv4(withPort[1]) && isPort(withPort[2]));
}

const commaList = (name: string, isValid: (item: string) => boolean, example: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .superRefine((items, context) => {
      const invalid = items.filter((item) => !isValid(item));
      if (invalid.length === 0) return;
      context.addIssue({
        code: 'custom',
        message: `${name} must be a comma-separated list of ${example}; not valid: ${invalid.join(', ')}`,
      });
    });

/** Relative to the folder a process starts in; `npm start` and `npm run cli` start in the repository's. */
export const DEFAULT_DATA_DIR = './data';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: url('APP_URL').optional(),
  PUBLISH_URL: url('PUBLISH_URL').optional(),
  BASE_PATH: z
    .string()
    .default('')
    .refine((value) => value === '' || /^\/[A-Za-z0-9._~\-/]*[^/]$/.test(value), {
      message: 'BASE_PATH must be empty or start with "/" and not end with "/", for example /app',
    }),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must be at least 32 characters').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  SUPPORT_EMAIL: z.string().email('SUPPORT_EMAIL must be an email address').default('support@quizbeam.app'),
  HELP_URL: url('HELP_URL').default('https://quizbeam.app/help'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters long').optional(),
  TRUST_PROXY: z.enum(['true', 'false'], 'TRUST_PROXY must be true or false').default('false'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: url('S3_ENDPOINT').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: url('S3_PUBLIC_URL').optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false')
    .default('false'),
  PUBLISH_IPS: commaList(
    'PUBLISH_IPS',
    (item) => canonicalIp(item) !== null,
    'IPv4 or IPv6 addresses, such as 203.0.113.10,2001:db8::10',
  ).optional(),
  SERVER_TIMING: z.enum(['true', 'false'], 'SERVER_TIMING must be true or false').default('false'),
  IMAGE_QUOTA_MB: z.coerce
    .number('IMAGE_QUOTA_MB must be a whole number of megabytes')
    .int('IMAGE_QUOTA_MB must be a whole number of megabytes')
    .min(1, 'IMAGE_QUOTA_MB must be at least 1')
    .max(1_000_000)
    .default(500),
  DNS_SERVERS: commaList(
    'DNS_SERVERS',
    isDnsServerAddress,
    'IP addresses, each optionally with a port, such as 1.1.1.1,127.0.0.1:5353,[2606:4700:4700::1111]:53',
  ).optional(),
  OUTBOUND_ALLOWED_HOSTS: commaList(
    'OUTBOUND_ALLOWED_HOSTS',
    (item) => parseAllowedHost(item) !== null,
    'host names or IP addresses, each optionally with a port, such as localhost,127.0.0.1:4000,[::1]:4000',
  ).optional(),
  INTERNAL_ALLOWED_ADDRESSES: commaList(
    'INTERNAL_ALLOWED_ADDRESSES',
    (item) => ipaddr.isValid(item) || ipaddr.isValidCIDR(item),
    'IP addresses or ranges, such as 172.30.77.10,10.0.0.0/8',
  ).optional(),
  LOG_REQUESTS: z.enum(['true', 'false'], 'LOG_REQUESTS must be true or false').default('false'),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds')
    .int('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds')
    .min(100, 'SHUTDOWN_TIMEOUT_MS must be at least 100')
    .max(600_000, 'SHUTDOWN_TIMEOUT_MS must be at most 600000 (10 minutes)')
    .default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number('SHUTDOWN_DRAIN_MS must be a whole number of milliseconds')
    .int('SHUTDOWN_DRAIN_MS must be a whole number of milliseconds')
    .min(0, 'SHUTDOWN_DRAIN_MS must be 0 or more')
    .max(600_000, 'SHUTDOWN_DRAIN_MS must be at most 600000 (10 minutes)')
    .default(0),
  METRICS_PORT: z.coerce
    .number('METRICS_PORT must be a port number, or 0 to turn metrics off')
    .int('METRICS_PORT must be a port number, or 0 to turn metrics off')
    .min(0)
    .max(65535, 'METRICS_PORT must be at most 65535')
    .default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  META_GRAPH_URL: url('META_GRAPH_URL').default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v[0-9]{1,3}\.[0-9]$/, 'META_GRAPH_VERSION must be a Graph API version such as v23.0')
    .default('v23.0'),
  GA4_MP_URL: url('GA4_MP_URL').default('https://www.google-analytics.com'),
});

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  publishUrl: string;
  basePath: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Set: rate limits are kept in Redis, shared by every process; unset: in each process's memory. */
  redisUrl?: string;
  supportEmail: string;
  helpUrl: string;
  /** Unset means: generate once and keep under dataDir (see loadSessionSecret). */
  sessionSecret: string | undefined;
  /** Seals stored secrets (API keys, tokens, webhook secrets); unset means generated once under dataDir. */
  encryptionKey: string | undefined;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits need it). */
  trustProxy: boolean;
  /** Set when S3_BUCKET is set: images go to S3; otherwise to DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /**
   * Besides this machine, who may call /internal/ directly (Caddy's tls-ask from another container):
   * each an address range; an address alone is a range of one.
   */
  internalAllowedRanges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** The addresses the publish host answers on (canonical form); a custom domain may point at them with A/AAAA records. */
  publishIps: string[];
  /** DNS servers for custom-domain checks (`ip` or `ip:port`); empty means the system's resolvers. */
  dnsServers: string[];
  /** Adds `Server-Timing: app;dur=…` to answers: for development and benchmarks only (it reveals timings). */
  serverTiming: boolean;
  /** How many bytes of images each account may store. */
  imageQuotaBytes: number;
  /** Hosts (any port when port is null) that deliveries may reach even when private: for tests and local trials. */
  outboundAllowedHosts: AllowedHost[];
  /** Logs every request (JSON, with its id); errors are logged either way. */
  logRequests: boolean;
  /** How long a shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** How long a stopping process goes on serving, /readyz answering 503, before it closes its listener. */
  shutdownDrainMs: number;
  /** Where GET /metrics (Prometheus) listens; null with METRICS_PORT=0. */
  metrics: { host: string; port: number } | null;
  /** Where server-side conversions go: Meta's Graph API (and its version) and GA4's Measurement Protocol. */
  conversionApis: { metaGraphUrl: string; metaGraphVersion: string; ga4Url: string };
}

export class ConfigError extends Error {}

/** Reads and validates every setting in one place; throws a ConfigError listing each bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Quizbeam cannot start, the configuration is invalid:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const appUrl = values.APP_URL ?? `http://localhost:${values.PORT}`;
  const publishUrl = values.PUBLISH_URL ?? `http://127.0.0.1:${values.PORT}`;
  // Marketers' scripts run on published pages: they must never share the builder's cookies, and cookies
  // ignore ports, so the two must differ by host name.
  if (new URL(appUrl).hostname === new URL(publishUrl).hostname) {
    throw new ConfigError(
      `Quizbeam cannot start, the configuration is invalid:
  PUBLISH_URL: must be on another host name than APP_URL (both are ${new URL(appUrl).hostname}; cookies ignore ports)`,
    );
  }
  return {
    port: values.PORT,
    host: values.HOST,
    appUrl,
    publishUrl,
    basePath: values.BASE_PATH,
    dataDir: values.DATA_DIR,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    redisUrl: values.REDIS_URL,
    supportEmail: values.SUPPORT_EMAIL,
    helpUrl: values.HELP_URL,
    sessionSecret: values.SESSION_SECRET,
    encryptionKey: values.ENCRYPTION_KEY,
    trustProxy: values.TRUST_PROXY === 'true',
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          publicUrl: values.S3_PUBLIC_URL,
          forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    publishIps: (values.PUBLISH_IPS ?? []).map((ip) => canonicalIp(ip) ?? ip),
    dnsServers: values.DNS_SERVERS ?? [],
    internalAllowedRanges: (values.INTERNAL_ALLOWED_ADDRESSES ?? []).map(addressRange),
    serverTiming: values.SERVER_TIMING === 'true',
    imageQuotaBytes: values.IMAGE_QUOTA_MB * 1024 * 1024,
    outboundAllowedHosts: (values.OUTBOUND_ALLOWED_HOSTS ?? []).flatMap(
      (entry) => parseAllowedHost(entry) ?? [],
    ),
    logRequests: values.LOG_REQUESTS === 'true',
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_MS,
    metrics: values.METRICS_PORT === 0 ? null : { host: values.METRICS_HOST, port: values.METRICS_PORT },
    conversionApis: {
      metaGraphUrl: values.META_GRAPH_URL,
      metaGraphVersion: values.META_GRAPH_VERSION,
      ga4Url: values.GA4_MP_URL,
    },
  };
}
