import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';

/**
 * A test server that speaks just enough of Redis's protocol for a client to connect (HELLO, INFO, CLIENT) and
 * then never answers anything else: a Redis that has stalled.
 */
export async function startStalledRedisServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (let command = takeCommand(); command; command = takeCommand()) {
        const name = command[0]?.toUpperCase();
        // Like a Redis older than 6: no HELLO, so the client stays with the protocol's second version.
        if (name === 'HELLO') socket.write("-ERR unknown command 'HELLO'\r\n");
        else if (name === 'INFO') socket.write('$21\r\n# Server\r\nloading:0\r\n\r\n');
        else if (name === 'CLIENT') socket.write('+OK\r\n');
      }
    });
    /** The next whole command (a RESP array of bulk strings) taken off the buffer, if one has arrived. */
    function takeCommand(): string[] | undefined {
      const header = buffered.match(/^\*(\d+)\r\n/);
      if (!header?.[1]) return undefined;
      let offset = header[0].length;
      const parts: string[] = [];
      for (let part = 0; part < Number(header[1]); part += 1) {
        const length = buffered.slice(offset).match(/^\$(\d+)\r\n/);
        if (!length?.[1]) return undefined;
        const start = offset + length[0].length;
        const end = start + Number(length[1]);
        if (buffered.length < end + 2) return undefined;
        parts.push(buffered.slice(start, end));
        offset = end + 2;
      }
      buffered = buffered.slice(offset);
      return parts;
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  return typeof address === 'object' && address ? address.port : 1;
}
