import { io, type Socket } from 'socket.io-client';
import type { ClientEventMap, HelloPayload, LiveEvent, LiveEventName } from '../../server/src/contracts/events';
import type { ClientCommandMap } from '../../server/src/contracts/presence';

export { redisUrl } from '../support/test-env';

/** How long a socket that must not see an event is watched after the others got theirs. */
export const QUIET_MS = 500;
/** How long a socket that must see an event may wait for it (the console's promise: within a second). */
export const DELIVERY_MS = 1_000;

export interface Received {
  event: string;
  payload: Record<string, unknown>;
  at: number;
}

/** A real socket.io-client connection that records everything it receives. */
export interface LiveClient {
  label: string;
  socket: Socket<ClientEventMap, ClientCommandMap>;
  received: Received[];
  hello: HelloPayload;
  /** Resolves with the first event (already received or to come) that matches; rejects after `timeoutMs`. */
  next<E extends LiveEventName>(event: E, match?: (e: LiveEvent<E>) => boolean, timeoutMs?: number): Promise<LiveEvent<E>>;
  /** As `next`, among the events received from index `since` on. */
  nextSince<E extends LiveEventName>(
    since: number,
    event: E,
    match?: (e: LiveEvent<E>) => boolean,
    timeoutMs?: number,
  ): Promise<LiveEvent<E>>;
  /** Resolves with the next hello received after this call. */
  nextHello(timeoutMs?: number): Promise<HelloPayload>;
  /** Resolves when the server closes the connection. */
  disconnected(timeoutMs?: number): Promise<string>;
  /**
   * Events received since `since` (an index into `received`), hello, presence (`presence:*`, about people, not records)
   * and the dashboard's figures (`trips:stats`, an aggregate: stats-pusher.e2e.ts proves its audiences) excluded.
   */
  eventsSince(since: number): Received[];
  close(): void;
}

const clients = new Set<Socket>();

/** Closes every client a test file opened (call in afterAll / afterEach). */
export function closeAllClients(): void {
  for (const s of clients) s.disconnect();
  clients.clear();
}

function open(url: string, token: string | undefined, extraHeaders?: Record<string, string>): Socket<ClientEventMap, ClientCommandMap> {
  const socket: Socket<ClientEventMap, ClientCommandMap> = io(url, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders,
  });
  clients.add(socket);
  return socket;
}

/** Connects and waits for the server's hello, so the socket sits in its rooms before the test acts. */
export async function connectLive(url: string, token: string, label = 'socket', timeoutMs = 5_000): Promise<LiveClient> {
  const socket = open(url, token);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: Record<string, unknown>) => {
    received.push({ event, payload, at: Date.now() });
    for (const w of [...waiters]) w();
  });
  let closedReason: string | undefined;
  socket.on('disconnect', (reason) => {
    closedReason = reason;
    for (const w of [...waiters]) w();
  });
  const waitUntil = <T>(find: () => T | undefined, ms: number, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `${label}: timed out after ${ms} ms waiting for ${what}; received: ${received.map((r) => r.event).join(', ') || 'nothing'}`,
          ),
        );
      }, ms);
      waiters.add(check);
      check();
    });

  const hello = await new Promise<HelloPayload>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: no hello within ${timeoutMs} ms`)), timeoutMs);
    socket.once('hello', (h) => {
      clearTimeout(timer);
      resolve(h);
    });
    socket.once('connect_error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });

  const nextSince = <E extends LiveEventName>(since: number, event: E, match?: (e: LiveEvent<E>) => boolean, ms = DELIVERY_MS) =>
    waitUntil(
      () =>
        received.slice(since).find((r) => r.event === event && (!match || match(r.payload as unknown as LiveEvent<E>)))
          ?.payload as unknown as LiveEvent<E> | undefined,
      ms,
      `"${event}"`,
    );

  return {
    label,
    socket,
    received,
    hello,
    next: (event, match, ms) => nextSince(0, event, match, ms),
    nextSince,
    nextHello: (ms = 10_000) => {
      const from = received.length;
      return waitUntil(() => received.slice(from).find((r) => r.event === 'hello')?.payload as HelloPayload | undefined, ms, 'hello');
    },
    disconnected: (ms = DELIVERY_MS) => waitUntil(() => closedReason, ms, 'disconnect'),
    eventsSince: (since) =>
      received.slice(since).filter((r) => r.event !== 'hello' && r.event !== 'trips:stats' && !r.event.startsWith('presence:')),
    close: () => socket.disconnect(),
  };
}

/** Tries to connect and resolves with the handshake's refusal (connect_error); rejects if it connects. */
export function refusal(
  url: string,
  token: string | undefined,
  extraHeaders?: Record<string, string>,
): Promise<Error & { data?: { status?: number } }> {
  const socket = open(url, token, extraHeaders);
  return new Promise((resolve, reject) => {
    socket.once('connect_error', (e) => {
      socket.disconnect();
      resolve(e as Error & { data?: { status?: number } });
    });
    socket.once('connect', () => {
      socket.disconnect();
      reject(new Error('connected, but should have been refused'));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A trip request the realtime suites send: a day trip far ahead, so no rule of today's date gets in the way. */
export const tripBody = (destination: string, extra: Record<string, unknown> = {}) => ({
  tripType: 'Day Trip',
  destination,
  departureDate: '2031-05-01',
  departureTime: '08:00 AM',
  returnDate: '2031-05-01',
  returnTime: '03:00 PM',
  students: 20,
  ...extra,
});

/**
 * Runs `act`, then proves that every client in `to` receives a matching `event` within a second and,
 * once they have, that no client in `notTo` received anything at all for another QUIET_MS.
 */
export async function expectDelivery<E extends LiveEventName, R>(
  act: () => Promise<R>,
  event: E,
  match: (e: LiveEvent<E>, result: R) => boolean,
  to: readonly LiveClient[],
  notTo: readonly LiveClient[],
): Promise<{ result: R; events: LiveEvent<E>[] }> {
  const marks = new Map([...to, ...notTo].map((c) => [c, c.received.length]));
  const result = await act();
  const events = await Promise.all(to.map((c) => c.nextSince(marks.get(c)!, event, (e) => match(e, result))));
  await sleep(QUIET_MS);
  const leaks = notTo.flatMap((c) => c.eventsSince(marks.get(c)!).map((r) => `${c.label} got ${r.event}`));
  expect(leaks).toEqual([]);
  return { result, events };
}
