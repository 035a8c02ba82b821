import type {
  BusDto,
  CreateBusBody,
  CreateDriverBody,
  DispatchBoardDto,
  DriverDto,
  FleetCompanyDto,
  UpdateBusBody,
  UpdateDriverBody,
} from '@contracts/fleet-wire';
import type { DriverInviteBody, DriverInviteDto } from '@contracts/driver-wire';
import { localDate } from '@contracts/fleet-rules';
import { http } from '../../api/http';
import { cachedQueries, setQueryData, useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The fleet registry (server/src/fleet/README.md). Nothing is deleted: `active: false` retires a bus or driver. */
export const fleetApi = {
  buses: async (companyId: number | null) => asList<BusDto>(await http.get('/fleet/buses', { companyId })),
  createBus: (body: CreateBusBody) => http.post<BusDto>('/fleet/buses', body),
  updateBus: (id: number, body: UpdateBusBody) => http.patch<BusDto>(`/fleet/buses/${id}`, body),
  drivers: async (companyId: number | null) => asList<DriverDto>(await http.get('/fleet/drivers', { companyId })),
  createDriver: (body: CreateDriverBody) => http.post<DriverDto>('/fleet/drivers', body),
  updateDriver: (id: number, body: UpdateDriverBody) => http.patch<DriverDto>(`/fleet/drivers/${id}`, body),
  /** A new one-time sign-up link for the driver (the previous one stops working), e-mailed too when an address is given. */
  inviteDriver: (id: number, body: DriverInviteBody) => http.post<DriverInviteDto>(`/fleet/drivers/${id}/invite`, body),
  /**
   * The bus companies the caller may manage, as the server chooses them for the board (admins: the tenant's; a
   * dispatcher: their own): a one-day board answers them without a separate call.
   */
  companies: async () => {
    const today = localDate();
    const board = await http.get<DispatchBoardDto>('/dispatch/board', { from: today, to: today });
    return { companies: board.companies, company: board.company };
  },
};

/** A company's buses (every one, inactive too), by name; `companyId` null is the caller's own company. */
export function useBuses(companyId: number | null, enabled = true) {
  return useQuery(queryKeys.fleetBuses(companyId), () => fleetApi.buses(companyId), { enabled });
}

export function useDrivers(companyId: number | null, enabled = true) {
  return useQuery(queryKeys.fleetDrivers(companyId), () => fleetApi.drivers(companyId), { enabled });
}

export function useFleetCompanies(enabled = true) {
  return useQuery<{ companies: FleetCompanyDto[]; company: FleetCompanyDto | null }>(queryKeys.fleetCompanies, fleetApi.companies, {
    enabled,
  });
}

/** Fleet names in the order people read them: Bus 7, Bus 9, Bus 12 (whatever their case). */
export const byFleetName = <T extends { name: string }>(a: T, b: T) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

/** Puts a bus or driver into a company-sorted list (by name), replacing an older copy by id; a list of another company is left alone. */
export function upsertFleetRow<T extends { id: number; companyId: number; name: string; version: number }>(
  list: readonly T[],
  row: T,
  companyId: number | null,
): T[] {
  if (companyId !== null && row.companyId !== companyId) return list as T[];
  const index = list.findIndex((r) => r.id === row.id);
  if (index !== -1 && list[index].version >= row.version) return list as T[];
  const next = index === -1 ? [...list, row] : list.map((r, i) => (i === index ? row : r));
  return next.sort(byFleetName);
}

/** The fleet lists of every company key, after an answer or a `fleet:updated` event. */
export function storeFleetRow(row: { bus: BusDto } | { driver: DriverDto }): void {
  if ('bus' in row) {
    const bus = row.bus;
    for (const key of [queryKeys.fleetBuses(bus.companyId), queryKeys.fleetBuses(null)]) {
      setQueryData<BusDto[]>(key, (list) => (list ? upsertFleetRow(list, bus, key[2]) : undefined));
    }
  } else {
    const driver = row.driver;
    for (const key of [queryKeys.fleetDrivers(driver.companyId), queryKeys.fleetDrivers(null)]) {
      setQueryData<DriverDto[]>(key, (list) => (list ? upsertFleetRow(list, driver, key[2]) : undefined));
    }
  }
}

/**
 * After an invitation: every cached list shows the driver's open invitation at once. `fleet:updated` brings the row as
 * the server holds it too; this does not wait for it, and leaves the version alone so that row still applies.
 */
export function markDriverInvited(driverId: number, inviteExpiresAt: string): void {
  // every company's list: queryKeys.fleetDrivers(companyId) without the company
  for (const { key } of cachedQueries<DriverDto[]>(queryKeys.fleetDrivers(null).slice(0, 2))) {
    setQueryData<DriverDto[]>(key, (list) => list?.map((d) => (d.id === driverId ? { ...d, inviteExpiresAt } : d)));
  }
}

/** The newest copy of a bus or driver in any cached list (answers and `fleet:updated` keep them), if one is cached. */
export function newestFleetRow<K extends 'bus' | 'driver'>(kind: K, id: number): (K extends 'bus' ? BusDto : DriverDto) | undefined {
  const prefix = (kind === 'bus' ? queryKeys.fleetBuses(null) : queryKeys.fleetDrivers(null)).slice(0, 2);
  let newest: BusDto | DriverDto | undefined;
  for (const { data } of cachedQueries<(BusDto | DriverDto)[]>(prefix)) {
    const row = data?.find((r) => r.id === id);
    if (row && (!newest || row.version > newest.version)) newest = row;
  }
  return newest as (K extends 'bus' ? BusDto : DriverDto) | undefined;
}
