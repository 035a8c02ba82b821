import type { IncomingMessage } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { Server, type ServerOptions } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { LiveChannel } from './live-channel.service';

/** Clients send only pings and small presence commands, so a small frame limit costs nothing and bounds abuse. */
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
  /**
   * @param trustedProxy Express's compiled 'trust proxy' (app.get('trust proxy fn')): whether a peer address
   * (hop 0) is a proxy whose X-Forwarded-Host may be believed. Without it none is.
   */
  constructor(
    private readonly app: INestApplicationContext,
    private readonly trustedProxy: TrustedProxy = () => false,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: NestIoOptions): NestIoServer {
    if (port !== 0 || !this.httpServer) throw new Error('The live gateway shares the API server: no port of its own.');
    const config = this.app.get<AppConfig>(APP_CONFIG);
    const server = new Server(this.httpServer, {
      ...(options as Partial<ServerOptions> | undefined),
      serveClient: false,
      maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
      allowRequest: (req, done) => done(null, originAllowed(req, config.clientOrigins, this.trustedProxy)),
      cors: config.clientOrigins.length > 0 ? { origin: config.clientOrigins, credentials: true } : undefined,
    });
    const channel = this.app.get(LiveChannel, { strict: false });
    if (channel.enabled) server.adapter(channel.adapter());
    return server as unknown as NestIoServer;
  }
}

/** Express's compiled 'trust proxy' function: is the peer at `address`, `hop` proxies away, trusted? */
export type TrustedProxy = (address: string, hop: number) => boolean;

/**
 * The host the page was served from: the Host header, or, when the peer is a trusted proxy (TRUST_PROXY),
 * the first X-Forwarded-Host, exactly as Express's req.host reads it. Anyone else's X-Forwarded-Host is ignored.
 */
export function requestHost(
  req: Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string } },
  trusted: TrustedProxy,
): string | undefined {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const forwarded = first(req.headers['x-forwarded-host']);
  if (forwarded && trusted(req.socket?.remoteAddress ?? '', 0)) return forwarded.split(',')[0].trim();
  return first(req.headers.host);
}

/**
 * A browser page may open a socket only from this very server or an allowed origin (CLIENT_ORIGIN);
 * requests without Origin (node clients, tools) are no cross-site page and still need a valid token.
 */
export function originAllowed(
  req: Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string } },
  clientOrigins: readonly string[],
  trusted: TrustedProxy = () => false,
): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (clientOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === requestHost(req, trusted);
  } catch {
    return false;
  }
}
