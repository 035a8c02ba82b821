import type { FleetConflictBody } from '../../server/src/contracts/fleet-wire';
import type { FleetBus } from '../../server/src/fleet/bus.entity';
import type { FleetDriver } from '../../server/src/fleet/driver.entity';
import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, buildUser, type TestTenant, type TestUser } from '../support/factories';
import { buildBus, buildDriver } from '../support/fleet-factory';
import { buildTrip, tripRow } from '../support/trip-factory';

const ROUNDS = 25;

/**
 * Two dispatchers assigning the same bus (or driver) to two overlapping trips at the same moment: one wins,
 * the other gets the 409, never both. On PostgreSQL the two requests run in two transactions on two connections at
 * once, so this is the row lock at work; on PGlite (one session) they take turns, and the rule must hold all the same.
 */
describe('two dispatchers assigning at the same moment', () => {
  let t: TestApp;
  let acme: TestTenant;
  let second: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Race');
    second = await buildUser(t, { tenantId: acme.tenant.id, role: 'bus_company', activeOrgId: acme.orgs.busA.id });
  }, 60_000);
  afterAll(() => t.close());

  const assign = (u: TestUser, tripId: number, item: object) =>
    t
      .http()
      .patch(`/api/trips/${tripId}`)
      .set('Authorization', u.auth)
      .send({ status: 'Confirmed', buses: [{ busType: 'White Bus', busSeats: 50, ...item }] });

  async function race(day: string, itemFor: (round: number) => Promise<[object, object]>, round: number) {
    const one = await buildTrip(t, acme, {
      status: 'Accepted',
      buses: [],
      departureDate: day,
      returnDate: day,
      departureTime: '08:00 AM',
      returnTime: '01:00 PM',
    });
    const two = await buildTrip(t, acme, {
      status: 'Accepted',
      buses: [],
      departureDate: day,
      returnDate: day,
      departureTime: '12:00 PM',
      returnTime: '04:00 PM',
    });
    const [first, other] = await itemFor(round);
    const [a, b] = await Promise.all([assign(acme.users.busA, one.id, first), assign(second, two.id, other)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [one, two] : [two, one];
    expect((lost === one ? a : b).body as FleetConflictBody).toMatchObject({ conflicts: [expect.objectContaining({ tripId: won.id })] });
    expect((await tripRow(t, won.id)).status).toBe('Confirmed');
    expect(await tripRow(t, lost.id)).toMatchObject({ status: 'Accepted', buses: [], version: 1 });
    const [{ n }] = await t.db.query<{ n: string }[]>('SELECT count(*)::text AS n FROM fleet_assignments WHERE trip_id = ANY($1::int[])', [
      [one.id, two.id],
    ]);
    expect(Number(n)).toBe(1);
  }

  const day = (round: number) => `2032-${String(1 + (round % 12)).padStart(2, '0')}-${String(1 + Math.floor(round / 12)).padStart(2, '0')}`;

  it(`lets exactly one of two assignments of the same bus win, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await race(
        day(round),
        async () => {
          const bus: FleetBus = await buildBus(t, acme.orgs.busA);
          return [{ busId: bus.id }, { busId: bus.id }];
        },
        round,
      );
    }
  });

  it(`lets exactly one of two assignments of the same driver on different buses win, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await race(
        day(round + 100),
        async () => {
          const driver: FleetDriver = await buildDriver(t, acme.orgs.busA);
          const [x, y] = [await buildBus(t, acme.orgs.busA), await buildBus(t, acme.orgs.busA)];
          return [
            { busId: x.id, driverId: driver.id },
            { busId: y.id, driverId: driver.id },
          ];
        },
        round,
      );
    }
  });

  it('never waits in a circle: two dispatchers taking the same two buses in opposite order both finish', async () => {
    for (let round = 0; round < 10; round++) {
      const [x, y] = [await buildBus(t, acme.orgs.busA), await buildBus(t, acme.orgs.busA)];
      const d = day(round + 200);
      const trip = (from: string, to: string) =>
        buildTrip(t, acme, { status: 'Accepted', buses: [], departureDate: d, returnDate: d, departureTime: from, returnTime: to });
      const [one, two] = [await trip('08:00 AM', '01:00 PM'), await trip('09:00 AM', '02:00 PM')];
      const send = (u: TestUser, id: number, ids: number[]) =>
        t
          .http()
          .patch(`/api/trips/${id}`)
          .set('Authorization', u.auth)
          .send({ status: 'Confirmed', buses: ids.map((busId) => ({ busType: 'White Bus', busSeats: 50, busId })) });
      const results = await Promise.all([send(acme.users.busA, one.id, [x.id, y.id]), send(second, two.id, [y.id, x.id])]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    }
  });
});
