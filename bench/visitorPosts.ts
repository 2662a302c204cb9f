// Shared by the benchmarks that act as many visitors of a published quiz.

import { Agent, request as httpRequest } from 'node:http';

// A bounded keep-alive pool, as a browser fleet behind a few proxies would look; fetch would open a
// socket per waiting request and run out of file descriptors.
export const visitorAgent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * Visitors come from many addresses (the visitor API limits each one): every request names another one
 * in X-Forwarded-For, which the server, started with TRUST_PROXY=true as behind Caddy, takes as the client.
 */
export const visitorAddress = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** POSTs a JSON body as the visitor at `address`; resolves with the status once the answer is read. */
export function postAsVisitor(url: string, body: string, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent: visitorAgent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': address,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
