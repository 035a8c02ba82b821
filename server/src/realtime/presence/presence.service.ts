import { Injectable } from '@nestjs/common';
import { LiveChannel } from '../live-channel.service';
import type { LiveServer, LiveSocket } from '../live-server';
import { ConnectionCap } from './connection-cap.service';
import { PresenceAccess } from './presence-access.service';
import { PresenceCommands } from './presence-commands.service';
import { PresenceHeartbeat } from './presence-heartbeat.service';
import { PresenceLedger } from './presence-ledger.service';
import { PRESENCE_WELCOME_BATCH } from './presence-limits';
import { PresenceSockets } from './presence-sockets.service';
import type { PresenceRecheck } from './presence-store';
import { PresencePushes } from './presence-pushes.service';
import { PresenceViews } from './presence-views.service';

/**
 * Presence: who has which trip open, and who is online (../README.md "Presence" has the protocol and the rules).
 *
 * What the gateway and the listeners see of it. Each replica holds its own sockets' announcements (PresenceSockets)
 * and mirrors them into the store (PresenceLedger): Redis with REDIS_URL, so every replica reads the same lists, else
 * this process. Every change is pushed, as the trip's whole list of viewers, to the rooms of the users who may see the
 * trip (PresencePushes). The gateway only passes sockets in and out; the rules live in this folder.
 */
@Injectable()
export class PresenceService {
  private server?: LiveServer;

  constructor(
    private readonly channel: LiveChannel,
    private readonly ledger: PresenceLedger,
    private readonly sockets: PresenceSockets,
    private readonly commands: PresenceCommands,
    private readonly views: PresenceViews,
    private readonly pushes: PresencePushes,
    private readonly heartbeat: PresenceHeartbeat,
    private readonly access: PresenceAccess,
    private readonly cap: ConnectionCap,
  ) {}

  /** Called by the gateway once the Socket.IO server exists. */
  attach(server: LiveServer): void {
    this.server = server;
    this.pushes.attach(server);
    if (!this.ledger.shared) return;
    server.sockets.on('presence:recheck', (scope) => this.sockets.recheckMatching(scope));
    // Writes made while the link was down were lost, and the other replicas may have swept ours meanwhile.
    this.channel.onRecovery(() => void this.heartbeat.rewrite());
  }

  /**
   * In the handshake, once the user is known: whether they may open one more live connection
   * (LIVE_CONNECTIONS_PER_USER, across replicas). An admitted socket counts until `disconnected`.
   */
  admit(socket: LiveSocket): Promise<boolean> {
    return this.cap.admit(socket);
  }

  /** A socket has connected: it may send presence commands from now on. */
  connected(socket: LiveSocket): void {
    this.commands.listen(socket);
  }

  /**
   * After `hello` (a new connection, or its replica's Redis link back): the socket's user is counted online
   * (first time), and the socket gets the viewers of every trip its user sees that someone has open, and, for
   * admins, who is online. Never throws: presence must not cost a socket its connection.
   */
  async welcome(sockets: readonly LiveSocket[]): Promise<void> {
    // After the link came back, the snapshot must include what this replica is writing back.
    await this.heartbeat.rewritten;
    // A replica's whole set after its Redis link came back: a few at a time, not thousands of queries at once.
    for (let i = 0; i < sockets.length; i += PRESENCE_WELCOME_BATCH) {
      await Promise.all(sockets.slice(i, i + PRESENCE_WELCOME_BATCH).map((socket) => this.welcomeOne(socket)));
    }
  }

  /** A socket has gone: its presence leaves every console, and its user may open another. */
  disconnected(socket: LiveSocket): void {
    this.cap.release(socket.id);
    this.sockets.remove(socket.id);
  }

  /**
   * Who sees what changed (a trip moved or was deleted, a partnership went, a user changed): every replica looks
   * again at its sockets' announcements in `scope` and withdraws those their users may no longer see.
   */
  recheck(scope: PresenceRecheck): void {
    if (this.ledger.shared) this.server?.serverSideEmit('presence:recheck', scope);
    this.sockets.recheckMatching(scope);
  }

  private async welcomeOne(socket: LiveSocket): Promise<void> {
    const held = this.sockets.get(socket.id);
    if (!held || held.gone) return;
    try {
      const user = await this.access.caller(socket.data);
      if (!user || held.gone) return;
      if (!held.online) await this.sockets.enqueue(held, () => this.sockets.goOnline(held, user));
      const [snapshot, online] = await Promise.all([this.views.snapshotFor(user), this.views.onlineFor(user)]);
      if (held.gone || !socket.connected) return;
      socket.emit('presence:snapshot', snapshot);
      for (const o of online) socket.emit('presence:online', o);
    } catch (e) {
      this.ledger.unavailable(e);
    }
  }
}
