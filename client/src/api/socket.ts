import { type ClientEventMap, type HelloPayload, type LiveEvent, type LiveEventName, PLATFORM_SEQ_KEY } from '@contracts/events';
import type { Socket } from 'socket.io-client';

/**
 * Live events (DESIGN §6). Screens subscribe with `onLive`; subscriptions outlive the socket, so they
 * keep working across reconnects and sign-ins. The console works without a live connection.
 */
export type LiveStatus = 'offline' | 'connecting' | 'online';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<(status: LiveStatus) => void>();
const resyncListeners = new Set<() => void>();

let socket: Socket<ClientEventMap> | null = null;
let currentToken: string | null = null;
let status: LiveStatus = 'offline';
/** Latest envelope seq seen per tenant key; null until the first hello of this sign-in. */
let seen: Record<string, number> | null = null;

function setStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  statusListeners.forEach((listener) => listener(next));
}

function resync(): void {
  resyncListeners.forEach((listener) => listener());
}

export function onLive<E extends LiveEventName>(event: E, handler: (payload: LiveEvent<E>) => void): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as Handler);
  return () => set.delete(handler as Handler);
}

export function onLiveStatus(listener: (status: LiveStatus) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Called when events may have been missed (a reconnect that skipped some, or the server's `resync`): refetch what is shown. */
export function onLiveResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

export function liveStatus(): LiveStatus {
  return status;
}

const seqKey = (tenantId: number | null) => (tenantId === null ? PLATFORM_SEQ_KEY : String(tenantId));

function deliver(event: string, payload: unknown): void {
  if (payload && typeof payload === 'object' && 'seq' in payload && typeof payload.seq === 'number' && seen) {
    const key = seqKey((payload as { tenantId?: number | null }).tenantId ?? null);
    seen[key] = Math.max(seen[key] ?? 0, payload.seq);
  }
  handlers.get(event)?.forEach((handler) => {
    try {
      handler(payload);
    } catch (error) {
      console.error(`Live event ${event} could not be applied`, error);
    }
  });
}

/** The first hello sets the baseline; a later one that is ahead of what arrived means events were missed. */
function onHello(hello: HelloPayload): void {
  const latest = hello?.seq ?? {};
  if (seen === null) {
    seen = { ...latest };
    return;
  }
  const behind = Object.entries(latest).some(([key, seq]) => seq > (seen?.[key] ?? 0));
  seen = { ...seen, ...latest };
  if (behind) resync();
}

/** Connects to this origin with `auth: {token}`; socket.io-client is loaded on demand to keep the first load small. */
export async function connectLive(token: string): Promise<void> {
  if (socket && currentToken === token) return;
  disconnectLive();
  currentToken = token;
  setStatus('connecting');
  const { io } = await import('socket.io-client');
  if (currentToken !== token) return; // signed out or switched user meanwhile
  const s: Socket<ClientEventMap> = io({ auth: { token }, reconnectionDelayMax: 30_000 });
  socket = s;
  s.on('connect', () => setStatus('online'));
  s.on('disconnect', () => setStatus(s.active ? 'connecting' : 'offline'));
  s.on('connect_error', () => {
    if (!s.active) setStatus('offline');
  });
  s.on('hello', onHello);
  s.on('resync', resync);
  s.onAny((event: string, payload: unknown) => {
    if (event !== 'hello') deliver(event, payload);
  });
}

export function disconnectLive(): void {
  currentToken = null;
  seen = null;
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
    socket = null;
  }
  setStatus('offline');
}

/** For tests: deliver an event as if the server had pushed it. */
export function emitLiveForTest<E extends LiveEventName>(event: E, payload: LiveEvent<E>): void {
  deliver(event, payload);
}
