import { Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { SessionsService } from '../auth/sessions.service';
import { Messages } from '../contracts/messages';
import { LiveAccess } from './live-access.service';
import { LiveChannel } from './live-channel.service';
import { LivePublisher } from './live-publisher.service';
import { LiveSeqService } from './live-seq.service';
import type { LiveServer, LiveSocket } from './live-server';
import { PresenceService } from './presence/presence.service';
import { Rooms, roomsFor, tenantOfRooms } from './rooms';

export const RealtimeMessages = {
  unavailable: 'Live updates are unavailable right now; retrying.',
  tooManyConnections: 'Too many open consoles for this account: close some tabs.',
} as const;

// setTimeout holds at most ~24.8 days; a longer token is re-armed when that fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A handshake refusal: the client's connect_error carries the message, and `data.status` tells an auth failure (401)
 * from too many connections of the user (429) and from a passing one (503).
 */
const refusal = (message: string, status: 401 | 429 | 503) => Object.assign(new Error(message), { data: { status } });

/**
 * The live connection (docs/architecture.md: how a change reaches every console). It decides only who is
 * connected and which rooms they are in; what each event is and who receives it is the listeners' business
 * (see *.listener.ts).
 *
 * Nest guards do not run on connection (nestjs/nest#882), so the token is checked in a Socket.IO
 * middleware, before the socket joins any room or receives anything.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<LiveServer>, OnGatewayConnection<LiveSocket>, OnGatewayDisconnect<LiveSocket> {
  private readonly logger = new Logger('Realtime');
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private server?: LiveServer;

  constructor(
    private readonly sessions: SessionsService,
    private readonly access: LiveAccess,
    private readonly seqs: LiveSeqService,
    private readonly publisher: LivePublisher,
    private readonly channel: LiveChannel,
    private readonly presence: PresenceService,
  ) {}

  afterInit(server: LiveServer): void {
    this.server = server;
    this.publisher.attach(server);
    this.presence.attach(server);
    server.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (e: Error) => next(e),
      );
    });
    if (this.channel.enabled) {
      server.sockets.on('resync', () => void this.resyncLocal());
      this.channel.onRecovery(({ lostPublishes }) => {
        // Our sockets may have missed other replicas' events; theirs missed the ones we could not publish.
        void this.resyncLocal();
        if (lostPublishes > 0) server.serverSideEmit('resync');
      });
    }
  }

  async handleConnection(socket: LiveSocket): Promise<void> {
    // First, so that no presence command the client sends once connected finds nobody listening.
    this.presence.connected(socket);
    this.armExpiry(socket);
    try {
      // A sign-out or a change of role that committed during the handshake found no socket to act on: look again.
      await this.revalidate([socket]);
      if (socket.connected) await this.hello([socket]);
      if (socket.connected) await this.presence.welcome([socket]);
    } catch (e) {
      this.logger.error(`Could not finish a live connection: ${(e as Error).message}`);
      socket.disconnect(true);
    }
  }

  handleDisconnect(socket: LiveSocket): void {
    clearTimeout(this.expiryTimers.get(socket.id));
    this.expiryTimers.delete(socket.id);
    this.presence.disconnected(socket);
  }

  private async authenticate(socket: LiveSocket): Promise<void> {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') throw refusal(Messages.notSignedIn, 401);
    let verdict: Awaited<ReturnType<SessionsService['verify']>>;
    try {
      verdict = await this.sessions.verify(token);
    } catch {
      throw refusal(RealtimeMessages.unavailable, 503);
    }
    if (verdict === 'invalid') throw refusal(Messages.notSignedIn, 401);
    if (verdict === 'ended') throw refusal(Messages.sessionEnded, 401);
    const member = await this.access.memberOf(verdict).catch(() => {
      throw refusal(RealtimeMessages.unavailable, 503);
    });
    socket.data = { userId: verdict.id, jti: verdict.jti, exp: verdict.exp, gen: verdict.gen ?? 0 };
    // One console more than LIVE_CONNECTIONS_PER_USER of this user, on any replica, is refused before it joins a room.
    if (!(await this.presence.admit(socket))) throw refusal(RealtimeMessages.tooManyConnections, 429);
    await socket.join([Rooms.session(verdict.jti), ...roomsFor(member)]);
  }

  /** A token that expires stops receiving: its sockets close at its expiry. */
  private armExpiry(socket: LiveSocket): void {
    const left = socket.data.exp * 1000 - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    // Not unref'd: Node keeps the (empty) timer list of an unref'd timer's duration after clearTimeout until
    // that duration has passed, and each socket's duration is distinct, so every disconnect left one behind
    // for the token's lifetime (test/bench/04-memory.bench.ts). Shutdown closes every socket, which clears these.
    const timer = setTimeout(() => this.armExpiry(socket), Math.min(left, MAX_TIMER_MS));
    this.expiryTimers.set(socket.id, timer);
  }

  /** Puts local sockets in the rooms their users belong in now, and closes those whose session ended. */
  private async revalidate(sockets: LiveSocket[]): Promise<void> {
    const members = await this.access.members(sockets.map((s) => s.data));
    for (const socket of sockets) {
      if (!socket.connected) continue;
      const member = members.get(socket.data.jti);
      if (!member) {
        socket.disconnect(true);
        continue;
      }
      const wanted = new Set([Rooms.session(socket.data.jti), ...roomsFor(member)]);
      for (const room of [...socket.rooms]) if (room !== socket.id && !wanted.has(room)) void socket.leave(room);
      void socket.join([...wanted]);
    }
  }

  /** Tells each socket the latest seq of every tenant it sees (contracts/events.ts HelloPayload). */
  private async hello(sockets: LiveSocket[]): Promise<void> {
    const scopes = sockets.map((s) => tenantOfRooms(s.rooms));
    const tenants = [...new Set(scopes.filter((s): s is number => typeof s === 'number'))];
    const seq = await this.seqs.current(tenants, scopes.includes('platform'));
    sockets.forEach((socket, i) => {
      const scope = scopes[i];
      if (!socket.connected) return;
      socket.emit('hello', { seq: scope === 'platform' ? seq : scope === null ? {} : { [scope]: seq[String(scope)] ?? 0 } });
    });
  }

  /** After a Redis outage: this replica's sockets may hold stale rooms and have missed events. */
  private async resyncLocal(): Promise<void> {
    const sockets = [...(this.server?.sockets.sockets.values() ?? [])];
    if (sockets.length === 0) return;
    try {
      await this.revalidate(sockets);
      await this.hello(sockets.filter((s) => s.connected));
      await this.presence.welcome(sockets.filter((s) => s.connected));
    } catch (e) {
      this.logger.error(`Could not resync live connections: ${(e as Error).message}`);
    }
  }
}
