import { isIP } from 'node:net';
import type { DnsRecord } from '@quizbeam/contracts/domains';
import type { Config } from '../../config/env';
import { canonicalIp } from '../../config/env';

/**
 * Where custom domains must point: PUBLISH_URL's host name for a CNAME (null when that host is an address,
 * which a CNAME cannot name), and the addresses A/AAAA records may name: PUBLISH_IPS, or PUBLISH_URL's own
 * address when it is one.
 */
export function publishTargetsOf(config: Pick<Config, 'publishUrl' | 'publishIps'>): {
  hostname: string | null;
  addresses: string[];
} {
  // URL keeps the brackets of an IPv6 host.
  const hostname = new URL(config.publishUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  const ownAddress = canonicalIp(hostname);
  const addresses = new Set(config.publishIps);
  if (ownAddress !== null) addresses.add(ownAddress);
  return { hostname: ownAddress === null ? hostname : null, addresses: [...addresses] };
}

/** The records the Domains screen tells users to add: a CNAME when the publish host is a name, A/AAAA per address. */
export function publishDnsRecords(config: Pick<Config, 'publishUrl' | 'publishIps'>): DnsRecord[] {
  const { hostname, addresses } = publishTargetsOf(config);
  return [
    ...(hostname === null ? [] : [{ type: 'CNAME' as const, value: hostname }]),
    ...addresses.map((address) => ({
      type: isIP(address) === 6 ? ('AAAA' as const) : ('A' as const),
      value: address,
    })),
  ];
}
