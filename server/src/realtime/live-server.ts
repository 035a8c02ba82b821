import type { Server, Socket } from 'socket.io';
import type { ClientEventMap } from '../contracts/events';

/** Clients send nothing but Socket.IO's own pings. */
export type ClientToServerEvents = Record<string, never>;

/** Between replicas: "a replica's Redis link is back; re-check your sockets and tell them where they stand". */
export interface ServerSideEvents {
  resync: () => void;
}

/** What the handshake learned, kept on the socket (plain data: it travels between replicas). */
export interface LiveSocketData {
  userId: number;
  jti: string;
  /** Token expiry, in seconds since the epoch. */
  exp: number;
}

export type LiveServer = Server<ClientToServerEvents, ClientEventMap, ServerSideEvents, LiveSocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ClientEventMap, ServerSideEvents, LiveSocketData>;
