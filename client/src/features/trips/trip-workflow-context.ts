import type { TripActor } from '@contracts/trip-rules';
import type { TripPatch } from '@contracts/trip-patch-rules';
import type { TripDto } from '@contracts/trip-wire';
import { createContext, useContext } from 'react';
import type { TripButton } from './trip-actions';
import type { SeriesVerdict } from './trip-series';

/**
 * What the trip modals and buttons read from the workflow that owns them. The provider
 * (trip-workflow.tsx) sits above the modals it opens and fills this in; the modals import only
 * this file, so data flows one way: provider -> context -> modals.
 */

/** Shown at the top of the details modal after a refused action: what the person tried, and the trip as it now is. */
export interface DetailsNotice {
  message: string;
  before: TripDto;
}

/** The modals the workflow stacks (one of each at most). */
export type TripLayerKind = 'details' | 'edit' | 'assign' | 'passengers' | 'company';

export interface PerformOptions {
  /** A different body for the same action (the edit form's cancel request: {status: 'Pending', cancelRequest: true}). */
  body?: TripPatch;
  /** The toast when it fails for a reason other than a conflict. */
  failure?: string;
  /** Skip the question (already asked). */
  confirmed?: boolean;
  /** Ask this instead of the action's own question (the Edit modal's cancel buttons ask the request question). */
  question?: string;
  /** Assign Bus: the fleet bus to start with (the dispatch board's row the assignment was started from). */
  busId?: number;
  /** Stay where the action was taken (the board's request lane): no details afterwards, a toast says it was done. */
  stay?: boolean;
}

export interface TripWorkflow {
  actor: TripActor | null;
  /** `${tripId}:${action}` while a status action runs */
  busy: string | null;
  openDetails: (tripId: number, notice?: DetailsNotice) => void;
  press: (trip: TripDto, button: TripButton, options?: PerformOptions) => void;
  close: (kind: TripLayerKind) => void;
  /** "Cancel this and later weeks": asks, then cancels `trip` and the later weeks of its series (`weeks`, all of them). */
  cancelSeries: (trip: TripDto, weeks: readonly TripDto[]) => void;
  /**
   * "Accept this and later weeks" or "Reject this and later weeks": asks, then accepts (rejects) `trip` and the later
   * weeks of its series still Pending that the user's company may.
   */
  decideSeries: (trip: TripDto, weeks: readonly TripDto[], verdict: SeriesVerdict) => void;
  /** "Change this and later weeks": opens the times, passengers and notes of `trip` to set on it and its later weeks. */
  editSeries: (trip: TripDto, weeks: readonly TripDto[]) => void;
}

export const TripWorkflowContext = createContext<TripWorkflow | null>(null);

export function useTripWorkflow(): TripWorkflow {
  const workflow = useContext(TripWorkflowContext);
  if (!workflow) throw new Error('useTripWorkflow must be used inside <TripWorkflowProvider>');
  return workflow;
}
