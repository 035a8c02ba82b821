import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as testcontainers from 'testcontainers';
import { defineContainers, serviceUrls } from './testcontainers.mjs';

/** What a defined container holds before it starts (testcontainers keeps it in protected fields). */
interface Definition {
  imageName: { string: string };
  environment: Record<string, string>;
  exposedPorts: unknown[];
  waitStrategy?: unknown;
}
const definition = (container: testcontainers.GenericContainer) => container as unknown as Definition;

/** The containers `npm test` starts where a Docker engine answers; built here, never started (no engine needed). */
describe('scripts/testcontainers.mjs', () => {
  const { postgres, redis } = defineContainers(testcontainers);

  it('loads testcontainers on this Node', () => {
    expect(typeof testcontainers.GenericContainer).toBe('function');
    expect(postgres).toBeInstanceOf(testcontainers.GenericContainer);
    expect(redis).toBeInstanceOf(testcontainers.GenericContainer);
  });

  it('defines PostgreSQL 16 with database "test" and passwordless postgres on 5432, ready once the real server is', () => {
    const pg = definition(postgres);
    expect(pg.imageName.string).toBe('postgres:16-alpine');
    expect(pg.environment).toEqual({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'test' });
    expect(pg.exposedPorts).toEqual([5432]);
    expect(pg.waitStrategy).toStrictEqual(testcontainers.Wait.forLogMessage(/database system is ready to accept connections/, 2));
  });

  it('defines Redis 7 on 6379', () => {
    const r = definition(redis);
    expect(r.imageName.string).toBe('redis:7-alpine');
    expect(r.environment).toEqual({});
    expect(r.exposedPorts).toEqual([6379]);
  });

  it('runs the images docker/compose.yaml runs', () => {
    const compose = readFileSync(join(__dirname, '..', 'docker', 'compose.yaml'), 'utf8');
    expect(compose).toContain(`image: ${definition(postgres).imageName.string}`);
    expect(compose).toContain(`image: ${definition(redis).imageName.string}`);
  });

  it('hands the suites URLs on the ports Docker mapped', () => {
    const started = (host: string) => ({ getHost: () => host, getMappedPort: (port: number) => port + 40000 });
    expect(serviceUrls(started('localhost'), started('127.0.0.1'))).toEqual({
      TEST_DATABASE_URL: 'postgres://postgres@localhost:45432/test',
      TEST_REDIS_URL: 'redis://127.0.0.1:46379',
    });
  });
});
