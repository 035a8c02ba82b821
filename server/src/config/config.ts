import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_LATE_MINUTES } from '../contracts/progress-rules';
import { DEMO_PASSWORD } from '../database/seed/demo-password';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const urlWith = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535, 'must be a port number').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  REDIS_URL: urlWith(['redis:', 'rediss:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .positive()
    .default(12 * 3600),
  SEED_DEMO: boolish.optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'must be an e-mail address')
    .pipe(z.email({ error: 'must be an e-mail address' }))
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters').optional(),
  DEFAULT_TENANT: z.string().min(1).default('demo'),
  CLIENT_ORIGIN: z.string().optional(),
  CLIENT_DIST: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(10),
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(20),
  REGISTER_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(10),
  PRESENCE_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .positive()
    .max(10_000, 'must be at most 10000')
    .default(20),
  PRESENCE_RATE_PER_USER: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .positive()
    .max(10_000, 'must be at most 10000')
    .default(10),
  PRESENCE_BURST_PER_USER: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .positive()
    .max(10_000, 'must be at most 10000')
    .default(20),
  LIVE_CONNECTIONS_PER_USER: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .positive()
    .max(100_000, 'must be at most 100000')
    .default(20),
  TRUST_PROXY: z.string().min(1).default('loopback'),
  NEEDS_BUS_DAYS: z.coerce.number({ error: 'must be a number of days' }).int('must be a whole number of days').min(0).max(60).default(3),
  NEEDS_BUS_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0)
    .max(86_400)
    .default(60),
  LATE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be from 1 to 240 minutes')
    .max(240, 'must be from 1 to 240 minutes')
    .default(DEFAULT_LATE_MINUTES),
  LATE_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0)
    .max(86_400)
    .default(60),
  APPROVAL_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0)
    .max(86_400)
    .default(300),
  PUBLIC_URL: urlWith(['https:', 'http:']).optional(),
  SMTP_URL: urlWith(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().trim().min(3).max(300).default('School Transport <no-reply@localhost>'),
  MAIL_DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0)
    .max(86_400)
    .default(5),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('warn'),
  MS_JWKS_URL: urlWith(['https:', 'http:']).default('https://login.microsoftonline.com/common/discovery/v2.0/keys'),
  MS_AUDIENCE: z.string().optional(),
  MS_ALLOWED_ISSUERS: z
    .string()
    .refine((v) => commaList(v).every((i) => URL.canParse(i)), { message: 'must be a comma-separated list of issuer URLs' })
    .optional(),
  MS_TENANT_ID: z.string().optional(),
  MS_REQUIRED_SCOPE: z.string().min(1).default('access_as_user'),
  MS_JWKS_COOLDOWN: z.coerce.number({ error: 'must be a number of seconds' }).min(0).default(30),
  MS_LOGIN_ORIGIN: z
    .string()
    .refine((v) => commaList(v).every((o) => URL.canParse(o)), { message: 'must be a comma-separated list of origins' })
    .default('https://login.microsoftonline.com'),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL when set; embedded PGlite under dataDir otherwise. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each run its own). */
  databaseSchema?: string;
  redisUrl?: string;
  jwtSecret: string;
  jwtExpiresIn: number;
  /** undefined: seed when the database is empty outside production. */
  seedDemo?: boolean;
  /** The first platform admin, created at start-up while there is none (a fresh production deployment). */
  firstAdmin?: { email: string; password: string };
  defaultTenant: string;
  /** Origins allowed for CORS and the Socket.IO handshake; empty means same origin only. */
  clientOrigins: string[];
  clientDist: string;
  /** Sign-in attempts per minute for one e-mail, from any address. */
  loginRateLimit: number;
  /** Sign-in attempts per minute from one address, for any e-mail. */
  loginAddressRateLimit: number;
  /** Registrations per hour from one address. */
  registerRateLimit: number;
  /** Presence commands (presence:set, presence:sync) per 10 seconds from one live connection; a burst of as many passes. */
  presenceRateLimit: number;
  /** Presence commands per second from one user, all their connections on every replica together… */
  presenceRatePerUser: number;
  /** …with a burst of this many. */
  presenceBurstPerUser: number;
  /** Live connections one user may hold open at once, across replicas; one more is refused at the handshake. */
  liveConnectionsPerUser: number;
  /**
   * Express 'trust proxy': which peers' X-Forwarded-* headers to believe (the address rate limits count, the
   * host the socket origin check compares with): addresses or names (loopback, uniquelocal), a hop count, true or false.
   */
  trustProxy: boolean | number | string;
  /** Fleet and dispatch board (docs/domain.md "Fleet"). */
  dispatch: DispatchConfig;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  microsoft: MicrosoftSignInConfig;
  /** E-mail for people away from the console (docs/domain.md, "Notifications"). */
  mail: MailConfig;
}

/** How the outbox's messages go out (notices/README.md). */
export interface MailConfig {
  /** The console's address as users open it, for the links in messages (no trailing slash). */
  publicUrl: string;
  /** smtp:// or smtps:// with the account in the URL; undefined: each message is logged and counted as sent. */
  smtpUrl?: string;
  /** The From header. */
  from: string;
  /**
   * How often each replica sends what is due (also right after a change that queued mail); 0: this replica sends
   * nothing (the tests' default, which call the drainer themselves).
   */
  drainSeconds: number;
}

/** Sign-in with Microsoft Entra ID: how `POST /auth/login-microsoft` checks an access token. */
export interface MicrosoftSignInConfig {
  /** The issuer's JSON Web Key Set, fetched and cached; an unknown key id fetches it again. */
  jwksUrl: string;
  /** Accepted `aud` values (our API's client id and/or its `api://` URI); empty: the route answers 503. */
  audiences: string[];
  /** Exact `iss` values to accept; empty: Microsoft's per-tenant issuers, checked against the token's `tid`. */
  allowedIssuers: string[];
  /** Tenants (`tid`) allowed to sign in; empty: any tenant whose issuer matches. */
  tenantIds: string[];
  /** The delegated scope (`scp`) the token must carry. */
  requiredScope: string;
  /** Seconds after a key-set fetch before an unknown key id may fetch it again. */
  jwksCooldownSeconds: number;
  /** Origins the browser talks to for Microsoft sign-in (added to the Content-Security-Policy). */
  loginOrigins: string[];
}

/** The "Needs a bus" alert (docs/domain.md "Needs a bus"). */
export interface DispatchConfig {
  /** An accepted trip with no bus this many days before departure needs one (0: on its departure day). */
  needsBusDays: number;
  /**
   * How often each replica looks for trips that have come to need a bus (the database sends each alert once);
   * 0 turns the periodic look off (the tests do), leaving the check right after each change.
   */
  needsBusCheckSeconds: number;
  /** Minutes past a planned departure or return before a bus is late (docs/domain.md, "The day of travel"). */
  lateMinutes: number;
  /** How often each replica looks for buses that have turned late (each alert is sent once); 0: only after each change. */
  lateCheckSeconds: number;
  /** How often each replica looks for approvals due a reminder or past their expiry (each sent once); 0: never. */
  approvalCheckSeconds: number;
}

export class ConfigError extends Error {}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads and checks the environment once; every problem is listed in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && e.SEED_DEMO === true) {
    problems.push(`SEED_DEMO: the demo accounts share a published password (${DEMO_PASSWORD}); it cannot be seeded in production`);
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push(
      `${e.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'}: is required with ${e.ADMIN_EMAIL === undefined ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}`,
    );
  }
  if (e.ADMIN_PASSWORD === DEMO_PASSWORD) problems.push('ADMIN_PASSWORD: must not be the demo password');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = e.DATA_DIR === 'memory://' ? e.DATA_DIR : resolve(e.DATA_DIR);
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError('Invalid configuration:\n  JWT_SECRET: is required in production');
    }
    jwtSecret = persistedSecret(dataDir);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    jwtSecret,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    seedDemo: e.SEED_DEMO,
    firstAdmin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    defaultTenant: e.DEFAULT_TENANT,
    clientOrigins: (e.CLIENT_ORIGIN ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    clientDist: resolve(e.CLIENT_DIST ?? join(__dirname, '..', '..', '..', 'client', 'dist')),
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginAddressRateLimit: e.LOGIN_ADDRESS_RATE_LIMIT,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    presenceRateLimit: e.PRESENCE_RATE_LIMIT,
    presenceRatePerUser: e.PRESENCE_RATE_PER_USER,
    presenceBurstPerUser: e.PRESENCE_BURST_PER_USER,
    liveConnectionsPerUser: e.LIVE_CONNECTIONS_PER_USER,
    trustProxy:
      e.TRUST_PROXY === 'true'
        ? true
        : e.TRUST_PROXY === 'false'
          ? false
          : /^\d+$/.test(e.TRUST_PROXY)
            ? Number(e.TRUST_PROXY)
            : e.TRUST_PROXY,
    dispatch: {
      needsBusDays: e.NEEDS_BUS_DAYS,
      needsBusCheckSeconds: e.NEEDS_BUS_CHECK_SECONDS,
      lateMinutes: e.LATE_MINUTES,
      lateCheckSeconds: e.LATE_CHECK_SECONDS,
      approvalCheckSeconds: e.APPROVAL_CHECK_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    mail: {
      publicUrl: (e.PUBLIC_URL ?? commaList(e.CLIENT_ORIGIN)[0] ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      drainSeconds: e.MAIL_DRAIN_SECONDS,
    },
    microsoft: {
      jwksUrl: e.MS_JWKS_URL,
      audiences: commaList(e.MS_AUDIENCE),
      allowedIssuers: commaList(e.MS_ALLOWED_ISSUERS),
      tenantIds: commaList(e.MS_TENANT_ID).map((t) => t.toLowerCase()),
      requiredScope: e.MS_REQUIRED_SCOPE,
      jwksCooldownSeconds: e.MS_JWKS_COOLDOWN,
      loginOrigins: commaList(e.MS_LOGIN_ORIGIN).map((o) => new URL(o).origin),
    },
  };
}

// Outside production a secret is generated once and kept beside the data, so tokens survive restarts.
function persistedSecret(dataDir: string): string {
  if (dataDir === 'memory://') return randomBytes(48).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
