import ipaddr from 'ipaddr.js';

/*
 * Cloud instance metadata and platform endpoints. Most sit in ranges refused anyway (link-local,
 * unique-local, CGNAT); Azure's wire server is public unicast. Listed so that no allowlist entry and no
 * change in ipaddr.js's ranges ever lets a request reach them.
 */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, DigitalOcean, OpenStack…
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.123', // AWS time sync
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure wire server
  'fd00:ec2::254', // AWS over IPv6
  'fd00:ec2::23',
]);

export type AddressVerdict = { allowed: true } | { allowed: false; metadata: boolean; reason: string };

/** The address in canonical form (IPv4-mapped IPv6 as IPv4), or null when the text is not an IP address. */
export function canonicalAddress(text: string): string | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.process(bare).toString();
}

/**
 * Only globally routable unicast passes: private, loopback, link-local, unique-local, multicast,
 * unspecified, CGNAT, documentation, NAT64, 6to4, Teredo and IPv4-compatible IPv6 are refused, because a
 * destination a marketer types must never reach this server's network.
 */
export function judgeAddress(text: string): AddressVerdict {
  const canonical = canonicalAddress(text);
  if (canonical === null) return { allowed: false, metadata: false, reason: `${text} is not an IP address` };
  if (METADATA_ADDRESSES.has(canonical)) {
    return { allowed: false, metadata: true, reason: `${canonical} is a cloud metadata address` };
  }
  const address = ipaddr.parse(canonical);
  const range = address.range();
  if (range !== 'unicast')
    return { allowed: false, metadata: false, reason: `${canonical} is a ${range} address` };
  if (address.kind() === 'ipv6' && isIpv4Compatible(address as ipaddr.IPv6)) {
    return { allowed: false, metadata: false, reason: `${canonical} is an IPv4-compatible IPv6 address` };
  }
  return { allowed: true };
}

function isIpv4Compatible(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
}
