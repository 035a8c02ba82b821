import { type ClientEventMap, type HelloPayload, type LiveEvent, type LiveEventName, PLATFORM_SEQ_KEY } from '@contracts/events';
import type { ClientCommandMap, PresenceEventMap } from '@contracts/presence';
import type { Socket } from 'socket.io-client';

/**
 * Live events (docs/architecture.md: how a change reaches every console). Screens subscribe with `onLive`;
 * subscriptions outlive the socket, so they keep working across reconnects and sign-ins. The console works without a
 * live connection.
 */
export type LiveStatus = 'offline' | 'connecting' | 'online';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<(status: LiveStatus) => void>();
const resyncListeners = new Set<() => void>();
const helloListeners = new Set<() => void>();

let socket: Socket<ClientEventMap, ClientCommandMap> | null = null;
let currentToken: string | null = null;
let status: LiveStatus = 'offline';
/** Latest envelope seq seen per tenant key; null until the first hello of this sign-in. */
let seen: Record<string, number> | null = null;
/**
 * For users who are sent every event of their tenant (admins): the highest seq up to which nothing is
 * missing, and the seqs received beyond it. A hole that is still open after GAP_GRACE_MS is a lost event.
 */
let wholeTenant = false;
const contiguous = new Map<string, { upTo: number; ahead: Set<number>; timer?: ReturnType<typeof setTimeout> }>();
/** Events from different replicas may arrive slightly out of seq order (realtime README); wait before calling a hole a loss. */
const GAP_GRACE_MS = 1500;

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

/** Presence events (no envelope, no seq): see api/presence.ts. */
export function onLivePresence<E extends keyof PresenceEventMap>(event: E, handler: PresenceEventMap[E]): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as Handler);
  return () => set.delete(handler as Handler);
}

/** Called after every `hello`: the connection is (again) in its rooms, e.g. to announce presence anew after a reconnect. */
export function onLiveHello(listener: () => void): () => void {
  helloListeners.add(listener);
  return () => helloListeners.delete(listener);
}

type CommandRequest<C extends keyof ClientCommandMap> = Parameters<ClientCommandMap[C]>[0];
type CommandAnswer<C extends keyof ClientCommandMap> = Parameters<Parameters<ClientCommandMap[C]>[1]>[0];

/** The answer a command gets when it cannot be sent or is not answered in time. */
export const LIVE_OFFLINE = { ok: false, message: 'Live updates are offline.' } as const;

/** Sends a command over the live connection and resolves with its acknowledgement (LIVE_OFFLINE when offline or unanswered). */
export async function sendLive<C extends keyof ClientCommandMap>(
  command: C,
  request: CommandRequest<C>,
  timeoutMs = 5_000,
): Promise<CommandAnswer<C> | typeof LIVE_OFFLINE> {
  const s = socket;
  if (!s?.connected) return LIVE_OFFLINE;
  const timed = s.timeout(timeoutMs);
  const emit = timed.emitWithAck.bind(timed) as (c: C, r: CommandRequest<C>) => Promise<CommandAnswer<C>>;
  try {
    return await emit(command, request);
  } catch {
    return LIVE_OFFLINE;
  }
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

function resetContiguous(): void {
  contiguous.forEach((state) => clearTimeout(state.timer));
  contiguous.clear();
}

/** realtime README step 3: a jump in seq means a loss only for clients that receive every event of the tenant. */
function noteSeq(key: string, seq: number): void {
  if (!wholeTenant || !seen) return;
  let state = contiguous.get(key);
  if (!state) {
    state = { upTo: seen[key] ?? 0, ahead: new Set() };
    contiguous.set(key, state);
  }
  if (seq <= state.upTo) return;
  state.ahead.add(seq);
  while (state.ahead.delete(state.upTo + 1)) state.upTo += 1;
  if (state.ahead.size === 0 || state.timer) return;
  const watched = state;
  watched.timer = setTimeout(() => {
    watched.timer = undefined;
    if (watched.ahead.size === 0) return;
    watched.upTo = Math.max(watched.upTo, ...watched.ahead);
    watched.ahead.clear();
    resync();
  }, GAP_GRACE_MS);
}

function deliver(event: string, payload: unknown): void {
  if (payload && typeof payload === 'object' && 'seq' in payload && typeof payload.seq === 'number' && seen) {
    const key = seqKey((payload as { tenantId?: number | null }).tenantId ?? null);
    noteSeq(key, payload.seq);
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
    resetContiguous();
    return;
  }
  const behind = Object.entries(latest).some(([key, seq]) => seq > (seen?.[key] ?? 0));
  seen = { ...seen, ...latest };
  // what the refetch below (or the hello itself) covers is no longer a hole
  resetContiguous();
  if (behind) resync();
}

function afterHello(): void {
  helloListeners.forEach((listener) => listener());
}

/**
 * Connects to this origin with `auth: {token}`; socket.io-client is loaded on demand to keep the first load small.
 * `wholeTenant`: the user is sent every event of their tenant (admins), so a hole in seq means a lost event.
 */
export async function connectLive(token: string, options: { wholeTenant?: boolean } = {}): Promise<void> {
  wholeTenant = options.wholeTenant ?? false;
  if (socket && currentToken === token) return;
  disconnectLive();
  wholeTenant = options.wholeTenant ?? false;
  currentToken = token;
  setStatus('connecting');
  const { io } = await import('socket.io-client');
  if (currentToken !== token) return; // signed out or switched user meanwhile
  // WebSocket only: no long-polling, so replicas behind a round-robin proxy need no sticky sessions.
  const s: Socket<ClientEventMap, ClientCommandMap> = io({ auth: { token }, transports: ['websocket'], reconnectionDelayMax: 30_000 });
  socket = s;
  s.on('connect', () => setStatus('online'));
  s.on('disconnect', (reason) => {
    setStatus(s.active ? 'connecting' : 'offline');
    // The server closed this console's live connection itself: its session ended (a sign-out elsewhere, a password
    // changed in another browser, an account set back to pending). The listeners check the session at once.
    if (reason === 'io server disconnect') closedByServer();
  });
  s.on('connect_error', (error) => {
    if (s.active) return;
    // Refused at the handshake (an ended session, or too many open consoles of this account): Socket.IO gives up.
    // Too many consoles passes when some close, so this one asks again a little later, as long as it is wanted.
    setStatus('offline');
    console.warn(`Live updates refused: ${error.message}`);
    if ((error as { data?: { status?: number } }).data?.status === 429) {
      setTimeout(() => {
        if (socket === s && !s.connected) s.connect();
      }, 30_000);
    }
  });
  s.on('hello', (hello) => {
    onHello(hello);
    afterHello();
  });
  s.on('resync', resync);
  s.onAny((event: string, payload: unknown) => {
    if (event !== 'hello') deliver(event, payload);
  });
}

const closedListeners = new Set<() => void>();

/**
 * Calls `listener` when the server closes the live connection (Socket.IO does not reconnect then). The session
 * context checks the session: an ended one signs the console out at once, instead of at its next call; one that holds
 * (a close for another reason) takes the connection up again with `resumeLive`.
 */
export function onLiveClosedByServer(listener: () => void): () => void {
  closedListeners.add(listener);
  return () => closedListeners.delete(listener);
}

/** Connects again a live connection the server closed, while the console is still signed in with the same token. */
export function resumeLive(): void {
  if (socket && !socket.active) socket.connect();
}

function closedByServer(): void {
  closedListeners.forEach((listener) => listener());
}

/** For tests: the server closes the live connection, as it does when the session ends. */
export const closedByServerForTest = closedByServer;

export function disconnectLive(): void {
  currentToken = null;
  seen = null;
  resetContiguous();
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

/** For tests: a `hello` as if the server had sent it, for a user who is (or is not) sent every event of the tenant. */
export function helloForTest(hello: HelloPayload, options: { wholeTenant?: boolean } = {}): void {
  wholeTenant = options.wholeTenant ?? false;
  onHello(hello);
  afterHello();
}

/** For tests: deliver a presence event as if the server had pushed it. */
export function emitPresenceForTest<E extends keyof PresenceEventMap>(event: E, payload: Parameters<PresenceEventMap[E]>[0]): void {
  deliver(event, payload);
}

/** For tests: tell the listeners that events may have been missed, as a reconnect with a hole in seq does. */
export function resyncForTest(): void {
  resync();
}

/** For tests: forget the hello baseline, as a sign-out does. */
export function resetLiveForTest(): void {
  seen = null;
  resetContiguous();
}
