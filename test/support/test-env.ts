/**
 * Where the end-to-end suites find their database.
 *  - project "api-pg": TEST_DATABASE_URL (CI and this machine: the local PostgreSQL), one fresh schema per run.
 *  - project "api-pglite": embedded PGlite in memory, one database per test file.
 */
export type TestDriver = 'pg' | 'pglite';

export const testDriver = (): TestDriver => (process.env.E2E_DRIVER === 'pglite' ? 'pglite' : 'pg');

export const testDatabaseUrl = (): string => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const testRedisUrl = (): string | undefined => process.env.TEST_REDIS_URL;

/** The Redis the replicas share: TEST_REDIS_URL, else the local one. */
export const redisUrl = (): string => testRedisUrl() ?? 'redis://127.0.0.1:6379';
