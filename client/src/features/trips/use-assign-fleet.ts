import type { TripDto } from '@contracts/trip-wire';
import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from 'react';
import { useSession } from '../auth/session-context';
import { useBuses, useDrivers } from '../fleet/fleet.api';
import { busAvailability, byNaturalName, driverAvailability, suggestBus, suggestDriver, useTripsAround } from './assign-availability';
import { type BusDraft, withBus, withDriver, withQuotedPrice } from './assign-bus-draft';

/** The trip Assign Bus was opened for, and the bus it was opened with (a board row's "+"). */
export interface AssignLayer {
  tripId: number;
  base: TripDto;
  busId?: number;
}

/**
 * The fleet Assign Bus offers: the assigned company's active buses and drivers (for its dispatchers and for admins;
 * everyone may still type a hired vehicle in), each marked free, busy or not allowed for this trip. Once the fleet and
 * the company's trips are known, a trip without buses starts with a suggestion filled into the draft.
 */
export function useAssignFleet(layer: AssignLayer, current: TripDto, setDraft: Dispatch<SetStateAction<BusDraft>>) {
  const { profile } = useSession();
  const companyId = current.busCompanyOrgId;
  const fleetOn = companyId !== null && (profile?.role === 'bus_company' || profile?.role === 'admin');
  const busesQuery = useBuses(companyId, fleetOn);
  const driversQuery = useDrivers(companyId, fleetOn);
  const around = useTripsAround(current, fleetOn);
  const activeBuses = useMemo(
    () => (fleetOn ? (busesQuery.data ?? []).filter((b) => b.active).sort(byNaturalName) : []),
    [fleetOn, busesQuery.data],
  );
  const activeDrivers = useMemo(
    () => (fleetOn ? (driversQuery.data ?? []).filter((d) => d.active).sort(byNaturalName) : []),
    [fleetOn, driversQuery.data],
  );
  const busMarks = useMemo(
    () => new Map(around.ready ? activeBuses.map((b) => [b.id, busAvailability(b, current, around.trips)] as const) : []),
    [around.ready, around.trips, activeBuses, current],
  );
  const driverMarks = useMemo(
    () => new Map(around.ready ? activeDrivers.map((d) => [d.id, driverAvailability(d, current, around.trips)] as const) : []),
    [around.ready, around.trips, activeDrivers, current],
  );
  const [suggested, setSuggested] = useState<{ bus: string | null; driver: string | null } | null>(null);

  // The suggestion: a free bus that seats everyone (the bus the dispatcher started from first) and a free driver
  // licensed through the return, so Save alone assigns. A trip that has buses already only gets the bus it was opened with.
  const fleetKnown =
    fleetOn &&
    suggested === null &&
    (busesQuery.data !== undefined || busesQuery.error !== undefined) &&
    (driversQuery.data !== undefined || driversQuery.error !== undefined) &&
    around.settled;
  useEffect(() => {
    if (!fleetKnown) return;
    const firstRow = (layer.base.buses ?? []).length === 0;
    const bus =
      firstRow && around.ready
        ? suggestBus(activeBuses, layer.base, around.trips, layer.busId)
        : (activeBuses.find((b) => b.id === layer.busId) ?? null);
    const driver = firstRow && around.ready ? suggestDriver(activeDrivers, layer.base, around.trips) : null;
    setSuggested(firstRow ? { bus: bus?.name ?? null, driver: driver?.name ?? null } : { bus: null, driver: null });
    // a choice the user already made stays
    setDraft((d) => {
      // the suggested bus is priced from the quote, as one the dispatcher picks
      const withItsBus = bus && d.busId === null ? withQuotedPrice(withBus(d, bus), current.estimate) : d;
      return driver && withItsBus.driverId === null && withItsBus.driverName.trim() === '' ? withDriver(withItsBus, driver) : withItsBus;
    });
  }, [fleetKnown, layer, activeBuses, activeDrivers, around.ready, around.trips, setDraft]);

  return { fleetOn, activeBuses, activeDrivers, busMarks, driverMarks, suggested };
}

export type AssignFleet = ReturnType<typeof useAssignFleet>;
