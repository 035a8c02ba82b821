import { busIdentity } from '@contracts/fleet-rules';
import type { TripDto } from '@contracts/trip-wire';
import { Text } from '@mantine/core';
import { Fragment } from 'react';
import { useSession } from '../auth/session-context';
import { lateColor, progressAsSeenBy, progressState, shownProgress } from '../dispatch/progress-view';
import { todayIso } from './trip-view';

/**
 * "Out of service" for a bus taken out of service since it was assigned, "Driver out of service" for its driver: the
 * trip needs another, and the company replaces it. Null while both can go.
 */
function outOfServiceOf(trip: TripDto, bus: TripDto['buses'][number]): string | null {
  const gaps = trip.outOfService ?? [];
  if (bus.busId != null && gaps.some((g) => g.resource === 'bus' && g.resourceId === bus.busId)) return 'Out of service';
  if (bus.driverId != null && gaps.some((g) => g.resource === 'driver' && g.resourceId === bus.driverId)) return 'Driver out of service';
  return null;
}

/**
 * The buses a school looks for at the gate, by name and plate with the driver ("Bus 12 · DXB 41212 (Omar Haddad)"),
 * and, on the day of travel, where each one is, as its driver last tapped ("…: At pickup"; a late bus in red: "…: Late
 * departure"). Lists and the dashboard show it under the destination, so a school sees the day without opening the trip.
 * A bus (or driver) taken out of service since says so in red instead: the trip waits for another.
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
        const gone = outOfServiceOf(trip, bus);
        return (
          <Fragment key={i}>
            {i > 0 ? ', ' : null}
            {busIdentity(bus)}
            {bus.driverName ? ` (${bus.driverName})` : null}
            {gone ? (
              <>
                {': '}
                <Text span inherit fw={600} c="var(--mantine-color-red-text)" data-bus-out-of-service>
                  {gone}
                </Text>
              </>
            ) : shown ? (
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
