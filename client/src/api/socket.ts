import type { Socket } from 'socket.io-client';

/**
 * Live events (DESIGN §6). Screens subscribe with `onLive`; subscriptions outlive the socket, so
 * they keep working across reconnects and sign-ins. The console works without a live connection.
 *
 * Payloads are typed loosely until the server's ClientEventMap lands in contracts/ (issue
 * "realtime"); handlers read them defensively.
 */
export interface LiveEventMap {
  'trip:created': unknown;
  'trip:updated': { trip?: unknown; status?: string } | undefined;
  'trip:deleted': unknown;
  'booking:created': unknown;
  'booking:updated': unknown;
  'users:pending': { count?: number } | undefined;
  'user:updated': unknown;
  'tenant:created': unknown;
  'tenant:updated': unknown;
  'org:created': unknown;
  'org:updated': unknown;
  'partnership:created': unknown;
  'partnership:deleted': unknown;
  'permissions:updated': unknown;
}
export type LiveEvent = keyof LiveEventMap;
export type LiveStatus = 'offline' | 'connecting' | 'online';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<(status: LiveStatus, reconnected: boolean) => void>();

let socket: Socket | null = null;
let currentToken: string | null = null;
let status: LiveStatus = 'offline';
let everConnected = false;

function setStatus(next: LiveStatus, reconnected = false): void {
  status = next;
  statusListeners.forEach((listener) => listener(next, reconnected));
}

export function onLive<K extends LiveEvent>(event: K, handler: (payload: LiveEventMap[K]) => void): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as Handler);
  return () => set.delete(handler as Handler);
}

/** `reconnected` is true when a connection comes back after a loss: refetch what is shown. */
export function onLiveStatus(listener: (status: LiveStatus, reconnected: boolean) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function liveStatus(): LiveStatus {
  return status;
}

/** Connects (same origin, `auth: {token}`); socket.io-client is loaded on demand to keep the first load small. */
export async function connectLive(token: string): Promise<void> {
  if (socket && currentToken === token) return;
  disconnectLive();
  currentToken = token;
  setStatus('connecting');
  const { io } = await import('socket.io-client');
  if (currentToken !== token) return; // signed out or switched user meanwhile
  const s = io({ auth: { token }, reconnectionDelayMax: 30_000 });
  socket = s;
  s.on('connect', () => {
    setStatus('online', everConnected);
    everConnected = true;
  });
  s.on('disconnect', () => setStatus(s.active ? 'connecting' : 'offline'));
  s.on('connect_error', () => {
    if (!s.active) setStatus('offline');
  });
  s.onAny((event: string, payload: unknown) => {
    handlers.get(event)?.forEach((handler) => {
      try {
        handler(payload);
      } catch (error) {
        console.error(`Live event ${event} handler failed`, error);
      }
    });
  });
}

export function disconnectLive(): void {
  currentToken = null;
  everConnected = false;
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
    socket = null;
  }
  if (status !== 'offline') setStatus('offline');
}

/** For tests: deliver an event as if the server had pushed it. */
export function emitLiveForTest<K extends LiveEvent>(event: K, payload: LiveEventMap[K]): void {
  handlers.get(event)?.forEach((handler) => handler(payload));
}
