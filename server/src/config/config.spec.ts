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
    [{ LOGIN_ADDRESS_RATE_LIMIT: 'lots' }, 'LOGIN_ADDRESS_RATE_LIMIT: must be a whole number'],
    [{ REGISTER_RATE_LIMIT: '0' }, 'REGISTER_RATE_LIMIT:'],
    [{ ADMIN_EMAIL: 'not an address', ADMIN_PASSWORD: 'long-enough-1' }, 'ADMIN_EMAIL: must be an e-mail address'],
    [{ ADMIN_PASSWORD: 'long-enough-1' }, 'ADMIN_EMAIL: is required with ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: must be at least 8 characters'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SEED_DEMO: 'true' }, 'SEED_DEMO: the demo accounts share a published password'],
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
      LOGIN_RATE_LIMIT: '5',
      LOGIN_ADDRESS_RATE_LIMIT: '50',
      REGISTER_RATE_LIMIT: '3',
      ADMIN_EMAIL: ' Owner@School.example ',
      ADMIN_PASSWORD: 'first-admin-pass',
      TRUST_PROXY: 'uniquelocal',
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/app',
      redisUrl: 'redis://cache:6379',
      seedDemo: false,
      nodeEnv: 'production',
      clientOrigins: ['https://a.example', 'https://b.example'],
      loginRateLimit: 5,
      loginAddressRateLimit: 50,
      registerRateLimit: 3,
      firstAdmin: { email: 'owner@school.example', password: 'first-admin-pass' },
      trustProxy: 'uniquelocal',
    });
  });

  it('defaults the sign-in limits to 10 per e-mail and 20 per address a minute, and 10 registrations per address an hour', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ loginRateLimit: 10, loginAddressRateLimit: 20, registerRateLimit: 10 });
  });

  it('limits presence commands to PRESENCE_RATE_LIMIT per 10 s per connection, 20 unless set', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).presenceRateLimit).toBe(20);
    expect(loadConfig({ DATA_DIR: tmp(), PRESENCE_RATE_LIMIT: '5' }).presenceRateLimit).toBe(5);
    expect(() => loadConfig({ DATA_DIR: tmp(), PRESENCE_RATE_LIMIT: '0' })).toThrow(/PRESENCE_RATE_LIMIT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), PRESENCE_RATE_LIMIT: 'lots' })).toThrow(/PRESENCE_RATE_LIMIT: must be a whole number/);
  });

  it('limits presence per user to 10 a second with a burst of 20, and live connections to 20 per user, unless set', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({
      presenceRatePerUser: 10,
      presenceBurstPerUser: 20,
      liveConnectionsPerUser: 20,
    });
    const set = loadConfig({ DATA_DIR: tmp(), PRESENCE_RATE_PER_USER: '2', PRESENCE_BURST_PER_USER: '5', LIVE_CONNECTIONS_PER_USER: '3' });
    expect(set).toMatchObject({ presenceRatePerUser: 2, presenceBurstPerUser: 5, liveConnectionsPerUser: 3 });
    expect(() => loadConfig({ DATA_DIR: tmp(), LIVE_CONNECTIONS_PER_USER: '0' })).toThrow(/LIVE_CONNECTIONS_PER_USER/);
    expect(() => loadConfig({ DATA_DIR: tmp(), PRESENCE_BURST_PER_USER: 'many' })).toThrow(
      /PRESENCE_BURST_PER_USER: must be a whole number/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), PRESENCE_RATE_PER_USER: '0.5' })).toThrow(/PRESENCE_RATE_PER_USER/);
  });

  it('counts a bus late LATE_MINUTES (1 to 240, 10 unless set) past its plan, and looks every LATE_CHECK_SECONDS (60 unless set; 0: off)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).dispatch).toMatchObject({ lateMinutes: 10, lateCheckSeconds: 60 });
    expect(loadConfig({ DATA_DIR: tmp(), LATE_MINUTES: '240', LATE_CHECK_SECONDS: '0' }).dispatch).toMatchObject({
      lateMinutes: 240,
      lateCheckSeconds: 0,
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), LATE_MINUTES: '0' })).toThrow('LATE_MINUTES: must be from 1 to 240 minutes');
    expect(() => loadConfig({ DATA_DIR: tmp(), LATE_MINUTES: '241' })).toThrow('LATE_MINUTES: must be from 1 to 240 minutes');
    expect(() => loadConfig({ DATA_DIR: tmp(), LATE_MINUTES: '7.5' })).toThrow('LATE_MINUTES: must be a whole number of minutes');
    expect(() => loadConfig({ DATA_DIR: tmp(), LATE_CHECK_SECONDS: '-1' })).toThrow(/LATE_CHECK_SECONDS/);
  });

  it('links e-mail to PUBLIC_URL, else the first CLIENT_ORIGIN, else localhost; logs mail without SMTP_URL; drains every 5 s unless set', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '8080' }).mail).toEqual({
      publicUrl: 'http://localhost:8080',
      smtpUrl: undefined,
      from: 'School Transport <no-reply@localhost>',
      drainSeconds: 5,
    });
    expect(loadConfig({ DATA_DIR: tmp(), CLIENT_ORIGIN: 'https://a.example, https://b.example' }).mail.publicUrl).toBe('https://a.example');
    const set = loadConfig({
      DATA_DIR: tmp(),
      CLIENT_ORIGIN: 'https://a.example',
      PUBLIC_URL: 'https://console.example/',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Transport <t@example.org>',
      MAIL_DRAIN_SECONDS: '0',
    }).mail;
    expect(set).toEqual({
      publicUrl: 'https://console.example',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      from: 'Transport <t@example.org>',
      drainSeconds: 0,
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'http://mail.example' })).toThrow(
      'SMTP_URL: must be a URL starting with smtp:// or smtps://',
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_DRAIN_SECONDS: '-1' })).toThrow(/MAIL_DRAIN_SECONDS/);
  });

  it('reads TRUST_PROXY as Express takes it: true, false, a hop count, or addresses and names', () => {
    const trust = (v: string) => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: v }).trustProxy;
    expect([trust('true'), trust('false'), trust('2'), trust('10.0.0.1, loopback')]).toEqual([true, false, 2, '10.0.0.1, loopback']);
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe('loopback');
  });
});
