import { decideTripAction } from '@contracts/trip-rules';
import type { TripDto, TripStatus } from '@contracts/trip-wire';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { toast } from '../../shared/toast';
import { ResponsiveModal } from '../../components/responsive';
import { approvalChanged, isHeldChange } from '../approvals/approvals.api';
import { SoftClaimGate } from './soft-claim';
import { canTrip, REQUEST_CANCEL_QUESTION } from './trip-actions';
import { TripConflictAlert } from './trip-conflict';
import { TripForm } from './trip-form';
import { formFromTrip, toTripFields, type TripFormValues } from './trip-form-values';
import { useTripWorkflow } from './trip-workflow-context';
import { conflictOf, mergeTrip, tripHistoryKey, tripsApi, useTrip } from './trips.api';

export const EDIT_REQUEST_SENT = 'Edit request sent. Awaiting bus officer approval.';

/** The statuses whose Edit form offers Cancel Trip (later ones are cancelled by request, or from the trip's buttons). */
const CANCELLABLE_HERE: readonly TripStatus[] = ['Pending', 'Awaiting Approval', 'Changes Requested'];

interface EditLayer {
  tripId: number;
  base: TripDto;
}

function EditTripBody({ layer, onClose }: { layer: EditLayer; onClose: () => void }) {
  const { actor, press } = useTripWorkflow();
  const { data } = useTrip(layer.tripId);
  const current = data ?? layer.base;
  // the trip as it was when the form was filled: its version goes with the PATCH
  const [base, setBase] = useState<TripDto>(layer.base);
  const [initial, setInitial] = useState<TripFormValues>(() => formFromTrip(layer.base));
  const [formKey, setFormKey] = useState(0);
  const [conflictMessage, setConflictMessage] = useState<string | null>(null);

  if (!actor) return null;
  const decision = decideTripAction(actor, base, 'edit', { isPartner: actor.role === 'bus_company' });
  // school staff editing a Confirmed trip send an edit request: the trip goes back to Pending until approved
  const requestMode = decision.allowed && decision.editRequest;
  const changedMeanwhile = current.version > base.version;

  const save = async (values: TripFormValues): Promise<boolean> => {
    const fields = toTripFields(values);
    try {
      const updated = await tripsApi.edit(base.id, {
        ...fields,
        date: fields.departureDate,
        version: base.version,
        ...(requestMode ? { status: 'Pending' as const } : {}),
      });
      invalidateQueries(tripHistoryKey(base.id));
      if (isHeldChange(updated)) {
        // held at the school for approval: the trip stays as it was until its approvers agree
        mergeTrip(updated.trip);
        approvalChanged(base.id, updated.approval);
        toast.success(updated.message);
        onClose();
        return true;
      }
      if (updated && typeof updated === 'object' && 'id' in updated) mergeTrip(updated);
      toast.success(requestMode ? EDIT_REQUEST_SENT : 'Trip updated successfully!');
      onClose();
      return true;
    } catch (e) {
      const conflict = conflictOf(e);
      if (conflict) {
        mergeTrip(conflict.trip);
        setConflictMessage(conflict.message);
        return false;
      }
      const reason = serverMessage(e);
      console.error(`Trip ${base.id}: edit failed`, errorText(e));
      toast.error(reason ?? 'Failed to update trip. Please try again.', {
        title: reason ? 'Failed to update trip. Please try again.' : undefined,
      });
      return false;
    }
  };

  const keepMine = () => {
    setBase(current);
    setConflictMessage(null);
  };
  const loadCurrent = () => {
    setBase(current);
    setInitial(formFromTrip(current));
    setFormKey((k) => k + 1);
    setConflictMessage(null);
  };

  const canRequestCancel = canTrip(actor, current, 'requestCancel');
  // a request still at its school (Awaiting Approval, Changes Requested) is withdrawn by cancelling it, like a Pending one
  const canCancel = CANCELLABLE_HERE.includes(current.status) && canTrip(actor, current, 'cancel');

  return (
    <Stack gap="sm">
      {requestMode ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          This trip is confirmed. Your changes are sent as an edit request: the trip goes back to Pending until the bus company approves it.
        </Alert>
      ) : null}
      {conflictMessage || changedMeanwhile ? (
        <TripConflictAlert
          title={conflictMessage ? 'This trip was changed by someone else' : 'Someone else just changed this trip'}
          message={
            conflictMessage ?? 'Your changes are not saved yet. Keep them to save them over the current trip, or start again from it.'
          }
          before={base}
          current={current}
          actions={
            <>
              <Button size="compact-sm" onClick={keepMine}>
                Keep my changes
              </Button>
              <Button size="compact-sm" variant="default" onClick={loadCurrent}>
                Load the current trip
              </Button>
            </>
          }
        />
      ) : null}
      {base.version !== layer.base.version && !conflictMessage && !changedMeanwhile ? (
        <Text size="xs" c="dimmed">
          Editing the latest version of this trip. Press {requestMode ? 'Send Edit Request' : 'Save Changes'} to apply your changes.
        </Text>
      ) : null}
      <TripForm
        key={formKey}
        initial={initial}
        submitLabel={requestMode ? 'Send Edit Request' : 'Save Changes'}
        onSubmit={save}
        onCancel={onClose}
        extraActions={
          <>
            {canRequestCancel ? (
              <Button
                variant="light"
                color="orange"
                onClick={() =>
                  press(current, 'requestCancel', {
                    // asking to cancel sets Pending with cancelRequest true (the server records Cancel Requested)
                    body: { status: 'Pending', cancelRequest: true, version: current.version },
                    failure: 'Failed to request cancellation.',
                  })
                }
              >
                Request Cancel
              </Button>
            ) : null}
            {canCancel ? (
              <Button
                variant="light"
                color="red"
                // the Edit modal's cancel buttons both ask the request question: from the edit form, cancelling is asked for
                onClick={() => press(current, 'cancel', { question: REQUEST_CANCEL_QUESTION })}
              >
                Cancel Trip
              </Button>
            ) : null}
          </>
        }
      />
    </Stack>
  );
}

/** The Edit Trip modal: normal mode, or request mode for school staff on a Confirmed trip. */
export function EditTripModal({ layer, onClose, stackId }: { layer: EditLayer | null; onClose: () => void; stackId?: string }) {
  return (
    <ResponsiveModal
      opened={layer !== null}
      onClose={onClose}
      stackId={stackId}
      title="Edit Trip"
      size="xl"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {layer ? (
        <SoftClaimGate key={layer.tripId} tripId={layer.tripId} activity="editing" onClose={onClose}>
          <EditTripBody key={`${layer.tripId}-${layer.base.version}`} layer={layer} onClose={onClose} />
        </SoftClaimGate>
      ) : null}
    </ResponsiveModal>
  );
}
