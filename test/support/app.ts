import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../server/src/app.factory';
import { type AppConfig, loadConfig } from '../../server/src/config/config';
import { testDatabaseUrl, testDriver } from './test-env';

export interface TestApp {
  app: INestApplication;
  db: DataSource;
  config: AppConfig;
  /** supertest bound to the running server, paths relative to /api. */
  http: () => ReturnType<typeof request>;
  /** http://127.0.0.1:port, for socket clients. */
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the real Nest app (every module, guard and filter) on a random port, against this
 * project's test database: PostgreSQL in the run's schema, or a PGlite of its own: a copy of the run's migrated
 * template (global-setup-pglite.ts) when there is one, else a new one in memory. A DATA_DIR in `env` is used as it is.
 */
export async function startTestApp(env: Record<string, string> = {}, opts: { driver?: 'pg' | 'pglite' } = {}): Promise<TestApp> {
  const driver = opts.driver ?? testDriver();
  const schema = process.env.E2E_SCHEMA;
  if (driver === 'pg' && !schema) throw new Error('E2E_SCHEMA is not set: run the suites through jest (npm test).');
  const copy = driver === 'pglite' && env.DATA_DIR === undefined ? copyOfTemplate() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ADDRESS_RATE_LIMIT: '1000',
    REGISTER_RATE_LIMIT: '1000',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    CLIENT_DIST: '/nonexistent',
    // No periodic "Needs a bus" or late look: it would raise alerts for other test files' trips in the shared schema.
    NEEDS_BUS_CHECK_SECONDS: '0',
    LATE_CHECK_SECONDS: '0',
    APPROVAL_CHECK_SECONDS: '0',
    // No mail drain of its own (periodic or after a change): it would send other test files' outbox rows; the e-mail
    // tests call the drainer themselves.
    MAIL_DRAIN_SECONDS: '0',
    ...(driver === 'pg' ? { DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema } : { DATA_DIR: copy ?? 'memory://' }),
    ...env,
  });
  const { app } = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  const { port } = server.address() as AddressInfo;
  const db = app.get(DataSource);
  return {
    app,
    db,
    config,
    url: `http://127.0.0.1:${port}`,
    http: () => request(server),
    close: async () => {
      await app.close();
      if (copy) rmSync(copy, { recursive: true, force: true });
    },
  };
}

/** A folder holding a copy of the run's migrated embedded database, or null when the run made none. */
export function copyOfTemplate(): string | null {
  const template = process.env.PGLITE_TEST_TEMPLATE;
  if (!template) return null;
  const dir = mkdtempSync(join(tmpdir(), 'console-pglite-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}
