import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import { judgeAddress } from './addressPolicy';
import { type AllowedHost, isAllowedHost } from './allowedHosts';
import { OutboundError } from './outboundError';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; injectable so tests can make a name resolve anywhere. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystem: ResolveHost = async (hostname) => {
  const addresses = await systemLookup(hostname, { all: true, verbatim: true });
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

export interface AddressGuard {
  allowedHosts: readonly AllowedHost[];
  resolveHost: ResolveHost;
}

/** The refusal for one address, or null when this connection may use it. */
function refusalFor(
  guard: AddressGuard,
  address: string,
  hostname: string,
  port: number,
): OutboundError | null {
  const verdict = judgeAddress(address);
  if (verdict.allowed) return null;
  // An allowlisted host may be private (tests, local trials), never a metadata endpoint.
  if (
    !verdict.metadata &&
    (isAllowedHost(guard.allowedHosts, hostname, port) || isAllowedHost(guard.allowedHosts, address, port))
  ) {
    return null;
  }
  const named = hostname === address ? address : `${hostname} (${address})`;
  return new OutboundError('refused_address', `Refused to connect to ${named}: ${verdict.reason}.`);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedLookup(guard: AddressGuard, port: number) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    guard.resolveHost(hostname).then(
      (resolved) => {
        const wanted = resolved.filter((entry) => !options.family || entry.family === options.family);
        if (wanted.length === 0) {
          callback(new OutboundError('network', `${hostname} has no address to connect to.`), []);
          return;
        }
        // Every answer is checked, not just the first: a name that mixes public and private answers is refused.
        for (const entry of wanted) {
          const refusal = refusalFor(guard, entry.address, hostname, port);
          if (refusal) {
            callback(refusal, []);
            return;
          }
        }
        const [first] = wanted;
        if (options.all || !first) callback(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => {
        const message = `Could not resolve ${hostname}${error instanceof Error && 'code' in error ? ` (${String(error.code)})` : ''}.`;
        callback(new OutboundError('network', message, { cause: error }), []);
      },
    );
  };
}

/**
 * The connector of the one outbound agent: every new connection, including each redirect hop's, checks
 * the address it is about to use, after DNS resolution for names and directly for literal IPs (which
 * never reach a lookup).
 */
export function guardedConnector(guard: AddressGuard, connectTimeoutMs: number): buildConnector.connector {
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    if (isIP(options.hostname) !== 0) {
      const refusal = refusalFor(guard, options.hostname, options.hostname, port);
      if (refusal) {
        callback(refusal, null);
        return;
      }
    }
    const connect = buildConnector({ timeout: connectTimeoutMs, lookup: guardedLookup(guard, port) });
    connect(options, callback);
  };
}
