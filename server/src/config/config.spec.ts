import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(join(tmpdir(), 'cfg-'));

describe('loadConfig', () => {
  it('defaults to port 3000, the embedded database under ./data and no Redis', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      redisUrl: undefined,
      nodeEnv: 'development',
      seedDemo: undefined,
    });
  });

  it('generates a JWT secret once outside production and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow('JWT_SECRET: is required in production');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a port number'],
    [{ PORT: '70000' }, 'PORT: must be a port number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a URL starting with postgres:// or postgresql://'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: must be a URL starting with redis:// or rediss://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO: must be true or false'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV: must be development, production or test'],
  ])('explains a bad value: %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(message);
  });

  it('reads every setting it documents', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: 'x'.repeat(40),
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      CLIENT_ORIGIN: 'https://a.example, https://b.example',
      DATA_DIR: tmp(),
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/app',
      redisUrl: 'redis://cache:6379',
      seedDemo: false,
      nodeEnv: 'production',
      clientOrigins: ['https://a.example', 'https://b.example'],
    });
  });
});
