import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { HttpAnswer } from './httpClient';

export interface HttpsAnswer extends HttpAnswer {
  /** The common name of the certificate's issuer. */
  issuer: string;
}

/**
 * GET over HTTPS from 127.0.0.1:port as a browser would ask for `hostName`: the name goes in SNI and Host, and
 * the certificate must chain to `ca` and name the host. Rejects when the handshake fails.
 */
export function getOverHttps(port: number, hostName: string, path: string, ca: string): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, servername: hostName, headers: { host: hostName }, ca, agent: false },
      (response) => {
        const issuerName = (response.socket as TLSSocket).getPeerCertificate().issuer?.CN ?? '';
        const issuer = Array.isArray(issuerName) ? issuerName.join(', ') : issuerName;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, issuer }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(10_000, () =>
      outgoing.destroy(new Error(`https://${hostName}${path}: no answer in 10 s`)),
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
