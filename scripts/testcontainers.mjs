// Used by scripts/test.mjs only where a Docker engine answers (not on our CI machines, which run
// PostgreSQL and Redis as services). Needs the optional dev dependency `testcontainers`.
export async function startContainers(env) {
  let tc;
  try {
    tc = await import('testcontainers');
  } catch {
    throw new Error(
      'A Docker engine answers but the "testcontainers" package is not installed: npm install --no-save testcontainers, or set TEST_DATABASE_URL and TEST_REDIS_URL.',
    );
  }
  const { GenericContainer, Wait } = tc;
  const pg = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'test' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
  env.TEST_DATABASE_URL = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/test`;
  env.TEST_REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  console.log(`testcontainers: PostgreSQL at ${env.TEST_DATABASE_URL}, Redis at ${env.TEST_REDIS_URL}`);
  return { stop: async () => Promise.all([pg.stop(), redis.stop()]) };
}
