// Types of scripts/cluster.mjs, for the TypeScript benchmarks and tests that start a cluster.

export interface ClusterOptions {
  /** Proxy port; 0 picks a free one. Default CLUSTER_PORT or 8080. */
  port?: number;
  /** One port per replica. Default CLUSTER_REPLICA_PORTS or 3001,3002. */
  replicaPorts?: number[];
  databaseUrl?: string;
  redisUrl?: string;
  /** PostgreSQL schema, created if missing. Default DATABASE_SCHEMA or "cluster". */
  schema?: string;
  /** The environment the defaults and the replicas' variables come from (process.env). */
  env?: NodeJS.ProcessEnv;
  /** Extra variables for both replicas (SEED_DEMO, NODE_ENV, LOG_LEVEL, …). */
  replicaEnv?: Record<string, string>;
  /** Node flags for the replicas, e.g. ['--cpu-prof', '--cpu-prof-dir=…']. */
  nodeArgs?: string[];
  /** Copy the replicas' output, prefixed [a] / [b], to this process's stdout and stderr. */
  echo?: boolean;
  startTimeoutMs?: number;
  /** The server's entry point (server/dist/main.js); another build, for experiments. */
  serverMain?: string;
}

export interface ClusterReplica {
  name: string;
  port: number;
  /** http://127.0.0.1:port, straight to this replica. */
  url: string;
  pid: number | undefined;
  /** The last 20 kB the replica printed. */
  output: () => string;
}

export interface Cluster {
  /** The proxy: http://127.0.0.1:port. */
  url: string;
  port: number;
  schema: string;
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  replicas: ClusterReplica[];
  seeded: boolean;
  /** Resolves when the first replica exits. */
  exited: Promise<{ name: string; code: number | null; signal: NodeJS.Signals | null }>;
  /** Closes the proxy and stops the replicas (SIGTERM, SIGKILL after 10 s). */
  stop: () => Promise<void>;
}

export const REPLICA_HEADER: 'x-replica';

export function startCluster(opts?: ClusterOptions): Promise<Cluster>;
