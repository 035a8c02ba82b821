/**
 * Calendar dates as the console writes them (`YYYY-MM-DD`, the school's wall clock): plain TypeScript, no I/O,
 * shared by the trip and fleet rules and the client.
 */
const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** The local calendar date of an instant (default: now), as YYYY-MM-DD. */
export function localDate(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The local date and time of an instant (default: now) as `YYYY-MM-DDTHH:mm`, comparable with a trip's window. */
export function localDateTime(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${localDate(at)}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** `2026-12-02` plus `days` days, as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week `date` falls in (the board's weeks run Monday to Sunday, like the trips calendar's). */
export function weekStart(date: string): string {
  return addDays(date, -((new Date(utc(date)).getUTCDay() + 6) % 7));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** `2026-12-02` → `Wed 2 Dec` (with `withYear`: `Wed 2 Dec 2026`). */
export function formatDay(date: string, withYear = false): string {
  const d = new Date(utc(date));
  const day = `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return withYear ? `${day} ${d.getUTCFullYear()}` : day;
}
