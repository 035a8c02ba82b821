import { existsSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import type { AppConfig } from './config/config';
import { Messages } from './contracts/messages';
import { DatabaseBootstrap } from './database/database-bootstrap';
import { RealtimeIoAdapter, type TrustedProxy } from './realtime/realtime-io.adapter';

const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

/**
 * How long an idle keep-alive connection stays open: longer than the 60 s a proxy or load balancer in front usually
 * keeps its idle connections to a replica (nginx's upstream keepalive_timeout, the clouds' load balancers), so the proxy
 * always closes an idle connection first. With Node's default of 5 s, a request the proxy sends down a pooled
 * connection just as the replica closes it is reset, and its user gets a 502.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Builds the whole server (API, sockets, client files) and prepares its database; `listen` is left to the caller. */
export async function createApp(config: AppConfig): Promise<{ app: NestExpressApplication; seeded: boolean }> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    abortOnError: false,
    logger: LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1),
  });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Mantine sets inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Calls and sockets go to this origin only (its ws: and wss: spelled out, for browsers whose 'self'
          // does not cover them), to CLIENT_ORIGINs, and for Microsoft sign-in to the authority: msal reads its
          // metadata and redeems codes from the page, and renews tokens in a hidden frame.
          connectSrc: ["'self'", socketOrigins, ...config.clientOrigins, ...config.microsoft.loginOrigins],
          frameSrc: ["'self'", ...config.microsoft.loginOrigins],
          imgSrc: ["'self'", 'data:'],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  app.use('/api', express.json({ limit: '256kb' }), bodyErrors);
  // GET /trips names its total and next slice in headers (trips/README.md), and a 429 when to try again (Retry-After);
  // a console on another origin must read them.
  app.enableCors(
    config.clientOrigins.length > 0
      ? { origin: config.clientOrigins, credentials: true, exposedHeaders: ['X-Total-Count', 'Link', 'Retry-After'] }
      : { origin: false },
  );
  app.setGlobalPrefix('api');
  serveClient(app, config.clientDist);
  app.enableShutdownHooks();
  (app.getHttpServer() as Server).keepAliveTimeout = KEEP_ALIVE_MS;
  // Socket.IO on this same server (/socket.io), with the allowed origins and, with REDIS_URL, the Redis adapter;
  // its origin check believes X-Forwarded-Host from the proxies Express trusts, and from nobody else.
  const trusted = (app.getHttpAdapter().getInstance() as express.Application).get('trust proxy fn') as TrustedProxy;
  app.useWebSocketAdapter(new RealtimeIoAdapter(app, trusted));
  await app.init();
  try {
    const { seeded } = await app.get(DatabaseBootstrap).prepare();
    return { app, seeded };
  } catch (e) {
    // Refused (or failed) before listening: release the database and Redis, so the caller can exit or go on.
    await app.close().catch(() => undefined);
    throw e;
  }
}

// A host name, IPv4 address or bracketed IPv6 address, and a port: nothing that could break out of the header.
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** connect-src for the page's own sockets: ws:// and wss:// of the host it was served from (req.host honours TRUST_PROXY). */
function socketOrigins(req: IncomingMessage): string {
  const host = (req as Request).host;
  return host && PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

// body-parser's own errors, answered before Nest rewraps them with the parser's wording
function bodyErrors(err: { type?: string; status?: number } | undefined, _req: Request, res: Response, next: NextFunction): void {
  if (!err) return next();
  if (err.type === 'entity.too.large') return void res.status(413).json({ message: Messages.bodyTooLarge });
  if (err.type === 'entity.parse.failed') return void res.status(400).json({ message: Messages.malformedJson });
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    return void res.status(err.status).json({ message: 'The request could not be read.' });
  }
  next(err);
}

// The built console, with index.html for every client route.
function serveClient(app: NestExpressApplication, dist: string): void {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    new Logger('Client').warn(`No built client at ${dist}; run "npm run build" to serve the console.`);
    return;
  }
  const files = express.static(dist, { index: false, maxAge: '1h', setHeaders: immutableAssets });
  // API calls pass by without a look on disk (this runs before Nest's routes: a file lookup per request otherwise).
  const notForUs = (req: Request) => req.path.startsWith('/api') || req.path.startsWith('/socket.io');
  app.use((req: Request, res: Response, next: NextFunction) => (notForUs(req) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || notForUs(req)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function immutableAssets(res: Response, path: string): void {
  if (path.includes(`${join('/', 'assets', '/')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
