// PostgreSQL and Redis in containers for `npm test`, used by scripts/test.mjs only where TEST_DATABASE_URL and
// TEST_REDIS_URL are unset and a Docker engine answers (not on our CI machines, which run both as services).
// `testcontainers` is a dev dependency, pinned to 12.0.1: later releases need Node 22 and fail to load on Node 20.

/** The test database as CI's service: PostgreSQL 16, database `test`, user `postgres` without a password. */
export const POSTGRES = {
  image: 'postgres:16-alpine',
  port: 5432,
  environment: { POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'test' },
  // The image prints it twice: once for the server that runs its init scripts, then for the real one.
  ready: { log: /database system is ready to accept connections/, times: 2 },
};

export const REDIS = { image: 'redis:7-alpine', port: 6379 };

/** Both containers defined (image, environment, ports, readiness) but not started, with the given testcontainers module. */
export function defineContainers({ GenericContainer, Wait }) {
  return {
    postgres: new GenericContainer(POSTGRES.image)
      .withEnvironment(POSTGRES.environment)
      .withExposedPorts(POSTGRES.port)
      .withWaitStrategy(Wait.forLogMessage(POSTGRES.ready.log, POSTGRES.ready.times)),
    redis: new GenericContainer(REDIS.image).withExposedPorts(REDIS.port),
  };
}

/** TEST_DATABASE_URL and TEST_REDIS_URL for the started containers, on the ports Docker mapped. */
export function serviceUrls(postgres, redis) {
  return {
    TEST_DATABASE_URL: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(POSTGRES.port)}/test`,
    TEST_REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(REDIS.port)}`,
  };
}

/** Starts both, sets their URLs in `env`, and answers how to stop them. */
export async function startContainers(env) {
  let tc;
  try {
    tc = await import('testcontainers');
  } catch {
    throw new Error(
      'A Docker engine answers but the "testcontainers" package is missing: run npm install, or set TEST_DATABASE_URL and TEST_REDIS_URL.',
    );
  }
  const defined = defineContainers(tc);
  const pg = await defined.postgres.start();
  const redis = await defined.redis.start().catch(async (e) => {
    await pg.stop();
    throw e;
  });
  Object.assign(env, serviceUrls(pg, redis));
  console.log(`testcontainers: PostgreSQL at ${env.TEST_DATABASE_URL}, Redis at ${env.TEST_REDIS_URL}`);
  return { stop: async () => Promise.all([pg.stop(), redis.stop()]) };
}
