import { MAX_TRIP_KM } from '@contracts/pricing';
import { type SeriesEditChanges, SeriesMessages } from '@contracts/trip-series';
import type { TripDto } from '@contracts/trip-wire';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { CountInput } from '../../components/count-input';
import { ResponsiveModal } from '../../components/responsive';
import { TimeSelect } from '../../components/time-select';
import { toast } from '../../shared/toast';
import { approvalChanged } from '../approvals/approvals.api';
import { distanceNote } from './trip-form-values';
import { seriesEditDone, seriesEditPlan, seriesEditScope, seriesMoveLine, WEEKDAYS, weekdayOf } from './trip-series';
import { tripTitle } from './trip-view';
import { useTripWorkflow } from './trip-workflow-context';
import { mergeTrip, tripHistoryKey, tripKeys, tripsApi } from './trips.api';

/** The week "Change this and later weeks" starts at, and every week of its series (first departure first). */
export interface SeriesEditTarget {
  trip: TripDto;
  weeks: readonly TripDto[];
}

interface Values {
  weekday: number;
  origin: string;
  destination: string;
  distanceKm: number | '';
  departureTime: string;
  returnTime: string;
  students: number | '';
  staff: number | '';
  notes: string;
}

const valuesOf = (t: TripDto): Values => ({
  weekday: weekdayOf(t),
  origin: t.origin ?? '',
  destination: t.destination,
  distanceKm: t.distanceKm ?? '',
  departureTime: t.departureTime,
  returnTime: t.returnTime,
  students: t.students,
  staff: t.staff ?? '',
  notes: t.notes ?? '',
});

/** What differs from the week's own values: only those go to the server, to be set on every week. */
function changesFrom(trip: TripDto, v: Values): SeriesEditChanges {
  const was = valuesOf(trip);
  const changes: SeriesEditChanges = {};
  if (v.weekday !== was.weekday) changes.weekday = v.weekday;
  if (v.origin.trim() !== was.origin.trim()) changes.origin = v.origin.trim() || null;
  if (v.destination.trim() !== was.destination.trim()) changes.destination = v.destination.trim();
  if (v.distanceKm !== was.distanceKm) changes.distanceKm = v.distanceKm === '' ? null : v.distanceKm;
  if (v.departureTime !== was.departureTime) changes.departureTime = v.departureTime;
  if (v.returnTime !== was.returnTime) changes.returnTime = v.returnTime;
  if (v.students !== was.students) changes.students = v.students === '' ? 0 : v.students;
  if (v.staff !== was.staff) changes.staff = v.staff === '' ? null : v.staff;
  if (v.notes.trim() !== was.notes.trim()) changes.notes = v.notes.trim() || null;
  return changes;
}

function SeriesEditBody({ target, onClose }: { target: SeriesEditTarget; onClose: () => void }) {
  const { actor } = useTripWorkflow();
  const { trip, weeks } = target;
  const [values, setValues] = useState<Values>(() => valuesOf(trip));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const plan = actor ? seriesEditPlan(actor, weeks, trip.id) : null;
  if (!plan || !trip.seriesId) return null;
  const seriesId = trip.seriesId;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const moveLine = seriesMoveLine(plan, values.weekday);

  const save = async () => {
    const changes = changesFrom(trip, values);
    if (Object.keys(changes).length === 0) {
      setError(SeriesMessages.editEmpty);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const result = await tripsApi.editSeries(seriesId, trip.id, changes);
      for (const week of result.trips) {
        mergeTrip(week);
        invalidateQueries(tripHistoryKey(week.id));
      }
      for (const id of result.held) approvalChanged(id);
      toast.success(seriesEditDone(tripTitle(trip), result));
      onClose();
    } catch (e) {
      // the weeks may have moved on meanwhile (another console): read them again, and say why nothing was changed
      invalidateQueries(tripKeys.series(seriesId));
      console.error(`Series ${seriesId}: change failed`, errorText(e));
      setError(serverMessage(e) ?? errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{seriesEditScope(plan)}</Text>
      <Text size="sm" c="dimmed">
        Each week is changed as its own edit would be: a confirmed week’s change is sent to its bus company as an edit request. A new
        weekday moves each week within its own week, Monday to Sunday.
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert" title="Nothing was changed">
          {error}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Weekday"
          required
          data={WEEKDAYS}
          value={String(values.weekday)}
          onChange={(d) => d && set('weekday', Number(d))}
          allowDeselect={false}
          description={moveLine ?? undefined}
        />
        <TextInput label="Origin" maxLength={200} value={values.origin} onChange={(e) => set('origin', e.currentTarget.value)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Destination"
          required
          maxLength={200}
          value={values.destination}
          onChange={(e) => set('destination', e.currentTarget.value)}
        />
        <CountInput
          label="Distance (km, one way)"
          description={distanceNote(valuesOf(trip), values)}
          max={MAX_TRIP_KM}
          value={values.distanceKm}
          onChange={(n) => set('distanceKm', n)}
        />
        <TimeSelect
          label="Departure time"
          required
          placeholder="hh:mm AM"
          value={values.departureTime || null}
          onChange={(t) => set('departureTime', t ?? '')}
        />
        <TimeSelect
          label="Return time"
          required
          placeholder="hh:mm AM"
          value={values.returnTime || null}
          onChange={(t) => set('returnTime', t ?? '')}
        />
        <CountInput label="Students" required value={values.students} onChange={(n) => set('students', n)} />
        <CountInput label="Staff" value={values.staff} onChange={(n) => set('staff', n)} />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} maxRows={6} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button loading={saving} onClick={() => void save()}>
          {plan.editable === 1 ? 'Change 1 week' : `Change ${plan.editable} weeks`}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Change this and later weeks" (docs/domain.md, "A weekly series"): the weekday, origin, destination, times, passengers and
 * notes of a week of a series, set on it and every later week the user may edit, in one call; the toast says what
 * became of them.
 */
export function SeriesEditModal({ target, onClose, stackId }: { target: SeriesEditTarget | null; onClose: () => void; stackId?: string }) {
  return (
    <ResponsiveModal
      opened={target !== null}
      onClose={onClose}
      stackId={stackId}
      title="Change this and later weeks"
      size="lg"
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target ? <SeriesEditBody key={target.trip.id} target={target} onClose={onClose} /> : null}
    </ResponsiveModal>
  );
}
