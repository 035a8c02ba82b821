import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that counts the statements its clients send: each simple Query ('Q') and each
 * Execute ('E') of the extended protocol, read from the client's side of the wire protocol (a length-prefixed startup
 * packet, then messages of a type byte and a 32-bit length). What the servers behind it send the database, whatever
 * their code does, with nothing changed in them.
 */
export interface PgCounter {
  /** `postgres://…` for the servers: the same database, through the proxy. */
  url: string;
  /** Statements since the start or the last reset. */
  readonly statements: number;
  reset(): void;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

export async function startPgCounter(databaseUrl: string): Promise<PgCounter> {
  const target = new URL(databaseUrl);
  const upstreamPort = Number(target.port || 5432);
  let statements = 0;
  const connections = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, target.hostname);
    connections.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let startup = true;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (startup) {
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          // An SSL or GSS request is answered with one byte, and the real startup packet follows.
          if (code !== SSL_REQUEST && code !== GSS_REQUEST) startup = false;
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const type = String.fromCharCode(buffer[0]);
        if (type === 'Q' || type === 'E') statements++;
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      connections.delete(client);
      connections.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    get statements() {
      return statements;
    },
    reset: () => {
      statements = 0;
    },
    close: async () => {
      for (const c of connections) c.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
