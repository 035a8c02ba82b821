import type { IncomingMessage } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { Server, type ServerOptions } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RedisLink } from './redis-link.service';

/** Clients send nothing but pings, so a small frame limit costs nothing and bounds abuse. */
export const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024;

// @nestjs/platform-socket.io pins a socket.io copy of its own; the server is built with the app's
// socket.io (package.json) so one version runs and the gateway's types describe it. Nest only needs
// the common shape, hence the cast at this one boundary.
type NestIoServer = ReturnType<IoAdapter['createIOServer']>;
type NestIoOptions = Parameters<IoAdapter['createIOServer']>[1];

/**
 * Creates the Socket.IO server on the API's own HTTP server (default path /socket.io) with the
 * options that depend on configuration: the allowed origins, and the Redis adapter when REDIS_URL is set.
 */
export class RealtimeIoAdapter extends IoAdapter {
  constructor(private readonly app: INestApplicationContext) {
    super(app);
  }

  override createIOServer(port: number, options?: NestIoOptions): NestIoServer {
    if (port !== 0 || !this.httpServer) throw new Error('The live gateway shares the API server: no port of its own.');
    const config = this.app.get<AppConfig>(APP_CONFIG);
    const server = new Server(this.httpServer, {
      ...(options as Partial<ServerOptions> | undefined),
      serveClient: false,
      maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
      allowRequest: (req, done) => done(null, originAllowed(req, config.clientOrigins)),
      cors: config.clientOrigins.length > 0 ? { origin: config.clientOrigins, credentials: true } : undefined,
    });
    const redis = this.app.get(RedisLink, { strict: false });
    if (redis.enabled) server.adapter(redis.adapter());
    return server as unknown as NestIoServer;
  }
}

/**
 * A browser page may open a socket only from this very server or an allowed origin (CLIENT_ORIGIN);
 * requests without Origin (node clients, tools) are no cross-site page and still need a valid token.
 */
export function originAllowed(req: Pick<IncomingMessage, 'headers'>, clientOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (clientOrigins.includes(origin)) return true;
  try {
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    return new URL(origin).host === (Array.isArray(host) ? host[0] : host);
  } catch {
    return false;
  }
}
