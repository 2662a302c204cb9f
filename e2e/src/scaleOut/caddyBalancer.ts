import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnWatched } from '../childProcess';
import { freePort } from '../serverProcess';
import type { Balancer, BalancerSettings } from './balancer';
import { sendHttp } from './httpClient';

/**
 * The Caddyfile (Caddy 2.6 syntax, Debian bookworm's 2.6.2): both servers behind one `reverse_proxy`, each
 * request to the one with fewer requests in flight (`least_conn`: Caddy 2.6's `round_robin` can pass over the
 * one backend left twice when requests arrive together and answer 503 "no upstreams available", which 2.6 does
 * not retry for a POST, where newer versions do),
 * a backend with three failed requests within 5 s is left out for a while (passive check; one would also
 * leave out a busy survivor that dropped a connection), a refused request is tried on the other within
 * `lb_try_duration`; `/readyz` is the active health check, with a timeout long enough (10 s) that the survivor,
 * busy with all the traffic after the other was killed, is never taken for dead as well (a dead server
 * refuses the connection at once; with 3 s both were out and POSTs got 503 "no upstreams available"). Plain HTTP serves the app and publish hosts;
 * HTTPS serves any host tls-ask accepts, with a certificate from Caddy's own CA made on the first handshake.
 * `/internal/` is never passed on, as in the README's Caddyfile.
 */
function caddyfile(settings: BalancerSettings & { httpsPort: number }): string {
  const upstreams = settings.backendPorts.map((port) => `127.0.0.1:${port}`).join(' ');
  return `{
	admin off
	http_port ${settings.httpPort}
	https_port ${settings.httpsPort}
	skip_install_trust
	on_demand_tls {
		ask http://127.0.0.1:${settings.tlsAskPort}/internal/tls-ask
	}
}

(quizbeam) {
	respond /internal/* 404
	reverse_proxy ${upstreams} {
		lb_policy least_conn
		lb_try_duration 5s
		lb_try_interval 10ms
		fail_duration 5s
		max_fails 3
		health_uri /readyz
		health_interval 1s
		health_timeout 10s
		# The visitor API limits each visitor's address: the test's clients name theirs in X-Forwarded-For.
		trusted_proxies private_ranges
		# Idle connections are dropped before the server's own 60 s idle limit would close them under a
		# request, and enough are kept for every client connection.
		transport http {
			keepalive 30s
			keepalive_idle_conns 256
			keepalive_idle_conns_per_host 128
		}
	}
}

http:// {
	import quizbeam
}

https:// {
	tls internal {
		on_demand
	}
	import quizbeam
}
`;
}

/** Runs `caddy run` on a Caddyfile of its own, with its data (the internal CA) in a temporary folder. */
export async function startCaddyBalancer(caddyPath: string, settings: BalancerSettings): Promise<Balancer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'quizbeam-caddy-'));
  const httpsPort = await freePort();
  const config = path.join(folder, 'Caddyfile');
  writeFileSync(config, caddyfile({ ...settings, httpsPort }));
  const dataHome = path.join(folder, 'data');
  const { child, output, isRunning } = spawnWatched(
    caddyPath,
    ['run', '--config', config, '--adapter', 'caddyfile'],
    {
      env: {
        ...process.env,
        HOME: folder,
        XDG_DATA_HOME: dataHome,
        XDG_CONFIG_HOME: path.join(folder, 'config'),
      },
    },
  );
  const stop = async () => {
    if (isRunning()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };

  // Ready once a probe passes through it to a server.
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (!isRunning()) {
      await stop();
      throw new Error(`caddy exited:\n${output()}`);
    }
    const answer = await sendHttp(
      { port: settings.httpPort, host: `127.0.0.1:${settings.httpPort}` },
      'GET',
      '/healthz',
    ).catch(() => null);
    if (answer?.status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not pass requests on within 20 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const rootPath = path.join(dataHome, 'caddy/pki/authorities/local/root.crt');
  return {
    kind: 'caddy',
    pid: child.pid,
    httpPort: settings.httpPort,
    httpsPort,
    rootCertificate: () => (existsSync(rootPath) ? readFileSync(rootPath, 'utf8') : null),
    output,
    stop,
  };
}
