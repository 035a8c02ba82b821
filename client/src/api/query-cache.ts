import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A small query cache: screens read server state from here, and live events write into the
 * same entries, so no screen keeps a second copy of server state in component state (it would go stale).
 */
export type QueryKey = readonly unknown[];

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** true while the first load (or a load after an error) runs */
  loading: boolean;
  /** true while any load runs, including background refetches */
  fetching: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  fetcher?: () => Promise<unknown>;
  inflight?: Promise<unknown>;
  /** set when the data changed on the server while a load ran: load once more when it ends */
  stale?: boolean;
  /** mounted readers; only watched entries are refetched on invalidation */
  watchers: number;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry>();
/** bumped on sign-out so answers to calls made before it are dropped */
let generation = 0;
const EMPTY: QueryState<unknown> = { data: undefined, error: undefined, loading: false, fetching: false };

const hashKey = (key: QueryKey) => JSON.stringify(key);

function entryFor(hash: string): Entry {
  let entry = entries.get(hash);
  if (!entry) {
    entry = { state: EMPTY, watchers: 0, listeners: new Set() };
    entries.set(hash, entry);
  }
  return entry;
}

function setState(entry: Entry, patch: Partial<QueryState<unknown>>): void {
  entry.state = { ...entry.state, ...patch };
  entry.listeners.forEach((listener) => listener());
}

function run(entry: Entry): Promise<unknown> {
  if (entry.inflight || !entry.fetcher) return entry.inflight ?? Promise.resolve(entry.state.data);
  const fetcher = entry.fetcher;
  const started = generation;
  setState(entry, { fetching: true, loading: entry.state.data === undefined || entry.state.error !== undefined });
  const inflight = fetcher().then(
    (data) => {
      if (started !== generation) return undefined;
      entry.inflight = undefined;
      setState(entry, { data, error: undefined, loading: false, fetching: false });
      if (entry.stale) {
        entry.stale = false;
        return run(entry);
      }
      return data;
    },
    (error: unknown) => {
      if (started !== generation) return undefined;
      entry.inflight = undefined;
      entry.stale = false;
      setState(entry, { error, loading: false, fetching: false });
      return undefined;
    },
  );
  entry.inflight = inflight;
  return inflight;
}

export function useQuery<T>(
  key: QueryKey,
  fetcher: () => Promise<T>,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
): QueryState<T> & { refetch: () => Promise<unknown>; previous: boolean } {
  const enabled = options.enabled ?? true;
  const hash = hashKey(key);
  const entry = entryFor(hash);
  entry.fetcher = fetcher;

  const subscribe = useCallback(
    (listener: () => void) => {
      const e = entryFor(hash);
      e.listeners.add(listener);
      return () => e.listeners.delete(listener);
    },
    [hash],
  );
  const state = useSyncExternalStore(subscribe, () => entryFor(hash).state) as QueryState<T>;

  useEffect(() => {
    if (!enabled) return;
    const e = entryFor(hash);
    e.watchers += 1;
    if (e.state.data === undefined && !e.inflight) void run(e);
    return () => {
      e.watchers -= 1;
    };
  }, [hash, enabled]);

  const refetch = useCallback(() => run(entryFor(hash)), [hash]);
  // keepPrevious: while a new key (another page, another filter) loads, the last answer stays on screen (no flicker)
  const last = useRef<T | undefined>(undefined);
  if (state.data !== undefined) last.current = state.data;
  if (options.keepPrevious && state.data === undefined && state.error === undefined && last.current !== undefined) {
    return { ...state, data: last.current, loading: false, fetching: true, refetch, previous: true };
  }
  return {
    ...state,
    loading: enabled && (state.loading || (state.data === undefined && state.error === undefined)),
    refetch,
    previous: false,
  };
}

export function getQueryData<T>(key: QueryKey): T | undefined {
  return entries.get(hashKey(key))?.state.data as T | undefined;
}

/** Writes into a cached entry (an updater returning undefined leaves it as it was). */
export function setQueryData<T>(key: QueryKey, update: T | ((old: T | undefined) => T | undefined)): void {
  const entry = entryFor(hashKey(key));
  const next = typeof update === 'function' ? (update as (old: T | undefined) => T | undefined)(entry.state.data as T | undefined) : update;
  if (next === undefined) return;
  setState(entry, { data: next, error: undefined });
}

/** Applies an updater to every cached entry whose key starts with `prefix` (returning the same value leaves the entry alone). */
export function updateQueries<T>(prefix: QueryKey, update: (old: T) => T): void {
  for (const [hash, entry] of entries) {
    if (!matches(hash, prefix) || entry.state.data === undefined) continue;
    const next = update(entry.state.data as T);
    // an updater that returns what it was given changed nothing: its readers do not render again
    if (next !== entry.state.data) setState(entry, { data: next });
  }
}

/** The cached entries under `prefix` that hold data: their keys, data, and whether a screen shows them. */
export function cachedQueries<T>(prefix: QueryKey): { key: QueryKey; data: T; watched: boolean }[] {
  const found: { key: QueryKey; data: T; watched: boolean }[] = [];
  for (const [hash, entry] of entries) {
    if (!matches(hash, prefix) || entry.state.data === undefined) continue;
    found.push({ key: JSON.parse(hash) as QueryKey, data: entry.state.data as T, watched: entry.watchers > 0 });
  }
  return found;
}

/**
 * The server's answer for this entry changed: a watched entry loads again (once more after a load already running,
 * whose answer may predate the change); an unwatched one is dropped, so its next reader loads afresh.
 */
export function refetchQuery(key: QueryKey): void {
  const hash = hashKey(key);
  const entry = entries.get(hash);
  if (!entry) return;
  if (entry.watchers === 0) {
    entries.delete(hash);
    return;
  }
  if (entry.inflight) entry.stale = true;
  else void run(entry);
}

/** Refetches watched entries under `prefix` (all when omitted); others are dropped so their next reader loads afresh. */
export function invalidateQueries(prefix: QueryKey = []): void {
  for (const [hash, entry] of entries) {
    if (!matches(hash, prefix)) continue;
    if (entry.watchers > 0) void run(entry);
    else entries.delete(hash);
  }
}

/** On sign-out: nothing of the previous user stays in memory. */
export function clearQueryCache(): void {
  generation += 1;
  for (const [hash, entry] of entries) {
    entry.inflight = undefined;
    if (entry.watchers === 0) entries.delete(hash);
    setState(entry, EMPTY);
  }
}

function matches(hash: string, prefix: QueryKey): boolean {
  if (prefix.length === 0) return true;
  const head = hashKey(prefix);
  return hash === head || hash.startsWith(`${head.slice(0, -1)},`);
}
