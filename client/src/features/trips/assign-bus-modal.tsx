import type { TripDto } from '@contracts/trip-wire';
import { movesFromQuote, PricingMessages } from '@contracts/pricing';
import { formatMoney } from '@contracts/rates';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ResponsiveModal } from '../../components/responsive';
import { defaultSeats } from './assign-bus-draft';
import { AssignBusForm } from './assign-bus-form';
import { AssignedBusList } from './assign-bus-list';
import { SoftClaimGate } from './soft-claim';
import { TripConflictAlert } from './trip-conflict';
import {
  seriesAssignOffer,
  seriesConfirmOffer,
  seriesLaterAssignable,
  seriesLaterConfirmable,
  seriesLaterReassignable,
  seriesReassignOffer,
} from './trip-series';
import { useTripWorkflow } from './trip-workflow-context';
import { useTrip, useTripSeries } from './trips.api';
import { type AssignLayer, useAssignFleet } from './use-assign-fleet';
import { assignLaterWeeks, useBusListDraft, useSaveBuses } from './use-assign-bus';

function AssignBusBody({ layer, onClose, onAssigned }: { layer: AssignLayer; onClose: () => void; onAssigned: (trip: TripDto) => void }) {
  const { data } = useTrip(layer.tripId);
  const current = data ?? layer.base;
  // the trip as the buses were started from; "Keep my buses" after someone else's change moves it to the current one
  const [base, setBase] = useState<TripDto>(layer.base);
  const list = useBusListDraft(layer.base, base);
  const fleet = useAssignFleet(layer, current, list.setDraft);
  const [priceReason, setPriceReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  // A week of a weekly series: the later weeks without buses may take the same ones, and those with other buses may
  // take them in place of theirs (a new driver for the rest of a term); each checked for its own day.
  const { actor } = useTripWorkflow();
  const { data: weeks } = useTripSeries(current.seriesId);
  const later = actor && weeks ? seriesLaterAssignable(actor, weeks, current.id) : [];
  const laterWithOthers = actor && weeks ? seriesLaterReassignable(actor, weeks, current.id, list.sending) : [];
  // and those a change sent back to Accepted with these very buses, which they confirm
  const laterToConfirm = actor && weeks ? seriesLaterConfirmable(actor, weeks, current.id, list.sending) : [];
  const [alsoLater, setAlsoLater] = useState(false);
  const [alsoReplace, setAlsoReplace] = useState(false);
  const [alsoConfirm, setAlsoConfirm] = useState(false);
  const fill = alsoLater && later.length > 0;
  const replace = alsoReplace && laterWithOthers.length > 0;
  const confirm = alsoConfirm && laterToConfirm.length > 0;
  const saving = useSaveBuses(
    base,
    list,
    (updated) => {
      onClose();
      onAssigned(updated);
      if (!fill && !replace && !confirm) return;
      // from the first week any choice reaches; the server takes, from there, only the kinds of weeks chosen
      const from = [...(fill ? later : []), ...(replace ? laterWithOthers : []), ...(confirm ? laterToConfirm : [])].sort((a, b) =>
        a.departureDate.localeCompare(b.departureDate),
      )[0];
      void assignLaterWeeks(updated, from.id, priceReason, { withoutBuses: fill, withBuses: replace, withTheseBuses: confirm });
    },
    priceReason,
  );
  // The quote the school saw: a total far from it needs a word on why.
  const quote = current.estimate?.quote.total ?? null;
  const priced = list.sending.filter((b) => b.tripPrice != null);
  const totalFils = priced.reduce((n, b) => n + Math.round(Number(b.tripPrice) * 100), 0);
  // As the server reads it: buses without prices leave the trip's own price (none yet: far from any quote).
  const comparedFils = priced.length > 0 ? totalFils : Math.round(Number(current.price) * 100);
  const farFromQuote = quote !== null && list.sending.length > 0 && movesFromQuote(comparedFils, quote);
  // A trip with neither a bus's price nor a price of its own completes without an invoice (docs/domain.md, "Invoices").
  const unpriced = list.sending.length > 0 && priced.length === 0 && !(Number(current.price) > 0);

  const conflictMessage = saving.conflictMessage;
  const totalSeats = list.sending.reduce((n, b) => n + b.busSeats, 0);
  const needed = defaultSeats(current);
  const { suggested } = fleet;

  return (
    <Stack gap="sm">
      {conflictMessage || current.version > base.version ? (
        <TripConflictAlert
          title={conflictMessage ? 'This trip was changed by someone else' : 'Someone else just changed this trip'}
          message={conflictMessage ?? 'The buses are not saved yet.'}
          before={base}
          current={current}
          actions={
            <Button
              size="compact-sm"
              onClick={() => {
                setBase(current);
                saving.clearConflict();
              }}
            >
              Keep my buses
            </Button>
          }
        />
      ) : null}
      <Text size="sm" c="dimmed">
        {current.destination} · {current.students} students{current.staff ? `, ${current.staff} staff` : ''}
      </Text>
      {suggested && (suggested.bus || suggested.driver) ? (
        <Text size="sm">
          Suggested: {[suggested.bus, suggested.driver].filter(Boolean).join(' with ')}, free for this trip. Save to assign, or change it.
        </Text>
      ) : null}
      <AssignBusForm fleet={fleet} list={list} />
      <AssignedBusList buses={list.buses} editing={list.editing} onEdit={list.startEdit} onRemove={list.remove} />
      {quote !== null ? (
        <Text size="sm">
          Quoted to the school: AED {formatMoney(quote)} (VAT included)
          {priced.length > 0 ? `; these buses: AED ${formatMoney(totalFils)}` : ''}
        </Text>
      ) : null}
      {farFromQuote ? (
        <TextInput
          label="Why the price differs from the quote"
          description="More than 10 % from the quote: the school sees this in the trip's history."
          required
          maxLength={500}
          value={priceReason}
          onChange={(event) => {
            setPriceReason(event.currentTarget.value);
            setReasonMissing(false);
          }}
          error={reasonMissing ? PricingMessages.priceReasonRequired : undefined}
        />
      ) : null}
      {list.sending.length > 0 ? (
        <Text size="xs" c={totalSeats < needed ? 'orange' : 'dimmed'}>
          {totalSeats} seats for {needed} passengers
        </Text>
      ) : null}
      {unpriced ? (
        <Text size="xs" c="var(--mantine-color-orange-text)" data-testid="no-price">
          No price: the trip will not be invoiced when it completes. Give each bus its price.
        </Text>
      ) : null}
      {later.length > 0 ? (
        <Checkbox
          label={seriesAssignOffer(later)}
          description="Each week is checked for its own day: one whose bus or driver is out then keeps none, and you are told which."
          checked={alsoLater}
          onChange={(event) => setAlsoLater(event.currentTarget.checked)}
        />
      ) : null}
      {laterWithOthers.length > 0 ? (
        <Checkbox
          label={seriesReassignOffer(laterWithOthers)}
          description="Each week is checked for its own day: one whose new bus or driver is out then keeps its own, and you are told which."
          checked={alsoReplace}
          onChange={(event) => setAlsoReplace(event.currentTarget.checked)}
        />
      ) : null}
      {laterToConfirm.length > 0 ? (
        <Checkbox
          label={seriesConfirmOffer(laterToConfirm)}
          description="Their changes were accepted and they kept their buses: saving confirms them too, each checked for its own day."
          checked={alsoConfirm}
          onChange={(event) => setAlsoConfirm(event.currentTarget.checked)}
        />
      ) : null}
      {saving.saveError ? (
        <Alert color="red" variant="light" title="Buses not saved" role="alert">
          {saving.saveError}
        </Alert>
      ) : null}
      {list.listError ? (
        <Text c="red" size="sm" role="alert">
          {list.listError}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={saving.saving}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            // the server refuses it too; asking here saves the round trip
            if (farFromQuote && !priceReason.trim()) return setReasonMissing(true);
            saving.save();
          }}
          loading={saving.saving}
        >
          Save Buses
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Assign Bus: the buses (and drivers) a confirmed trip goes with, from the company's fleet or hired and typed in.
 * Saving confirms the trip. Someone else already editing or assigning the trip is shown first (a soft claim).
 */
export function AssignBusModal({
  layer,
  onClose,
  onAssigned,
  stackId,
}: {
  layer: AssignLayer | null;
  onClose: () => void;
  onAssigned: (trip: TripDto) => void;
  stackId?: string;
}) {
  return (
    <ResponsiveModal
      opened={layer !== null}
      onClose={onClose}
      stackId={stackId}
      title="Assign Bus"
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {layer ? (
        <SoftClaimGate key={layer.tripId} tripId={layer.tripId} activity="assigning" onClose={onClose}>
          <AssignBusBody layer={layer} onClose={onClose} onAssigned={onAssigned} />
        </SoftClaimGate>
      ) : null}
    </ResponsiveModal>
  );
}
