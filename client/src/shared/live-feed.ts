import { useSyncExternalStore } from 'react';

/** The header's notifications: filled by live events (app/live-sync.ts), kept for this page only. */
export interface FeedItem {
  id: number;
  text: string;
  at: Date;
  link?: string;
  read: boolean;
  /** Items that tell of the same thing at once (the weeks of one series, accepted together) share this one. */
  merge?: FeedMerge;
}

/**
 * How an item takes in others like it: those with its key, pushed within MERGE_MS of it, count in its text, each thing
 * (`of`: a trip's id) once however often it is told of.
 */
export interface FeedMerge {
  key: string;
  of: number;
  /** The item's text once it tells of `count` things (2 and more). */
  say: (count: number) => string;
  /** What the item tells of so far. */
  told?: readonly number[];
}

const MAX_ITEMS = 30;
/** How long an item takes in others like it: the events of one call arrive together, well within it. */
const MERGE_MS = 10_000;
let items: FeedItem[] = [];
let seq = 0;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export const liveFeed = {
  push(text: string, link?: string, merge?: FeedMerge): void {
    const now = new Date();
    const latest = items[0];
    if (merge && latest?.merge?.key === merge.key && now.getTime() - latest.at.getTime() < MERGE_MS) {
      const told = [...new Set([...(latest.merge.told ?? [latest.merge.of]), merge.of])];
      const text = told.length > 1 ? latest.merge.say(told.length) : latest.text;
      items = [{ ...latest, text, read: false, merge: { ...latest.merge, told } }, ...items.slice(1)];
    } else {
      items = [{ id: ++seq, text, at: now, link, read: false, merge }, ...items].slice(0, MAX_ITEMS);
    }
    emit();
  },
  markAllRead(): void {
    if (!items.some((item) => !item.read)) return;
    items = items.map((item) => (item.read ? item : { ...item, read: true }));
    emit();
  },
  clear(): void {
    items = [];
    emit();
  },
};

export function useLiveFeed(): FeedItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
}
