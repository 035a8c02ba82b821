import type { DriverAssignmentDto, StepBody } from '@contracts/driver-wire';
import { ApiError } from '../../../api/http';
import { driverStorage, type QueuedStep } from './driver-storage';

/**
 * The driver's taps on their way to the server (docs/domain.md, "The day of travel"). Every tap goes through here,
 * with or without a signal: it is kept (IndexedDB) with the id the phone made and the phone's time, shown at once, and
 * sent in the order tapped. The server records a tap once whatever how often it arrives, so sending again after a lost
 * answer is safe.
 */

type Listener = () => void;

let items: readonly QueuedStep[] = [];
let loaded: Promise<void> | null = null;
const listeners = new Set<Listener>();
/** Writes go one after another, so the last list written is the last list kept. */
let writing: Promise<void> = Promise.resolve();

function publish(next: readonly QueuedStep[]): Promise<void> {
  items = next;
  listeners.forEach((listener) => listener());
  const list = next;
  writing = writing.then(() => driverStorage().writeQueue(list)).catch(() => undefined);
  return writing;
}

export const stepQueue = {
  /** Reads the kept taps once per page (taps added before the read came back stay after the kept ones). */
  load(): Promise<void> {
    loaded ??= driverStorage()
      .readQueue()
      .then(
        (kept) => {
          const known = new Set(items.map((item) => item.body.id));
          if (kept.length > 0) void publish([...kept.filter((item) => !known.has(item.body.id)), ...items]);
        },
        () => undefined,
      );
    return loaded;
  },
  items: (): readonly QueuedStep[] => items,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add: (item: QueuedStep) => publish([...items, item]),
  /** Drops a tap: sent, refused, or taken back before it was sent. */
  remove: (id: string) => (items.some((item) => item.body.id === id) ? publish(items.filter((item) => item.body.id !== id)) : writing),
};

/** What the server said to one tap: recorded (with the bus's new progress), or refused for good (with why). */
export interface FlushHandlers {
  send(body: StepBody): Promise<DriverAssignmentDto>;
  onSent(assignment: DriverAssignmentDto, body: StepBody): void;
  onRefused(body: StepBody, message: string): void;
}

export interface FlushResult {
  /** Taps the server recorded in this run. */
  sent: number;
  /** No answer at all: the phone has no signal (the taps wait). */
  offline: boolean;
  /** Taps of this driver still waiting after the run. */
  waiting: number;
}

/**
 * Whether a failed send is final. No answer (no signal), a lapsed session (sent after the next sign-in) and a server in
 * trouble keep the tap for the next try; any other refusal (a 409: out of order, not allowed now; a 404: not the
 * driver's trip any more) will not change by sending again, so the tap goes and the driver is told why.
 */
function keepsTap(error: unknown): { keep: boolean; offline: boolean } {
  if (!(error instanceof ApiError)) return { keep: true, offline: true };
  const retry = error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
  return { keep: retry, offline: false };
}

async function sendWaiting(userId: number, handlers: FlushHandlers): Promise<FlushResult> {
  let sent = 0;
  let offline = false;
  // one at a time, in the order tapped: a step needs the one before it recorded
  for (const item of items.filter((q) => q.userId === userId)) {
    // taken back while an earlier tap was on its way
    if (!items.some((q) => q.body.id === item.body.id)) continue;
    try {
      const assignment = await handlers.send(item.body);
      sent += 1;
      handlers.onSent(assignment, item.body);
      await stepQueue.remove(item.body.id);
    } catch (error) {
      const verdict = keepsTap(error);
      if (verdict.keep) {
        offline = verdict.offline;
        break;
      }
      handlers.onRefused(item.body, error instanceof Error ? error.message : 'The server refused it.');
      await stepQueue.remove(item.body.id);
    }
  }
  return { sent, offline, waiting: items.filter((q) => q.userId === userId).length };
}

let running: Promise<FlushResult> | null = null;
let again = false;

/** Sends this driver's waiting taps in order; a call while a run is under way runs once more after it. */
export function flushQueue(userId: number, handlers: FlushHandlers): Promise<FlushResult> {
  if (running) {
    again = true;
    return running;
  }
  const run = async (): Promise<FlushResult> => {
    await stepQueue.load();
    let result = await sendWaiting(userId, handlers);
    while (again && !result.offline) {
      again = false;
      const next = await sendWaiting(userId, handlers);
      result = { ...next, sent: result.sent + next.sent };
    }
    again = false;
    return result;
  };
  running = run().finally(() => {
    running = null;
  });
  return running;
}

/** For tests: forget the taps of the page before (the storage is set apart by setDriverStorage). */
export function resetStepQueueForTest(): void {
  items = [];
  loaded = null;
  running = null;
  again = false;
  writing = Promise.resolve();
  listeners.clear();
}
