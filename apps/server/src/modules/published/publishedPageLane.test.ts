import { describe, expect, it } from 'vitest';
import { parsePageRequest } from './publishedPageLane';

const head = (...lines: string[]) => lines.join('\r\n');

describe('parsePageRequest', () => {
  it('reads a plain GET of a page', () => {
    expect(
      parsePageRequest(
        head('GET /abcd1234?utm_source=mail HTTP/1.1', 'Host: q.example.com', 'Accept-Encoding: gzip, br'),
      ),
    ).toEqual({ slug: 'abcd1234', host: 'q.example.com', acceptEncoding: 'gzip, br', keepAlive: true });
    expect(parsePageRequest(head('GET /abcd1234 HTTP/1.1', 'host: a', 'Connection: Close'))).toMatchObject({
      keepAlive: false,
    });
  });

  it('leaves everything else to Node', () => {
    for (const request of [
      head('HEAD /abcd1234 HTTP/1.1', 'Host: a'),
      head('POST /abcd1234 HTTP/1.1', 'Host: a'),
      head('GET /abcd1234 HTTP/1.0', 'Host: a'),
      head('GET /_q/player.js HTTP/1.1', 'Host: a'),
      head('GET /ABCD1234 HTTP/1.1', 'Host: a'),
      head('GET http://a/abcd1234 HTTP/1.1', 'Host: a'),
      head('GET /abcd1234 HTTP/1.1'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a', 'Host: b'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a', 'Content-Length: 0'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a', 'Transfer-Encoding: chunked'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a', 'If-None-Match: "x"'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a', 'Range: bytes=0-10'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a', 'Upgrade: websocket'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a', ' folded'),
      head('GET /abcd1234 HTTP/1.1', 'Host : a'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a\nX: b'),
      head('GET /abcd1234 HTTP/1.1', 'Host: a\u0000'),
    ])
      expect(parsePageRequest(request), JSON.stringify(request)).toBeNull();
  });
});
