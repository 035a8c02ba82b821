import { useSyncExternalStore } from 'react';

/** The header's notifications: filled by live events (app/live-sync.ts), kept for this page only. */
export interface FeedItem {
  id: number;
  text: string;
  at: Date;
  link?: string;
  read: boolean;
}

const MAX_ITEMS = 30;
let items: FeedItem[] = [];
let seq = 0;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export const liveFeed = {
  push(text: string, link?: string): void {
    items = [{ id: ++seq, text, at: new Date(), link, read: false }, ...items].slice(0, MAX_ITEMS);
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
