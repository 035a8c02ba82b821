import type { StepBody } from '@contracts/driver-wire';
import { type ProgressStep, STEP_LABELS } from '@contracts/progress-rules';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../api/http';
import { driverApi, storeAssignment } from './driver.api';
import { type FlushHandlers, flushQueue, stepQueue } from './offline/step-queue';
import type { ShownStep } from './today-view';

/** While taps wait, they are tried again this often (and at once when the phone says the signal is back). */
const RETRY_MS = 5_000;

/** A tap's id: made on the phone, so the server records a tap sent twice once. */
function newTapId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure origin; a console served over plain HTTP on a school network still has random bytes
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** When this phone heard the server record a tap: the undo minute counts from it, whatever the phone's clock says. */
const heardAt = new Map<string, number>();

/** The end of a recorded step's undo window, in this phone's time (ms). */
export function undoDeadline(step: ShownStep, undoSeconds: number): number | null {
  if (step.receivedAt === null) return null;
  return (heardAt.get(step.id) ?? Date.parse(step.receivedAt)) + undoSeconds * 1000;
}

export interface TapDetails {
  passengers?: number | null;
  note?: string | null;
}

/**
 * The driver's taps: each kept and shown at once, then sent in order (at once, when the signal returns, and every few
 * seconds while any wait). `signal`: whether the server answered lately; `allSent` says the waiting taps have all gone
 * out after a time without signal. Refusals come back as sentences for the driver. `onSignalBack` runs when the server
 answers again after a time without signal (the page reads the day afresh).
 */
export function useDriverSteps(userId: number, onSignalBack: () => void) {
  const all = useSyncExternalStore(stepQueue.subscribe, stepQueue.items);
  const waiting = useMemo(() => all.filter((q) => q.userId === userId).map((q) => q.body), [all, userId]);
  const [problems, setProblems] = useState<string[]>([]);
  const [signal, setSignal] = useState(() => navigator.onLine);
  const [allSent, setAllSent] = useState(false);
  /** Taps waited for a signal since the last time all were sent. */
  const waited = useRef(false);
  const signalBack = useRef(onSignalBack);
  signalBack.current = onSignalBack;
  const hadSignal = useRef(signal);
  const markSignal = useCallback((on: boolean) => {
    const had = hadSignal.current;
    hadSignal.current = on;
    setSignal(on);
    if (on && !had) signalBack.current();
  }, []);

  const flush = useCallback(async () => {
    const handlers: FlushHandlers = {
      send: driverApi.step,
      onSent: (assignment, body) => {
        heardAt.set(body.id, Date.now());
        storeAssignment(userId, assignment);
      },
      onRefused: (body, message) => setProblems((list) => [...list, `${STEP_LABELS[body.step]} was not recorded: ${message}`]),
    };
    const result = await flushQueue(userId, handlers);
    if (result.offline) {
      waited.current = true;
      markSignal(false);
      return;
    }
    if (result.sent > 0) markSignal(true);
    if (result.waiting === 0 && waited.current) {
      waited.current = false;
      setAllSent(true);
    }
  }, [userId, markSignal]);

  // the kept taps of an earlier visit go out as the page opens
  useEffect(() => {
    void stepQueue.load().then(flush);
  }, [flush]);

  useEffect(() => {
    const online = () => {
      markSignal(true);
      void flush();
    };
    const offline = () => markSignal(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [flush, markSignal]);

  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (!hasWaiting) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [hasWaiting, flush]);

  const tap = useCallback(
    async (tripId: number, step: ProgressStep, details: TapDetails = {}) => {
      const body: StepBody = { id: newTapId(), tripId, step, at: new Date().toISOString() };
      if (details.passengers !== undefined && details.passengers !== null) body.passengers = details.passengers;
      if (details.note) body.note = details.note;
      setAllSent(false);
      await stepQueue.add({ userId, body });
      await flush();
    },
    [userId, flush],
  );

  /** Takes back the last step: a waiting tap just goes; a recorded one asks the server (within its minute). */
  const undo = useCallback(
    async (step: ShownStep) => {
      if (step.receivedAt === null) return stepQueue.remove(step.id);
      try {
        storeAssignment(userId, await driverApi.undo(step.id));
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : 'There is no signal: try again when it returns.';
        setProblems((list) => [...list, `${STEP_LABELS[step.step]} was not undone: ${reason}`]);
      }
    },
    [userId],
  );

  const dismiss = useCallback((index: number) => setProblems((list) => list.filter((_, i) => i !== index)), []);

  return { waiting, problems, dismiss, signal, allSent, tap, undo };
}
