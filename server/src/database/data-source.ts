import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { pglitePoolFor } from './pglite-pool';
import { PreparingClient } from './preparing-client';

export interface DatabaseOptions {
  /** PostgreSQL URL; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; 'memory://' keeps it in memory. */
  dataDir: string;
  /** PostgreSQL schema, so test runs can share one database. */
  schema?: string;
  poolSize?: number;
}

export function dataSourceOptions(opts: DatabaseOptions): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: ['error' as const],
  };
  if (opts.databaseUrl) {
    return {
      ...common,
      url: opts.databaseUrl,
      extra: {
        max: opts.poolSize ?? 20,
        // Writes and locking reads are prepared once per connection (preparing-client.ts).
        Client: PreparingClient,
        ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
      },
    };
  }
  const dataDir = opts.dataDir === 'memory://' ? 'memory://' : join(opts.dataDir, 'pglite');
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  return {
    ...common,
    driver: { Pool: pglitePoolFor(dataDir) },
  } as DataSourceOptions;
}

export function createDataSource(opts: DatabaseOptions): DataSource {
  return new DataSource(dataSourceOptions(opts));
}
