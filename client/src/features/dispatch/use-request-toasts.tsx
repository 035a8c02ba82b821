import { formatDay } from '@contracts/fleet-rules';
import type { LiveActor } from '@contracts/events';
import type { TripDto } from '@contracts/trip-wire';
import { Button, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { toast } from '../../shared/toast';
import { useSession } from '../auth/session-context';
import { tripTitle } from '../trips/trip-view';
import { useOpenTrip } from './board-actions';
import { passengersOf } from './board-layout';
import { onNewRequest } from './dispatch.live';
import { isNewRequest, requestKind } from './request-lane';

/** How long the weeks of one weekly series, filed at once, keep adding to one toast rather than each making its own. */
const SERIES_TOAST_MS = 10_000;

/**
 * A new request pushed live by someone else: a toast that names it and opens it. The weeks of a weekly series arrive one
 * event each, in a burst: they share one toast, which counts them ("13 weeks from Thu 3 Dec").
 */
export function useRequestToasts() {
  const { profile } = useSession();
  const open = useOpenTrip();
  // the latest opener, without subscribing again on every render
  const details = useRef(open.details);
  details.current = open.details;
  const myId = profile?.id;
  useEffect(() => {
    const series = new Map<string, { toastId: string; weeks: TripDto[] }>();
    const content = (text: string, trip: TripDto) => (
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <span>{text}</span>
        <Button size="compact-xs" variant="light" onClick={() => details.current(trip)} style={{ flexShrink: 0 }}>
          View trip
        </Button>
      </Group>
    );
    const say = (trip: TripDto, when: string) =>
      `${requestKind(trip).toast}: ${tripTitle(trip)}, ${when}, ${trip.schoolName}, ${passengersOf(trip)} passengers`;
    const off = onNewRequest((trip: TripDto, by: LiveActor | null) => {
      if (by?.id === myId) return;
      const weekly = trip.seriesId !== null && isNewRequest(trip) ? trip.seriesId : null;
      const earlier = weekly === null ? undefined : series.get(weekly);
      if (earlier) {
        if (earlier.weeks.some((w) => w.id === trip.id)) return;
        earlier.weeks.push(trip);
        const first = earlier.weeks.reduce((a, b) => (b.departureDate < a.departureDate ? b : a));
        toast.update(earlier.toastId, content(say(first, `${earlier.weeks.length} weeks from ${formatDay(first.departureDate)}`), first));
        return;
      }
      const toastId = toast.info(content(say(trip, formatDay(trip.departureDate)), trip), { autoClose: SERIES_TOAST_MS });
      if (weekly === null) return;
      series.set(weekly, { toastId, weeks: [trip] });
      setTimeout(() => series.delete(weekly), SERIES_TOAST_MS);
    });
    return () => {
      off();
      series.clear();
    };
  }, [myId]);
}
