import { startCaddyBalancer } from './caddyBalancer';
import { ensureCaddy } from './ensureCaddy';
import { startRoundRobinProxy } from './roundRobinProxy';

/** What sits in front of the server processes: Caddy, or the test's own proxy when Caddy is missing. */
export interface Balancer {
  kind: 'caddy' | 'round-robin proxy';
  /** The process doing the balancing (this one for the round-robin proxy), for benchmarks' CPU figures. */
  pid: number | undefined;
  /** Plain HTTP for the app and publish hosts (127.0.0.1 and localhost). */
  httpPort: number;
  /** HTTPS for custom domains (on-demand certificates from Caddy's internal CA); null without Caddy. */
  httpsPort: number | null;
  /** The PEM root certificate of Caddy's internal CA, once it exists; null without Caddy. */
  rootCertificate(): string | null;
  output(): string;
  stop(): Promise<void>;
}

export interface BalancerSettings {
  httpPort: number;
  /** The server ports requests are spread over, in turn. */
  backendPorts: number[];
  /** The server Caddy asks whether a host may have a certificate (`/internal/tls-ask`, loopback only). */
  tlsAskPort: number;
}

/** Caddy when Debian's package is there or can be installed, otherwise the round-robin proxy. */
export async function startBalancer(settings: BalancerSettings): Promise<Balancer> {
  const caddy = ensureCaddy();
  return caddy ? startCaddyBalancer(caddy, settings) : startRoundRobinProxy(settings);
}
