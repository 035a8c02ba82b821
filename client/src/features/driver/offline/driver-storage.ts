import type { DriverDayDto, StepBody } from '@contracts/driver-wire';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * What a driver's phone keeps for a day without a signal (docs/domain.md, "The day of travel"): the last day the server
 * answered, who the driver was, and the taps not sent yet. In IndexedDB in a browser; in memory where there is none (the
 * component tests), behind one small interface.
 */

/** The last day the server answered for a driver, and when it was read (ISO 8601). */
export interface KeptDay {
  day: DriverDayDto;
  savedAt: string;
}

/** The driver last signed in on this phone: whose day to open when the session cannot be checked (no signal). */
export interface KeptDriver {
  userId: number;
  name: string;
  /** sessionMark of the token they were signed in with: another sign-in on this phone does not open their day. */
  session: string;
}

/** A short mark of a sign-in token (FNV-1a), to tell whether the token kept now is the one a day was kept under. */
export function sessionMark(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

/** A tap waiting to be sent, in the order tapped; `body.id` is the device's id for it. */
export interface QueuedStep {
  userId: number;
  body: StepBody;
}

export interface DriverStorage {
  readDay(userId: number): Promise<KeptDay | undefined>;
  writeDay(userId: number, kept: KeptDay): Promise<void>;
  readDriver(): Promise<KeptDriver | undefined>;
  writeDriver(driver: KeptDriver): Promise<void>;
  readQueue(): Promise<QueuedStep[]>;
  writeQueue(queue: readonly QueuedStep[]): Promise<void>;
  /** On signing out: the day and the driver go (passenger names stay on no phone); unsent taps stay for the next sign-in. */
  forget(userId: number): Promise<void>;
}

interface KeyValue {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

const DAY = (userId: number) => `day:${userId}`;
const DRIVER = 'driver';
const QUEUE = 'queue';

function storageOver(kv: KeyValue): DriverStorage {
  return {
    readDay: (userId) => kv.get<KeptDay>(DAY(userId)),
    writeDay: (userId, kept) => kv.set(DAY(userId), kept),
    readDriver: () => kv.get<KeptDriver>(DRIVER),
    writeDriver: (driver) => kv.set(DRIVER, driver),
    readQueue: async () => (await kv.get<QueuedStep[]>(QUEUE)) ?? [],
    writeQueue: (queue) => kv.set(QUEUE, [...queue]),
    forget: async (userId) => {
      await kv.del(DAY(userId));
      if ((await kv.get<KeptDriver>(DRIVER))?.userId === userId) await kv.del(DRIVER);
    },
  };
}

/** The phone's IndexedDB (database `school-transport-driver`). */
function indexedDbStorage(): DriverStorage {
  let store: UseStore | null = null;
  // opened on first use, so a page that never needs it opens no database
  const opened = () => (store ??= createStore('school-transport-driver', 'offline'));
  return storageOver({
    get: (key) => get(key, opened()),
    set: (key, value) => set(key, value, opened()),
    del: (key) => del(key, opened()),
  });
}

/** A storage that lasts as long as the page: where there is no IndexedDB, and in tests. */
export function memoryStorage(): DriverStorage {
  const values = new Map<string, unknown>();
  // copies in and out, as IndexedDB stores a copy: a caller changing its object changes nothing kept
  const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  return storageOver({
    get: async <T>(key: string) => copy(values.get(key) as T | undefined),
    set: async (key, value) => void values.set(key, copy(value)),
    del: async (key) => void values.delete(key),
  });
}

let current: DriverStorage | null = null;

export function driverStorage(): DriverStorage {
  current ??= typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage();
  return current;
}

/** For tests: start from an empty (or a prepared) storage. */
export function setDriverStorage(storage: DriverStorage): void {
  current = storage;
}
