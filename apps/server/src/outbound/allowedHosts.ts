import { isIP } from 'node:net';
import { canonicalAddress } from './addressPolicy';

/** An `OUTBOUND_ALLOWED_HOSTS` entry: this host (any port when port is null) may be reached even when private. */
export interface AllowedHost {
  host: string;
  port: number | null;
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const PORT = /^\d{1,5}$/;

function parsePort(text: string): number | null {
  if (!PORT.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : null;
}

function normalizeHost(text: string): string | null {
  const address = canonicalAddress(text);
  if (address !== null) return address;
  const name = text.toLowerCase().replace(/\.$/, '');
  return HOST_NAME.test(name) ? name : null;
}

/** Reads `host`, `host:port`, `[ipv6]`, `[ipv6]:port` or a bare IPv6 address; null when it is none of them. */
export function parseAllowedHost(entry: string): AllowedHost | null {
  const text = entry.trim();
  if (isIP(text) === 6) return { host: canonicalAddress(text) ?? text, port: null };
  const bracketed = text.match(/^\[([^\]]+)\](?::([^:]*))?$/);
  if (bracketed?.[1] !== undefined) {
    if (isIP(bracketed[1]) !== 6) return null;
    const port = bracketed[2] === undefined ? null : parsePort(bracketed[2]);
    if (bracketed[2] !== undefined && port === null) return null;
    return { host: canonicalAddress(bracketed[1]) ?? bracketed[1], port };
  }
  const [hostText, portText, ...rest] = text.split(':');
  if (hostText === undefined || rest.length > 0) return null;
  const host = normalizeHost(hostText);
  if (host === null) return null;
  if (portText === undefined) return { host, port: null };
  const port = parsePort(portText);
  return port === null ? null : { host, port };
}

/** The host as a URL names it (`example.com`, `127.0.0.1`, `[::1]`) and the port it connects to. */
export function isAllowedHost(allowed: readonly AllowedHost[], host: string, port: number): boolean {
  const normalized = normalizeHost(host.startsWith('[') ? host.slice(1, -1) : host);
  if (normalized === null) return false;
  return allowed.some((entry) => entry.host === normalized && (entry.port === null || entry.port === port));
}
