import { busIdentity } from '@contracts/fleet-rules';
import type { TripDto } from '@contracts/trip-wire';
import { Text } from '@mantine/core';
import { Fragment } from 'react';
import { useSession } from '../auth/session-context';
import { lateColor, progressAsSeenBy, progressState, shownProgress } from '../dispatch/progress-view';
import { todayIso } from './trip-view';

/**
 * The buses a school looks for at the gate, by name and plate with the driver ("Bus 12 · DXB 41212 (Omar Haddad)"),
 * and, on the day of travel, where each one is, as its driver last tapped ("…: At pickup"; a late bus in red: "…: Late
 * departure"). Lists and the dashboard show it under the destination, so a school sees the day without opening the trip.
 */
export function TripBuses({ trip: given }: { trip: TripDto }) {
  const { profile } = useSession();
  const named = given.buses.filter((b) => b.busName);
  if (named.length === 0) return null;
  const trip = progressAsSeenBy(given, profile?.role);
  const today = todayIso();
  return (
    <Text size="xs" c="dimmed" fw={400} data-testid="trip-buses">
      {named.map((bus, i) => {
        // matched as the board matches a bar's bus: by the bus, else by its driver
        const shown = shownProgress(trip, (b) => b === bus, today);
        return (
          <Fragment key={i}>
            {i > 0 ? ', ' : null}
            {busIdentity(bus)}
            {bus.driverName ? ` (${bus.driverName})` : null}
            {shown ? (
              <>
                {': '}
                <Text
                  span
                  inherit
                  fw={600}
                  c={shown.late ? `var(--mantine-color-${lateColor(shown.late)}-text)` : 'var(--mantine-color-text)'}
                  data-bus-progress
                >
                  {progressState(shown)}
                </Text>
              </>
            ) : null}
          </Fragment>
        );
      })}
    </Text>
  );
}
