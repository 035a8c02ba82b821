// npm run cluster: the docker/compose.yaml topology from plain processes on loopback, no Docker needed.
//   two replicas of the built server (node server/dist/main.js) on two ports, one PostgreSQL schema, one Redis;
//   a small round-robin proxy in front (HTTP and WebSocket upgrades), like nginx in compose.
// Builds first when sources are newer than dist; Ctrl-C stops everything.
//
//   CLUSTER_PORT             proxy port (8080)
//   CLUSTER_REPLICA_PORTS    the replicas' ports (3001,3002)
//   DATABASE_URL             PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
//   DATABASE_SCHEMA          schema of this cluster, created if missing (cluster)
//   REDIS_URL                Redis (TEST_REDIS_URL, else redis://127.0.0.1:6379)
//   JWT_SECRET               shared by the replicas (else generated once into data/cluster/jwt-secret)
//   every other variable (SEED_DEMO, LOG_LEVEL, …) goes to both replicas as is.
//   --no-build               run what is in dist even if stale
//
// Also a module: startCluster() (used by test/realtime/cluster.e2e.ts through the CLI and by test/bench).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildStale, root } from './lib.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Response header naming the replica that answered (the proxy's own addition, for tests and curious humans). */
export const REPLICA_HEADER = 'x-replica';

/**
 * Starts one server process per replica port (two by default) and the proxy; resolves once every replica answers /api/health
 * with the database and Redis up.
 * @param {import('./cluster.d.mts').ClusterOptions} [opts]
 * @returns {Promise<import('./cluster.d.mts').Cluster>}
 */
export async function startCluster(opts = {}) {
  const env = opts.env ?? process.env;
  const databaseUrl = opts.databaseUrl ?? env.DATABASE_URL ?? env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const redisUrl = opts.redisUrl ?? env.REDIS_URL ?? env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const schema = opts.schema ?? env.DATABASE_SCHEMA ?? 'cluster';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`DATABASE_SCHEMA "${schema}" must be a lower-case SQL identifier`);
  const replicaPorts = opts.replicaPorts ?? (env.CLUSTER_REPLICA_PORTS ?? '3001,3002').split(',').map(Number);
  const proxyPort = opts.port ?? Number(env.CLUSTER_PORT ?? 8080);
  const names = replicaPorts.map((_, i) => String.fromCharCode(97 + i)); // a, b, …

  for (const port of replicaPorts) await mustBeFree(port, 'CLUSTER_REPLICA_PORTS');
  if (proxyPort !== 0) await mustBeFree(proxyPort, 'CLUSTER_PORT');
  await ensureSchema(databaseUrl, schema);
  const jwtSecret = env.JWT_SECRET || clusterSecret();
  const replicas = replicaPorts.map((port, i) =>
    startReplica(
      names[i],
      port,
      {
        ...env,
        ...opts.replicaEnv,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
        REDIS_URL: redisUrl,
        JWT_SECRET: jwtSecret,
      },
      opts,
    ),
  );
  const stopReplicas = () => Promise.all(replicas.map((r) => r.stop()));
  try {
    await Promise.all(replicas.map((r) => r.ready(opts.startTimeoutMs ?? 90_000)));
  } catch (e) {
    await stopReplicas();
    throw e;
  }
  let proxy;
  try {
    proxy = await startProxy(proxyPort, replicas);
  } catch (e) {
    await stopReplicas();
    throw e;
  }
  let stopping;
  return {
    url: `http://127.0.0.1:${proxy.port}`,
    port: proxy.port,
    schema,
    databaseUrl,
    redisUrl,
    jwtSecret,
    replicas: replicas.map(({ name, port, url, child, output }) => ({ name, port, url, pid: child.pid, output })),
    seeded: replicas.some((r) => r.seeded()),
    exited: Promise.race(replicas.map((r) => r.exited)),
    stop: () =>
      (stopping ??= (async () => {
        await proxy.close();
        await stopReplicas();
      })()),
  };
}

function mustBeFree(port, variable) {
  return new Promise((resolveFree, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`Port ${port} is taken (set ${variable}).`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolveFree()));
  });
}

/** The server needs its schema to exist (it migrates inside it). */
async function ensureSchema(databaseUrl, schema) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`No PostgreSQL at ${databaseUrl} (set DATABASE_URL): ${e.message}`, { cause: e });
  }
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

/** Tokens signed by one replica must verify on the other, and survive a restart of the cluster. */
function clusterSecret() {
  const dir = join(root, 'data', 'cluster');
  const file = join(dir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const liveChildren = new Set();
// Whatever way this process ends, it takes its servers with it.
process.on('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

function startReplica(name, port, env, opts) {
  const main = opts.serverMain ?? join(root, 'server', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`No built server at ${main}: run \`npm run build\` first.`);
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  liveChildren.add(child);
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let seeded = false;
  const onData = (stream) => (chunk) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    if (text.includes('demo data seeded')) seeded = true;
    if (opts.echo) {
      for (const line of text.split('\n')) if (line.trim() !== '') stream.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout.on('data', onData(process.stdout));
  child.stderr.on('data', onData(process.stderr));
  const exited = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      liveChildren.delete(child);
      resolveExit({ name, code, signal });
    }),
  );
  return {
    name,
    port,
    url,
    child,
    exited,
    output: () => output,
    seeded: () => seeded,
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      let last = 'no answer';
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`Replica ${name} exited during start-up (${child.exitCode ?? child.signalCode}):\n${output}`);
        }
        try {
          const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
          const body = await res.json();
          last = JSON.stringify(body);
          if (res.ok && body.database === 'up' && body.redis === 'up' && output.includes('console ready at')) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline)
          throw new Error(`Replica ${name} was not ready within ${timeoutMs / 1000} s (health: ${last}):\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      return exited.finally(() => clearTimeout(kill));
    },
  };
}

/**
 * Round-robin per request over the replicas, as nginx's upstream block does. A WebSocket stays on the
 * replica it was opened on; the console's socket client uses the WebSocket transport only, so no
 * request ever needs to find "its" replica again (no sticky sessions).
 */
function startProxy(port, replicas) {
  // An idle pooled connection is dropped after 60 s, before the replica's own limit (65 s, KEEP_ALIVE_MS in
  // server/src/app.factory.ts) closes it under a request.
  const agents = replicas.map(() => new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 60_000 }));
  const open = new Set();
  let turn = 0;
  const pick = () => {
    const i = turn++ % replicas.length;
    return { replica: replicas[i], agent: agents[i] };
  };
  // Hop-by-hop headers describe one connection, not the message: each side of the proxy has its own.
  const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
  const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([key]) => !hopByHop.has(key)));
  const forwardedFor = (req) => [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

  const server = http.createServer((req, res) => {
    const { replica, agent } = pick();
    const headers = { ...endToEnd(req.headers), 'x-forwarded-for': forwardedFor(req), 'x-forwarded-proto': 'http' };
    const upstream = http.request({ host: '127.0.0.1', port: replica.port, method: req.method, path: req.url, headers, agent }, (up) => {
      res.writeHead(up.statusCode ?? 502, { ...endToEnd(up.headers), [REPLICA_HEADER]: replica.name });
      up.pipe(res);
    });
    upstream.on('error', (e) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json', [REPLICA_HEADER]: replica.name });
        res.end(JSON.stringify({ message: `Replica ${replica.name} did not answer (${e.code ?? e.message}).` }));
      } else res.destroy();
    });
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
  });

  server.on('upgrade', (req, client, head) => {
    const { replica } = pick();
    const upstream = net.connect(replica.port, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    upstream.once('connect', () => {
      const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req), 'x-forwarded-proto': 'http' };
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [key, value] of Object.entries(headers)) {
        for (const v of Array.isArray(value) ? value : [value]) lines.push(`${key}: ${v}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });
  server.on('connection', (socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  // Socket.IO pings every 25 s; no idle timeout must cut a quiet WebSocket.
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 80_000;

  return new Promise((resolveProxy, reject) => {
    server.once('error', (e) => reject(e.code === 'EADDRINUSE' ? new Error(`Port ${port} is taken (set CLUSTER_PORT).`) : e));
    server.listen(port, '127.0.0.1', () => {
      resolveProxy({
        port: server.address().port,
        close: () =>
          new Promise((done) => {
            for (const s of open) s.destroy();
            for (const a of agents) a.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  if (!args.includes('--no-build')) await buildStale();
  const cluster = await startCluster({ echo: true });
  const [a, b] = cluster.replicas;
  console.log(
    `\nCluster ready at http://localhost:${cluster.port} (proxy, round-robin) over replicas ${cluster.replicas.map((r) => r.url).join(' and ')};` +
      `\nPostgreSQL schema "${cluster.schema}" at ${redact(cluster.databaseUrl)}, Redis ${redact(cluster.redisUrl)}. Ctrl-C stops all.`,
  );
  if (cluster.seeded) console.log('Demo sign-in: admin@demo.test / demo1234 (every demo account uses demo1234)');
  console.log(
    `Each answer through the proxy names its replica in the ${REPLICA_HEADER} header (${a.name}: ${a.port}, ${b?.name}: ${b?.port}).\n`,
  );
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the cluster…');
    await cluster.stop();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void stop(0));
  void cluster.exited.then(({ name, code, signal }) => {
    if (stopping) return;
    console.error(`Replica ${name} exited (${code ?? signal}); stopping the cluster.`);
    void stop(1);
  });
}

const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}
