import { useEffect, useState } from 'react';
import type { CollectionList } from './admin-collection';
import { notifyDone, notifyFailure } from './global-admin-feedback';

/**
 * What the Global Admin sections do, shared: each create, save and remove runs the same way and answers with a
 * toast (five seconds; a failure reads "{what}: {reason}"). The look is in admin-collection.tsx.
 */

/**
 * Runs one create, save or remove: `busy` while it runs, then the success toast, or "{failed}: {reason}"
 * Resolves whether it worked.
 */
export function useAdminAction(): {
  busy: boolean;
  run: (toast: { done: string; failed: string }, action: () => Promise<unknown>) => Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  const run = async ({ done, failed }: { done: string; failed: string }, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      notifyDone(done);
      return true;
    } catch (e) {
      notifyFailure(failed, e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** An Add form's state: the first problem its rules found, shown above its fields, and the create in flight. */
export function useAddForm(toast: { done: string; failed: string }) {
  const { busy, run } = useAdminAction();
  const [problem, setProblem] = useState<string | null>(null);
  return {
    busy,
    problem,
    /** Shows `found` (null: none) and, when there is nothing to show, runs `create`. */
    submit: (found: string | null, create: () => Promise<unknown>) => {
      setProblem(found);
      if (!found) void run(toast, create);
    },
  };
}

/** A list that failed to load says so, unless the person may not see it (then it only logs). */
export function useLoadFailure(what: string, error: unknown): void {
  useEffect(() => {
    if (error) notifyFailure(what, error, { quietWhenDenied: true });
  }, [what, error]);
}

/**
 * A row's inline editing (Edit, then Save or Cancel): `start` copies the record into the fields
 * (through `reset`); `save` sends what the caller checked, answers with a toast and, when it worked, leaves editing.
 */
export function useInlineEdit(toast: { done: string; failed: string }, reset: () => void) {
  const { busy, run } = useAdminAction();
  const [editing, setEditing] = useState(false);
  return {
    editing,
    busy,
    start: () => {
      reset();
      setEditing(true);
    },
    stop: () => setEditing(false),
    /** Sends `request` when the caller's checks passed (`valid`). */
    save: (valid: boolean, request: () => Promise<unknown>) => {
      if (!valid) return;
      void run(toast, async () => {
        await request();
        setEditing(false);
      });
    },
  };
}

/** A tenant's records from `query`, sorted by `compare`; a failure to load says so unless the person may not see them. */
export function useCollectionList<T>(
  query: { data?: T[]; error?: unknown; loading: boolean },
  loadFailure: string,
  compare: (a: T, b: T) => number,
): CollectionList<T> {
  useLoadFailure(loadFailure, query.error);
  return { records: [...(query.data ?? [])].sort(compare), loading: query.loading, failed: !!query.error };
}
