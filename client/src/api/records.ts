/** Helpers for merging records (answers or pushed events) into cached lists by id. */
export interface WithId {
  id: number | string;
}

export function upsertById<T extends WithId>(list: readonly T[], record: T, position: 'start' | 'end' = 'end'): T[] {
  const index = list.findIndex((item) => String(item.id) === String(record.id));
  if (index === -1) return position === 'start' ? [record, ...list] : [...list, record];
  const next = list.slice();
  next[index] = { ...list[index], ...record };
  return next;
}

export function removeById<T extends WithId>(list: readonly T[], id: number | string): T[] {
  return list.filter((item) => String(item.id) !== String(id));
}
