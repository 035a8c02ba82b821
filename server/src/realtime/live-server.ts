import type { Server, Socket } from 'socket.io';
import type { ClientEventMap } from '../contracts/events';
import type { ClientCommandMap } from '../contracts/presence';
import type { PresenceRecheck } from './presence/presence-store';

/** Clients send only the presence commands (besides Socket.IO's own pings); the server validates every one. */
export type ClientToServerEvents = ClientCommandMap;

/** Between replicas. */
export interface ServerSideEvents {
  /** "A replica's Redis link is back; re-check your sockets and tell them where they stand." */
  resync: () => void;
  /** "Who sees what changed: drop your sockets' presence on trips their users may no longer see" (PresenceSockets.recheckMatching). */
  'presence:recheck': (scope: PresenceRecheck) => void;
}

/** What the handshake learned, kept on the socket (plain data: it travels between replicas). */
export interface LiveSocketData {
  userId: number;
  jti: string;
  /** Token expiry, in seconds since the epoch. */
  exp: number;
  /** The token's session generation (a password change elsewhere ends older ones). */
  gen: number;
}

export type LiveServer = Server<ClientToServerEvents, ClientEventMap, ServerSideEvents, LiveSocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ClientEventMap, ServerSideEvents, LiveSocketData>;
