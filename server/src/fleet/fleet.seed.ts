import type { EntityManager } from 'typeorm';
import { addDays, fleetNameKey, localDate, plateKey } from '../contracts/fleet-rules';
import type { BusAssignment, BusType } from '../contracts/trip-wire';
import type { DemoRefs, DemoSeeder } from '../database/seed/demo.seed';
import { Subtrip } from '../trips/subtrip.entity';
import { Trip } from '../trips/trip.entity';
import { User } from '../users/user.entity';
import { FleetBus } from './bus.entity';
import { FleetDriver } from './driver.entity';
import { syncFleetAssignments } from './repository/fleet-assignment.repository';

/**
 * The demo's fleets, for the dispatch board: every demo bus company gets 6–8 buses and as many drivers, one of whose licences
 * expires within 30 days of the seed date (the board's driver view warns about it), one bus or driver out of
 * service. Then the demo trips that already have buses (trips.seed.ts) are linked to these buses and drivers, as if
 * assigned from the fleet, so the board shows them on their rows.
 */

type BusSeed = [name: string, type: BusType, seats: number, boosterSeats: number, plate: string, active?: boolean];
/** licence: days from the seed date until it expires. */
type DriverSeed = [name: string, mobile: string, licenceInDays: number, active?: boolean];

const FLEETS: Record<string, { buses: BusSeed[]; drivers: DriverSeed[] }> = {
  desertStar: {
    buses: [
      ['Bus 7', 'White Bus', 30, 2, 'DXB 10707'],
      ['Bus 9', 'White Bus', 35, 4, 'DXB 10909'],
      ['Bus 12', 'Internal Yellow Bus', 56, 6, 'DXB 41212'],
      ['Bus 14', 'Internal Yellow Bus', 40, 4, 'DXB 41414'],
      ['Bus 21', 'External Yellow Bus', 30, 0, 'DXB 52121'],
      ['Bus 22', 'External Yellow Bus', 45, 2, 'DXB 52222'],
      ['Bus 30', 'Internal Yellow Bus', 56, 6, 'DXB 43030'],
      ['Bus 31', 'White Bus', 22, 0, 'DXB 13131', false],
    ],
    drivers: [
      ['Omar Haddad', '+971 50 111 2233', 640],
      ['Ravi Menon', '+971 52 333 4455', 410],
      ['Sara Nasser', '+971 55 200 3344', 905],
      ['Hassan Qureshi', '+971 50 321 7788', 18],
      ['Layla Aziz', '+971 52 640 1122', 1200],
      ['Tariq Mansour', '+971 56 118 2290', 300],
      ['Priya Nair', '+971 55 902 4410', 720],
      ['Yousef Darwish', '+971 50 660 3381', 150, false],
    ],
  },
  falcon: {
    buses: [
      ['F-01', 'White Bus', 30, 2, 'AUH 20101'],
      ['F-02', 'White Bus', 30, 2, 'AUH 20102'],
      ['F-03', 'External Yellow Bus', 30, 0, 'AUH 20103'],
      ['F-04', 'Internal Yellow Bus', 50, 4, 'AUH 20104'],
      ['F-05', 'External Yellow Bus', 40, 2, 'AUH 20105'],
      ['F-06', 'Internal Yellow Bus', 56, 6, 'AUH 20106'],
    ],
    drivers: [
      ['Karim Saleh', '+971 56 444 5566', 800],
      ['Mona Said', '+971 50 778 9900', 530],
      ['Ali Rahimi', '+971 52 210 6677', 25],
      ['Farah Haddad', '+971 55 340 1290', 990],
      ['Jamal Khoury', '+971 56 701 2345', 460],
      ['Nadia Aziz', '+971 50 489 0012', 610],
    ],
  },
  northwindCoaches: {
    buses: [
      ['Coach 1', 'White Bus', 20, 2, 'NW 1001'],
      ['Coach 2', 'White Bus', 20, 2, 'NW 1002'],
      ['Coach 3', 'Internal Yellow Bus', 40, 4, 'NW 1003'],
      ['Coach 4', 'Internal Yellow Bus', 40, 4, 'NW 1004'],
      ['Coach 5', 'Internal Yellow Bus', 40, 4, 'NW 1005'],
      ['Coach 6', 'External Yellow Bus', 52, 0, 'NW 1006'],
    ],
    drivers: [
      ['Nick Ferris', '+1 555 0100', 700],
      ['Emma Collins', '+1 555 0101', 380],
      ['Liam Walsh', '+1 555 0102', 12],
      ['Olivia Grant', '+1 555 0103', 1100],
      ['Noah Bennett', '+1 555 0104', 520],
      ['Sophie Turner', '+1 555 0105', 240],
    ],
  },
};

/** The demo's driver account (demo.seed.ts) and the fleet driver it is. */
const DEMO_DRIVER = { email: 'driver.desertstar@demo.test', company: 'desertStar', name: 'Sara Nasser' } as const;

/** Which fleet bus and driver each seeded trip's buses were (by destination, in the order of its buses). */
const LINKS: Record<string, [bus: string, driver: string][]> = {
  'Natural History Museum': [['Bus 12', 'Omar Haddad']],
  'City Aquatics Centre': [['Bus 7', 'Sara Nasser']],
  'Central Library': [['Bus 7', 'Sara Nasser']],
  'Aquarium of the Gulf': [['Bus 22', 'Hassan Qureshi']],
  'Eco Farm Workshop': [['Bus 9', 'Layla Aziz']],
  'Botanical Gardens': [
    ['Bus 14', 'Omar Haddad'],
    ['Bus 21', 'Ravi Menon'],
  ],
  'Opera House': [['Bus 9', 'Sara Nasser']],
  'Camel Racing Museum': [['F-01', 'Karim Saleh']],
  'Robotics Fair': [['F-04', 'Mona Said']],
  'Marine Research Institute': [['F-03', 'Karim Saleh']],
  'Lakeside Rowing Club': [['Coach 2', 'Nick Ferris']],
  'Harbour Ferry Tour': [['Coach 5', 'Nick Ferris']],
};

export const seedDemoFleet: DemoSeeder = async (tx: EntityManager, refs: DemoRefs) => {
  const today = localDate();
  // One INSERT per table: the demo seed runs on every fresh embedded database, so it stays quick.
  const busRows = Object.entries(FLEETS).flatMap(([key, fleet]) =>
    fleet.buses.map(([name, busType, seats, boosterSeats, plate, active]) => ({
      tenantId: refs.orgs[key].tenantId,
      companyOrgId: refs.orgs[key].id,
      name,
      nameKey: fleetNameKey(name),
      plate,
      plateKey: plateKey(plate),
      busType,
      seats,
      boosterSeats,
      active: active ?? true,
    })),
  );
  const driverRows = Object.entries(FLEETS).flatMap(([key, fleet]) =>
    fleet.drivers.map(([name, mobile, licenceInDays, active]) => ({
      tenantId: refs.orgs[key].tenantId,
      companyOrgId: refs.orgs[key].id,
      name,
      mobile,
      licenceExpiry: addDays(today, licenceInDays),
      active: active ?? true,
    })),
  );
  const busIds = (await tx.insert(FleetBus, busRows)).identifiers.map((i) => i.id as number);
  const driverIds = (await tx.insert(FleetDriver, driverRows)).identifiers.map((i) => i.id as number);
  const buses = new Map(busRows.map((b, i) => [`${b.companyOrgId}:${b.name}`, { ...b, id: busIds[i] }]));
  const drivers = new Map(driverRows.map((d, i) => [`${d.companyOrgId}:${d.name}`, { ...d, id: driverIds[i] }]));

  // The demo driver's account belongs to her fleet driver, as an invitation would have made it.
  const demoDriver = refs.users[DEMO_DRIVER.email];
  if (demoDriver) {
    const driverId = drivers.get(`${refs.orgs[DEMO_DRIVER.company].id}:${DEMO_DRIVER.name}`)!.id;
    await tx.update(User, { id: demoDriver.id }, { fleetDriverId: driverId });
  }

  for (const [destination, links] of Object.entries(LINKS)) {
    const trip = await tx.findOneBy(Trip, { destination });
    if (!trip || trip.busCompanyOrgId === null) continue;
    const linked = links.map(([busName, driverName], i): BusAssignment => {
      const bus = buses.get(`${trip.busCompanyOrgId}:${busName}`)!;
      const driver = drivers.get(`${trip.busCompanyOrgId}:${driverName}`)!;
      return {
        busType: bus.busType,
        busSeats: bus.seats,
        tripPrice: trip.buses[i]?.tripPrice ?? null,
        driverName: driver.name,
        driverPhone: driver.mobile,
        status: null,
        busId: bus.id,
        busName: bus.name,
        busPlate: bus.plate,
        driverId: driver.id,
      };
    });
    const busInfo = { busType: [...new Set(linked.map((b) => b.busType))].join(', '), seats: linked.reduce((n, b) => n + b.busSeats, 0) };
    const driverInfo = { name: linked[0].driverName ?? null, mobile: linked[0].driverPhone ?? null };
    // Seeded as written, not as a change: the version and history stay as trips.seed.ts left them.
    await tx.update(Trip, { id: trip.id }, { buses: linked, busInfo, driverInfo, version: trip.version });
    await tx.update(Subtrip, { tripId: trip.id }, { buses: linked });
    const times = await tx.query<{ departureDate: string; returnDate: string }[]>(
      `SELECT to_char(departure_date, 'YYYY-MM-DD') AS "departureDate", to_char(return_date, 'YYYY-MM-DD') AS "returnDate" FROM trips WHERE id = $1`,
      [trip.id],
    );
    await syncFleetAssignments(tx, {
      id: trip.id,
      buses: linked,
      ...times[0],
      departureTime: trip.departureTime,
      returnTime: trip.returnTime,
    });
  }
};
