import { Resolver } from 'node:dns/promises';
import { canonicalIp } from '../../config/env';
import { normalizeDomainHost } from './normalizeDomainHost';

export const DNS_TIMEOUT_MS = 3_000;

export interface DomainDnsSettings {
  /** PUBLISH_URL's hostname: the CNAME target we accept (null when PUBLISH_URL names an address). */
  publishHostname: string | null;
  /** PUBLISH_IPS in canonical form: A/AAAA records may point at these instead. */
  publishIps: readonly string[];
  /** DNS_SERVERS; empty means the system's resolvers. */
  dnsServers: readonly string[];
  timeoutMs?: number;
}

/** The records of one type, or 'failed' when the server could not say (time-out, SERVFAIL, refused). */
type Answer = string[] | 'failed';

const NO_SUCH_RECORDS = new Set(['ENODATA', 'ENOTFOUND']);

async function answerOf(query: () => Promise<string[]>): Promise<Answer> {
  try {
    return await query();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== undefined && NO_SUCH_RECORDS.has(code) ? [] : 'failed';
  }
}

/**
 * Whether a custom domain points at the publish host: a CNAME to PUBLISH_URL's hostname, or A/AAAA
 * records that are all PUBLISH_IPS (at least one). Anything unanswered within the time-out counts as not.
 */
export async function checkDomainDns(host: string, settings: DomainDnsSettings): Promise<boolean> {
  const timeoutMs = settings.timeoutMs ?? DNS_TIMEOUT_MS;
  // A resolver per check: its cache must not keep an answer from before the user fixed their records.
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (settings.dnsServers.length > 0) resolver.setServers([...settings.dnsServers]);
  const deadline = setTimeout(() => resolver.cancel(), timeoutMs);
  try {
    const [cnames, ipv4, ipv6] = await Promise.all([
      answerOf(() => resolver.resolveCname(host)),
      answerOf(() => resolver.resolve4(host)),
      answerOf(() => resolver.resolve6(host)),
    ]);
    const publishHostname = settings.publishHostname && normalizeDomainHost(settings.publishHostname);
    if (
      publishHostname &&
      cnames !== 'failed' &&
      cnames.some((target) => normalizeDomainHost(target) === publishHostname)
    ) {
      return true;
    }
    if (ipv4 === 'failed' || ipv6 === 'failed') return false;
    const addresses = [...ipv4, ...ipv6];
    const publishIps = new Set(settings.publishIps);
    return (
      addresses.length > 0 && addresses.every((address) => publishIps.has(canonicalIp(address) ?? address))
    );
  } finally {
    clearTimeout(deadline);
  }
}
