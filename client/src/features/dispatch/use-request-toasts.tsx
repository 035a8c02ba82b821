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
import { requestKind } from './request-lane';

/** A new request pushed live by someone else: a toast that names it and opens it. */
export function useRequestToasts() {
  const { profile } = useSession();
  const open = useOpenTrip();
  // the latest opener, without subscribing again on every render
  const details = useRef(open.details);
  details.current = open.details;
  const myId = profile?.id;
  useEffect(
    () =>
      onNewRequest((trip: TripDto, by: LiveActor | null) => {
        if (by?.id === myId) return;
        const text = `${requestKind(trip).toast}: ${tripTitle(trip)}, ${formatDay(trip.departureDate)}, ${trip.schoolName}, ${passengersOf(trip)} passengers`;
        toast.info(
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <span>{text}</span>
            <Button size="compact-xs" variant="light" onClick={() => details.current(trip)} style={{ flexShrink: 0 }}>
              View trip
            </Button>
          </Group>,
          { autoClose: 10_000 },
        );
      }),
    [myId],
  );
}
