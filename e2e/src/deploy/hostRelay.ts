import { createSocket, type Socket } from 'node:dgram';
import { createConnection, createServer } from 'node:net';

/** A port on every address of this machine that passes traffic on to a test helper listening on 127.0.0.1. */
export interface HostRelay {
  port: number;
  close(): Promise<void>;
}

/**
 * Containers on a bridge network reach this machine only through their network's gateway address, never
 * its loopback, where the test's helpers (DNS server, webhook receiver) listen. The gateway address exists
 * only while a container is attached, so the relay listens on every address for the test's few minutes.
 */
export async function relayTcp(loopbackPort: number): Promise<HostRelay> {
  const server = createServer((incoming) => {
    const outgoing = createConnection({ host: '127.0.0.1', port: loopbackPort });
    incoming.pipe(outgoing).pipe(incoming);
    incoming.on('error', () => outgoing.destroy());
    outgoing.on('error', () => incoming.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** A UDP port free on this machine now, for a relay bound later (once its address exists). */
export async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/**
 * The same for UDP (DNS): each question gets a socket of its own, which passes the answer back. Bound to the
 * gateway's own address: here a socket on every address gets no datagram that arrives over a bridge.
 */
export async function relayUdp(
  loopbackPort: number,
  at: { address: string; port: number },
): Promise<HostRelay> {
  const outer = createSocket('udp4');
  const inner = new Set<Socket>();
  outer.on('message', (message, from) => {
    const socket = createSocket('udp4');
    inner.add(socket);
    const done = () => {
      if (inner.delete(socket)) socket.close();
    };
    const timer = setTimeout(done, 5_000).unref();
    socket.on('message', (answer) => {
      clearTimeout(timer);
      outer.send(answer, from.port, from.address);
      done();
    });
    socket.send(message, loopbackPort, '127.0.0.1');
  });
  await new Promise<void>((resolve, reject) => {
    outer.once('error', reject);
    outer.bind(at.port, at.address, () => {
      outer.off('error', reject);
      resolve();
    });
  });
  return {
    port: outer.address().port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of inner) socket.close();
        inner.clear();
        outer.close(() => resolve());
      }),
  };
}
