import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RedisLink } from '../../infrastructure/redis/redis-link.service';
import { RedisScript } from '../../infrastructure/redis/redis-script';
import type { LiveSocket } from '../live-server';
import { PresenceLedger } from './presence-ledger.service';
import { LIVE_CONNECTION_HANDSHAKE_GRACE_MS, LIVE_CONNECTION_RENEW_MS, LIVE_CONNECTION_TTL_MS } from './presence-limits';

/**
 * KEYS[1]: the user's connections, a sorted set of `<replica>/<socket>` scored by the ms their entry expires at.
 * ARGV: the presence prefix, the new member, the cap, the entry's lifetime in ms. Drops the expired entries, counts
 * those whose replica is alive (its presence heartbeat key, `replica:<id>`, gone 5 s after a replica dies), and adds
 * the new one when that count is below the cap: 1 admitted, 0 refused (nothing written).
 */
const ADMIT = new RedisScript(`
local key, P, member, cap, ttl = KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
local alive, n = {}, 0
for _, m in ipairs(redis.call('ZRANGE', key, 0, -1)) do
  local rid = string.match(m, '^([^/]+)/') or ''
  if alive[rid] == nil then alive[rid] = redis.call('EXISTS', P .. 'replica:' .. rid) == 1 end
  if alive[rid] then n = n + 1 end
end
if n >= cap then return 0 end
redis.call('ZADD', key, now + ttl, member)
redis.call('PEXPIRE', key, ttl)
return 1
`);

/** ARGV: the presence prefix, the lifetime in ms, then (user, member) pairs: each entry written again with a new expiry. */
const RENEW = new RedisScript(`
local P, ttl = ARGV[1], tonumber(ARGV[2])
local t = redis.call('TIME')
local deadline = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + ttl
for i = 3, #ARGV, 2 do
  local key = P .. 'conns:' .. ARGV[i]
  redis.call('ZADD', key, deadline, ARGV[i + 1])
  redis.call('PEXPIRE', key, ttl)
end
return 1
`);

/** Connections renewed by one script. */
const RENEW_CHUNK = 500;

interface Admitted {
  socket: LiveSocket;
  userId: number;
  at: number;
}

/**
 * The live connections one user may hold open at once (LIVE_CONNECTIONS_PER_USER), across replicas: the handshake
 * of one more is refused. With REDIS_URL each connection is an entry of its user's set in Redis, written atomically
 * at the handshake (so a burst of handshakes on several replicas cannot overshoot) and removed at the disconnect.
 * A dead replica's entries stop counting as soon as its presence heartbeat key expires (5 s after it stopped
 * beating), and every entry expires unless its replica renews it, so a removal lost while Redis was away costs at
 * most LIVE_CONNECTION_TTL_MS. Without Redis, or while it is away, each replica counts its own connections.
 */
@Injectable()
export class ConnectionCap implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private readonly prefix: string;
  private readonly admitted = new Map<string, Admitted>();
  private readonly byUser = new Map<number, Set<string>>();
  private timer?: NodeJS.Timeout;
  private warned = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisLink,
    private readonly ledger: PresenceLedger,
  ) {
    this.prefix = `presence:${config.databaseSchema ?? 'public'}:`;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.renew(), LIVE_CONNECTION_RENEW_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Whether the socket's user may open one more connection; if so, it counts from now until `release`. */
  async admit(socket: LiveSocket): Promise<boolean> {
    const { userId } = socket.data;
    const cap = this.config.liveConnectionsPerUser;
    const shared = await this.admitShared(socket.id, userId, cap);
    const ok = shared ?? (this.byUser.get(userId)?.size ?? 0) < cap;
    if (ok) this.hold(socket, userId);
    return ok;
  }

  /** The connection has closed: its user may open another. */
  release(socketId: string): void {
    const held = this.admitted.get(socketId);
    if (!held) return;
    this.admitted.delete(socketId);
    const mine = this.byUser.get(held.userId);
    mine?.delete(socketId);
    if (mine?.size === 0) this.byUser.delete(held.userId);
    const client = this.ledger.shared ? this.redis.commands : undefined;
    // A removal that fails is not retried: the entry is no longer renewed and expires.
    client?.zRem(this.key(held.userId), this.member(socketId)).catch(() => undefined);
  }

  /** Null when the count cannot be kept in Redis (none configured, or away): the caller counts this replica's own. */
  private async admitShared(socketId: string, userId: number, cap: number): Promise<boolean | null> {
    if (!this.ledger.shared) return null;
    const client = this.redis.commands;
    if (!client) {
      this.warnOnce('not connected');
      return null;
    }
    try {
      const admitted = await ADMIT.run(
        client,
        [this.key(userId)],
        [this.prefix, this.member(socketId), String(cap), String(LIVE_CONNECTION_TTL_MS)],
      );
      this.warned = false;
      return admitted === 1;
    } catch (e) {
      this.warnOnce((e as Error).message);
      return null;
    }
  }

  private hold(socket: LiveSocket, userId: number): void {
    this.admitted.set(socket.id, { socket, userId, at: Date.now() });
    const mine = this.byUser.get(userId) ?? new Set<string>();
    mine.add(socket.id);
    this.byUser.set(userId, mine);
  }

  /**
   * Frees the connections admitted in a handshake that never opened, then writes every open one again with a new
   * expiry. Written, not only refreshed: entries lost with a Redis restart come back. Each script is sent before any
   * later removal, so a connection closing meanwhile is not written back after its removal.
   */
  private renew(): void {
    const now = Date.now();
    for (const [socketId, held] of this.admitted) {
      if (!held.socket.connected && now - held.at > LIVE_CONNECTION_HANDSHAKE_GRACE_MS) this.release(socketId);
    }
    const client = this.ledger.shared ? this.redis.commands : undefined;
    if (!client || this.admitted.size === 0) return;
    const pairs = [...this.admitted].flatMap(([socketId, held]) => [String(held.userId), this.member(socketId)]);
    for (let i = 0; i < pairs.length; i += RENEW_CHUNK * 2) {
      RENEW.run(client, [], [this.prefix, String(LIVE_CONNECTION_TTL_MS), ...pairs.slice(i, i + RENEW_CHUNK * 2)]).catch((e: Error) =>
        this.warnOnce(e.message),
      );
    }
  }

  private key(userId: number): string {
    return `${this.prefix}conns:${userId}`;
  }

  private member(socketId: string): string {
    return `${this.ledger.replica}/${socketId}`;
  }

  private warnOnce(reason: string): void {
    if (this.warned || this.redis.isClosing) return;
    this.warned = true;
    this.logger.warn(
      `Redis is unavailable for the live connection cap (${reason}); each replica counts its own connections until it returns.`,
    );
  }
}
